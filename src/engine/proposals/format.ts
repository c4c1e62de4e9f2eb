import { Document, isScalar } from 'yaml'
import type { ProposalFields } from './rules'

/** `2026-08-30T09:12:00Z`: UTC, second precision. */
export function isoSecond(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/**
 * The proposal file: a frontmatter produced by the YAML library only (values
 * full of `---`, `:`, quotes or `#` come back identical), then the content.
 * `submitted-at` is quoted so YAML 1.1 readers keep it a string too.
 */
export function renderProposalFile(id: string, f: ProposalFields, submittedAt: Date): string {
  const doc = new Document({
    id,
    'submitted-by': f.submittedBy,
    'submitted-at': isoSecond(submittedAt),
    type: f.type,
    concerns: f.concerns,
    sources: f.sources,
    confidence: f.confidence,
    status: 'pending'
  })
  const at = doc.get('submitted-at', true)
  if (isScalar(at)) at.type = 'QUOTE_SINGLE'
  const yaml = doc.toString({ lineWidth: 0 })
  return `---\n${yaml}---\n\n${f.content.trim()}\n`
}

/** First 60 characters of concerns, right-trimmed, as the commit subject carries them. */
export function subjectConcerns(concerns: string): string {
  return [...concerns].slice(0, 60).join('').trimEnd()
}

/**
 * The audit invariant rests on `git log -i --grep "proposal: <id>"` finding exactly a proposal's
 * submission and resolution. A contributor's text quoting `proposal: prop-…` would add a third
 * commit to another proposal's trail, so in commit messages (never in the file) `proposal:` from
 * user text becomes `proposal :`.
 */
export function auditSafe(text: string): string {
  return text.replace(/(proposal)\s*:/gi, '$1 :')
}

export function submissionMessage(
  id: string,
  type: string,
  concerns: string,
  submittedBy: string,
  recovered = false
): string {
  return `proposal: ${id} (${type}) — ${auditSafe(subjectConcerns(concerns))}${recovered ? ' (recovered)' : ''}\n\nSubmitted-By: ${auditSafe(submittedBy)}\n`
}
