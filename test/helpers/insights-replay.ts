import type { JournalEvent, SearchEvent } from '../../src/engine/journal/events'
import type { Base } from '../../src/engine/registry/base'
import { listDocuments } from '../../src/engine/corpus/paths'
import type { GapSignal, Insights, ReadCount, SectionReadCount } from '../../src/shared/insights'
import { queryKey } from '../../src/engine/insights/terms'
import { groupQueries } from '../../src/engine/insights/topics'
import {
  DOCUMENTS_LISTED,
  QUERIES_LISTED,
  REFORMULATION_MS,
  type RawTopic
} from '../../src/engine/insights/gaps'
import { UNREAD_DAYS } from '../../src/engine/insights/figures'

/**
 * The oracle of the folded journal: gap topics and read figures computed the way they were before
 * the fold (src/engine/insights at 69629e6, replaying every event of a base, sorted by time), with
 * two tie-breaks made explicit where the replay relied on the order it happened to meet equal times
 * (marked « Amended »). Tests compare the fold, fed the journal in pieces, with this.
 */

const TOP = 10
const UNREAD_LISTED = 50
const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

interface SearchVerdict {
  query: string
  session: string
  t: string
  signal: GapSignal | null
  shown: string[]
  complete: boolean
}

interface Pending {
  ev: SearchEvent & { session: string; t: string }
  shown: string[]
  complete: boolean
  read: boolean
}

/** Every keyword search of `base` in `events` (oldest first), with its verdict. */
function searchVerdicts(events: readonly JournalEvent[], base: string): SearchVerdict[] {
  const out: SearchVerdict[] = []
  const open = new Map<string, Pending>()
  const close = (p: Pending, next: 'search' | 'end'): void => {
    const signal: GapSignal | null = p.read
      ? null
      : p.shown.length === 0
        ? 'no-result'
        : !p.complete
          ? 'partial'
          : next === 'search'
            ? 'reformulated'
            : 'unread'
    out.push({
      query: p.ev.query,
      session: p.ev.session,
      t: p.ev.t,
      signal,
      shown: p.shown,
      complete: p.complete
    })
  }
  for (const e of events) {
    if (e.tool === 'kb_search') {
      // A regex is a pattern, not a question: it names no topic a manager could write.
      if (e.mode !== 'keyword' || !e.bases.includes(base)) continue
      const prev = open.get(e.session)
      if (prev) close(prev, 'search')
      const group = e.groups.find((g) => g.base === base)
      open.set(e.session, {
        ev: e,
        shown: group ? group.shown.map((s) => s.path) : [],
        complete: group ? !group.orFallback : true,
        read: false
      })
    } else if (e.tool === 'kb_read' && e.base === base) {
      const p = open.get(e.session)
      if (p && p.shown.includes(e.path)) p.read = true
    }
  }
  for (const p of open.values()) close(p, 'end')
  out.sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0))
  return out
}

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
export function replayGapTopics(events: readonly JournalEvent[], base: string): RawTopic[] {
  // Stemming is most of the cost on a large journal: each distinct query is stemmed once.
  const keys = new Map<string, string>()
  const keyOf = (q: string): string => {
    let k = keys.get(q)
    if (k === undefined) keys.set(q, (k = queryKey(q)))
    return k
  }
  const verdicts = searchVerdicts(events, base).map((v) => ({ ...v, key: keyOf(v.query) }))
  const gaps = verdicts.filter((v) => v.signal !== null && v.key !== '')
  // Amended: keys first seen in the same millisecond in key order (was: the order the replay closed them).
  const firstSeen = new Map<string, string>()
  for (const v of gaps) if (!firstSeen.has(v.key)) firstSeen.set(v.key, v.t)
  const firstKeys = [...firstSeen.keys()].sort(
    (a, b) => order(firstSeen.get(a)!, firstSeen.get(b)!) || order(a, b)
  )
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

export function replayReadFigures(
  events: readonly JournalEvent[],
  base: string
): Pick<Insights, 'mostRead' | 'mostReadSections'> {
  const docs = new Map<string, { reads: number; sessions: Set<string> }>()
  const sections = new Map<string, SectionReadCount>()
  for (const e of events) {
    if (e.tool !== 'kb_read' || e.base !== base) continue
    const d = docs.get(e.path) ?? { reads: 0, sessions: new Set<string>() }
    d.reads++
    d.sessions.add(e.session)
    docs.set(e.path, d)
    if (e.section !== null && e.shown === 'section') {
      const k = `${e.path}\0${e.section}`
      const s = sections.get(k) ?? { path: e.path, section: e.section, reads: 0 }
      s.reads++
      sections.set(k, s)
    }
  }
  const mostRead: ReadCount[] = [...docs.entries()]
    .map(([path, d]) => ({ path, reads: d.reads, sessions: d.sessions.size }))
    .sort((a, b) => b.reads - a.reads || a.path.localeCompare(b.path) || order(a.path, b.path))
    .slice(0, TOP)
  // Amended: sections of one document read as often, by first read, then by name (was: insertion order).
  const firstRead = new Map<SectionReadCount, string>()
  for (const e of events)
    if (e.tool === 'kb_read' && e.base === base && e.section !== null && e.shown === 'section') {
      const s = sections.get(`${e.path}\0${e.section}`)!
      if (!firstRead.has(s)) firstRead.set(s, e.t)
    }
  const mostReadSections = [...sections.values()]
    .sort(
      (a, b) =>
        b.reads - a.reads ||
        a.path.localeCompare(b.path) ||
        order(firstRead.get(a)!, firstRead.get(b)!) ||
        order(a.section, b.section)
    )
    .slice(0, TOP)
  return { mostRead, mostReadSections }
}

/** Documents of the corpus no `kb_read` reached since `now - UNREAD_DAYS`. */
export function replayUnread(events: readonly JournalEvent[], base: Base, now: Date): Insights['unread'] {
  const since = now.getTime() - UNREAD_DAYS * 86_400_000
  const read = new Set<string>()
  for (const e of events)
    if (e.tool === 'kb_read' && e.base === base.name && Date.parse(e.t) >= since) read.add(e.path)
  const unread = listDocuments(base).filter((p) => !read.has(p))
  return { days: UNREAD_DAYS, total: unread.length, paths: unread.slice(0, UNREAD_LISTED) }
}
