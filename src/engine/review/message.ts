import type { ResolutionKind } from '../../shared/review'

/**
 * The resolution commit message (DESIGN §8 "Audit invariant").
 *
 * Subjects:
 *   one resolution           integrate: <id> — <summary>   |   reject: <id> — <summary>
 *   several, all accepted    integrate: <n> proposals — <summary>
 *   several, all rejected    reject: <n> proposals — <summary>
 *   several, mixed           resolve: <n> proposals (<a> integrated, <r> rejected) — <summary>
 *
 * Trailers, in plan order: `Proposal: <id>` then `Submitted-By: <its submitted-by>` per resolution,
 * then one `Reviewed-By: <reviewed_by>`. No subject ever holds `proposal: <id>`, so
 * `git log -i --grep "proposal: <id>"` finds exactly the submission and this commit.
 */

export interface MessageResolution {
  id: string
  resolution: ResolutionKind
  submittedBy: string | null
}

/**
 * A frontmatter `submitted-by` made safe for a trailer value: one line (newlines collapsed), and a
 * `proposal:` inside written `proposal :` so that it can never add this commit to another
 * proposal's audit trail. Absent → `inconnu`.
 */
export function trailerValue(v: string | null): string {
  const one = (v ?? '').replace(/[\r\n]+/g, ' ').trim()
  return one === '' ? 'inconnu' : one.replace(/(proposal)\s*:/gi, '$1 :')
}

export function resolutionSubject(resolutions: MessageResolution[], summary: string): string {
  const n = resolutions.length
  const accepted = resolutions.filter((r) => r.resolution === 'accepted').length
  const rejected = n - accepted
  if (n === 1) return `${accepted === 1 ? 'integrate' : 'reject'}: ${resolutions[0].id} — ${summary}`
  if (rejected === 0) return `integrate: ${n} proposals — ${summary}`
  if (accepted === 0) return `reject: ${n} proposals — ${summary}`
  return `resolve: ${n} proposals (${accepted} integrated, ${rejected} rejected) — ${summary}`
}

export function resolutionMessage(
  resolutions: MessageResolution[],
  summary: string,
  reviewedBy: string
): string {
  const trailers: string[] = []
  for (const r of resolutions)
    trailers.push(`Proposal: ${r.id}`, `Submitted-By: ${trailerValue(r.submittedBy)}`)
  trailers.push(`Reviewed-By: ${reviewedBy}`)
  return `${resolutionSubject(resolutions, summary)}\n\n${trailers.join('\n')}\n`
}
