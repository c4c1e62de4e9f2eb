import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { hub } from '../../api/hub'
import { useAction } from '../../hooks/useAction'
import { overviewPath } from '../../app/routes'
import { useBases } from '../../stores/bases'
import { Dialog } from '../../ui/Dialog'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Button } from '../../ui/Button'

/**
 * "Remove this base": asks first, naming the base and saying where it goes (the trash inside the
 * bases folder, restorable); a refusal stays in the dialog. Then back to the overview, which says
 * what happened and offers the way back.
 */
export function RemoveBaseButton({ base, title }: { base: string; title: string }): React.JSX.Element {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const removed = useBases((s) => s.removed)
  const removing = useAction(async () => {
    removed(await hub().removeBase(base))
    setOpen(false)
    navigate(overviewPath())
  })

  return (
    <>
      <Button look="ghost" icon={Trash2} onClick={() => setOpen(true)} testId="remove-base">
        {t('trash.remove')}
      </Button>
      <Dialog
        open={open}
        title={t('trash.confirmTitle', { title })}
        onClose={() => {
          if (!removing.busy) {
            setOpen(false)
            removing.clearError()
          }
        }}
        testId="remove-dialog"
        actions={
          <>
            <Button onClick={() => setOpen(false)} disabled={removing.busy} autoFocus>
              {t('common.cancel')}
            </Button>
            <Button
              look="danger"
              onClick={() => void removing.run()}
              disabled={removing.busy}
              testId="remove-dialog-confirm"
            >
              <Trash2 aria-hidden="true" size={16} />
              {removing.busy ? t('trash.removing') : t('trash.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('trash.confirmBody', { base })}</p>
        <p className="muted">{t('trash.confirmAgents')}</p>
        {removing.error ? <ErrorNotice error={removing.error} context={t('trash.remove')} compact /> : null}
      </Dialog>
    </>
  )
}
