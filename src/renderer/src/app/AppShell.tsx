import { useEffect } from 'react'
import { Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useBases } from '../stores/bases'
import { useLive } from '../stores/live'
import { hasUnsavedDrafts } from '../features/plan/plan-store'
import { useSettings } from '../stores/settings'
import { LinkDialog } from './LinkDialog'
import { RegistrationBanner } from '../features/hosts/RegistrationBanner'
import { ShortcutsDialog } from './ShortcutsDialog'
import { Sidebar } from './Sidebar'
import { TopBar } from './TopBar'
import { WordsFailedNotice } from './WordsFailedNotice'

const REFRESH_DEBOUNCE_MS = 150

/** Sidebar, top bar and the screen; the event stream and the first loads start here. */
export function AppShell(): React.JSX.Element {
  const { t } = useTranslation()
  const start = useLive((s) => s.start)
  const any = useLive((s) => s.any)
  const loadBases = useBases((s) => s.load)
  const loadSettings = useSettings((s) => s.load)

  useEffect(() => start(), [start])
  useEffect(() => void loadSettings(), [loadSettings])
  // Counts and bases follow every event (several events of one write: one refresh).
  useEffect(() => {
    const timer = window.setTimeout(() => void loadBases(), any === 0 ? 0 : REFRESH_DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [any, loadBases])

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent): void => {
      if (hasUnsavedDrafts()) e.preventDefault()
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [])

  return (
    <div className="shell">
      <a
        href="#main"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault()
          document.getElementById('main')?.focus()
        }}
      >
        {t('nav.skip')}
      </a>
      <Sidebar />
      <div className="shell-content">
        <TopBar />
        <main id="main" className="main" tabIndex={-1}>
          <WordsFailedNotice />
          <RegistrationBanner />
          <Outlet />
        </main>
      </div>
      <LinkDialog />
      <ShortcutsDialog />
    </div>
  )
}
