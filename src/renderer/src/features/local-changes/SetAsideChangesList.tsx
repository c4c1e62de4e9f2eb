import { ArchiveRestore } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { LocalChangeKind } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { useHubQuery } from '../../hooks/useHubQuery'
import { useFormat } from '../../i18n/format'
import { localChangesPath } from '../../app/routes'
import { useLive } from '../../stores/live'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { RelativeTime } from '../../ui/RelativeTime'
import { useRowAction } from '../../hooks/useRowAction'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/**
 * In the trash: uncommitted changes set aside from a base (issue 25 §3), newest first, each with
 * its date and files; Restore writes them back into the base, uncommitted.
 */
export function SetAsideChangesList(): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  const rev = useLive((s) => s.bases + s.epoch)
  const q = useHubQuery(() => hub().setAsideChanges(), [rev], 'set-aside-changes')
  const restoring = useRowAction(
    (id) => hub().restoreSetAsideChanges(id),
    () => q.reload()
  )
  const restored = restoring.result

  return (
    <section aria-labelledby="set-aside-changes-title" data-testid="set-aside-changes">
      <h2 id="set-aside-changes-title" className="section-title">
        {t('setAsideChanges.title')}
      </h2>
      <p className="muted">{t('setAsideChanges.explain')}</p>
      {restored ? (
        <Notice
          tone="success"
          testId="set-aside-restored"
          title={t('setAsideChanges.restored', { base: restored.base })}
        >
          <p>
            <Link to={localChangesPath(restored.base)}>{t('setAsideChanges.openChanges')}</Link>
          </p>
        </Notice>
      ) : null}
      {q.error && !q.data ? <ErrorNotice error={q.error} compact onRetry={q.reload} /> : null}
      {q.data && q.data.length === 0 ? <p className="hint">{t('setAsideChanges.empty')}</p> : null}
      {q.data && q.data.length > 0 ? (
        <ul className="row-list" aria-label={t('setAsideChanges.title')}>
          {q.data.map((e) => (
            <li key={e.id} className="row-item" data-testid={`set-aside-entry-${e.base}`}>
              <div className="row-main">
                <p className="row-title">
                  <code>{e.base}</code>{' '}
                  <span className="muted">· {t('setAsideChanges.files', { count: e.files.length })}</span>
                </p>
                <p className="row-meta">
                  <RelativeTime iso={e.setAsideAt} />{' '}
                  <span className="muted">({f.dateTime(e.setAsideAt) ?? e.setAsideAt})</span>
                </p>
                <ChangedFileList files={e.files} />
                {restoring.errors[e.id] ? (
                  <ErrorNotice error={restoring.errors[e.id]} context={t('setAsideChanges.failed')} compact />
                ) : null}
              </div>
              <div className="row-actions">
                <Button
                  onClick={() => void restoring.run(e.id)}
                  disabled={restoring.busy !== null}
                  aria-label={t('setAsideChanges.restoreLabel', {
                    base: e.base,
                    date: f.dateTime(e.setAsideAt) ?? e.setAsideAt
                  })}
                  testId={`set-aside-restore-${e.base}`}
                >
                  <ArchiveRestore aria-hidden="true" size={16} />
                  {restoring.busy === e.id ? t('setAsideChanges.restoring') : t('setAsideChanges.restore')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

/** Files with their kind of change (modified, untracked, deleted): a choice's or a set-aside's. */
export function ChangedFileList({
  files
}: {
  files: { path: string; change: LocalChangeKind }[]
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <ul className="plain-list">
      {files.map((f) => (
        <li key={f.path}>
          <code>{f.path}</code> <span className="muted">({t(`localChanges.kinds.${f.change}`)})</span>
        </li>
      ))}
    </ul>
  )
}
