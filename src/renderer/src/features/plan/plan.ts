import type { PlanEdit, PlanResolution, ResolutionPlan } from '../../../../shared/review'

/**
 * The plan as the editor holds it, and the plan the engine receives. A draft keeps what the
 * manager typed even when it does not fit the current choice (a reason typed before switching to
 * accept stays, to come back); `toEnginePlan` sends only what the plan format allows
 * (src/engine/review/plan.ts refuses `integrated_into` on a rejection, `reason` on an acceptance).
 */

export const REASON_MAX = 500

export function emptyPlan(reviewer: string | null): ResolutionPlan {
  return { summary: '', reviewed_by: reviewer ?? '', resolutions: [], edits: [] }
}

/** What an edit does, as the manager chooses it (the plan format has no such field: derived). */
export type EditMode = 'section' | 'append' | 'whole' | 'frontmatter'

export function editMode(e: PlanEdit): EditMode {
  if (e.section !== undefined) return 'section'
  if (e.append !== undefined) return 'append'
  if (e.content !== undefined) return 'whole'
  return 'frontmatter'
}

/** The same edit in another mode, keeping the text typed so far. */
export function withMode(e: PlanEdit, mode: EditMode): PlanEdit {
  const text = e.content ?? e.append ?? ''
  const base: PlanEdit = { path: e.path }
  if (e.frontmatter !== undefined) base.frontmatter = e.frontmatter
  switch (mode) {
    case 'section':
      return { ...base, section: e.section ?? '', content: text }
    case 'append':
      return { ...base, append: text }
    case 'whole':
      return { ...base, content: text }
    case 'frontmatter':
      return { ...base, frontmatter: e.frontmatter ?? {} }
  }
}

export function toEnginePlan(plan: ResolutionPlan): ResolutionPlan {
  const resolutions: PlanResolution[] = plan.resolutions.map((r) =>
    r.resolution === 'rejected'
      ? { id: r.id, resolution: 'rejected', reason: (r.reason ?? '').trim() }
      : { id: r.id, resolution: 'accepted', integrated_into: [...(r.integrated_into ?? [])] }
  )
  const edits: PlanEdit[] = plan.edits.map((e) => {
    const out: PlanEdit = { path: e.path.trim() }
    const mode = editMode(e)
    if (mode === 'section') {
      out.section = (e.section ?? '').trim()
      out.content = e.content ?? ''
    } else if (mode === 'append') out.append = e.append ?? ''
    else if (mode === 'whole') out.content = e.content ?? ''
    if (e.frontmatter && Object.keys(e.frontmatter).length > 0) out.frontmatter = e.frontmatter
    else if (mode === 'frontmatter') out.frontmatter = {}
    return out
  })
  return { summary: plan.summary.trim(), reviewed_by: plan.reviewed_by.trim(), resolutions, edits }
}

/** One reason the plan cannot be previewed yet, as an i18n key and its values. */
export interface PlanIssue {
  key:
    | 'noResolution'
    | 'resolutionNotPending'
    | 'summaryMissing'
    | 'summaryNewline'
    | 'summaryProposal'
    | 'reviewerMissing'
    | 'reviewerNewline'
    | 'reviewerProposal'
    | 'reasonMissing'
    | 'reasonTooLong'
    | 'editPathMissing'
    | 'editPathNotMd'
    | 'editPathOutside'
    | 'integratedOutside'
    | 'editSectionMissing'
    | 'editAppendEmpty'
    | 'editContentEmpty'
    | 'editFrontmatterEmpty'
    | 'editFrontmatterKey'
  /** The proposal or the edit concerned (1-based edit number). */
  id?: string
  edit?: number
}

const codePoints = (s: string): number => [...s].length

/**
 * A path that cannot name a document of the corpus: absolute, a Windows drive or separator, or a
 * `.`/`..`/empty segment (the engine refuses them at preview; said here as the manager types).
 */
export function outsideCorpus(path: string): boolean {
  const p = path.trim()
  if (p.startsWith('/') || /^[a-z]:/i.test(p) || p.includes('\\')) return true
  return p.split('/').some((seg) => seg === '' || seg === '.' || seg === '..')
}

/**
 * What to say of a typed path that names no document yet, when it cannot be what the manager
 * means: outside the corpus, or copied from the repository's root (the words' key and values).
 */
