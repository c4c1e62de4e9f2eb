import type { JournalEvent } from '../journal/events'
import type { GapSignal } from '../../shared/insights'
import { SessionVerdicts, type SearchVerdict } from './signals'
import { queryKey } from './terms'
import { groupQueries } from './topics'

/**
 * A base's gap topics as the journal tells them, before any check against the corpus: pure, so
 * that the ranking can be tested on a replayed journal and a dismissal can name a topic's queries
 * without searching anything.
 *
 * The journal is folded event by event (`GapFold`) into tallies per query key, so that a reader
 * following a growing journal (the hub's re-check after every resolution and sync) adds the new
 * lines to what it has instead of replaying every event: what it keeps grows with the distinct
 * queries, documents shown and sessions, not with the searches. `gapTopics` is the same fold over
 * a list of events.
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

/** What the final verdicts of one query key's gap searches add up to. */
interface KeyTally {
  count: number
  signals: Record<GapSignal, number>
  first: string
  last: string
  sessions: Set<number>
  /** Queries as typed (spacing folded) → searches. */
  queries: Map<string, number>
  /** Documents shown → times shown. */
  docs: Map<string, number>
  /** Documents shown by searches that held every term. */
  complete: Set<string>
}

/** A verdict with its query's key. */
type Keyed = SearchVerdict & { key: string }

/** Stemming is most of a large fold's cost: keys of recent queries are kept, up to this many. */
const KEY_CACHE = 10_000

const byCount = (m: Map<string, number>): string[] =>
  [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k)

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** One copy of each string a fold keeps many times (document paths). */
export class Interner {
  private readonly held = new Map<string, string>()
  get = (s: string): string => {
    const h = this.held.get(s)
    if (h !== undefined) return h
    this.held.set(s, s)
    return s
  }
}

/** Small numbers for session ids, so that the sets of sessions a fold keeps hold no strings. */
export class SessionIds {
  private readonly ids = new Map<string, number>()
  get = (s: string): number => {
    let id = this.ids.get(s)
    if (id === undefined) this.ids.set(s, (id = this.ids.size))
    return id
  }
}

/**
 * A base's gap topics, folded one event at a time. A search's verdict is final once its session
 * searches the base again: it is then added to its key's tally and forgotten. The searches still
 * open (one per session at most) are judged as if their sessions had ended each time the topics are
 * asked, without touching the tallies, so that a later event can still change them.
 * Each session's events must come in the order its server wrote them.
 */
export class GapFold {
  private readonly verdicts: SessionVerdicts
  private readonly keys = new Map<string, string>()
  /** Every distinct key judged, answered ones included: the terms' rarity. */
  private readonly allKeys = new Set<string>()
  private readonly gaps = new Map<string, KeyTally>()
  /** Sessions that found an answer, per key. */
  private readonly answered = new Map<string, Set<number>>()
  /** Each session's last final gap verdict: its next one may be a reformulation of it. */
  private readonly lastGap = new Map<number, { key: string; ms: number }>()
  /** Reformulations seen: pairs of keys a session asked one after the other, the first unanswered. */
  private readonly links = new Map<string, readonly [string, string]>()

  constructor(
    base: string,
    private readonly sessionId: (s: string) => number = new SessionIds().get,
    intern: (s: string) => string = new Interner().get
  ) {
    this.verdicts = new SessionVerdicts(base, (v) => this.tally(v), intern)
  }

  add(e: JournalEvent): void {
    this.verdicts.add(e)
  }

  private keyOf(q: string): string {
    let k = this.keys.get(q)
    if (k === undefined) {
      if (this.keys.size >= KEY_CACHE) this.keys.clear()
      this.keys.set(q, (k = queryKey(q)))
    }
    return k
  }

  /** A reformulation pair if `v` follows the session's previous gap search closely enough. */
  private link(session: number, key: string, t: string): readonly [string, string] | null {
    const prev = this.lastGap.get(session)
    return prev && prev.key !== key && Date.parse(t) - prev.ms <= REFORMULATION_MS ? [prev.key, key] : null
  }

  private tally(v: SearchVerdict): void {
    const key = this.keyOf(v.query)
    this.allKeys.add(key)
    const session = this.sessionId(v.session)
    if (v.signal === null) {
      const s = this.answered.get(key)
      if (s) s.add(session)
      else this.answered.set(key, new Set([session]))
      return
    }
    if (key === '') return
    const pair = this.link(session, key, v.t)
    if (pair) this.links.set(`${pair[0]}\n${pair[1]}`, pair)
    this.lastGap.set(session, { key, ms: Date.parse(v.t) })
    let t = this.gaps.get(key)
    if (!t) {
      t = {
        count: 0,
        signals: { 'no-result': 0, partial: 0, reformulated: 0, unread: 0 },
        first: v.t,
        last: v.t,
        sessions: new Set(),
        queries: new Map(),
        docs: new Map(),
        complete: new Set()
      }
      this.gaps.set(key, t)
    }
    t.count++
    t.signals[v.signal]++
    if (v.t < t.first) t.first = v.t
    if (v.t > t.last) t.last = v.t
    t.sessions.add(session)
    const q = v.query.trim().replace(/\s+/g, ' ')
    t.queries.set(q, (t.queries.get(q) ?? 0) + 1)
    for (const p of v.shown) t.docs.set(p, (t.docs.get(p) ?? 0) + 1)
    if (v.complete) for (const p of v.shown) t.complete.add(p)
  }

