import { RefreshCw, Upload } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSync, type SyncProps } from './sync-store'
import { Button } from '../../ui/Button'

/** Sync (fetch + fast-forward) and Push (sync, then send local commits), for a base with a remote. */
export function SyncButtons({ base, status }: SyncProps): React.JSX.Element | null {
  const { t } = useTranslation()
  const busy = useSync((s) => s.busy[base])
  const run = useSync((s) => s.run)
  if (!status || status.state === 'no-remote') return null
  const ahead = status.ahead
  return (
    <>
      <Button
        onClick={() => void run(base, 'sync')}
        disabled={busy !== undefined}
        aria-busy={busy === 'sync' ? true : undefined}
        title={t('sync.syncHint')}
        testId="sync-button"
      >
        <RefreshCw aria-hidden="true" size={16} className={busy === 'sync' ? 'spin' : undefined} />
        {busy === 'sync' ? t('sync.syncing') : t('sync.sync')}
      </Button>
      <button
        type="button"
        className={`button${ahead > 0 && status.state !== 'diverged' ? ' button-primary' : ''}`}
        onClick={() => void run(base, 'push')}
        disabled={busy !== undefined}
        aria-busy={busy === 'push' ? true : undefined}
        title={ahead > 0 ? t('sync.pushHint', { count: ahead }) : t('sync.pushNothing')}
        data-testid="push-button"
      >
        {busy === 'push' ? (
          <RefreshCw aria-hidden="true" size={16} className="spin" />
        ) : (
          <Upload aria-hidden="true" size={16} />
        )}
        {busy === 'push' ? t('sync.pushing') : t('sync.push')}
      </button>
    </>
  )
}
