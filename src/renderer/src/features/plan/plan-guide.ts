import type { ProposalState } from '../../../../shared/hub-api'
import type { PlanEdit, PlanResolution, ResolutionPlan } from '../../../../shared/review'
import { editMode, type EditMode } from './plan'
import { headingsOf, splitFrontmatter, type Heading } from '../../lib/markdown'

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

const keepOwner = (e: PlanEdit): Partial<DraftEdit> => {
  const owner = ownerOf(e)
  const gap = (e as DraftEdit).gap
  return { ...(owner ? { for: owner } : {}), ...(gap ? { gap } : {}) }
}

const fold = (s: string): string =>
  s
    .replace(/^#+\s*/, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()

/** The heading a `section` names: as written, else as the engine compares (case, accents, `#`). */
export function findHeading(headings: readonly Heading[], section: string): Heading | undefined {
  return headings.find((h) => h.text === section) ?? headings.find((h) => fold(h.text) === fold(section))
}

/** A document split into its frontmatter block (fences included) and its body. */
function splitDocument(text: string): { head: string; body: string } {
  const { body } = splitFrontmatter(text)
  return { head: text.slice(0, text.length - body.length), body }
}

/**
 * The whole document with one section replaced, as the engine would write it: the heading line
 * through the section's last non-blank line becomes `content` (right-trimmed); the blank lines
 * before the next heading and everything else stay. Null when the document has no such section.
 */
export function applySectionEdit(text: string, section: string, content: string): string | null {
  const { head, body } = splitDocument(text)
  const h = findHeading(headingsOf(body), section)
  if (!h) return null
  const lines = body.split('\n')
  let last = h.end - 1
  while (last > h.line && lines[last].trim() === '') last--
  const replacement = content.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd()
  return head + [...lines.slice(0, h.line), replacement, ...lines.slice(last + 1)].join('\n')
}

/** The document with text appended, by the engine's separator rule (one blank line between). */
export function applyAppend(text: string, add: string): string {
  const sep = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n'
  return `${text}${sep}${add.trimEnd()}\n`
}

/**
 * The same edit as another kind of change, never losing the manager's text. `current` is the
 * document as it is now (null when it does not exist or is not loaded yet):
 *  - to the whole document, from a section or an append: the whole current document with that
 *    edit applied (a section's text alone would otherwise replace the whole file);
 *  - from the whole document, unchanged: nothing to carry; changed: the text stays as typed
 *    (an append keeps only what was added at the end);
 *  - to frontmatter only: the text is set aside in the draft and given back on the way out.
 */
export function switchMode(e: PlanEdit, mode: EditMode, current: string | null): PlanEdit {
  const from = editMode(e)
  if (from === mode) return e
  const kept = (e as DraftEdit).kept
  if (from === 'frontmatter' && kept) {
    const back: DraftEdit = { path: e.path, ...keepOwner(e), ...kept }
    if (Object.keys(e.frontmatter ?? {}).length > 0) back.frontmatter = e.frontmatter
    return switchMode(back, mode, current)
  }
  const text = from === 'append' ? (e.append ?? '') : (e.content ?? '')
  const out: DraftEdit = { path: e.path, ...keepOwner(e) }
  // An empty frontmatter is only the frontmatter kind's own field: it goes with it.
  if (e.frontmatter !== undefined && (from !== 'frontmatter' || Object.keys(e.frontmatter).length > 0))
    out.frontmatter = e.frontmatter
  switch (mode) {
    case 'whole': {
      let whole = text
      if (current !== null && from === 'section' && (e.section ?? '').trim() !== '' && text.trim() !== '')
        whole = applySectionEdit(current, e.section ?? '', text) ?? text
      else if (current !== null && from === 'append')
        whole = text.trim() === '' ? current : applyAppend(current, text)
      else if (current !== null && text.trim() === '') whole = current
      return { ...out, content: whole }
    }
    case 'section': {
      const carried = from === 'whole' && current !== null && text === current ? '' : text
      return { ...out, section: from === 'whole' ? '' : (e.section ?? ''), content: carried }
    }
    case 'append': {
      let carried = text
      if (from === 'whole' && current !== null && text.startsWith(current))
        carried = text.slice(current.length).replace(/^\n+/, '')
      return { ...out, append: carried }
    }
    case 'frontmatter': {
      const aside: DraftEdit['kept'] =
        from === 'section'
          ? { section: e.section ?? '', content: text }
          : from === 'append'
            ? { append: text }
            : { content: text }
      return { ...out, frontmatter: e.frontmatter ?? {}, ...(text !== '' ? { kept: aside } : {}) }
    }
  }
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
