import { describe, expect, it } from 'vitest'
import { floorHtml } from '../bench/suites/ui-floor'
import type { Inventory, InventoryProposal } from '../src/shared/review'

const proposal = (id: string, concerns: string): InventoryProposal => ({
  id,
  path: `proposals/pending/${id}.md`,
  type: 'correction',
  concerns,
  confidence: 'high',
  sources: [],
  submittedBy: 'agent',
  submittedAt: null,
  ageDays: 2,
  likelyDocuments: ['a.md'],
  tracked: true,
  incomplete: false
})

describe('the UI bench’s floor page (issue 30 §5)', () => {
  it('holds the inventory’s first rows with the app’s stylesheet, proposals’ text escaped, no script', () => {
    const inv = {
      base: 'b',
      total: 30,
      groups: Array.from({ length: 30 }, (_, i) => ({
        index: i + 1,
        subject: `sujet ${i}`,
        reasons: [],
        links: [],
        proposals: [
          proposal(
            `prop-2026-12-06-${String(i).padStart(4, '0')}`,
            i === 0 ? '<img src=x onerror=alert(1)>' : `s${i}`
          )
        ]
      }))
    } as unknown as Inventory
    const html = floorHtml(inv)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).not.toContain('<img')
    expect(html).not.toMatch(/<script/i)
    expect(html).toMatch(/<link rel="stylesheet" href="\.\/assets\/[^"]+\.css">/)
    // A screen of rows plus the overscan, group headers included — not the whole inventory.
    expect(html.match(/role="listitem"/g)?.length).toBe(20)
    expect(html.match(/data-testid="proposal-row-/g)?.length).toBe(10)
  })
})
