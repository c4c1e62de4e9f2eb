import type { Language } from '../../../shared/hub-api'
import type { en } from './en'

/**
 * Which language's words to load, and their loading: each language is a chunk of its own (~90 KB
 * of script), fetched when it is first needed — the start language's (bootLanguage) at boot,
 * started by the entry while the app's script downloads; the other only when the manager chooses
 * it. No i18next here: the entry imports this module and must stay small.
 */

export type Words = typeof en

export const LANGUAGES: readonly Language[] = ['fr', 'en']

/** Each language by its own name, the same whatever language is shown (how a manager finds theirs). */
export const LANGUAGE_NAMES: Record<Language, string> = { fr: 'Français', en: 'English' }

const isLanguage = (v: string | null): v is Language => (LANGUAGES as readonly (string | null)[]).includes(v)

/** The OS locale's language when it is one of ours, else English. */
export function systemLanguage(): Language {
  const langs = navigator.languages?.length ? navigator.languages : [navigator.language]
  for (const l of langs) {
    const short = (l ?? '').slice(0, 2).toLowerCase()
    if (isLanguage(short)) return short
  }
  return 'en'
}

const SHOWN_KEY = 'okf-hub.language-shown'

/**
 * The language to start in: the one shown last on this computer (the manager's choice, once the
 * settings said it), else the OS's. Saves the start of a manager whose choice differs from the OS
 * a first paint in the other language and a second chunk; the settings stay the reference and are
 * applied once read.
 */
export function bootLanguage(): Language {
  try {
    const last = localStorage.getItem(SHOWN_KEY)
    if (isLanguage(last)) return last
  } catch {
    // No storage here (a locked-down profile): the OS's language, as before it existed.
  }
  return systemLanguage()
}

/** Remembers the language shown, for the next start (bootLanguage). */
export function rememberShown(language: Language): void {
  try {
    localStorage.setItem(SHOWN_KEY, language)
  } catch {
    // Not remembered: the next start begins in the OS's language and switches once the settings are read.
  }
}

const loaders: Record<Language, () => Promise<Words>> = {
  en: () => import('./en').then((m) => m.en),
  fr: () => import('./fr').then((m) => m.fr)
}

const loading = new Map<Language, Promise<Words>>()

/**
 * The words of `language`, loaded once. A failed load is asked again at the next call, though a
 * browser keeps a script that failed to load as failed until the page is reloaded.
 */
export function loadWords(language: Language): Promise<Words> {
  let p = loading.get(language)
  if (!p) {
    p = loaders[language]()
    loading.set(language, p)
    p.catch(() => loading.delete(language))
  }
  return p
}
