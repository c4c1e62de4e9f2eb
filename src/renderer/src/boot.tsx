import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './i18n'
import './styles/tokens.css'
import './styles/base.css'
import './styles/layout.css'
import './styles/components.css'
import './styles/markdown.css'
import './styles/inventory.css'
import './styles/plan.css'
import './styles/manage.css'
import './styles/sync.css'
import { App } from './App'
import { prefetchFromLocation } from './api/prefetch'

prefetchFromLocation(window.location.hash)

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>
)
