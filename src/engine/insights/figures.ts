import type { Base } from '../registry/base'
import type { JournalEvent } from '../journal/events'
import { listDocuments } from '../corpus/paths'
import { PROPOSAL_STATUSES, proposalFiles, readProposal } from '../proposals/store'
import type { Insights, ReadCount, SectionReadCount, SubmitterCount } from '../../shared/insights'

/** The figures beside the gaps: what agents read, what nobody read, who proposes, how long decisions take. */

export const UNREAD_DAYS = 90
const TOP = 10
const UNREAD_LISTED = 50

export function readFigures(
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
    .sort((a, b) => b.reads - a.reads || a.path.localeCompare(b.path))
    .slice(0, TOP)
  const mostReadSections = [...sections.values()]
    .sort((a, b) => b.reads - a.reads || a.path.localeCompare(b.path))
    .slice(0, TOP)
  return { mostRead, mostReadSections }
}

/** Documents of the corpus no `kb_read` reached since `now - UNREAD_DAYS`. */
export function unreadFigure(events: readonly JournalEvent[], base: Base, now: Date): Insights['unread'] {
  const since = now.getTime() - UNREAD_DAYS * 86_400_000
  const read = new Set<string>()
  for (const e of events)
    if (e.tool === 'kb_read' && e.base === base.name && Date.parse(e.t) >= since) read.add(e.path)
  const unread = listDocuments(base).filter((p) => !read.has(p))
  return { days: UNREAD_DAYS, total: unread.length, paths: unread.slice(0, UNREAD_LISTED) }
}

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
  const round = (h: number | null): number | null => (h === null ? null : Math.round(h * 10) / 10)
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
