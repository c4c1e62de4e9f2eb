/**
 * The proposal file's own format lives in `record.ts`; these re-exports keep the callers (and the
 * tests) that import it from here. This module keeps the commit messages' format.
 */
export { isoSecond, renderProposalFile } from './record'

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
