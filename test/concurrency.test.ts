import { describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { git, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { CLI_JS, connect, hubEnv } from './helpers/mcp'
import { assertNoFileDropped, commitCount, repoFingerprint } from './helpers/repo'

const proposal = (i: number, who: string) => ({
  base: 'alpha',
  type: 'observation',
  concerns: `constat ${who} numéro ${i}`,
  content: `Contenu ${i} de ${who}.`,
  sources: [`source ${i}`],
  confidence: 'medium',
  submitted_by: who
})

/**
 * `okf-hub lock alpha` holding the base for `seconds`; `held` resolves when the command under the
 * lock has started (it says so on stdout): an event awaited, not a file polled against a clock.
 */
/**
 * Holds alpha's lock through `okf-hub lock` until the test lets go (`release`: its stdin ends),
 * and says when it holds it (`held`, its own line): how long it holds is the test's decision, never
 * a sleep racing a loaded machine.
 */
function holdLock(env: Record<string, string>): {
  holder: ChildProcess
  held: Promise<void>
  release: () => void
} {
  const holder = spawn(process.execPath, [CLI_JS, 'lock', 'alpha', '--', 'sh', '-c', 'echo held; read x'], {
    env,
    stdio: ['pipe', 'pipe', 'ignore']
  })
  const held = new Promise<void>((resolve, reject) => {
    holder.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('held')) resolve()
    })
    holder.once('exit', (code) => reject(new Error(`okf-hub lock exited ${code} before holding the lock`)))
  })
  return { holder, held, release: () => holder.stdin?.end() }
}

describe('write safety across processes', () => {
  it('two server processes × 25 concurrent kb_propose → 50 commits, 50 files, nothing lost', async () => {
    const dir = tempDir()
    const root = makeBundle(dir, 'alpha')
    const h = hubEnv(dir)
    const [a, b] = await Promise.all([connect(h), connect(h)])
    try {
      const before = commitCount(root)
      const results = await Promise.all([
        ...Array.from({ length: 25 }, (_, i) => a.call('kb_propose', proposal(i, 'process:a'))),
        ...Array.from({ length: 25 }, (_, i) => b.call('kb_propose', proposal(i, 'process:b')))
      ])
      const errors = results.filter((r) => r.isError).map((r) => r.text)
      expect(errors).toEqual([])
      const ids = results.map((r) => /id : (\S+)/.exec(r.text)![1])
      expect(new Set(ids).size).toBe(50)
      expect(commitCount(root)).toBe(before + 50)
      const files = readdirSync(join(root, 'proposals/pending')).filter((f) => f.endsWith('.md'))
      expect(files.length).toBe(50)
      const tracked = git(root, 'ls-tree', '-r', '--name-only', 'HEAD', 'proposals/pending')
        .trim()
        .split('\n')
      for (const id of ids) {
        expect(tracked).toContain(`proposals/pending/${id}.md`)
        expect(git(root, 'log', '--format=%H', '--grep', `proposal: ${id} `).trim().split('\n').length).toBe(
          1
        )
      }
      assertNoFileDropped(root)
      expect(git(root, 'fsck', '--strict', '--no-dangling').trim()).toBe('')
      expect(git(root, 'status', '--porcelain')).toBe('')
      expect(
        git(root, 'log', '--format=%H', '--grep', 'Submitted-By: process:a').trim().split('\n').length
      ).toBe(25)
      // Both processes appended to one hub log: every line whole, none interleaved.
      const lines = readFileSync(h.logFile, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
      const pids = new Set<string>()
      for (const l of lines) {
        const m = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \[pid:(\d+)\] (INFO|WARNING|ERROR) +\S/.exec(l)
        expect(m, l).not.toBeNull()
        pids.add(m![1])
      }
      expect(pids.size).toBe(2)
      expect(lines.filter((l) => / INFO +commit [0-9a-f]{10} dans /.test(l)).length).toBe(50)
    } finally {
      await Promise.all([a.close(), b.close()])
      removeDir(dir)
    }
  }, 120_000)

  it('a lock holder killed with SIGKILL does not block the next kb_propose beyond the wait', async () => {
    const dir = tempDir()
    const root = makeBundle(dir, 'alpha')
    const h = hubEnv(dir)
    const { holder, held, release } = holdLock(h.env)
    const s = await connect(h)
    try {
      await held
      expect(existsSync(join(root, '.okf-hub.lock.d'))).toBe(true)
      holder.kill('SIGKILL')
      release() // its orphaned shell ends too
      // Not BASE_BUSY: the dead holder's lock was taken over within the wait (no clock asserted).
      const r = await s.call('kb_propose', proposal(1, 'process:apres-crash'))
      expect(r.isError).toBe(false)
      expect(git(root, 'status', '--porcelain')).toBe('')
    } finally {
      holder.kill('SIGKILL')
      release()
      await s.close()
      removeDir(dir)
    }
  })

  it('a live holder past 15 s yields BASE_BUSY and nothing is written', async () => {
    const dir = tempDir()
    const root = makeBundle(dir, 'alpha')
    const h = hubEnv(dir)
    const { holder, held, release } = holdLock(h.env)
    const s = await connect(h)
    try {
      await held
      expect(existsSync(join(root, '.okf-hub.lock.d'))).toBe(true)
      const before = repoFingerprint(root)
      const t0 = Date.now()
      const r = await s.call('kb_propose', proposal(1, 'process:patient'))
      expect(r.text).toBe('ERROR: BASE_BUSY: base occupée par une autre écriture, réessayez')
      expect(r.isError).toBe(true)
      expect(Date.now() - t0).toBeGreaterThanOrEqual(14_500)
      expect(repoFingerprint(root)).toBe(before)
    } finally {
      release()
      holder.kill('SIGTERM')
      await s.close()
      removeDir(dir)
    }
  })
})
