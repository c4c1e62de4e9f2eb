import { ArchiveRestore, CheckCircle2, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { hub } from '../../api/hub'
import { useAction } from '../../hooks/useAction'
import { basePath, trashPath } from '../../app/routes'
import { useBases } from '../../stores/bases'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/** What the last removal did (the base is in the trash) with the way back; then what Restore did. */
export function RemovedNotice(): React.JSX.Element | null {
  const { t } = useTranslation()
  const { lastRemoved, lastRestored, restored } = useBases()
  const restoring = useAction(async (id: string) => restored(await hub().restoreBase(id)))

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
          onClick={() => void restoring.run(lastRemoved.id)}
          disabled={restoring.busy}
          testId="removed-restore"
        >
          {restoring.busy ? t('trash.restoring') : t('trash.restore')}
        </Button>
        <Link to={trashPath()}>{t('trash.open')}</Link>
      </p>
      {restoring.error ? <ErrorNotice error={restoring.error} context={t('trash.restore')} compact /> : null}
    </Notice>
  )
}
