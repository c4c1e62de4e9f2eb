import './early-prefetch'
import './styles/tokens.css'
import './styles/base.css'
import './styles/layout.css'
import './styles/components.css'
import './styles/markdown.css'
import './styles/inventory.css'
import './styles/plan.css'
import './styles/manage.css'
import './styles/sync.css'
import './styles/nogit.css'

/**
 * The first script is this entry alone: it starts the first screen's HubApi call, then loads the
 * app (React, the router, the screens). A module must be parsed whole before any of it runs — the
 * app's ~575 KB took ~60 ms here before the call could leave; now the server works meanwhile.
 * The styles stay in the entry, so that the page's <head> links them (no unstyled first paint).
 */
import('./boot').catch((e: unknown) => {
  console.error(e)
  const root = document.getElementById('root')
  if (root)
    root.textContent =
      'OKF Hub n’a pas pu démarrer (fichiers de l’application incomplets : réinstallez-la). ' +
      'OKF Hub could not start (the application files are incomplete: reinstall it). ' +
      String(e)
})
