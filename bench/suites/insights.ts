import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateBase, PLANTED } from '../corpus'
import { CACHE, median, now, record, sized, type Options } from '../lib'
import { memoryHubLog } from '../../src/engine/hublog'
import { Registry } from '../../src/engine/registry/registry'
import { computeInsights, CHECKED_QUERIES, MAX_TOPICS } from '../../src/engine/insights/insights'
import { baseUsage } from '../../src/engine/insights/usage'
import { searchBases } from '../../src/engine/search/search'
import type { Base } from '../../src/engine/registry/base'

/**
 * Issue 29 §2 at scale: a cold look at a base's knowledge gaps (every topic's checked queries asked
 * of the corpus as it is now, as after a resolution), against the same verdicts reached the way the
 * check first did it — one kb_search per checked query, four at a time. Same journal, same corpus,
 * alternated; the run fails if the two ever disagree on a topic's status.
 *
 * The journal: gap topics (a term the corpus does not hold beside one it holds everywhere, in two
 * phrasings: no document holds both), topics whose results agents were shown and left unread
 * (common words: every term in hundreds of documents, so the check must rank them as a search does),
 * and two asked when nothing answered them and answered since (they close).
 */

const COMMON = [
  'configuration',
  'serveur',
  'procédure',
  'réseau',
  'utilisateur',
  'sauvegarde',
  'session',
  'database'
]
const UNREAD = [
  'sauvegarde restauration',
  'certificate session',
  'alerte seuil',
  'network timeout',
  'journal module',
  'backup restore',
  'disque mémoire',
  'account profile',
  'export rapport',
  'deployment version',
  PLANTED.rarePair.join(' ')
]

export default async function insights(o: Options): Promise<void> {
  const size = sized(o, 10000, 1000, 100)
  // The search suite's corpus: generated once for both.
  const basesDir = join(CACHE, `search-${size}`)
  generateBase(basesDir, `banc-${size}`, size, 42)
  const log = memoryHubLog()
  const registry = new Registry(basesDir, log)
  registry.rescan()
  const base = registry.get(`banc-${size}`)
  const gaps = sized(o, 60, 30, 6)
  const unread = sized(o, UNREAD.length, 6, 2)

  const userData = join(CACHE, `insights-${size}`)
  rmSync(userData, { recursive: true, force: true })
  const journalDir = join(userData, 'journal')
  mkdirSync(journalDir, { recursive: true })
  const events: string[] = []
  let t = Date.parse('2026-11-01T00:00:00Z')
  const search = (session: string, query: string, orFallback: boolean, shown: string[]): void => {
    t += 20_000
    events.push(
      JSON.stringify({
        v: 1,
        t: new Date(t).toISOString(),
        session,
        client: 'bench',
        tool: 'kb_search',
        bases: [base.name],
        query,
        mode: 'keyword',
        results: shown.length,
        orFallback,
        groups: [{ base: base.name, orFallback, shown: shown.map((path) => ({ path, sections: [] })) }]
      })
    )
  }
  for (let s = 0; s < gaps * 3; s++) {
    const k = s % gaps
    search(`g${s}`, `introuvable${k} ${COMMON[k % COMMON.length]}`, true, [])
    search(`g${s}`, `introuvable${k} ${COMMON[(k + 3) % COMMON.length]} guide`, true, [])
  }
  for (const query of UNREAD.slice(0, unread)) {
    const [r] = await searchBases([base], query, 'keyword', 8)
    for (let s = 0; s < 3; s++)
      search(
        `u${query}${s}`,
        query,
        r.partial,
        r.results.map((d) => d.path)
      )
  }
  // Answered since: asked when the corpus held nothing, now held by a few documents — they close.
  for (const query of PLANTED.orOnly) for (let s = 0; s < 3; s++) search(`a${query}${s}`, query, false, [])
  writeFileSync(join(journalDir, '20261101T000000Z-1-be0c01.jsonl'), events.join('\n') + '\n')
  const opts = { userDataDir: userData, journalDir, log, now: () => new Date('2026-12-01T00:00:00Z') }

  // Each look is cold: one document's mtime moves (into the past, beyond the racy window), so the
  // corpus's fingerprint — and every kept answer — changes, as after a resolution.
  const touched = join(base.corpusDir, 'd000', 'doc-00000.md')
  let epoch = 0
  const touch = (): void => {
    const at = new Date(Date.parse('2026-01-01T00:00:00Z') + ++epoch * 1000)
    utimesSync(touched, at, at)
  }

  const topics = baseUsage(journalDir, base.name).topics().slice(0, MAX_TOPICS)
  const queries = [...new Set(topics.flatMap((tp) => tp.queries.slice(0, CHECKED_QUERIES)))]
  /** The first way: every checked query searched as kb_search does, four at a time. */
  const searchedVerdicts = async (): Promise<Map<string, string>> => {
    const finds = new Map<string, { complete: boolean; paths: string[] }>()
    let next = 0
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < queries.length) {
          const q = queries[next++]
          const [r] = await searchBases([base], q, 'keyword', 8)
          finds.set(q, { complete: !r.partial, paths: r.results.map((d) => d.path) })
        }
      })
    )
    return new Map(
      topics.map((tp) => {
        const shown = new Set(tp.shownComplete)
        const checked = tp.queries.slice(0, CHECKED_QUERIES)
        const hits = checked.filter((q) => {
          const f = finds.get(q)
          return f !== undefined && f.complete && f.paths.some((p) => !shown.has(p))
        }).length
        return [tp.id, hits * 2 >= checked.length ? 'closed' : 'open']
      })
    )
  }
  const look = async (b: Base): Promise<Map<string, string>> =>
    new Map((await computeInsights(b, opts)).gaps.map((g) => [g.id, g.status]))

  const ours: number[] = []
  const ref: number[] = []
  // The reference takes ~30 s a look at full size: three alternated rounds.
  for (let i = 0; i < Math.min(o.runs, 3); i++) {
    touch()
    let t0 = now()
    const a = await look(base)
    ours.push(now() - t0)
    touch()
    t0 = now()
    const b = await searchedVerdicts()
    ref.push(now() - t0)
    for (const [id, status] of b)
      if (a.get(id) !== status)
        throw new Error(`insights: topic ${id} is ${a.get(id)} by the probe, ${status} by search`)
  }
  const closed = [...(await look(base)).values()].filter((s) => s === 'closed').length
  record({
    bench: 'insights',
    case: `cold look, ${topics.length} topics (${queries.length} queries)`,
    reference: 'one kb_search per query',
    referenceMs: median(ref),
    oursMs: median(ours),
    ratio: median(ours) / median(ref),
    extra: { documents: size, closed, sameVerdicts: true }
  })
}
