import type { Base } from '../registry/base'
import { eventBases, type JournalEvent } from '../journal/events'
import { JournalTail } from '../journal/tail'
import type { Insights } from '../../shared/insights'
import { GapFold, Interner, SessionIds, type RawTopic } from './gaps'
import { ReadFold } from './figures'

/**
 * What the usage journal says about one base, folded as the journal grows: the gap tallies, the
 * read counts, how many events and since when. A re-check (after every resolution and every sync
 * that moved the branch) reads only the lines appended since the previous one, and keeps tallies
 * per distinct query, document and session — never the events themselves. A replay of the whole
 * journal at each re-check held every event parsed at once: 34,815 events after a 10-minute soak
 * were 30.6 MB live (docs/PERFORMANCE.md).
 */
export class BaseUsage {
  /** Events that concern the base. */
  events = 0
  /** The oldest one's time. */
  since: string | null = null
  private readonly gaps: GapFold
  private readonly reads: ReadFold

  constructor(readonly base: string) {
    const sessions = new SessionIds()
    const paths = new Interner()
    this.gaps = new GapFold(base, sessions.get, paths.get)
    this.reads = new ReadFold(base, sessions.get, paths.get)
  }

  add(e: JournalEvent): void {
    if (!eventBases(e).includes(this.base)) return
    this.events++
    if (this.since === null || e.t < this.since) this.since = e.t
    this.gaps.add(e)
    this.reads.add(e)
  }

  topics(): RawTopic[] {
    return this.gaps.topics()
  }

  journal(): Insights['journal'] {
    return { events: this.events, since: this.since }
  }

  readFigures(): Pick<Insights, 'mostRead' | 'mostReadSections'> {
    return this.reads.figures()
  }

  unread(base: Base, now: Date): Insights['unread'] {
    return this.reads.unread(base, now)
  }
}

interface Followed {
  tail: JournalTail
  usage: BaseUsage
}

/** Bases followed at once in a process; the least recently asked is dropped past this (and folded again if asked). */
export const FOLLOWED_BASES = 16

const followed = new Map<string, Followed>()

/**
 * The base's usage as the journal folder holds it now, caught up from where the previous call
 * left it (from the start the first time, and whenever a file was pruned, purged or rewritten).
 */
export function baseUsage(journalDir: string, base: string): BaseUsage {
  const key = `${journalDir}\0${base}`
  const f = followed.get(key) ?? { tail: new JournalTail(journalDir), usage: new BaseUsage(base) }
  // Out of the map while it catches up: if reading throws, where the fold stands against the files
  // is no longer known, and the next call starts afresh.
  followed.delete(key)
  f.tail.catchUp({
    reset: () => {
      f.usage = new BaseUsage(base)
    },
    event: (e) => f.usage.add(e)
  })
  followed.set(key, f)
  for (const k of followed.keys()) {
    if (followed.size <= FOLLOWED_BASES) break
    followed.delete(k)
  }
  return f.usage
}

/** Forgets every followed journal (tests; a process that wants its memory back). */
export function forgetUsage(): void {
  followed.clear()
}
