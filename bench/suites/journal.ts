import { appendFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { generateBase, PLANTED } from '../corpus'
import { CACHE, benchHome, connectServer, median, now, record, sized, type Options } from '../lib'
import { JournalWriter } from '../../src/engine/journal/writer'
import { readJournal } from '../../src/engine/journal/store'
import { memoryHubLog } from '../../src/engine/hublog'

/** Issue 29 §1: the usage journal may cost a kb_search at most 3 %. */
const TARGET = 1.03

/**
 * kb_search through two real built servers over stdio on the same base, one journaling (the
 * default) and one with `journal: false` in its hub configuration, called alternately so that the
 * machine's noise falls on both; the ratio is journal on ÷ journal off, in one run. Beside it, the
 * writer's own cost per event, in-process.
 */
export default async function journal(o: Options): Promise<void> {
  const size = sized(o, 1000, 300, 50)
  const basesDir = join(CACHE, `journal-${size}`)
  const base = generateBase(basesDir, `banc-${size}`, size, 29)
  const onHome = benchHome(`journal-on-${size}`, basesDir)
  const offHome = benchHome(`journal-off-${size}`, basesDir)
  appendFileSync(offHome.env.OKF_HUB_CONFIG, 'journal: false\n')
  const onDir = join(onHome.userData, 'journal')
  rmSync(onDir, { recursive: true, force: true })
  const on = await connectServer(onHome.env)
  const off = await connectServer(offHome.env)
  // Many runs: the difference sought is a few per cent of a few milliseconds.
  const runs = sized(o, 200, 60, 3)
  const cases: [string, Record<string, unknown>][] = [
    ['keyword AND hit', { query: PLANTED.rarePair.join(' ') }],
    ['keyword OR fallback', { query: PLANTED.orOnly.join(' ') }],
    ['keyword no hit', { query: PLANTED.absent }],
    ['keyword very common term', { query: PLANTED.common, max_results: 25 }]
  ]
  console.log(`  ${size} documents; reference: the same server with journal: false`)
  const all = { on: [] as number[], off: [] as number[], pairs: [] as number[] }
  for (const [name, args] of cases) {
    const a = { on: [] as number[], off: [] as number[] }
    const time = async (which: 'on' | 'off'): Promise<void> => {
      const t = now()
      await (which === 'on' ? on : off).call('kb_search', { base: base.name, ...args })
      a[which].push(now() - t)
    }
    await time('on')
    await time('off')
    a.on.length = a.off.length = 0
    // Which server goes first alternates: neither always gets the other's warm caches.
    for (let i = 0; i < runs; i++)
      for (const which of i % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) await time(which)
    // Each run's two calls are neighbours in time: their ratio cancels the load of that moment.
    const pairs = a.on.map((t, i) => t / a.off[i])
    all.on.push(...a.on)
    all.off.push(...a.off)
    all.pairs.push(...pairs)
    record({
      bench: 'journal',
      case: `kb_search ${name}`,
      reference: 'journal off',
      referenceMs: median(a.off),
      oursMs: median(a.on),
      ratio: median(a.on) / median(a.off),
      target: TARGET,
      extra: { paired: median(pairs).toFixed(3) }
    })
  }
  // The figure of the issue: every case's runs together, the median of each run's on ÷ off.
  record({
    bench: 'journal',
    case: 'kb_search, all cases (paired)',
    reference: 'journal off',
    referenceMs: median(all.off),
    oursMs: median(all.on),
    ratio: median(all.pairs),
    target: TARGET,
    extra: { runs: all.pairs.length, ratioOfMedians: (median(all.on) / median(all.off)).toFixed(3) }
  })
  await on.close()
  await off.close()
  const written = readJournal(onDir)
  record({
    bench: 'journal',
    case: 'events written by the journaling server',
    oursMs: written.events.length,
    unit: 'events',
    extra: {
      skipped: written.skipped,
      offWrote: readJournal(join(offHome.userData, 'journal')).events.length
    }
  })

  // The append alone, in-process: what the tool call waits for once its answer is built.
  const dir = join(CACHE, 'journal-append')
  rmSync(dir, { recursive: true, force: true })
  const w = new JournalWriter({ dir, enabled: () => true, log: memoryHubLog() })
  const event = {
    tool: 'kb_search' as const,
    bases: [base.name],
    query: PLANTED.rarePair.join(' '),
    mode: 'keyword' as const,
    results: 8,
    orFallback: false,
    groups: [
      {
        base: base.name,
        orFallback: false,
        shown: Array.from({ length: 8 }, (_, i) => ({
          path: `dossier/doc-${i}.md`,
          sections: ['section', 'autre']
        }))
      }
    ]
  }
  const samples: number[] = []
  for (let i = 0; i < sized(o, 2000, 500, 20); i++) {
    const t = now()
    w.record({ session: 'bench', client: 'okf-bench' }, event)
    samples.push((now() - t) * 1000)
  }
  record({ bench: 'journal', case: 'one event appended (in-process)', oursMs: median(samples), unit: 'µs' })
  rmSync(dir, { recursive: true, force: true })
}
