import { join } from 'node:path'
import { rgPath } from '@vscode/ripgrep'
import { generateBase, PLANTED } from '../corpus'
import {
  CACHE,
  benchHome,
  sized,
  compare,
  connectServer,
  record,
  rssMb,
  runProcess,
  type Options
} from '../lib'

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
  await s.close()
  await m.close()
}
