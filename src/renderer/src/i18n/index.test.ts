import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Language } from '../../../shared/hub-api'
import { en } from './en'
import { fr } from './fr'
import type { Words } from './words'

/** Each language's words released by hand, to order two overlapping choices. */
const pending = new Map<Language, { resolve(w: Words): void; reject(e: Error): void }>()
vi.mock('./words', async (actual) => ({
  ...(await actual<typeof import('./words')>()),
  loadWords: (language: Language) =>
    new Promise<Words>((resolve, reject) => pending.set(language, { resolve, reject }))
}))

describe('applyLanguage: the words of the other language, loaded when chosen', () => {
  beforeEach(() => {
    vi.resetModules()
    pending.clear()
    vi.stubGlobal('document', { documentElement: { lang: '' } })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('loads them once, then shows them', async () => {
    const { startWords, applyLanguage, i18next } = await import('./index')
    startWords('en', en)
    expect(i18next.t('common.cancel')).toBe('Cancel')
    const shown = applyLanguage('fr')
    pending.get('fr')?.resolve(fr)
    await expect(shown).resolves.toBe(true)
    expect(i18next.t('common.cancel')).toBe('Annuler')
    expect(document.documentElement.lang).toBe('fr')
    pending.clear()
    await expect(applyLanguage('en')).resolves.toBe(true)
    await expect(applyLanguage('fr')).resolves.toBe(true)
    expect(pending.size).toBe(0)
  })

  it('a later choice wins over one still loading its words', async () => {
    const { startWords, applyLanguage, i18next } = await import('./index')
    startWords('en', en)
    const french = applyLanguage('fr')
    await expect(applyLanguage('en')).resolves.toBe(true)
    pending.get('fr')?.resolve(fr)
    await expect(french).resolves.toBe(false)
    expect(i18next.language).toBe('en')
    expect(document.documentElement.lang).toBe('en')
  })

  it('words that cannot be loaded: rejected, the language shown unchanged', async () => {
    const { startWords, applyLanguage, i18next } = await import('./index')
    startWords('en', en)
    const french = applyLanguage('fr')
    pending.get('fr')?.reject(new Error('chunk missing'))
    await expect(french).rejects.toThrow('chunk missing')
    expect(i18next.language).toBe('en')
    expect(i18next.t('common.cancel')).toBe('Cancel')
  })
})
