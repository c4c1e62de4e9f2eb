import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { bootLanguage, startWords } from '../i18n'
import { loadWords } from '../i18n/words'
import { App } from './App'

/**
 * The app proper, loaded by main.tsx once the first screen's call has left; it renders once the
 * words of the language it starts in (bootLanguage), whose load main.tsx started beside this
 * script's, are in.
 */
export async function start(): Promise<void> {
  const language = bootLanguage()
  startWords(language, await loadWords(language))
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>
  )
}
