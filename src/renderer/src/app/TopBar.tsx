import { Keyboard, Settings as SettingsIcon } from 'lucide-react'
import { NavLink } from 'react-router'
import { useTranslation } from 'react-i18next'
import { settingsPath } from './routes'
import { useUi } from '../stores/ui'
import { LanguageSelect } from './LanguageSelect'
import { LiveStatus } from './LiveStatus'
import { Button } from '../ui/Button'

export function TopBar(): React.JSX.Element {
  const { t } = useTranslation()
  const setShortcutsOpen = useUi((s) => s.setShortcutsOpen)
  return (
    <header className="topbar" role="banner">
      <div className="topbar-spacer" />
      <LiveStatus />
      <Button
        look="ghost icon"
        icon={Keyboard}
        iconSize={18}
        onClick={() => setShortcutsOpen(true)}
        title={t('shortcuts.open')}
        aria-label={t('shortcuts.open')}
      />
      <LanguageSelect />
      <NavLink to={settingsPath()} className="button button-ghost" data-testid="settings-link">
        <SettingsIcon aria-hidden="true" size={16} /> {t('nav.settings')}
      </NavLink>
    </header>
  )
}
