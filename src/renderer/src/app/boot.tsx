import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../i18n'
import { App } from './App'

/** The app proper, loaded by main.tsx once the first screen's call has left. */
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>
)
