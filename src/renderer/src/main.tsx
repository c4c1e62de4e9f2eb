import './early-prefetch'
import { bootLanguage, loadWords } from './i18n/words'
// The stylesheets in their cascade order (shared first, then the features' in the order the old
// single styles/ folder loaded them: inventory, plan, import wizard → trash → AI apps, sync, no-git).
import './styles/tokens.css'
import './styles/base.css'
import './styles/layout.css'
import './styles/components.css'
import './styles/markdown.css'
import './features/inventory/inventory.css'
import './features/plan/plan.css'
import './features/import/import.css'
import './features/trash/trash.css'
import './features/hosts/hosts.css'
import './features/sync/sync.css'
import './features/local-changes/local-changes.css'

/**
 * The first script is this entry alone: it starts the first screen's HubApi call, then loads the
 * app (React, the router, the screens). A module must be parsed whole before any of it runs — the
 * app's ~575 KB took ~60 ms here before the call could leave; now the server works meanwhile.
 * The styles stay in the entry, so that the page's <head> links them (no unstyled first paint).
 */
// The start language's words load beside the app's script (each language is a chunk of its own).
void loadWords(bootLanguage()).catch(() => undefined)
const booting = import('./app/boot').then((boot) => boot.start())
// A page's first Intl formatter loads the locale's data: ~13 ms in Chromium, then ~0 for any other.
// The inventory's first rows need one (a group's similarity, 0,67), so it is paid here, while the
// main thread waits for the app's script and the prefetched answer, not inside the first render.
window.requestIdleCallback?.(() => new Intl.NumberFormat(navigator.language).format(0.5))
booting.catch((e: unknown) => {
  console.error(e)
  const root = document.getElementById('root')
  if (root)
    root.textContent =
      'OKF Hub n’a pas pu démarrer (fichiers de l’application incomplets : réinstallez-la). ' +
      'OKF Hub could not start (the application files are incomplete: reinstall it). ' +
      String(e)
})
