import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import type { InventoryGroup, InventoryProposal } from '../../../../shared/review'
import { wordsForTests } from '../../i18n/for-tests'
import { InventoryGroupHeader } from './InventoryGroupHeader'

const proposal = (concerns: string | null): InventoryProposal => ({
  id: 'prop-2026-12-07-aaaa',
  path: 'proposals/pending/prop-2026-12-07-aaaa.md',
  type: 'observation',
  concerns,
  confidence: 'low',
  sources: ['s'],
  submittedBy: 'human:x',
  submittedAt: null,
  ageDays: null,
  likelyDocuments: [],
  tracked: true,
  incomplete: false
})

/** The engine names a group after its first proposal's subject, or the review contract's French placeholder. */
const group = (concerns: string | null): InventoryGroup => ({
  index: 12,
  subject: concerns ?? '(sans concerns)',
  reasons: [],
  links: [],
  proposals: [proposal(concerns)]
})

async function header(lng: 'en' | 'fr', g: InventoryGroup): Promise<string> {
  const i18n = await wordsForTests(lng)
  return renderToStaticMarkup(h(I18nextProvider, { i18n }, h(InventoryGroupHeader, { group: g })))
}

describe('InventoryGroupHeader', () => {
  it('a proposal with no subject is said in the page’s language, never with the engine’s French placeholder', async () => {
    expect(await header('en', group(null))).toContain('Subject 12 — (no subject)')
    expect(await header('en', group(null))).not.toContain('sans concerns')
    expect(await header('fr', group(null))).toContain('Sujet 12 — (sans sujet)')
    expect(await header('en', group('reconnexion SSO'))).toContain('Subject 12 — reconnexion SSO')
  })
})
