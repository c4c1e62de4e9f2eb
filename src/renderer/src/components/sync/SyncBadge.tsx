import { AlertTriangle, ArrowDown, ArrowUp, Check, GitFork, KeyRound, WifiOff } from 'lucide-react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { SyncStatus } from '../../../../shared/hub-api'
import { RelativeTime } from '../RelativeTime'

/** The badge's words for a status; null: nothing to show (no remote). */
export function syncLabel(s: SyncStatus, t: TFunction): string | null {
  switch (s.state) {
    case 'no-remote':
      return null
    case 'behind':
      return t('sync.state.behind', { count: s.behind })
    case 'ahead':
      // Never fetched: the remote's tip is unknown, so nothing is counted yet.
      return s.ahead > 0 ? t('sync.state.ahead', { count: s.ahead }) : t('sync.state.neverFetched')
    default:
      return t(`sync.state.${s.state}`)
  }
}

const TONE: Record<SyncStatus['state'], string> = {
  'up-to-date': 'badge-success',
  behind: 'badge-folder-pending',
  ahead: 'badge-folder-pending',
  diverged: 'badge-danger',
  unreachable: 'badge-warning',
  'auth-required': 'badge-warning',
  error: 'badge-danger',
  'no-remote': ''
}

function Icon({ state }: { state: SyncStatus['state'] }): React.JSX.Element | null {
  const p = { 'aria-hidden': true, size: 12 } as const
  switch (state) {
    case 'up-to-date':
      return <Check {...p} />
    case 'behind':
      return <ArrowDown {...p} />
    case 'ahead':
      return <ArrowUp {...p} />
    case 'diverged':
      return <GitFork {...p} />
    case 'unreachable':
      return <WifiOff {...p} />
    case 'auth-required':
      return <KeyRound {...p} />
    case 'error':
      return <AlertTriangle {...p} />
    default:
      return null
  }
}

/**
 * A base's sync with its remote in words (« À jour », « 3 en retard », « Divergée »…) and when it
 * last reached the remote; nothing for a base without a remote. The engine's sentence is the tooltip.
 */
export function SyncBadge({
  status,
  testId
}: {
  status: SyncStatus | undefined
  testId: string
}): React.JSX.Element | null {
  const { t } = useTranslation()
  if (!status) return null
  const label = syncLabel(status, t)
  if (!label) return null
  return (
    <span
      className="sync-status"
      data-testid={testId}
      data-state={status.state}
      role="group"
      aria-label={t('sync.statusLabel')}
    >
      <span className={`badge ${TONE[status.state]}`} title={status.message} data-testid={`${testId}-label`}>
        <Icon state={status.state} /> {label}
      </span>
      <span className="sync-when">
        {status.lastSync ? (
          <>
            {t('sync.synced')} <RelativeTime iso={status.lastSync} />
          </>
        ) : (
          t('sync.never')
        )}
      </span>
    </span>
  )
}
