import type { JournalEvent, SearchEvent } from '../journal/events'
import type { GapSignal } from '../../shared/insights'

/**
 * What each search told about one base, judged from what the same MCP session did next. A search
 * is answered when the session read one of the documents it showed before searching that base
 * again (even one the OR fallback found: the agent judged it worth reading); otherwise it is a gap signal, the strongest reason first:
 * - `no-result`: nothing shown for this base;
 * - `partial`: only the OR fallback found something (no document holds every term);
 * - `reformulated`: the session searched the base again before reading any result;
 * - `unread`: the results were shown and the session stopped asking without reading them.
 * A proposal after a search is no answer: an agent files what it could not find.
 */

export interface SearchVerdict {
  query: string
  session: string
  /** ISO time of the search. */
  t: string
  /** Null: answered. */
  signal: GapSignal | null
  /** The documents shown for this base. */
  shown: string[]
  /** Whether those documents held every term (no OR fallback). */
  complete: boolean
}

interface Pending {
  ev: SearchEvent & { session: string; t: string }
  shown: string[]
  complete: boolean
  read: boolean
}

/** Every keyword search of `base` in `events` (oldest first), with its verdict. */
export function searchVerdicts(events: readonly JournalEvent[], base: string): SearchVerdict[] {
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
