import { afterAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { buildSync } from 'esbuild'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { removeDir, tempDir } from './helpers/fixtures'
import { readJournal } from '../src/engine/journal/store'

/**
 * Done-when of issue 29: "a crash mid-write loses at most the last event". A real process appending
 * as fast as it can is SIGKILLed (no handler, no flush runs); every event it began before the one
 * under way must read back, in order, and whatever the kill left half-written is skipped.
 */
describe('the usage journal under a crash', () => {
  const work = tempDir('okf-journal-crash-')
  afterAll(() => removeDir(work))

  it('loses at most the event being written when the writer is killed', async () => {
    // Bundled whole (no package left outside), so the child is a plain node start from any folder.
    const script = join(work, 'child.cjs')
    buildSync({
      entryPoints: [join(__dirname, 'helpers', 'journal-child.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: script,
      logLevel: 'warning'
    })
    const dir = join(work, 'journal')
    const child = spawn(process.execPath, [script, dir], { stdio: ['ignore', 'ignore', 'pipe'] })
    let begun = ''
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_c, sig) => resolve(sig))
    )
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        begun = (begun + d.toString()).slice(-64)
        // Killed while it runs flat out, past a few thousand events: mid-loop, wherever it is.
        if (/(^|\n)3\d{3}\n/.test(begun)) resolve()
      })
    })
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    const lines = begun.trim().split('\n')
    const lastBegun = Number(lines[lines.length - 1])

    const r = readJournal(dir)
    expect(r.skipped).toBeLessThanOrEqual(1)
    const seq = r.events.map((e) => (e.tool === 'kb_search' ? Number(/^q(\d+)/.exec(e.query)![1]) : -1))
    // In order, none missing, and nothing lost but (at most) the one under way.
    expect(seq).toEqual(seq.map((_, i) => i))
    expect(seq.length).toBeGreaterThanOrEqual(lastBegun)
    // What the kill left: complete lines, then at most one without its newline.
    const text = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('')
    expect(text.split('\n').slice(0, -1).length).toBe(seq.length)
  })
})
