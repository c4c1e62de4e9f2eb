import type { ProposalState } from '../../../../shared/hub-api'
import type { PlanEdit, PlanResolution, ResolutionPlan } from '../../../../shared/review'
import { editMode, type EditMode } from './plan'

/**
 * What keeps the plan editor honest (issue 25, items 4 and 6): which proposal an edit was written
 * for, which cards went stale (resolved elsewhere) and which may leave the plan by themselves, the
 * kind of change a path calls for, and a switch of kind that never loses the manager's text.
 */

/**
 * An edit as the draft keeps it: the plan's edit, plus what only the editor needs. `toEnginePlan`
 * builds the engine's edits field by field, so neither extra field ever reaches the engine.
 */
export type DraftEdit = PlanEdit & {
  /** The proposal whose card added this edit. */
  for?: string
  /** The text edit set aside while the kind of change has none (frontmatter only), given back on return. */
  kept?: Pick<PlanEdit, 'section' | 'content' | 'append'>
  /** The knowledge gap this edit answers ("Write it" in the Insights tab): its queries stay beside the editor. */
  gap?: { id: string; queries: string[] }
}

export const ownerOf = (e: PlanEdit): string | undefined => (e as DraftEdit).for

/**
 * The proposals an edit serves: the one it was written for, else the acceptances naming its
 * document in `integrated_into`.
 */
export function proposalsOfEdit(plan: ResolutionPlan, e: PlanEdit): string[] {
  const owner = ownerOf(e)
  if (owner && plan.resolutions.some((r) => r.id === owner)) return [owner]
  const path = e.path.trim()
  if (path === '') return []
  return plan.resolutions
    .filter((r) => r.resolution === 'accepted' && (r.integrated_into ?? []).includes(path))
    .map((r) => r.id)
}

/**
 * The documents `integrated_into` suggests for one proposal: its own likely documents, then the
 * documents its own edits touch (and, when the plan accepts only it, the edits nobody claimed).
 */
export function suggestionsFor(plan: ResolutionPlan, r: PlanResolution, likely: readonly string[]): string[] {
  const accepted = plan.resolutions.filter((x) => x.resolution === 'accepted')
  const alone = accepted.length === 1 && accepted[0].id === r.id
  const own = plan.edits
    .filter((e) => ownerOf(e) === r.id || (alone && ownerOf(e) === undefined))
    .map((e) => e.path.trim())
    .filter((p) => p !== '')
  return [...new Set([...likely, ...own])]
}

/** A card the manager has worked on: a reason typed, documents chosen, or an edit of its own. */
export function hasManagerWork(plan: ResolutionPlan, r: PlanResolution): boolean {
  return (
    (r.reason ?? '').trim() !== '' ||
    (r.integrated_into ?? []).length > 0 ||
    plan.edits.some((e) => ownerOf(e) === r.id)
  )
}

/** The cards whose proposal is no longer pending, with where it went. */
export function staleCards(
  plan: ResolutionPlan,
  states: Readonly<Record<string, ProposalState>>
): { resolution: PlanResolution; state: ProposalState; leaves: boolean }[] {
  const out: { resolution: PlanResolution; state: ProposalState; leaves: boolean }[] = []
  for (const r of plan.resolutions) {
    const state = states[r.id]
    if (!state || state.status === 'pending') continue
    out.push({ resolution: r, state, leaves: !hasManagerWork(plan, r) })
  }
  return out
}

/** Nothing typed or chosen yet: the kind of change can follow the path without losing anything. */
export function isBlankEdit(e: PlanEdit): boolean {
  return (
    (e.section ?? '').trim() === '' &&
    (e.content ?? '') === '' &&
    (e.append ?? '') === '' &&
    Object.keys(e.frontmatter ?? {}).length === 0 &&
    (e as DraftEdit).kept === undefined
  )
}

/** A new edit for a path: a section of an existing document, or the creation of a new one. */
export function blankEdit(path: string, exists: boolean, owner?: string): PlanEdit {
  const e: DraftEdit =
    exists || path.trim() === '' ? { path, section: '', content: '' } : { path, content: '' }
  if (owner) e.for = owner
  return e
}

/** The path changed: a blank edit takes the kind the new path calls for. */
export function withPath(e: PlanEdit, path: string, exists: boolean): PlanEdit {
  const next = { ...e, path }
  if (!isBlankEdit(e)) return next
  const mode = editMode(e)
  const wanted: EditMode = exists || path.trim() === '' ? (mode === 'whole' ? 'section' : mode) : 'whole'
  if (wanted === mode) return next
  const out: DraftEdit = { ...blankEdit(path, exists), ...keepOwner(e) }
  return out
}

/** The fields of a draft edit that say whom and what it was written for: kept across any change of kind. */
export const keepOwner = (e: PlanEdit): Partial<DraftEdit> => {
  const owner = ownerOf(e)
  const gap = (e as DraftEdit).gap
  return { ...(owner ? { for: owner } : {}), ...(gap ? { gap } : {}) }
}

/**
 * Change `index` of the plan becomes `edit`. When its path changed and it was written for a
 * proposal (`for`) whose « integrated into » names the old path — ticked when the change was
 * opened from the proposal's card — and no other change edits that path, the tick follows the
 * path: otherwise the preview warns that the proposal is integrated into a document no change edits.
 */
export function withEdit(plan: ResolutionPlan, index: number, edit: PlanEdit): ResolutionPlan {
  const before = plan.edits[index]
  const edits = plan.edits.map((e, i) => (i === index ? edit : e))
  const owner = ownerOf(edit)
  const from = before?.path.trim() ?? ''
  const to = edit.path.trim()
  if (!owner || from === '' || to === '' || from === to) return { ...plan, edits }
  if (edits.some((e) => e.path.trim() === from)) return { ...plan, edits }
  const resolutions = plan.resolutions.map((r) => {
    const into = r.integrated_into ?? []
    if (r.id !== owner || !into.includes(from)) return r
    const moved = into.includes(to) ? into.filter((p) => p !== from) : into.map((p) => (p === from ? to : p))
    return { ...r, integrated_into: moved }
  })
  return { ...plan, edits, resolutions }
}
