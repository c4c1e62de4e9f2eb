import type { TFunction } from 'i18next'
import type { PreviewNote } from '../../../../../shared/review'

/** A preview warning in the manager's words: "Change 2", not the contract's `edits[1]`. */
export function previewNoteText(t: TFunction, n: PreviewNote): string {
  switch (n.kind) {
    case 'duplicate-sections':
      return t('plan.notes.duplicateSections', {
        n: n.change,
        path: n.path,
        section: n.section,
        count: n.count
      })
    case 'document-created':
      return t('plan.notes.documentCreated', { n: n.change, path: n.path })
    case 'integrated-untouched':
      return t('plan.notes.integratedUntouched', { id: n.id, path: n.path })
    case 'accepted-without-documents':
      return t('plan.notes.acceptedWithoutDocuments', { id: n.id })
  }
}

/** The warnings as words when the engine sent them as data; its own lines otherwise (an older hub). */
export function previewWarnings(
  t: TFunction,
  r: { warnings: string[]; notes?: PreviewNote[] }
): { text: string; engine: boolean }[] {
  if (r.notes && r.notes.length === r.warnings.length)
    return r.notes.map((n) => ({ text: previewNoteText(t, n), engine: false }))
  return r.warnings.map((w) => ({ text: w, engine: true }))
}
