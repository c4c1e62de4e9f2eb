import i18next, { type i18n } from 'i18next'
import { en } from './en'
import { fr } from './fr'

/**
 * The app's words in an i18next of the test's own, set up as `index.ts` sets up the app's (React
 * escapes what it draws, so i18next does not): the tests of the helpers that word things use it.
 */
export async function wordsForTests(lng: 'en' | 'fr' = 'en'): Promise<i18n> {
  const instance = i18next.createInstance()
  await instance.init({
    resources: { en: { translation: en }, fr: { translation: fr } },
    lng,
    interpolation: { escapeValue: false }
  })
  return instance
}
