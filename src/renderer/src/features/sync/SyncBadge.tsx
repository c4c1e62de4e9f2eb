import { AlertTriangle, ArrowDown, ArrowUp, Check, GitFork, KeyRound, WifiOff } from 'lucide-react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { SyncStatus } from '../../../../shared/hub-api'
import { RelativeTime } from '../../ui/RelativeTime'

/** Up to date with a remote tip this hub never exchanged with (an import's clone): not called synced. */
const neverSynced = (s: SyncStatus): boolean => s.state === 'up-to-date' && s.lastSync === null

/** The badge's words for a status; null: nothing to show (no remote). */
export function syncLabel(s: SyncStatus, t: TFunction): string | null {
  if (neverSynced(s)) return t('sync.state.neverFetched')
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

/** Why a sync ended in error, in the UI's language: its problem's kind (the engine's sentence is French). */
export function syncProblemWords(s: SyncStatus, t: TFunction): string {
  return t(`sync.problems.${s.problem?.kind ?? 'unexpected'}`, {
    ...s.problem?.params,
    interpolation: { escapeValue: false }
  })
}

/**
 * What the badge means and what a Sync would do, in the UI's language: what waits to leave (proposals
 * filed here, decisions taken here, other changes) or what waits to come. The engine's own sentence
 * is French and for the CLI; this is the badge's tooltip and, on the base's page, its visible line.
 */
export function syncExplain(s: SyncStatus, t: TFunction, language: string): string | null {
  const list = (parts: string[]): string =>
    new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(parts)
  if (neverSynced(s)) return t('sync.explain.neverSynced')
  switch (s.state) {
    case 'up-to-date':
      return s.inbox && s.inbox.waiting > 0
        ? t('sync.explain.inInbox', { count: s.inbox.waiting })
        : t('sync.explain.upToDate')
    case 'behind':
      return t('sync.explain.behind', { count: s.behind })
    case 'ahead': {
      if (s.ahead === 0) return t('sync.explain.neverFetched')
      const o = s.outgoing ?? { proposals: 0, decisions: 0, other: s.ahead }
      const parts = [
        o.proposals > 0
          ? // A manager's hub sends the proposals it brought in from the inboxes, not only its own.
            t(s.mode === 'manager' ? 'sync.explain.proposalsManager' : 'sync.explain.proposals', {
              count: o.proposals
            })
          : null,
        o.decisions > 0 ? t('sync.explain.decisions', { count: o.decisions }) : null,
        o.other > 0 ? t('sync.explain.other', { count: o.other }) : null
      ].filter((p): p is string => p !== null)
      return t(s.mode === 'inbox' ? 'sync.explain.aheadInbox' : 'sync.explain.ahead', {
        count: s.ahead,
        what: list(parts)
      })
    }
    case 'diverged':
      return t('sync.explain.diverged')
    case 'error':
      return syncProblemWords(s, t)
    default:
      return null
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
  testId,
  explained = false
}: {
  status: SyncStatus | undefined
  testId: string
  /** The meaning written out beside the badge (the base's page), not only as its tooltip. */
  explained?: boolean
}): React.JSX.Element | null {
  const { t, i18n } = useTranslation()
  if (!status) return null
  const label = syncLabel(status, t)
  if (!label) return null
  const explain = syncExplain(status, t, i18n.language)
  const never = neverSynced(status)
  return (
    <span
      className="sync-status"
      data-testid={testId}
      data-state={never ? 'never-synced' : status.state}
      role="group"
      aria-label={t('sync.statusLabel')}
    >
      <span
        className={`badge ${never ? '' : TONE[status.state]}`}
        title={explain ?? undefined}
        data-testid={`${testId}-label`}
      >
        {never ? null : <Icon state={status.state} />} {label}
      </span>
      {status.lastSync ? (
        <span className="sync-when">
          {t('sync.synced')} <RelativeTime iso={status.lastSync} />
        </span>
      ) : !never ? (
        <span className="sync-when">{t('sync.never')}</span>
      ) : null}
      {/* An error is told, with Try again, by the sync panel right below: not twice. */}
      {explained && explain && status.state !== 'error' ? (
        <span className="sync-explain" data-testid={`${testId}-explain`}>
          {explain}
        </span>
      ) : null}
    </span>
  )
}
