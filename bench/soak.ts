import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { RESULTS } from './lib'
import { runSoak, type SoakResult } from './soak-lib'

/**
 * `npm run soak [-- --duration 10m]`: the soak of bench/soak-lib.ts, 10 minutes by default. Prints
 * the RSS of every process every 30 s, the operations per kind, the errors and the audit, writes
 * `bench/results/soak.json` (`soak-<duration>.json` for another duration) and exits 1 when
 * anything failed: an unexpected error, an audit finding, a peak RSS of 150 MB or more, or memory
 * that kept growing.
 */

export const RSS_LIMIT_MB = 150
/** "Flat": after the warm-up minute, the last third peaks at most this much above the first third. */
export const RSS_GROWTH_LIMIT_MB = 20
/** Runs shorter than this are judged on the peak only. */
export const FLATNESS_MIN_MS = 3 * 60_000

export function parseDuration(v: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|min)?$/.exec(v.trim())
  if (!m) return null
  const n = Number(m[1])
  const unit = m[2] ?? 's'
  return Math.round(unit === 'ms' ? n : unit === 's' ? n * 1000 : n * 60_000)
}

/** What makes a soak fail, in words (empty: it passed). */
export function verdict(r: SoakResult): string[] {
  const out: string[] = []
  for (const e of r.errors) out.push(`error (${e.op}): ${e.message}`)
  out.push(...r.audit)
  for (const s of r.rss) {
    if (s.peakMb >= RSS_LIMIT_MB) out.push(`${s.label}: peak RSS ${s.peakMb} MB (limit ${RSS_LIMIT_MB})`)
    // Flatness needs a run well past the warm-up minute to mean anything.
    if (r.durationMs >= FLATNESS_MIN_MS && s.lastThirdPeakMb - s.firstThirdPeakMb > RSS_GROWTH_LIMIT_MB)
      out.push(
        `${s.label}: RSS grew from a ${s.firstThirdPeakMb} MB peak (first third) to ${s.lastThirdPeakMb} MB (last third)`
      )
  }
  if (r.proposals.filed === 0) out.push('no proposal was filed')
  return out
}

/** One RSS sample per `everyS` seconds per process, as a table. */
export function rssTable(r: SoakResult, everyS = 30): string {
  const lines = [`  t (s)  ${r.rss.map((s) => s.label.padStart(8)).join('')}`]
  const end = Math.max(...r.rss.map((s) => s.samples.at(-1)?.[0] ?? 0))
  for (let t = 0; t <= end + 0.01; t += everyS) {
    const row = r.rss.map((s) => {
      const near = s.samples.reduce((best, x) => (Math.abs(x[0] - t) < Math.abs(best[0] - t) ? x : best))
      return `${near[1].toFixed(1)}`.padStart(8)
    })
    lines.push(`  ${String(t).padStart(5)}  ${row.join('')}`)
  }
  lines.push(`   peak  ${r.rss.map((s) => s.peakMb.toFixed(1).padStart(8)).join('')}`)
  return lines.join('\n')
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  let durationMs = 10 * 60_000
  let label = ''
  for (let i = 0; i < args.length; i++) {
    const a = args[i]
    const v = a === '--duration' ? args[++i] : a.startsWith('--duration=') ? a.slice(11) : undefined
    const d = v === undefined ? null : parseDuration(v)
    if (d === null || d < 5_000) {
      console.error('usage: npm run soak [-- --duration 10m|30s|90]   (5 s at least)')
      process.exit(64)
    }
    durationMs = d
    label = d === 10 * 60_000 ? '' : `-${v}`
  }
  console.log(`soak : ${durationMs / 1000} s de trafic mixte (3 serveurs MCP stdio, okf-hub ui, un distant)`)
  const r = await runSoak({ durationMs, progress: (l) => console.log(l) })
  console.log(`\nopérations (${r.durationMs / 1000} s) :`)
  for (const [k, n] of Object.entries(r.operations).sort()) console.log(`  ${k.padEnd(22)} ${n}`)
  console.log(
    `propositions : ${r.proposals.filed} déposées — ${r.proposals.pending} en attente, ${r.proposals.accepted} acceptées, ${r.proposals.rejected} rejetées`
  )
  console.log(`erreurs : ${r.errors.length}`)
  console.log(`RSS (MB) :\n${rssTable(r)}`)
  const failures = verdict(r)
  console.log(failures.length === 0 ? 'audit : tout est en ordre ✓' : `ÉCHEC :\n  ${failures.join('\n  ')}`)
  mkdirSync(RESULTS, { recursive: true })
  const file = join(RESULTS, `soak${label}.json`)
  const machine = {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memGiB: Math.round(totalmem() / 2 ** 30)
  }
  writeFileSync(
    file,
    JSON.stringify({ date: new Date().toISOString(), machine, ...r, failures }, null, 2) + '\n'
  )
  console.log(`résultats : ${file}`)
  process.exit(failures.length === 0 ? 0 : 1)
}

if (process.argv[1]?.endsWith('soak.ts')) void main()
