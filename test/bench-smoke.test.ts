import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, assertBuilt } from './helpers/mcp'

// The benchmarks are not part of npm test; this smoke run of the smallest sizes is,
// so the suite cannot rot. It checks that each suite runs and records figures, not the figures.
describe('bench smoke run', () => {
  it('every speed suite runs on tiny corpora and writes its results', () => {
    assertBuilt()
    const suites = ['search', 'read', 'coldstart', 'commit', 'resolve', 'list']
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'bench/run.ts', ...suites, '--smoke'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 240_000
      }
    )
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    for (const s of suites) {
      const file = join(ROOT, 'bench/results', `${s}-smoke.json`)
      expect(existsSync(file)).toBe(true)
      const rows = (JSON.parse(readFileSync(file, 'utf8')) as { rows: { oursMs: number }[] }).rows
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) expect(Number.isFinite(row.oursMs)).toBe(true)
    }
  }, 300_000)
})