  /**
   * Topics of the base hit by more sessions than answered them (a question agents usually find is
   * not a gap because one session left without reading), ranked by sessions, then searches, then
   * recency. A topic's first query (its id) is the key of its earliest gap search; two keys first
   * seen in the same millisecond are taken in key order, whatever file held them.
   */
  topics(): RawTopic[] {
    // The open searches, judged as if now were their sessions' end: kept apart from the tallies.
    const openGaps = new Map<string, Keyed[]>()
    const openAnswered = new Map<string, Set<number>>()
    const openKeys = new Set<string>()
    const openLinks: (readonly [string, string])[] = []
    for (const v of this.verdicts.pending()) {
      const key = this.keyOf(v.query)
      if (!this.allKeys.has(key)) openKeys.add(key)
      const session = this.sessionId(v.session)
      if (v.signal === null) {
        const s = openAnswered.get(key)
        if (s) s.add(session)
        else openAnswered.set(key, new Set([session]))
        continue
      }
      if (key === '') continue
      const pair = this.link(session, key, v.t)
      if (pair) openLinks.push(pair)
      const list = openGaps.get(key)
      if (list) list.push({ ...v, key })
      else openGaps.set(key, [{ ...v, key }])
    }

    const first = new Map<string, string>()
    for (const [k, t] of this.gaps) first.set(k, t.first)
    for (const [k, list] of openGaps)
      for (const v of list) {
        const f = first.get(k)
        if (f === undefined || v.t < f) first.set(k, v.t)
      }
    const firstKeys = [...first.keys()].sort((a, b) => compare(first.get(a)!, first.get(b)!) || compare(a, b))

    const topics: RawTopic[] = []
    for (const g of groupQueries(
      firstKeys,
      [...this.allKeys, ...openKeys],
      [...this.links.values(), ...openLinks]
    )) {
      let count = 0
      let firstSeen = ''
      let lastSeen = ''
      const sessions = new Set<number>()
      const queries = new Map<string, number>()
      const docs = new Map<string, number>()
      const complete = new Set<string>()
      const signals: Record<GapSignal, number> = { 'no-result': 0, partial: 0, reformulated: 0, unread: 0 }
      const seen = (t: string): void => {
        if (firstSeen === '' || t < firstSeen) firstSeen = t
        if (lastSeen === '' || t > lastSeen) lastSeen = t
      }
      for (const k of g.keys) {
        const t = this.gaps.get(k)
        if (t) {
          count += t.count
          for (const s of Object.keys(signals) as GapSignal[]) signals[s] += t.signals[s]
          seen(t.first)
          seen(t.last)
          for (const s of t.sessions) sessions.add(s)
          for (const [q, n] of t.queries) queries.set(q, (queries.get(q) ?? 0) + n)
          for (const [p, n] of t.docs) docs.set(p, (docs.get(p) ?? 0) + n)
          for (const p of t.complete) complete.add(p)
        }
        for (const v of openGaps.get(k) ?? []) {
          count++
          if (v.signal) signals[v.signal]++
          seen(v.t)
          sessions.add(this.sessionId(v.session))
          const q = v.query.trim().replace(/\s+/g, ' ')
          queries.set(q, (queries.get(q) ?? 0) + 1)
          for (const p of v.shown) docs.set(p, (docs.get(p) ?? 0) + 1)
          if (v.complete) for (const p of v.shown) complete.add(p)
        }
      }
      const answeredBy = new Set<number>()
      for (const k of g.keys)
        for (const set of [this.answered.get(k), openAnswered.get(k)])
          for (const s of set ?? []) if (!sessions.has(s)) answeredBy.add(s)
      if (answeredBy.size >= sessions.size) continue
      topics.push({
        id: g.id,
        keys: g.keys,
        queries: byCount(queries).slice(0, QUERIES_LISTED),
        count,
        sessions: sessions.size,
        answeredSessions: answeredBy.size,
        firstSeen,
        lastSeen,
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
}

/** The gap topics of `base` in `events` (each session's events in the order they were written). */
export function gapTopics(events: readonly JournalEvent[], base: string): RawTopic[] {
  const fold = new GapFold(base)
  for (const e of events) fold.add(e)
  return fold.topics()
}
