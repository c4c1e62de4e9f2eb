import { invalidInput } from '../errors'
import { forbiddenCharacter } from '../one-line'

/** The contract's sentence, and which field it is about as data (`proposal-field-invalid`). */
const refuse = (field: string, message: string): Error =>
  invalidInput(message, { kind: 'proposal-field-invalid', params: { field } })

export const PROPOSAL_TYPES = ['observation', 'correction', 'addition', 'question'] as const
export const CONFIDENCES = ['high', 'medium', 'low'] as const
export type ProposalType = (typeof PROPOSAL_TYPES)[number]
export type Confidence = (typeof CONFIDENCES)[number]

export const CONTENT_MAX_BYTES = 16384
export const CONCERNS_MAX = 200
export const SUBMITTED_BY_MAX = 100
export const SOURCES_MIN = 1
export const SOURCES_MAX = 20
export const SOURCE_MAX = 300

/** A validated proposal, as kb_propose files it and reconcile re-checks it. */
export interface ProposalFields {
  type: ProposalType
  concerns: string
  content: string
  sources: string[]
  confidence: Confidence
  submittedBy: string
}

const chars = (s: string): number => [...s].length
const hasNewline = (s: string): boolean => /[\r\n]/.test(s)

/**
 * Newlines are refused in every field that reaches a commit subject or
 * trailer: a `\n` would forge a `Reviewed-By:` and corrupt the audit invariants
 * built on `git log --grep`. Normative, not cosmetic (seed 000).
 */
export function checkOneLine(field: string, value: string, max: number, label = field): void {
  if (hasNewline(value)) throw refuse(field, `le champ '${field}' ne doit pas contenir de retour à la ligne`)
  // git refuses a NUL in a commit object (`git fsck --strict`: nulInCommit); filed, it would make
  // the base's history invalid for every git user.
  if (value.includes('\0')) throw refuse(field, `le champ '${field}' ne doit pas contenir de caractère NUL`)
  const control = forbiddenCharacter(value)
  if (control !== null)
    throw refuse(field, `le champ '${field}' ne doit pas contenir de caractère de contrôle (${control})`)
  const n = chars(value)
  if (n > max) throw refuse(field, `${label} dépasse ${max} caractères (${n})`)
}

export function checkType(t: string): ProposalType {
  if (!(PROPOSAL_TYPES as readonly string[]).includes(t))
    throw refuse('type', `type '${t}' invalide (attendu : ${PROPOSAL_TYPES.join(', ')})`)
  return t as ProposalType
}

export function checkConfidence(c: string): Confidence {
  if (!(CONFIDENCES as readonly string[]).includes(c))
    throw refuse('confidence', `confidence '${c}' invalide (attendu : ${CONFIDENCES.join(', ')})`)
  return c as Confidence
}

export function checkContent(content: string): void {
  const size = Buffer.byteLength(content, 'utf8')
  if (size > CONTENT_MAX_BYTES)
    throw refuse('content', `content dépasse ${CONTENT_MAX_BYTES} octets (${size})`)
}

export function checkSources(sources: unknown): string[] {
  if (!Array.isArray(sources)) throw refuse('sources', `paramètre 'sources' requis (liste de chaînes)`)
  if (sources.length < SOURCES_MIN || sources.length > SOURCES_MAX)
    throw refuse(
      'sources',
      `sources doit contenir entre ${SOURCES_MIN} et ${SOURCES_MAX} entrées (${sources.length} reçues)`
    )
  return sources.map((s, i) => {
    if (typeof s !== 'string' || s.trim() === '')
      throw refuse('sources', `sources[${i}] doit être une chaîne non vide`)
    const v = s.trim()
    checkOneLine(`sources[${i}]`, v, SOURCE_MAX, `sources[${i}]`)
    return v
  })
}

/** Every rule kb_propose enforces, on already-typed values (trimmed where the contract trims). */
export function checkProposalFields(f: {
  type: string
  confidence: string
  concerns: string
  submittedBy: string
  content: string
  sources: unknown
}): ProposalFields {
  const type = checkType(f.type)
  const confidence = checkConfidence(f.confidence)
  checkOneLine('concerns', f.concerns, CONCERNS_MAX)
  checkOneLine('submitted_by', f.submittedBy, SUBMITTED_BY_MAX)
  if (f.content.trim() === '') throw refuse('content', `paramètre 'content' requis (chaîne non vide)`)
  checkContent(f.content)
  const sources = checkSources(f.sources)
  return { type, confidence, concerns: f.concerns, submittedBy: f.submittedBy, content: f.content, sources }
}
