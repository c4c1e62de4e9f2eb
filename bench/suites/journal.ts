import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateBase, PLANTED } from '../corpus'
import { CACHE, benchHome, connectServer, median, now, record, sized, type Options } from '../lib'
import { JournalWriter } from '../../src/engine/journal/writer'
import { readJournal } from '../../src/engine/journal/store'
import { memoryHubLog } from '../../src/engine/hublog'

/** Issue 29 §1: the usage journal may cost a kb_search at most 3 %. */
const TARGET = 1.03

/**
 * kb_search through the real built server over stdio, the journal switched on and off between
 * calls (the app's setting, which a running server follows), on and off alternating so that the
 * machine's noise falls on both; the ratio is journal on ÷ journal off, in one run. One server
 * serves both arms: two processes differ by more than the journal costs (placement, JIT, GC).
 * Beside it, the writer's own cost per event, in-process.
 */
export default async function journal(o: Options): Promise<void> {
  const size = sized(o, 1000, 300, 50)
  const basesDir = join(CACHE, `journal-${size}`)
  const base = generateBase(basesDir, `banc-${size}`, size, 29)
  const home = benchHome(`journal-${size}`, basesDir)
  const dir = join(home.userData, 'journal')
  rmSync(dir, { recursive: true, force: true })
  const settings = join(home.userData, 'ui-settings.json')
  // The app's switch, which a running server follows at its next call (one stat per call).
  const switchTo = (on: boolean): void => writeFileSync(settings, JSON.stringify({ journal: on }) + '\n')
  switchTo(true)
  const server = await connectServer(home.env)
  // Many runs: the difference sought is a few per cent of a call, on a shared machine.
  const runs = sized(o, 120, 40, 3)
  const cases: [string, Record<string, unknown>][] = [
    ['keyword AND hit', { query: PLANTED.rarePair.join(' ') }],
    ['keyword OR fallback', { query: PLANTED.orOnly.join(' ') }],
    ['keyword no hit', { query: PLANTED.absent }],
    ['keyword very common term', { query: PLANTED.common, max_results: 25 }]
  ]
  console.log(`  ${size} documents; reference: the same server with the journal switched off`)
  const all = { on: [] as number[], off: [] as number[], pairs: [] as number[] }
  let onCalls = 0
  for (const [name, args] of cases) {
    const a = { on: [] as number[], off: [] as number[] }
    const time = async (which: 'on' | 'off', keep = true): Promise<void> => {
      switchTo(which === 'on')
      const t = now()
      await server.call('kb_search', { base: base.name, ...args })
      if (keep) a[which].push(now() - t)
      if (which === 'on') onCalls++
    }
    await time('on', false)
    await time('off', false)
    // Which goes first alternates: neither always follows the other's warm caches.
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
      ratio: median(pairs),
      target: TARGET,
      extra: { ratioOfMedians: (median(a.on) / median(a.off)).toFixed(3) }
    })
  }
  // The figure of the issue: every run of every case, the median of each run's on ÷ off.
  record({
    bench: 'journal',
    case: 'kb_search, all cases',
    reference: 'journal off',
    referenceMs: median(all.off),
    oursMs: median(all.on),
    ratio: median(all.pairs),
    target: TARGET,
    extra: { runs: all.pairs.length, ratioOfMedians: (median(all.on) / median(all.off)).toFixed(3) }
  })
  await server.close()
  const written = readJournal(dir)
  record({
    bench: 'journal',
    case: 'events written (= calls with the journal on)',
    oursMs: written.events.length,
    unit: 'events',
    extra: { expected: onCalls, skipped: written.skipped }
  })

  // The append alone, in-process: what the tool call waits for once its answer is built.
  const appendDir = join(CACHE, 'journal-append')
  rmSync(appendDir, { recursive: true, force: true })
  const w = new JournalWriter({ dir: appendDir, enabled: () => true, log: memoryHubLog() })
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
  rmSync(appendDir, { recursive: true, force: true })
}
