import type { Base } from '../registry/base'
import { proposalFiles } from '../proposals/store'
import { DEFAULT_BASES_INSTRUCTIONS } from '../bootstrap/default-bases'
import type { FirstSteps, HostRegistration } from '../../shared/hub-api'

const SHIPPED = new Set(DEFAULT_BASES_INSTRUCTIONS.map((b) => b.name))

/**
 * The first-run checklist, read from what is there rather than recorded as it happens: a step a
 * manager did from the CLI, by hand or before this version counts the same, and undoing it (the
 * only AI app unregistered) shows the step again. Reading it is a directory listing per base and
 * the host config files, no server started.
 */
export function firstSteps(bases: Base[], hosts: HostRegistration[], hidden: boolean): FirstSteps {
  let review = false
  let reviewBase: string | null = null
  let most = 0
  for (const b of bases) {
    if (!review && (proposalFiles(b, 'accepted').length > 0 || proposalFiles(b, 'rejected').length > 0))
      review = true
    const pending = proposalFiles(b, 'pending').length
    if (pending > most) {
      most = pending
      reviewBase = b.name
    }
  }
  return {
    aiApp: hosts.some((h) => h.present),
    base: bases.some((b) => !SHIPPED.has(b.name)),
    review,
    reviewBase,
    hidden
  }
}
