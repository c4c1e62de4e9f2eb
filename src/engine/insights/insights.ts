import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from '../registry/base'
import type { HubLog } from '../hublog'
import { describeError } from '../errors'
import { searchBases } from '../search/search'
import { documentsWithEveryTerm } from '../search/probe'
import { lastChangeOf } from '../hub/history'
import { LocateCache, LocateStore } from '../review/locate-cache'
import type { GapStatus, GapTopic, Insights } from '../../shared/insights'
import type { RawTopic } from './gaps'
import { findRecord, INSIGHTS_DIR, readState, stateFile, writeState, type InsightsState } from './state'
import { proposalFigures } from './figures'
import { baseUsage } from './usage'

/**
 * A base's insights: its gap topics with their status, and the figures. A topic closes by itself
 * when its queries now find what they did not (re-run through kb_search's own engine against the
 * corpus as it is), crediting the newest commit that wrote a document now answering them (the
 * resolution, or a colleague's commit a sync brought); a closed topic whose queries find nothing
 * again reopens. Dismissals are the manager's and stay.
 */

export interface InsightsOptions {
  userDataDir: string
  journalDir: string
  log: HubLog
  now?: () => Date
}

/** Queries of a topic re-run by a check: its most asked ones. */
export const CHECKED_QUERIES = 3
/**
 * Topics listed (and checked), the most hit first: a year of one-off questions would otherwise
 * make a list no manager reads, and a probe of thousands of queries; the rest are counted
 * (`GapFold.topics`).
 */
export const MAX_TOPICS = 200
const RESULTS = 8
const PARALLEL = 4

interface Found {
  complete: boolean
  paths: string[]
}

/**
 * What each query finds, kept per corpus while its fingerprint stands (the inventory's cache: every
 * document's stat), so that the Insights tab asked again after a proposal, or the closure check
 * after a resolution that changed nothing a gap asked about, does not search again. Saved in the
 * user-data folder too (`answerStore`), so that the next process — another `okf-hub insights`, the
 * app restarted — takes one fingerprint instead of one probe on an unchanged corpus.
 */
const found = new LocateCache<Found>()

const NOTHING: Found = { complete: false, paths: [] }

/**
 * Where the answers are saved: `insights/answers/`, one file per corpus holding its fingerprint and
 * the last look's checked queries only (`keepOnly`), so that no query outlives the journal it came
 * from by more than one look. Written before the look returns: nothing of it is left pending.
 */
export const ANSWERS_DIR = join(INSIGHTS_DIR, 'answers')

function isFound(v: unknown): v is Found {
  if (typeof v !== 'object' || v === null) return false
  const f = v as Record<string, unknown>
  return (
    typeof f.complete === 'boolean' &&
    Array.isArray(f.paths) &&
    f.paths.length <= RESULTS &&
    f.paths.every((p) => typeof p === 'string')
  )
}

function answerStore(opts: InsightsOptions): LocateStore<Found> {
  return new LocateStore(join(opts.userDataDir, ANSWERS_DIR), isFound, opts.log, 0, 'réponses des lacunes')
}

/**
 * Forgets what the checked queries found, in memory and on disk (after the journal's purge: the
 * queries were the agents'). Throws if the saved answers cannot be deleted.
 */
export function forgetGapAnswers(userDataDir: string): void {
  found.clear()
  rmSync(join(userDataDir, ANSWERS_DIR), { recursive: true, force: true })
}

/** What a query finds as kb_search shows it: complete (every term in some document) and the paths shown. */
async function searchNow(base: Base, query: string): Promise<Found> {
  const [hit] = await searchBases([base], query, 'keyword', RESULTS, { background: true })
  return { complete: !hit.partial, paths: hit.results.map((d) => d.path) }
}

/**
 * What each query finds now, with one probe of the corpus for them all: the documents holding every
 * term of each (`documentsWithEveryTerm`, one ripgrep run instead of one search per query). A query
 * holding in no document finds nothing; in at most RESULTS, exactly those are what its search shows.
 * Only a query holding in more is searched, since which of them its search shows then depends on
 * the ranking.
 */
async function probe(base: Base, queries: string[]): Promise<Map<string, Found>> {
  const every = await documentsWithEveryTerm(base.corpusDir, queries, { upTo: RESULTS, background: true })
  const out = new Map<string, Found>()
  const ranked: string[] = []
  for (const q of queries) {
    const docs = every.get(q) ?? []
    if (docs.length === 0) out.set(q, NOTHING)
    else if (docs.length <= RESULTS) out.set(q, { complete: true, paths: docs })
    else ranked.push(q)
  }
  await inBatches(ranked, PARALLEL, async (q) => out.set(q, await searchNow(base, q)))
  return out
}

/**
 * The topics' checked queries, each answered from the corpus's kept answers or else by one probe
 * for all those not kept (their lookups are asked in one turn, the probe runs after it).
 */
async function findAll(
  base: Base,
  queries: string[],
  store: LocateStore<Found>
): Promise<Map<string, Found>> {
  const lookup = found.session(base, store)
  let asked: string[] | null = null
  let answers: Promise<Map<string, Found>> | null = null
  const ask = (q: string): Promise<Found> => {
    if (asked === null) {
      const batch: string[] = (asked = [])
      answers = Promise.resolve().then(() => probe(base, batch))
    }
    asked.push(q)
    return (answers as Promise<Map<string, Found>>).then((m) => m.get(q) ?? NOTHING)
  }
  const pairs = await Promise.all(
    queries.map(async (q) => [q, await lookup(q, () => ask(q), NOTHING)] as const)
  )
  return new Map(pairs)
}

