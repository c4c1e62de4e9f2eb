import { AlertTriangle, GitBranch } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { SyncAlert, SyncStatus } from '../../../../shared/hub-api'
import { Notice } from '../../ui/Notice'

/**
 * Team mode of a base (issue 27): how this hub sends to the remote (main, its inbox, or as the
 * manager), what waits, and every alert of the last sync worded from its kind — never only in a
 * log. `compact` (a base card): the alerts' titles only.
 */
export function SyncTeamLine({
  status,
  compact = false
}: {
  status: SyncStatus | undefined
  compact?: boolean
}): React.JSX.Element | null {
  const { t } = useTranslation()
  if (!status?.mode || status.state === 'no-remote') return null
  const branch = status.remote?.split('/').slice(1).join('/') || 'main'
  const alerts = status.alerts ?? []
  const wording = (a: SyncAlert, part: 'title' | 'action'): string =>
    t(`syncTeam.alerts.${a.kind}.${part}`, { branch, inbox: '', ...a.params })
  if (compact)
    return alerts.length > 0 ? (
      <ul className="base-warnings" data-testid={`sync-alerts-${status.base}`}>
        {alerts.map((a, i) => (
          <li key={i}>
            <AlertTriangle aria-hidden="true" size={14} /> {wording(a, 'title')}
          </li>
        ))}
      </ul>
    ) : null
  const waiting = status.manager?.inboxes.reduce((n, i) => n + i.waiting, 0) ?? 0
  return (
    <div data-testid="sync-team">
      <p className="muted" title={t('syncTeam.modeHint')} data-testid="sync-mode" data-mode={status.mode}>
        <GitBranch aria-hidden="true" size={14} />{' '}
        {t(`syncTeam.mode.${status.mode}`, { branch, inbox: status.inbox?.branch ?? '' })}
        {status.inbox && status.inbox.waiting > 0
          ? ` — ${t('syncTeam.waiting', { count: status.inbox.waiting })}`
          : ''}
        {status.manager && status.manager.collected.length > 0
          ? ` — ${t('syncTeam.collected', { count: status.manager.collected.length })}`
          : ''}
        {status.manager && status.manager.inboxes.length > 0
          ? ` — ${t('syncTeam.inboxes', { count: status.manager.inboxes.length, waiting })}`
          : ''}
      </p>
      {alerts.map((a, i) => (
        <Notice
          key={i}
          tone={a.kind === 'moved-to-inbox' ? undefined : 'warning'}
          testId={`sync-alert-${a.kind}`}
          title={wording(a, 'title')}
        >
          <p>{wording(a, 'action')}</p>
        </Notice>
      ))}
    </div>
  )
}
