/**
 * `npm run bench [-- <suite>…] [--quick]`: every figure is a ratio to a reference
 * run side by side in the same process (medians after a warm-up), so a noisy
 * machine moves both. Results: bench/results/<suite>.json. Method and latest
 * figures: docs/PERFORMANCE.md.
 */
import { existsSync } from 'node:fs'
import { SERVER_JS, writeResults, type Options } from './lib'

type Suite = (o: Options) => Promise<void>

const SUITES: Record<string, () => Promise<{ default: Suite }>> = {
  search: () => import('./suites/search'),
  read: () => import('./suites/read'),
  coldstart: () => import('./suites/coldstart'),
  commit: () => import('./suites/commit'),
  resolve: () => import('./suites/resolve'),
  list: () => import('./suites/list'),
  economy: () => import('./suites/economy'),
  retrieval: () => import('./suites/retrieval'),
  import: () => import('./suites/import'),
  team: () => import('./suites/team'),
  ui: () => import('./suites/ui'),
  descriptions: () => import('./suites/descriptions'),
  journal: () => import('./suites/journal'),
  insights: () => import('./suites/insights'),
  throughput: () => import('./suites/throughput')
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const smoke = args.includes('--smoke')
  const quick = args.includes('--quick') || smoke
  const names = args.filter((a) => !a.startsWith('--'))
  const unknown = names.filter((n) => !(n in SUITES))
  if (unknown.length) {
    console.error(`suites inconnues : ${unknown.join(', ')} (connues : ${Object.keys(SUITES).join(', ')})`)
    process.exit(64)
  }
  if (!existsSync(SERVER_JS)) {
    console.error('out/ absent : lancez `npm run build` d’abord')
    process.exit(70)
  }
  const opts: Options = { runs: smoke ? 1 : quick ? 3 : 7, quick, smoke }
  for (const name of names.length ? names : Object.keys(SUITES)) {
    console.log(`\n== ${name}${smoke ? ' (smoke)' : quick ? ' (quick)' : ''}`)
    const t = performance.now()
    await (await SUITES[name]()).default(opts)
    writeResults(smoke ? `${name}-smoke` : quick ? `${name}-quick` : name)
    console.log(`  (${((performance.now() - t) / 1000).toFixed(1)} s)`)
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
