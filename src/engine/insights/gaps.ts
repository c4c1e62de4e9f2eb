import type { JournalEvent } from '../journal/events'
import type { GapSignal } from '../../shared/insights'
import { searchVerdicts, type SearchVerdict } from './signals'
import { queryKey } from './terms'
import { groupQueries } from './topics'

/**
 * A base's gap topics as the journal tells them, before any check against the corpus: pure, so
 * that the ranking can be tested on a replayed journal and a dismissal can name a topic's queries
 * without searching anything.
 */

export const QUERIES_LISTED = 20
export const DOCUMENTS_LISTED = 5

export interface RawTopic {
  id: string
  keys: string[]
  /** Distinct queries as typed, most asked first. */
  queries: string[]
  count: number
  sessions: number
  /** Sessions whose search of one of these queries was answered (a read followed). */
  answeredSessions: number
  firstSeen: string
  lastSeen: string
  signals: Record<GapSignal, number>
  documents: string[]
  /** Documents shown by searches that held every term: a closure must find another one. */
  shownComplete: string[]
}

/** How long after an unanswered search the session's next one still counts as its reformulation. */
export const REFORMULATION_MS = 10 * 60_000

/** Pairs of query keys a session asked one after the other, the first unanswered. */
function reformulations(gaps: readonly (SearchVerdict & { key: string })[]): [string, string][] {
  const last = new Map<string, SearchVerdict & { key: string }>()
  const pairs: [string, string][] = []
  for (const v of gaps) {
    const prev = last.get(v.session)
    if (prev && prev.key !== v.key && Date.parse(v.t) - Date.parse(prev.t) <= REFORMULATION_MS)
      pairs.push([prev.key, v.key])
    last.set(v.session, v)
  }
  return pairs
}

const byCount = (m: Map<string, number>): string[] =>
  [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k)

/**
 * Topics of `base` hit by more sessions than answered them (a question agents usually find is not
 * a gap because one session left without reading), ranked by sessions, then searches, then recency.
 */
export function gapTopics(events: readonly JournalEvent[], base: string): RawTopic[] {
  // Stemming is most of the cost on a large journal: each distinct query is stemmed once.
  const keys = new Map<string, string>()
  const keyOf = (q: string): string => {
    let k = keys.get(q)
    if (k === undefined) keys.set(q, (k = queryKey(q)))
    return k
  }
  const verdicts = searchVerdicts(events, base).map((v) => ({ ...v, key: keyOf(v.query) }))
  const gaps = verdicts.filter((v) => v.signal !== null && v.key !== '')
  const firstKeys: string[] = []
  const seen = new Set<string>()
  for (const v of gaps)
    if (!seen.has(v.key)) {
      seen.add(v.key)
      firstKeys.push(v.key)
    }
  const answered = new Map<string, Set<string>>()
  for (const v of verdicts)
    if (v.signal === null) answered.set(v.key, (answered.get(v.key) ?? new Set()).add(v.session))
  const byKey = new Map<string, (SearchVerdict & { key: string })[]>()
  for (const v of gaps) {
    const list = byKey.get(v.key)
    if (list) list.push(v)
    else byKey.set(v.key, [v])
  }

  const topics: RawTopic[] = []
  for (const g of groupQueries(
    firstKeys,
    verdicts.map((v) => v.key),
    reformulations(gaps)
  )) {
    const hits = g.keys.flatMap((k) => byKey.get(k) ?? [])
    const sessions = new Set(hits.map((h) => h.session))
    const answeredBy = new Set<string>()
    for (const k of g.keys) for (const s of answered.get(k) ?? []) if (!sessions.has(s)) answeredBy.add(s)
    if (answeredBy.size >= sessions.size) continue
    const queries = new Map<string, number>()
    const docs = new Map<string, number>()
    const complete = new Set<string>()
    const signals: Record<GapSignal, number> = { 'no-result': 0, partial: 0, reformulated: 0, unread: 0 }
    let first = hits[0].t
    let last = hits[0].t
    for (const h of hits) {
      const q = h.query.trim().replace(/\s+/g, ' ')
      queries.set(q, (queries.get(q) ?? 0) + 1)
      for (const p of h.shown) docs.set(p, (docs.get(p) ?? 0) + 1)
      if (h.complete) h.shown.forEach((p) => complete.add(p))
      if (h.signal) signals[h.signal]++
      if (h.t < first) first = h.t
      if (h.t > last) last = h.t
    }
    topics.push({
      id: g.id,
      keys: g.keys,
      queries: byCount(queries).slice(0, QUERIES_LISTED),
      count: hits.length,
      sessions: sessions.size,
      answeredSessions: answeredBy.size,
      firstSeen: first,
      lastSeen: last,
      signals,
      documents: byCount(docs).slice(0, DOCUMENTS_LISTED),
      shownComplete: [...complete].sort()
    })
  }
  return topics.sort(
    (a, b) =>
      b.sessions - a.sessions ||
      b.count - a.count ||
      (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0)
  )
}
