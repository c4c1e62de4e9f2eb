import type { JournalEvent } from '../journal/events'
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
  query: string
  session: string
  t: string
  shown: string[]
  complete: boolean
  read: boolean
}

function verdictOf(p: Pending, next: 'search' | 'end'): SearchVerdict {
  const signal: GapSignal | null = p.read
    ? null
    : p.shown.length === 0
      ? 'no-result'
      : !p.complete
        ? 'partial'
        : next === 'search'
          ? 'reformulated'
          : 'unread'
  return {
    query: p.query,
    session: p.session,
    t: p.t,
    signal,
    shown: p.shown,
    complete: p.complete
  }
}

/**
 * The same judgement made event by event, for a reader that folds the journal as it grows: a
 * search's verdict is final once its session searches the base again (`onVerdict` is then called);
 * until then it is pending, and `pending()` says what it would be if the session asked nothing more.
 * Each session's events must come in the order its server wrote them; sessions may interleave.
 * `intern` lets the caller share one copy of each document path among the searches it keeps.
 */
export class SessionVerdicts {
  private readonly open = new Map<string, Pending>()

  constructor(
    private readonly base: string,
    private readonly onVerdict: (v: SearchVerdict) => void,
    private readonly intern: (path: string) => string = (p) => p
  ) {}

  add(e: JournalEvent): void {
    if (e.tool === 'kb_search') {
      // A regex is a pattern, not a question: it names no topic a manager could write.
      if (e.mode !== 'keyword' || !e.bases.includes(this.base)) return
      const prev = this.open.get(e.session)
      if (prev) this.onVerdict(verdictOf(prev, 'search'))
      const group = e.groups.find((g) => g.base === this.base)
      // Only what a verdict reads is kept (not the event's other bases, excerpts' sections…).
      this.open.set(e.session, {
        query: e.query,
        session: e.session,
        t: e.t,
        shown: group ? group.shown.map((s) => this.intern(s.path)) : [],
        complete: group ? !group.orFallback : true,
        read: false
      })
    } else if (e.tool === 'kb_read' && e.base === this.base) {
      const p = this.open.get(e.session)
      if (p && p.shown.includes(e.path)) p.read = true
    }
  }

  /** The verdicts of the searches still open, as if their sessions had ended (sessions in first-seen order). */
  pending(): SearchVerdict[] {
    return [...this.open.values()].map((p) => verdictOf(p, 'end'))
  }
}

/** Every keyword search of `base` in `events` (oldest first), with its verdict. */
export function searchVerdicts(events: readonly JournalEvent[], base: string): SearchVerdict[] {
  const out: SearchVerdict[] = []
  const fold = new SessionVerdicts(base, (v) => out.push(v))
  for (const e of events) fold.add(e)
  out.push(...fold.pending())
  out.sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0))
  return out
}
