import type { Inventory, InventoryGroup, InventoryProposal } from '../../../../shared/review'
import type { InventorySort } from './inventory-store'

export type InventoryItem =
  | { kind: 'group'; group: InventoryGroup; key: string }
  | { kind: 'proposal'; proposal: InventoryProposal; group: InventoryGroup; key: string }

function matches(p: InventoryProposal, g: InventoryGroup, needle: string): boolean {
  if (needle === '') return true
  return [
    p.id,
    p.concerns,
    p.submittedBy,
    p.type,
    p.confidence,
    g.subject,
    ...p.sources,
    ...p.likelyDocuments
  ]
    .filter((v): v is string => typeof v === 'string')
    .some((v) => v.toLowerCase().includes(needle))
}

const time = (p: InventoryProposal): number => {
  const t = p.submittedAt ? Date.parse(p.submittedAt) : NaN
  return Number.isNaN(t) ? Number.MAX_SAFE_INTEGER : t
}

/** The rows the list shows: by group (with its header), or flat by age or submitter. */
export function inventoryItems(inv: Inventory, filter: string, sort: InventorySort): InventoryItem[] {
  const needle = filter.trim().toLowerCase()
  if (sort === 'group') {
    const out: InventoryItem[] = []
    for (const g of inv.groups) {
      const ps = g.proposals.filter((p) => matches(p, g, needle))
      if (ps.length === 0) continue
      out.push({ kind: 'group', group: g, key: `g${g.index}` })
      for (const p of ps) out.push({ kind: 'proposal', proposal: p, group: g, key: p.id })
    }
    return out
  }
  const all = inv.groups.flatMap((g) =>
    g.proposals.filter((p) => matches(p, g, needle)).map((p) => ({ p, g }))
  )
  all.sort((a, b) =>
    sort === 'age'
      ? time(a.p) - time(b.p) || a.p.id.localeCompare(b.p.id)
      : (a.p.submittedBy ?? '\uffff').localeCompare(b.p.submittedBy ?? '\uffff') || time(a.p) - time(b.p)
  )
  return all.map(({ p, g }) => ({ kind: 'proposal', proposal: p, group: g, key: p.id }))
}
