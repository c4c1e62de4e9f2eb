import type { TFunction } from 'i18next'
import type { HistoryEntry } from '../../../../shared/hub-api'

/**
 * An entry of the history as a sentence in the manager's language: who filed what, who decided
 * what. A commit the hub did not write (a colleague's, an import) keeps its own subject: those are
 * its author's words.
 */
export function historyHeadline(t: TFunction, entry: HistoryEntry): string {
  const d = entry.decision
  if (d) {
    const who = d.reviewer ?? t('history.words.someone')
    const a = d.integrated.length
    const r = d.rejected.length
    if (a > 0 && r > 0)
      return t('history.words.decidedBoth', {
        who,
        integrated: t('history.words.integratedN', { count: a }),
        rejected: t('history.words.rejectedN', { count: r })
      })
    if (r > 0) return t('history.words.decided', { who, what: t('history.words.rejectedN', { count: r }) })
    if (a > 0) return t('history.words.decided', { who, what: t('history.words.integratedN', { count: a }) })
  }
  const f = entry.filing
  if (f) {
    const who = f.submittedBy ?? t('history.words.someone')
    return t(f.recovered ? 'history.words.filedAgain' : 'history.words.filed', { who, concerns: f.concerns })
  }
  if (entry.start) return t(`history.words.start.${entry.start.kind}`, { name: entry.start.name })
  return entry.subject
}

const TRAILER_LABELS: Record<string, 'proposal' | 'submittedBy' | 'reviewedBy'> = {
  Proposal: 'proposal',
  'Submitted-By': 'submittedBy',
  'Reviewed-By': 'reviewedBy'
}

/** A trailer's key in the UI's language; one the hub does not write keeps its own name. */
export function trailerLabel(t: TFunction, key: string): string {
  const k = TRAILER_LABELS[key]
  return k ? t(`history.trailer.${k}`) : key
}

/** The author without the e-mail: `Morgane <m@x>` → `Morgane`. */
export function authorName(author: string): string {
  return author.replace(/\s*<[^>]*>\s*$/, '') || author
}
