import type { Base } from '../registry/base'
import type { JournalEvent } from '../journal/events'
import { listDocuments } from '../corpus/paths'
import { PROPOSAL_STATUSES, proposalFiles, readProposal } from '../proposals/store'
import type { Insights, ReadCount, SectionReadCount, SubmitterCount } from '../../shared/insights'

/** The figures beside the gaps: what agents read, what nobody read, who proposes, how long decisions take. */

export const UNREAD_DAYS = 90
const TOP = 10
const UNREAD_LISTED = 50

interface DocReads {
  reads: number
  sessions: Set<number>
  /** The latest read, ms since the epoch. */
  lastMs: number
}

interface SectionReads extends SectionReadCount {
  /** The first read (ISO): sections of one document read as often are listed in the order first read. */
  first: string
}

/**
 * What agents read in a base, folded one event at a time (each distinct document and section
 * once, with its counts), so that a reader following the journal adds the new lines to it.
 */
export class ReadFold {
  private readonly docs = new Map<string, DocReads>()
  private readonly sections = new Map<string, SectionReads>()

  constructor(
    private readonly base: string,
    private readonly sessionId: (s: string) => number,
    private readonly intern: (s: string) => string
  ) {}

  add(e: JournalEvent): void {
    if (e.tool !== 'kb_read' || e.base !== this.base) return
    const path = this.intern(e.path)
    const ms = Date.parse(e.t)
    const d = this.docs.get(path)
    if (d) {
      d.reads++
      d.sessions.add(this.sessionId(e.session))
      if (ms > d.lastMs) d.lastMs = ms
    } else this.docs.set(path, { reads: 1, sessions: new Set([this.sessionId(e.session)]), lastMs: ms })
    if (e.section !== null && e.shown === 'section') {
      const k = `${path}\0${e.section}`
      const s = this.sections.get(k)
      if (s) {
        s.reads++
        if (e.t < s.first) s.first = e.t
      } else this.sections.set(k, { path, section: e.section, reads: 1, first: e.t })
    }
  }

  figures(): Pick<Insights, 'mostRead' | 'mostReadSections'> {
    const mostRead: ReadCount[] = [...this.docs.entries()]
      .map(([path, d]) => ({ path, reads: d.reads, sessions: d.sessions.size }))
      .sort((a, b) => b.reads - a.reads || a.path.localeCompare(b.path) || order(a.path, b.path))
      .slice(0, TOP)
    const mostReadSections = [...this.sections.values()]
      .sort(
        (a, b) =>
          b.reads - a.reads ||
          a.path.localeCompare(b.path) ||
          order(a.first, b.first) ||
          order(a.section, b.section)
      )
      .slice(0, TOP)
      .map(({ path, section, reads }) => ({ path, section, reads }))
    return { mostRead, mostReadSections }
  }

  /** Documents of the corpus no `kb_read` reached since `now - UNREAD_DAYS`. */
  unread(base: Base, now: Date): Insights['unread'] {
    const since = now.getTime() - UNREAD_DAYS * 86_400_000
    const unread = listDocuments(base).filter((p) => !((this.docs.get(p)?.lastMs ?? -Infinity) >= since))
    return { days: UNREAD_DAYS, total: unread.length, paths: unread.slice(0, UNREAD_LISTED) }
  }
}

const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

export function proposalFigures(base: Base): Pick<Insights, 'proposalsBySubmitter' | 'decisionTime'> {
  const bySubmitter = new Map<string, SubmitterCount>()
  const hours: number[] = []
  for (const status of PROPOSAL_STATUSES) {
    for (const f of proposalFiles(base, status)) {
      const rec = readProposal(f).record
      const who = rec?.submittedBy ?? '?'
      const c = bySubmitter.get(who) ?? { submitter: who, pending: 0, accepted: 0, rejected: 0 }
      c[status]++
      bySubmitter.set(who, c)
      if (status !== 'pending' && rec?.submittedAt && rec.resolvedAt) {
        const h = (Date.parse(rec.resolvedAt) - Date.parse(rec.submittedAt)) / 3_600_000
        if (Number.isFinite(h) && h >= 0) hours.push(h)
      }
    }
  }
  hours.sort((a, b) => a - b)
  const median =
    hours.length === 0
      ? null
      : hours.length % 2
        ? hours[(hours.length - 1) / 2]
        : (hours[hours.length / 2 - 1] + hours[hours.length / 2]) / 2
  // To the second's order (0.001 h = 3.6 s): a decision minutes after filing must not read 0.
  const round = (h: number | null): number | null => (h === null ? null : Math.round(h * 1000) / 1000)
  return {
    proposalsBySubmitter: [...bySubmitter.values()].sort(
      (a, b) =>
        b.pending + b.accepted + b.rejected - (a.pending + a.accepted + a.rejected) ||
        a.submitter.localeCompare(b.submitter)
    ),
    decisionTime: {
      decided: hours.length,
      medianHours: round(median),
      meanHours: round(hours.length ? hours.reduce((a, b) => a + b, 0) / hours.length : null)
    }
  }
}