/**
 * Whether a query now finds an answer: every term in some document (no OR fallback), and a
 * document other than those it was already shown and left unread.
 */
function findsNow(r: Found, shownComplete: ReadonlySet<string>): boolean {
  return r.complete && r.paths.some((p) => !shownComplete.has(p))
}

/**
 * Whether half the checked queries (rounded up) now find an answer, which closes the topic; the
 * documents that answer them (null when the topic stays open).
 */
function answeringNow(t: RawTopic, finds: ReadonlyMap<string, Found>): string[] | null {
  const shown = new Set(t.shownComplete)
  const queries = t.queries.slice(0, CHECKED_QUERIES)
  const answering = new Set<string>()
  let hits = 0
  for (const q of queries) {
    const r = finds.get(q) ?? NOTHING
    if (!findsNow(r, shown)) continue
    hits++
    for (const p of r.paths) if (!shown.has(p)) answering.add(p)
  }
  return hits * 2 >= queries.length ? [...answering].sort() : null
}

async function inBatches<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i])
      }
    })
  )
  return out
}

/** The commit a closure is credited to; null (shown as a date alone) when history cannot say. */
async function creditFor(base: Base, answering: string[], log: HubLog): Promise<string | null> {
  try {
    return await lastChangeOf(base, answering)
  } catch (e) {
    log.warning(`lacune de '${base.name}' fermée sans commit attribué : ${describeError(e)}`)
    return null
  }
}

const STATUS_ORDER: Record<GapStatus, number> = { open: 0, closed: 1, dismissed: 2 }

export async function computeInsights(base: Base, opts: InsightsOptions): Promise<Insights> {
  const now = (opts.now ?? (() => new Date()))()
  const usage = baseUsage(opts.journalDir, base.name)
  const all = usage.topics()
  const raw = all.slice(0, MAX_TOPICS)
  const file = stateFile(opts.userDataDir, base.name)
  const state = readState(file)
  let changed = false

  const records = raw.map((t) => ({ t, rec: findRecord(state, t.id, t.keys) }))
  const checked = records.filter(({ rec }) => !rec?.[1].dismissedAt)
  const queries = new Set(checked.flatMap(({ t }) => t.queries.slice(0, CHECKED_QUERIES)))
  const store = answerStore(opts)
  const finds = await findAll(base, [...queries], store)
  found.keepOnly(base, queries, store)
  await store.flush()
  const verdicts = records.map(({ t, rec }) => {
    if (rec?.[1].dismissedAt) return { t, status: 'dismissed' as const, rec, answering: null }
    const answering = answeringNow(t, finds)
    return { t, status: answering ? ('closed' as const) : ('open' as const), rec, answering }
  })

  const gaps: GapTopic[] = []
  for (const { t, status, rec, answering } of verdicts) {
    const id = rec?.[0] ?? t.id
    const record = rec?.[1] ?? { keys: [] }
    const keys = [...new Set([...record.keys, ...t.keys])].sort()
    if (status === 'closed' && !record.closedBy) {
      record.closedBy = { commit: await creditFor(base, answering ?? [], opts.log), at: now.toISOString() }
      changed = true
    } else if (status === 'open' && record.closedBy) {
      delete record.closedBy
      changed = true
    }
    if (status !== 'open' || rec) {
      if (keys.length !== record.keys.length) changed = true
      state.topics[id] = { ...record, keys }
    }
    gaps.push({
      id,
      status,
      queries: t.queries,
      count: t.count,
      sessions: t.sessions,
      firstSeen: t.firstSeen,
      lastSeen: t.lastSeen,
      signals: t.signals,
      documents: t.documents,
      ...(status === 'closed' && record.closedBy ? { closedBy: record.closedBy } : {}),
      ...(record.dismissedAt ? { dismissedAt: record.dismissedAt } : {})
    })
  }
  gaps.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status])
  if (changed) await saveState(file, state, opts.log)

  return {
    base: base.name,
    generatedAt: now.toISOString(),
    journal: usage.journal(),
    gaps,
    gapTopics: all.length,
    ...usage.readFigures(),
    unread: usage.unread(base, now),
    ...proposalFigures(base)
  }
}

async function saveState(file: string, state: InsightsState, log: HubLog): Promise<void> {
  try {
    await writeState(file, state)
  } catch (e) {
    // The closures are found again at the next look; only the credited commit may then differ.
    log.warning(`insights : état non enregistré (${file}) : ${describeError(e)}`)
  }
}

/**
 * "Not for this base" (or its undoing): remembered by the topic's id and its queries, so that it
 * holds when the topic grows. Unknown id: false.
 */
export async function setGapDismissed(
  base: Base,
  id: string,
  dismissed: boolean,
  opts: InsightsOptions
): Promise<boolean> {
  const now = (opts.now ?? (() => new Date()))()
  const file = stateFile(opts.userDataDir, base.name)
  const state = readState(file)
  const topic = baseUsage(opts.journalDir, base.name)
    .topics()
    .find((t) => t.id === id || findRecord(state, t.id, t.keys)?.[0] === id)
  const held = state.topics[id]
  if (!topic && !held) return false
  const record = held ?? { keys: [] }
  const keys = [...new Set([...record.keys, ...(topic?.keys ?? [])])].sort()
  if (dismissed) state.topics[id] = { ...record, keys, dismissedAt: record.dismissedAt ?? now.toISOString() }
  else {
    const { dismissedAt: _gone, ...rest } = record
    void _gone
    state.topics[id] = { ...rest, keys }
  }
  await writeState(file, state)
  return true
}