export function pathWarning(
  path: string,
  documents: readonly string[]
): { key: 'plan.edit.outside' | 'plan.edit.meant'; path?: string } | null {
  if (outsideCorpus(path)) return { key: 'plan.edit.outside' }
  const meant = meantDocument(path, documents)
  return meant === null ? null : { key: 'plan.edit.meant', path: meant }
}

/**
 * The corpus document a path most likely meant when it names none: the same path without its
 * first folder — a path copied from the repository's root (`knowledge/a.md`), as the preview and
 * `git` print them, where the plan wants the corpus's own (`a.md`). Null when there is none.
 */
export function meantDocument(path: string, documents: readonly string[]): string | null {
  const p = path.trim()
  if (documents.includes(p)) return null
  const rest = p.slice(p.indexOf('/') + 1)
  return p.includes('/') && documents.includes(rest) ? rest : null
}

/** The engine's shape rules, checked as the manager types (the engine checks them again). */
export function planIssues(plan: ResolutionPlan): PlanIssue[] {
  const issues: PlanIssue[] = []
  if (plan.resolutions.length === 0) issues.push({ key: 'noResolution' })
  for (const r of plan.resolutions) {
    if ((r.integrated_into ?? []).some(outsideCorpus)) issues.push({ key: 'integratedOutside', id: r.id })
    if (r.resolution !== 'rejected') continue
    const reason = (r.reason ?? '').trim()
    if (reason === '') issues.push({ key: 'reasonMissing', id: r.id })
    else if (codePoints(reason) > REASON_MAX) issues.push({ key: 'reasonTooLong', id: r.id })
  }
  plan.edits.forEach((e, i) => {
    const edit = i + 1
    const path = e.path.trim()
    if (path === '') issues.push({ key: 'editPathMissing', edit })
    else if (outsideCorpus(path)) issues.push({ key: 'editPathOutside', edit })
    else if (!/\.md$/.test(path)) issues.push({ key: 'editPathNotMd', edit })
    const mode = editMode(e)
    if (mode === 'section' && (e.section ?? '').trim() === '')
      issues.push({ key: 'editSectionMissing', edit })
    if (mode === 'append' && (e.append ?? '').trim() === '') issues.push({ key: 'editAppendEmpty', edit })
    // An empty whole document would empty the file, or create an empty one: a « Write it » left
    // blank became, once a teammate wrote that document, « replace it with nothing ».
    if (mode === 'whole' && Object.keys(e.frontmatter ?? {}).length === 0 && (e.content ?? '').trim() === '')
      issues.push({ key: 'editContentEmpty', edit })
    const fields = Object.keys(e.frontmatter ?? {})
    if (mode === 'frontmatter' && fields.length === 0) issues.push({ key: 'editFrontmatterEmpty', edit })
    if (fields.some((k) => k.trim() === '')) issues.push({ key: 'editFrontmatterKey', edit })
  })
  const line = (v: string, missing: PlanIssue['key'], nl: PlanIssue['key'], prop: PlanIssue['key']): void => {
    if (v.trim() === '') issues.push({ key: missing })
    else if (/[\r\n]/.test(v)) issues.push({ key: nl })
    else if (/proposal:/i.test(v)) issues.push({ key: prop })
  }
  line(plan.summary, 'summaryMissing', 'summaryNewline', 'summaryProposal')
  line(plan.reviewed_by, 'reviewerMissing', 'reviewerNewline', 'reviewerProposal')
  return issues
}

/** A frontmatter value as typed: numbers, true/false, null and JSON lists/objects, else text. */
export function parseFieldValue(text: string): unknown {
  const t = text.trim()
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t)
  if (t === 'true') return true
  if (t === 'false') return false
  if (t === 'null') return null
  if ((t.startsWith('[') && t.endsWith(']')) || (t.startsWith('{') && t.endsWith('}'))) {
    try {
      return JSON.parse(t) as unknown
    } catch {
      return text
    }
  }
  return text
}

export function formatFieldValue(v: unknown): string {
  if (typeof v === 'string') return v
  return JSON.stringify(v)
}

/** Stable key of what the engine would receive: a preview is current while it stays the same. */
export function planKey(plan: ResolutionPlan): string {
  return JSON.stringify(toEnginePlan(plan))
}

export function planCounts(plan: ResolutionPlan): { total: number; accepted: number; rejected: number } {
  const accepted = plan.resolutions.filter((r) => r.resolution === 'accepted').length
  return { total: plan.resolutions.length, accepted, rejected: plan.resolutions.length - accepted }
}
