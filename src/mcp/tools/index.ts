import type { ToolDefinition } from '../tool'
import { kbList } from './kb_list'
import { kbSearch } from './kb_search'
import { kbRead } from './kb_read'
import { kbGovernance } from './kb_governance'
import { kbPropose } from './kb_propose'
import { kbProposalStatus } from './kb_proposal_status'
import { kbHubRescan } from './kb_hub_rescan'

/** The seven tools of the contract, in the contract's order. */
export const TOOLS: readonly ToolDefinition[] = [
  kbList,
  kbSearch,
  kbRead,
  kbGovernance,
  kbPropose,
  kbProposalStatus,
  kbHubRescan
]
