import { useTranslation } from 'react-i18next'
import { useShortcuts } from '../hooks/useShortcuts'
import { useUi } from '../stores/ui'
import { Dialog } from './Dialog'

const KEYS = [
  ['j', 'shortcuts.next'],
  ['k', 'shortcuts.previous'],
  ['Enter', 'shortcuts.openProposal'],
  ['x', 'shortcuts.select'],
  ['/', 'shortcuts.filter'],
  ['?', 'shortcuts.help']
] as const

/** The keyboard shortcuts, opened with `?` anywhere (or the keyboard button of the top bar). */
export function ShortcutsDialog(): React.JSX.Element {
  const { t } = useTranslation()
  const open = useUi((s) => s.shortcutsOpen)
  const setOpen = useUi((s) => s.setShortcutsOpen)
  useShortcuts({ '?': () => setOpen(true) })
  return (
    <Dialog
      open={open}
      title={t('shortcuts.title')}
      onClose={() => setOpen(false)}
      testId="shortcuts-dialog"
      actions={
        <button type="button" className="button" onClick={() => setOpen(false)} autoFocus>
          {t('common.close')}
        </button>
      }
    >
      <p className="muted">{t('shortcuts.where')}</p>
      <dl className="shortcuts">
        {KEYS.map(([key, label]) => (
          <div key={key} className="shortcut">
            <dt>
              <kbd>{key === 'Enter' ? t('shortcuts.enterKey') : key}</kbd>
            </dt>
            <dd>{t(label)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
