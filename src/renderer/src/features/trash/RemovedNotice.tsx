import { ArchiveRestore, CheckCircle2, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { HubApiError } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { toHubApiError } from '../../api/errors'
import { basePath, trashPath } from '../../app/routes'
import { useBases } from '../../stores/bases'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/** What the last removal did (the base is in the trash) with the way back; then what Restore did. */
export function RemovedNotice(): React.JSX.Element | null {
  const { t } = useTranslation()
  const { lastRemoved, lastRestored, restored } = useBases()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<HubApiError | null>(null)

  if (lastRestored)
    return (
      <div className="notice notice-success notice-compact" role="status" data-testid="restored-notice">
        <CheckCircle2 aria-hidden="true" size={18} className="notice-icon" />
        <p>
          {t('trash.restoredTitle', { title: lastRestored.title })}{' '}
          <Link to={basePath(lastRestored.name)}>{t('trash.openRestored', { base: lastRestored.name })}</Link>
        </p>
      </div>
    )
  if (!lastRemoved) return null
  const restore = async (): Promise<void> => {
    setBusy(true)
    setError(null)
    try {
      restored(await hub().restoreBase(lastRemoved.id))
    } catch (e) {
      setError(toHubApiError(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Notice
      tone="info"
      icon={Trash2}
      role="status"
      testId="removed-notice"
      title={t('trash.removedTitle', { base: lastRemoved.base })}
    >
      <p>{t('trash.removedBody')}</p>
      <p className="banner-actions">
        <Button
          look="small"
          icon={ArchiveRestore}
          iconSize={14}
          onClick={() => void restore()}
          disabled={busy}
          testId="removed-restore"
        >
          {busy ? t('trash.restoring') : t('trash.restore')}
        </Button>
        <Link to={trashPath()}>{t('trash.open')}</Link>
      </p>
      {error ? <ErrorNotice error={error} context={t('trash.restore')} compact /> : null}
    </Notice>
  )
}
