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
    const suites = [
      'search',
      'read',
      'coldstart',
      'commit',
      'resolve',
      'list',
      'journal',
      'insights',
      'throughput'
    ]
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

  // The UI suite drives Debian's Chromium against a real `okf-hub ui` (as the e2e suite does):
  // 200 documents and 12 proposals, one run of each figure.
  it('the UI suite runs on a tiny base and records its ratios and the bundle size', () => {
    assertBuilt()
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'bench/run.ts', 'ui', '--smoke'],
      { cwd: ROOT, encoding: 'utf8', timeout: 240_000 }
    )
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    const file = join(ROOT, 'bench/results', 'ui-smoke.json')
    const rows = (
      JSON.parse(readFileSync(file, 'utf8')) as {
        rows: { case: string; oursMs: number; ratio?: number; referenceMs?: number }[]
      }
    ).rows
    const cases = rows.map((row) => row.case)
    expect(cases.some((c) => c.startsWith('inventory interactive (page load)'))).toBe(true)
    expect(cases.some((c) => c.startsWith('inventory interactive (in-app navigation)'))).toBe(true)
    expect(cases.some((c) => c.startsWith('plan preview, press → diff painted'))).toBe(true)
    // Issue 30 §5: the page load against the browser's floor, whose page is gone after the run.
    const floor = rows.find((row) => row.case.startsWith('inventory page load → first row painted'))
    expect(floor?.referenceMs).toBeGreaterThan(0)
    expect(existsSync(join(ROOT, 'out/renderer/bench-floor.html'))).toBe(false)
    expect(cases.some((c) => c.startsWith('renderer bundle'))).toBe(true)
    for (const row of rows) {
      expect(Number.isFinite(row.oursMs) && row.oursMs > 0).toBe(true)
      if (row.referenceMs !== undefined) expect(Number.isFinite(row.ratio)).toBe(true)
    }
  }, 300_000)
})
