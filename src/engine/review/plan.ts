import { forbiddenCharacter } from '../one-line'
import { invalidInput } from '../errors'
import type { PlanEdit, PlanResolution, ResolutionPlan } from '../../shared/review'

/**
 * Shape validation of a resolution plan (seed 000 plan format; messages of behaviours §14.5,
 * exact). Pure: nothing here looks at the base. Every later check (ids, paths, sections, merges)
 * lives in preview.ts, still before anything is written.
 *
 * Beyond the predecessor: unknown keys are refused (a typo such as `integrated-into` would
 * otherwise be dropped silently), `summary` and `reviewed_by` may not carry `proposal:` (it would
 * add a commit to another proposal's audit trail), `integrated_into` only goes with an acceptance
 * and `reason` only with a rejection.
 */

export const REASON_MAX = 500

const PLAN_KEYS = ['summary', 'reviewed_by', 'resolutions', 'edits']
const RESOLUTION_KEYS = ['id', 'resolution', 'integrated_into', 'reason']
const EDIT_KEYS = ['path', 'section', 'content', 'append', 'frontmatter']

type Dict = Record<string, unknown>
const isDict = (v: unknown): v is Dict => v !== null && typeof v === 'object' && !Array.isArray(v)
const codePoints = (s: string): number => [...s].length

function required(where: string): Error {
  return invalidInput(`champ requis manquant ou mal typé : ${where}`)
}

function unknownKeys(obj: Dict, allowed: string[], where: string): void {
  const extra = Object.keys(obj).filter((k) => !allowed.includes(k))
  if (extra.length > 0)
    throw invalidInput(
      `${where} : clé(s) inconnue(s) ${extra.map((k) => `'${k}'`).join(', ')} (attendu : ${allowed.join(', ')})`
    )
}

/** A one-line trailer/subject field: present, string, non-blank, no newline, no `proposal:`. */
function oneLineField(plan: Dict, key: 'summary' | 'reviewed_by'): string {
  const v = plan[key]
  if (typeof v !== 'string' || v.trim() === '') throw required(key)
  if (/[\r\n]/.test(v)) throw invalidInput(`${key} ne doit pas contenir de retour à la ligne`)
  // A NUL in a commit object is refused by `git fsck --strict` (nulInCommit).
  if (v.includes('\0')) throw invalidInput(`${key} ne doit pas contenir de caractère NUL`)
  const control = forbiddenCharacter(v)
  if (control !== null)
    throw invalidInput(`${key} ne doit pas contenir de caractère de contrôle (${control})`)
  if (/proposal:/i.test(v))
    throw invalidInput(
      `${key} ne doit pas contenir « proposal: » — réservé aux commits de soumission (invariant d'audit git log --grep)`
    )
  return v.trim()
}

function parseResolution(r: unknown, i: number): PlanResolution {
  const where = `resolutions[${i}]`
  if (!isDict(r)) throw invalidInput(`${where} doit être un objet`)
  unknownKeys(r, RESOLUTION_KEYS, where)
  if (typeof r.id !== 'string' || r.id.trim() === '') throw required(`${where}.id`)
  if (typeof r.resolution !== 'string' || r.resolution.trim() === '') throw required(`${where}.resolution`)
  const resolution = r.resolution.trim()
  if (resolution !== 'accepted' && resolution !== 'rejected')
    throw invalidInput(`${where}.resolution doit valoir accepted ou rejected`)
  const id = r.id.trim()
  if (resolution === 'rejected') {
    if (typeof r.reason !== 'string' || r.reason.trim() === '')
      throw invalidInput(`${where} : un rejet exige un motif (reason)`)
    const reason = r.reason.trim()
    if (codePoints(reason) > REASON_MAX)
      throw invalidInput(`${where}.reason dépasse ${REASON_MAX} caractères`)
    if (r.integrated_into !== undefined)
      throw invalidInput(`${where} : integrated_into ne va qu'avec une acceptation (resolution: accepted)`)
    return { id, resolution, reason }
  }
  if (r.reason !== undefined)
    throw invalidInput(`${where} : reason ne va qu'avec un rejet (resolution: rejected)`)
  let integrated: string[] = []
  if (r.integrated_into !== undefined) {
    const list = r.integrated_into
    if (!Array.isArray(list) || !list.every((p) => typeof p === 'string' && p.trim() !== ''))
      throw invalidInput(`${where}.integrated_into : liste de chemins`)
    integrated = (list as string[]).map((p) => p.trim())
  }
  return { id, resolution, integrated_into: integrated }
}

function parseEdit(e: unknown, i: number): PlanEdit {
  const where = `edits[${i}]`
  if (!isDict(e)) throw invalidInput(`${where} doit être un objet`)
  unknownKeys(e, EDIT_KEYS, where)
  if (typeof e.path !== 'string' || e.path.trim() === '') throw required(`${where}.path`)
  const edit: PlanEdit = { path: e.path.trim() }
  const has = (k: string): boolean => e[k] !== undefined && e[k] !== null
  if (!has('content') && !has('append') && !has('frontmatter'))
    throw invalidInput(`${where} : fournir content, append ou frontmatter`)
  if (has('content') && has('append')) throw invalidInput(`${where} : content et append sont exclusifs`)
  if (has('content')) {
    if (typeof e.content !== 'string') throw required(`${where}.content`)
    edit.content = e.content
  }
  if (has('append')) {
    if (typeof e.append !== 'string' || e.append.trim() === '') throw required(`${where}.append`)
    edit.append = e.append
  }
  if (has('section')) {
    if (typeof e.section !== 'string' || e.section.trim() === '') throw required(`${where}.section`)
    if (edit.content === undefined)
      throw invalidInput(`${where} : section exige content (le nouveau texte de la section, heading compris)`)
    edit.section = e.section.trim()
  }
  if (has('frontmatter')) {
    if (!isDict(e.frontmatter)) throw invalidInput(`${where}.frontmatter doit être un objet`)
    edit.frontmatter = e.frontmatter
  }
  return edit
}

/** Validates the shape of `raw` (parsed JSON) and returns a normalised plan (strings trimmed). */
export function parsePlan(raw: unknown): ResolutionPlan {
  if (!isDict(raw)) throw invalidInput('le plan doit être un objet JSON')
  unknownKeys(raw, PLAN_KEYS, 'plan')
  const summary = oneLineField(raw, 'summary')
  const reviewedBy = oneLineField(raw, 'reviewed_by')
  const list = raw.resolutions
  if (!Array.isArray(list) || list.length === 0)
    throw invalidInput('resolutions doit être une liste non vide')
  const resolutions = list.map(parseResolution)
  const seen = new Set<string>()
  for (const r of resolutions) {
    if (seen.has(r.id)) throw invalidInput('une proposition apparaît deux fois dans le plan')
    seen.add(r.id)
  }
  let edits: PlanEdit[] = []
  if (raw.edits !== undefined && raw.edits !== null) {
    if (!Array.isArray(raw.edits)) throw invalidInput('edits doit être une liste')
    edits = raw.edits.map(parseEdit)
  }
  return { summary, reviewed_by: reviewedBy, resolutions, edits }
}
