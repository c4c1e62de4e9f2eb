import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { HubApiError } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { toHubApiError } from '../../api/errors'
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
  const [removing, setRemoving] = useState(false)
  const [error, setError] = useState<HubApiError | null>(null)
  const removed = useBases((s) => s.removed)

  const remove = async (): Promise<void> => {
    setRemoving(true)
    setError(null)
    try {
      const entry = await hub().removeBase(base)
      removed(entry)
      setOpen(false)
      navigate(overviewPath())
    } catch (e) {
      setError(toHubApiError(e))
    } finally {
      setRemoving(false)
    }
  }

  return (
    <>
      <Button look="ghost" icon={Trash2} onClick={() => setOpen(true)} testId="remove-base">
        {t('trash.remove')}
      </Button>
      <Dialog
        open={open}
        title={t('trash.confirmTitle', { title })}
        onClose={() => {
          if (!removing) {
            setOpen(false)
            setError(null)
          }
        }}
        testId="remove-dialog"
        actions={
          <>
            <Button onClick={() => setOpen(false)} disabled={removing} autoFocus>
              {t('common.cancel')}
            </Button>
            <Button
              look="danger"
              onClick={() => void remove()}
              disabled={removing}
              testId="remove-dialog-confirm"
            >
              <Trash2 aria-hidden="true" size={16} />
              {removing ? t('trash.removing') : t('trash.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('trash.confirmBody', { base })}</p>
        <p className="muted">{t('trash.confirmAgents')}</p>
        {error ? <ErrorNotice error={error} context={t('trash.remove')} compact /> : null}
      </Dialog>
    </>
  )
}
