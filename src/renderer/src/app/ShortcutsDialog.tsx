import { useTranslation } from 'react-i18next'
import { useShortcuts } from '../hooks/useShortcuts'
import { useUi } from '../stores/ui'
import { Dialog } from '../ui/Dialog'
import { Button } from '../ui/Button'

const KEYS = [
  ['j', 'shortcuts.next'],
  ['k', 'shortcuts.previous'],
  ['Enter', 'shortcuts.openProposal'],
  ['x', 'shortcuts.select'],
  ['/', 'shortcuts.filter'],
  ['?', 'shortcuts.help']
] as const

/** The plan screen's own keys (issue 25, item 6). */
const PLAN_KEYS = [
  ['a', 'planGuide.shortcuts.accept'],
  ['r', 'planGuide.shortcuts.reject'],
  ['j', 'planGuide.shortcuts.next'],
  ['k', 'planGuide.shortcuts.previous'],
  ['p', 'planGuide.shortcuts.preview']
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
        <Button onClick={() => setOpen(false)} autoFocus>
          {t('common.close')}
        </Button>
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
      <p className="muted">{t('planGuide.shortcuts.where')}</p>
      <dl className="shortcuts" data-testid="shortcuts-plan">
        {PLAN_KEYS.map(([key, label]) => (
          <div key={key} className="shortcut">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{t(label)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
