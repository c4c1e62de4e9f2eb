import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '../../../shared/hub-api'
import { en } from './en'
import { fr } from './fr'

export const LANGUAGES: readonly Language[] = ['fr', 'en']

/** The OS locale's language when it is one of ours, else English. */
export function systemLanguage(): Language {
  const langs = navigator.languages?.length ? navigator.languages : [navigator.language]
  for (const l of langs) {
    const short = (l ?? '').slice(0, 2).toLowerCase()
    if (short === 'fr' || short === 'en') return short
  }
  return 'en'
}

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, fr: { translation: fr } },
  lng: systemLanguage(),
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false
})
document.documentElement.lang = i18next.language

export function applyLanguage(language: Language): void {
  if (i18next.language !== language) void i18next.changeLanguage(language)
  document.documentElement.lang = language
}

export { i18next }
