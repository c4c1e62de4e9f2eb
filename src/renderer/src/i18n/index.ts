import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '../../../shared/hub-api'
import { loadWords, rememberShown, type Words } from './words'

export { bootLanguage, LANGUAGE_NAMES, LANGUAGES, systemLanguage } from './words'

/**
 * Sets i18next up with the one language the app starts in, its words already loaded (boot.tsx
 * awaits them): both languages' words together were ~150 KB of the first script.
 */
export function startWords(language: Language, words: Words): void {
  void i18next.use(initReactI18next).init({
    resources: { [language]: { translation: words } },
    lng: language,
    // Every language has every key (the French words' type requires the English keys).
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false
  })
  document.documentElement.lang = language
}

let wanted: Language | null = null

/**
 * Shows the app in `language`, loading its words first when the app started in the other one.
 * Resolves true once shown, false when a later call came first (the last choice wins when two
 * overlap); rejects when the words cannot be loaded (the app stays in its current language).
 */
export async function applyLanguage(language: Language): Promise<boolean> {
  wanted = language
  if (!i18next.hasResourceBundle(language, 'translation')) {
    const words = await loadWords(language)
    i18next.addResourceBundle(language, 'translation', words)
  }
  if (wanted !== language) return false
  if (i18next.language !== language) await i18next.changeLanguage(language)
  document.documentElement.lang = language
  rememberShown(language)
  return wanted === language
}

export { i18next }
