import { ArchiveRestore, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { HubApiError, TrashEntry } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { EmptyState } from '../../ui/EmptyState'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { RelativeTime } from '../../ui/RelativeTime'
import { SetAsideChangesList } from '../local-changes/SetAsideChangesList'
import { Skeleton } from '../../ui/Skeleton'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { useHubQuery } from '../../hooks/useHubQuery'
import { useFormat } from '../../i18n/format'
import { basePath, overviewPath } from '../../app/routes'
import { useBases } from '../../stores/bases'
import { useLive } from '../../stores/live'
import { useRowAction } from '../../hooks/useRowAction'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/** The bases moved to the trash (inside the bases folder, not served), newest first, restorable. */
export function TrashScreen(): React.JSX.Element {
  const { t } = useTranslation()
  useDocumentTitle(t('trash.title'))
  const rev = useLive((s) => s.bases + s.epoch)
  const restoredInStore = useBases((s) => s.restored)
  const q = useHubQuery(() => hub().trash(), [rev], 'trash')
  const entries = q.data ? [...q.data].sort((a, b) => b.removedAt.localeCompare(a.removedAt)) : null
  const restoring = useRowAction(
    (id) => hub().restoreBase(id),
    (summary) => {
      restoredInStore(summary)
      q.reload()
    }
  )
  const restored = restoring.result

  return (
    <div className="screen trash-screen">
      <header className="screen-header">
        <div>
          <h1>{t('trash.title')}</h1>
          <p className="muted">{t('trash.explain')}</p>
        </div>
      </header>
      {restored ? (
        <Notice
          tone="success"
          testId="trash-restored"
          title={t('trash.restoredTitle', { title: restored.title })}
        >
          <p>
            <Link to={basePath(restored.name)}>{t('trash.openRestored', { base: restored.name })}</Link>
          </p>
        </Notice>
      ) : null}
      {q.error && !q.data ? (
        <ErrorNotice error={q.error} context={t('trash.loading')} onRetry={q.reload} />
      ) : null}
      {!q.data && !q.error ? <Skeleton lines={4} /> : null}
      {entries && entries.length === 0 ? (
        <EmptyState icon={<Trash2 size={40} />} title={t('trash.emptyTitle')} testId="trash-empty">
          <p>{t('trash.emptyBody')}</p>
          <p>
            <Link to={overviewPath()}>{t('base.backToOverview')}</Link>
          </p>
        </EmptyState>
      ) : null}
      {entries && entries.length > 0 ? (
        <ul className="row-list" aria-label={t('trash.listLabel')} data-testid="trash-list">
          {entries.map((e) => (
            <TrashRow
              key={e.id}
              entry={e}
              busy={restoring.busy}
              error={restoring.errors[e.id] ?? null}
              onRestore={() => void restoring.run(e.id)}
            />
          ))}
        </ul>
      ) : null}
      <SetAsideChangesList />
    </div>
  )
}

/** A removed base: its name (and folder), when it was removed, Restore and its failure. */
function TrashRow({
  entry: e,
  busy,
  error,
  onRestore
}: {
  entry: TrashEntry
  busy: string | null
  error: HubApiError | null
  onRestore(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  return (
    <li className="row-item" data-testid={`trash-entry-${e.base}`}>
      <div className="row-main">
        <p className="row-title">
          <code>{e.base}</code>
          {e.dirName !== e.base ? (
            <span className="muted"> · {t('trash.folder', { dir: e.dirName })}</span>
          ) : null}
        </p>
        <p className="row-meta">
          {t('trash.removedAt')} <RelativeTime iso={e.removedAt} />{' '}
          <span className="muted">({f.dateTime(e.removedAt) ?? e.removedAt})</span>
        </p>
        {error ? <ErrorNotice error={error} context={t('trash.restore')} compact /> : null}
      </div>
      <div className="row-actions">
        <Button
          onClick={onRestore}
          disabled={busy !== null}
          aria-label={t('trash.restoreLabel', { base: e.base })}
          testId={`trash-restore-${e.base}`}
        >
          <ArchiveRestore aria-hidden="true" size={16} />
          {busy === e.id ? t('trash.restoring') : t('trash.restore')}
        </Button>
      </div>
    </li>
  )
}
