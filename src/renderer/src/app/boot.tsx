import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startWords, systemLanguage } from '../i18n'
import { loadWords } from '../i18n/words'
import { App } from './App'

/**
 * The app proper, loaded by main.tsx once the first screen's call has left; it renders once the
 * OS language's words, whose load main.tsx started beside this script's, are in.
 */
export async function start(): Promise<void> {
  const language = systemLanguage()
  startWords(language, await loadWords(language))
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>
  )
}
