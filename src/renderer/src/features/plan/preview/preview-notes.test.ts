import { describe, expect, it } from 'vitest'
import type { TFunction } from 'i18next'
import { previewWarnings } from './preview-notes'
import { wordsForTests } from '../../../i18n/for-tests'

async function tFor(lng: 'en' | 'fr'): Promise<TFunction> {
  return (await wordsForTests(lng)).t
}

describe('preview warnings in the manager’s words', () => {
  it('says "Change 2", not edits[1], in both languages, never the engine’s French in English', async () => {
    const r = {
      warnings: [
        "edits[1] : two-factor-reset.md n'existe pas — le document sera créé",
        'resolutions[0] : x acceptée sans integrated_into'
      ],
      notes: [
        { kind: 'document-created' as const, change: 2, path: 'two-factor-reset.md' },
        { kind: 'accepted-without-documents' as const, resolution: 1, id: 'prop-2026-12-05-a1b2' }
      ]
    }
    const en = previewWarnings(await tFor('en'), r)
    expect(en.map((w) => w.text)).toEqual([
      'Change 2: two-factor-reset.md does not exist yet; it will be created.',
      'prop-2026-12-05-a1b2 is accepted without naming the documents it was integrated into.'
    ])
    expect(en.every((w) => !w.engine)).toBe(true)
    const fr = previewWarnings(await tFor('fr'), r)
    expect(fr[0].text).toBe(
      'Modification 2 : two-factor-reset.md n’existe pas encore ; le document sera créé.'
    )
  })

  it('falls back to the engine’s lines, marked as such, when it sent no data', async () => {
    const w = previewWarnings(await tFor('en'), { warnings: ['AVERTISSEMENT x'] })
    expect(w).toEqual([{ text: 'AVERTISSEMENT x', engine: true }])
  })
})
