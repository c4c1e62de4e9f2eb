import type { Base } from '../registry/base'
import { invalidInput } from '../errors'
import type { ErrorDetail } from '../../shared/error-kinds'
import type { HistoryEntry, ProposalState } from '../../shared/hub-api'
import {
  locateProposals as locate,
  nameableByPlan,
  PROPOSAL_ID_PATTERN,
  proposalFiles,
  readProposal,
  type Located
} from '../proposals/store'
import { resolutionEntries } from '../hub/history'

/**
 * Where the proposals a plan names stand now: still pending, or resolved (here, in another
 * window, by another hub whose commit a sync brought) — with when, and who from the resolution
 * commit's `Reviewed-By` trailer. The folder is authoritative (SPEC §6.2), as for kb_proposal_status.
 */

/** Most ids one call answers for: a plan's cards, not a whole base. */
export const PROPOSAL_STATES_MAX = 500

/**
 * The kind of preview's refusal of ids no longer pending (its French sentence stays the
 * contract's): the first such id, where it went, when and by whom. Only on the refusal's path:
 * folders, frontmatter, and the history for the reviewer.
 */
export async function notPendingDetail(base: Base, missing: readonly string[]): Promise<ErrorDetail> {
  // Listed as pending, yet no plan can name it: a file in pending/ whose name is not its id, or
  // whose id is not one (committed by hand). Said as such, not as « resolved elsewhere ».
  for (const id of missing) {
    const file = malformedPending(base, id)
    if (file) return { kind: 'proposal-malformed', params: { id, path: file } }
  }
  const ids = missing.filter((id) => PROPOSAL_ID_PATTERN.test(id))
  const first = ids[0] ?? missing[0]
  const where = ids.length > 0 ? locate(base, [first]).get(first) : undefined
  const params: Record<string, string | string[]> = {
    id: first,
    ids: [...missing],
    status: where?.status ?? 'missing'
  }
  if (where?.resolvedAt) params.date = where.resolvedAt
  if (where && where.status !== 'pending') {
    const entry = (await resolutionEntries(base, [first])).get(first)
    const reviewer = entry?.trailers.find((t) => t.key === 'Reviewed-By')?.value
    if (reviewer) params.reviewer = reviewer
  }
  return { kind: 'proposal-not-pending', params }
}

/** The pending file that shows `id` without being a well-formed proposal of that id, if any. */
function malformedPending(base: Base, id: string): string | null {
  for (const f of proposalFiles(base, 'pending')) {
    const own = readProposal(f).record?.id ?? f.stem
    if ((f.stem === id || own === id) && !nameableByPlan(f.stem, own)) return f.rel
  }
  return null
}

export async function proposalStates(base: Base, ids: unknown): Promise<ProposalState[]> {
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
    throw invalidInput('ids doit être une liste de chaînes')
  if (ids.length > PROPOSAL_STATES_MAX)
    throw invalidInput(`au plus ${PROPOSAL_STATES_MAX} identifiants par appel`)
  const list = [...new Set(ids as string[])]
  const bad = list.find((id) => !PROPOSAL_ID_PATTERN.test(id))
  if (bad !== undefined)
    throw invalidInput('identifiant de proposition invalide (forme prop-AAAA-MM-JJ-xxxx)')
  const located = locate(base, list)
  const resolved = list.filter((id) => located.get(id)?.status !== 'pending')
  // The history is read only when something left pending/ (the common case reads folders only).
  const commits: Map<string, HistoryEntry> =
    resolved.length > 0 ? await resolutionEntries(base, resolved) : new Map()
  return list.map((id) => {
    const where = located.get(id) as Located
    const entry = commits.get(id)
    const reviewer = entry?.trailers.find((t) => t.key === 'Reviewed-By')?.value ?? null
    return {
      id,
      status: where.status,
      concerns: where.concerns,
      resolvedAt: where.resolvedAt ?? (where.status === 'pending' ? null : (entry?.date ?? null)),
      reviewer,
      commit: entry?.commit ?? null
    }
  })
}
