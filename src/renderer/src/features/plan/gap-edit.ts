import type { GapTopic } from '../../../../shared/insights'
import type { PlanEdit } from '../../../../shared/review'
import type { DraftEdit } from './plan-guide'

/**
 * "Write it" from a knowledge gap: a new document in the plan, with the gap's queries kept beside
 * the editor (`DraftEdit.gap`, draft-only: `toEnginePlan` never sends it).
 */

/** A file name from the gap's first query: accents folded, `[a-z0-9-]`, bounded. */
export function gapSlug(query: string): string {
  const slug = query
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return slug === '' ? 'gap' : slug
}

export function gapEdit(gap: Pick<GapTopic, 'id' | 'queries'>): PlanEdit {
  const edit: DraftEdit = {
    path: `${gapSlug(gap.queries[0] ?? gap.id)}.md`,
    content: '',
    gap: { id: gap.id, queries: gap.queries.slice(0, 10) }
  }
  return edit
}

export const gapOf = (e: PlanEdit): DraftEdit['gap'] => (e as DraftEdit).gap
