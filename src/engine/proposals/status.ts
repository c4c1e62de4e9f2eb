import type { Base } from '../registry/base'
import type { HubLog } from '../hublog'
import { notFound } from '../errors'
import { PROPOSAL_STATUSES, proposalFiles, readProposal, type ProposalStatus } from './store'
import { integratedList } from './record'

export interface StatusQuery {
  id?: string
  submittedBy?: string
  status?: ProposalStatus
  limit: number
}

export interface StatusEntry {
  id: string
  /** From the file's location, which is authoritative (SPEC §6.2). */
  location: ProposalStatus
  declaredStatus: string | null
  type: string | null
  concerns: string | null
  submittedAt: string | null
  submittedBy: string | null
  resolvedAt: string | null
  resolution: string | null
  integratedInto: string[] | null
  rejectionReason: string | null
}

export interface StatusResult {
  total: number
  entries: StatusEntry[]
  unreadable: number
}

/**
 * Read-only view of proposals/: no lock, no state. The only exception to the
 * transverse exclusion of proposals/, confined to regular files inside their
 * status folder.
 */
export function proposalStatus(base: Base, q: StatusQuery, log?: HubLog): StatusResult {
  const statuses = q.status ? [q.status] : [...PROPOSAL_STATUSES]
  const wanted = q.submittedBy?.trim().toLowerCase()
  let unreadable = 0
  const entries: StatusEntry[] = []
  for (const status of statuses) {
    for (const f of proposalFiles(base, status)) {
      const r = readProposal(f).record
      if (!r) {
        unreadable++
        log?.info(`frontmatter illisible ignoré : ${f.rel}`)
        continue
      }
      const id = r.id ?? f.stem
      // A proposal renamed where ids met (issue 27, sync/rename.ts) is still found by its first id.
      if (q.id !== undefined && id !== q.id && f.stem !== q.id && r.renamedFrom !== q.id) continue
      const by = r.submittedBy
      if (wanted !== undefined && (by ?? '').trim().toLowerCase() !== wanted) continue
      entries.push({
        id,
        location: status,
        declaredStatus: r.status,
        type: r.type,
        concerns: r.concerns,
        submittedAt: r.submittedAt,
        submittedBy: by,
        resolvedAt: r.resolvedAt,
        resolution: r.resolution,
        integratedInto: integratedList(r),
        rejectionReason: r.rejectionReason
      })
    }
  }
  if (q.id !== undefined && entries.length === 0) {
    const scope = q.status ? `le répertoire '${q.status}'` : 'aucun des trois répertoires'
    throw notFound(
      `proposition '${q.id}' introuvable dans ${scope} de proposals/ pour la base '${base.name}'`
    )
  }
  // Newest first; undated last; ties by id, newest-looking first.
  entries.sort((a, b) => {
    if (a.submittedAt === null && b.submittedAt !== null) return 1
    if (b.submittedAt === null && a.submittedAt !== null) return -1
    const ka = `${a.submittedAt ?? ''}\u0000${a.id}`
    const kb = `${b.submittedAt ?? ''}\u0000${b.id}`
    return ka < kb ? 1 : ka > kb ? -1 : 0
  })
  return { total: entries.length, entries: entries.slice(0, q.limit), unreadable }
}
