import { join } from 'node:path'
import { rgPath } from '@vscode/ripgrep'
import { generateBase, PLANTED } from '../corpus'
import {
  CACHE,
  benchHome,
  sized,
  compare,
  connectServer,
  median,
  now,
  record,
  rssMb,
  runProcess,
  type Options,
  type Session
} from '../lib'
import { scanCorpus } from '../../src/engine/search/ripgrep'

/** Issue 30 §3: every case, multi-base included, at or under 1.2× a bare `rg` with the same options. */
const TARGET = 1.2

/**
 * kb_search through the real server over stdio (warm: already running) against
 * a bare `rg -i --json` over the same files, rg's cold start included as a
 * user would pay it.
 */
export default async function search(o: Options): Promise<void> {
  const size = sized(o, 10000, 1000, 100)
  const basesDir = join(CACHE, `search-${size}`)
  const base = generateBase(basesDir, `banc-${size}`, size, 42)
  const per = sized(o, 2000, 200, 20)
  const multiDir = join(CACHE, `multi-${per}`)
  const multi = Array.from({ length: 5 }, (_, i) => generateBase(multiDir, `multi-${i}`, per, 100 + i))
  const s = await connectServer(benchHome(`search-${size}`, basesDir).env)
  const m = await connectServer(benchHome(`multi-${per}`, multiDir).env)
  const corpus = join(base.root, 'knowledge')
  const rg = (flags: string[], dirs: string[]) => () =>
    runProcess(rgPath, ['-i', '--json', ...flags, '--', ...dirs])
  const fixed = (terms: string[]) => terms.flatMap((t) => ['-F', '-e', t])
  const cases: [string, Record<string, unknown>, string[], string[]][] = [
    ['keyword AND hit', { query: PLANTED.rarePair.join(' ') }, fixed([...PLANTED.rarePair]), [corpus]],
    ['keyword OR fallback', { query: PLANTED.orOnly.join(' ') }, fixed([...PLANTED.orOnly]), [corpus]],
    ['keyword no hit', { query: PLANTED.absent }, fixed([PLANTED.absent]), [corpus]],
    ['keyword very common term', { query: PLANTED.common }, fixed([PLANTED.common]), [corpus]],
    ['regex', { query: 'zephyr\\s+protocol', mode: 'regex' }, ['-e', 'zephyr\\s+protocol'], [corpus]]
  ]
  console.log(`  ${size} documents; reference: bare rg`)
  for (const [name, args, flags, dirs] of cases) {
    await compare(
      'search',
      name,
      () => s.call('kb_search', { base: base.name, ...args }),
      { label: 'rg', fn: rg(flags, dirs) },
      o,
      TARGET
    )
  }
  await compare(
    'search',
    `multi-base "*" (5 × ${multi[0].docs})`,
    () => m.call('kb_search', { base: '*', query: PLANTED.rarePair.join(' ') }),
    {
      label: 'rg',
      fn: rg(
        fixed([...PLANTED.rarePair]),
        multi.map((b) => join(b.root, 'knowledge'))
      )
    },
    o,
    TARGET
  )
  const rss = rssMb(s.pid)
  record({
    bench: 'search',
    case: 'server peak RSS',
    oursMs: rss,
    unit: 'MB',
    extra: { target: '≤ 150 MB', met: rss <= 150 }
  })
  await yieldToAgents(o, s, base.name, join(base.root, 'knowledge'))
  await s.close()
  await m.close()
}

/**
 * The hub's own scans (a proposal's likely documents, the gaps' check) run below normal priority.
 * An agent's kb_search while four of them run, alternated with the same four at normal priority:
 * the ratio is what the priority saves the agent (< 1), its time alone beside it.
 */
async function yieldToAgents(o: Options, s: Session, base: string, corpus: string): Promise<void> {
  const agent = async (n: number): Promise<number[]> => {
    const out: number[] = []
    for (let i = 0; i < n; i++) {
      const t = now()
      await s.call('kb_search', { base, query: PLANTED.rarePair.join(' ') })
      out.push(now() - t)
    }
    return out
  }
  const calls = sized(o, 5, 3, 1)
  const alone = await agent(calls)
  const times = { true: [] as number[], false: [] as number[] }
  for (let r = 0; r < o.runs; r++)
    for (const background of r % 2 ? [false, true] : [true, false]) {
      let stop = false
      const scans = Array.from({ length: 4 }, async (_, k) => {
        for (let i = k; !stop; i++)
          await scanCorpus(corpus, 'keyword', [COMMON[i % COMMON.length], 'guide'], { background })
      })
      times[`${background}`].push(...(await agent(calls)))
      stop = true
      await Promise.all(scans)
    }
  record({
    bench: 'search',
    case: 'kb_search during 4 hub scans (below normal)',
    reference: 'the same scans at normal priority',
    referenceMs: median(times.false),
    oursMs: median(times.true),
    ratio: median(times.true) / median(times.false),
    extra: { alone: median(alone).toFixed(1) }
  })
}

const COMMON = [PLANTED.common, 'serveur', 'procédure', 'réseau', 'utilisateur', 'session']
