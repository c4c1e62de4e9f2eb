import { AlertTriangle, ClipboardList, FileDiff, GitFork, KeyRound, RotateCw, WifiOff } from 'lucide-react'
import type { TFunction } from 'i18next'
import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { SyncStatus } from '../../../../shared/hub-api'
import { localChangesPath, planPath } from '../../app/routes'
import { usePlans } from '../plan/plan-store'
import { useSync, type SyncOutcome, type SyncProps } from './sync-store'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { syncProblemWords } from './SyncBadge'
import { SyncTeamLine } from './SyncTeamLine'
import { SyncTokenForm } from './SyncTokenForm'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'
import { StaleLockRemedy } from '../../ui/StaleLockRemedy'

const remoteOf = (s: SyncStatus): string => s.remote ?? s.url ?? 'origin'

/** What the last click did, in words; null when the status's own notice says it (a failure). */
function outcomeWords(o: SyncOutcome, t: TFunction): string | null {
  const s = o.status
  const remote = remoteOf(s)
  const out: string[] = []
  if ((s.fastForwarded ?? 0) > 0) out.push(t('sync.result.fetched', { count: s.fastForwarded, remote }))
  if ((s.pushed ?? 0) > 0) out.push(t('sync.result.pushed', { count: s.pushed, remote }))
  if (s.state === 'ahead' && s.ahead > 0) out.push(t('sync.result.stillAhead', { count: s.ahead, remote }))
  if (out.length === 0 && s.state === 'up-to-date') out.push(t('sync.result.upToDate', { remote }))
  return out.length > 0 ? out.join(' ') : null
}

/**
 * Under a base's header: what the last Sync / Push did, and when the base cannot follow its remote,
 * why in plain words and what to do (divergence, a token to give, a remote that does not answer,
 * local changes in the way). A stored token can be forgotten here.
 */
export function SyncPanel({ base, status }: SyncProps): React.JSX.Element | null {
  const { t } = useTranslation()
  const outcome = useSync((s) => s.outcome[base])
  const error = useSync((s) => s.errors[base])
  const busy = useSync((s) => s.busy[base])
  const last = useSync((s) => s.lastAction[base])
  const credentials = useSync((s) => s.credentials)
  const credentialError = useSync((s) => s.credentialError)
  const { run, loadCredentials } = useSync.getState()
  const hasRemote = status !== undefined && status.state !== 'no-remote'

  useEffect(() => {
    if (hasRemote) void loadCredentials()
  }, [hasRemote, loadCredentials])

  if (!status || !hasRemote) return null
  const retry = (): void => void run(base, last ?? 'sync')
  // Said until the status moves on (another sync, a commit): then it would no longer be true.
  const words = outcome && !busy && outcome.status.state === status.state ? outcomeWords(outcome, t) : null
  // The paths in the way are known from the last sync (the overview's status does not look at files).
  const dirty =
    status.dirty.length > 0 ? status.dirty : outcome?.status.state === 'behind' ? outcome.status.dirty : []
  // A sync that fetched, then failed (a lock in the way, the base busy): the status read after it
  // compares the refs again (« 1 behind ») and holds no error, so the failure is said from the
  // click's own answer, until another sync.
  const failedLast =
    outcome && !busy && outcome.status.state === 'error' && outcome.status.lastSync === status.lastSync
      ? outcome.status
      : null
  const failing = status.state === 'unreachable' || status.state === 'error' ? status : failedLast
  // A base off its branch is said by the base's own banner, for every write, not only the sync.
  const retryable = failing?.problem?.kind === 'detached-head' ? null : failing
  const stored = status.host !== null && (credentials?.hosts.includes(status.host) ?? false)

  return (
    <section className="sync-panel" aria-label={t('sync.statusLabel')} data-testid="sync-panel">
      <SyncTeamLine
        status={outcome && !busy && outcome.status.state === status.state ? outcome.status : status}
      />
      {words ? (
        <p className="saved" role="status" data-testid="sync-result">
          {words}
        </p>
      ) : null}
      {error ? (
        <ErrorNotice error={error} context={t('sync.calling', { base })} onRetry={retry} compact />
      ) : null}

      {status.state === 'diverged' ? <DivergedNotice base={base} status={status} /> : null}

      {status.state === 'auth-required' && status.host ? (
        <SyncTokenForm base={base} host={status.host} message={status.message} />
      ) : null}

      {retryable ? <RetryProblem status={retryable} onRetry={retry} disabled={busy !== undefined} /> : null}

      {status.state === 'behind' && dirty.length > 0 ? (
        <DirtyNotice base={base} behind={status.behind} dirty={dirty} />
      ) : null}

      {stored && status.host ? <StoredToken host={status.host} /> : null}
      {credentialError ? (
        <ErrorNotice error={credentialError} context={t('sync.credentialsFailed')} compact />
      ) : null}
    </section>
  )
}

/** A remote that does not answer, or another failure a retry may clear. */
function RetryProblem(props: { status: SyncStatus; onRetry(): void; disabled: boolean }): React.JSX.Element {
  const { t } = useTranslation()
  const { status } = props
  const unreachable = status.state === 'unreachable'
  return (
    <RetryNotice
      tone={unreachable ? 'warning' : 'error'}
      icon={unreachable ? WifiOff : AlertTriangle}
      testId={unreachable ? 'sync-unreachable' : 'sync-error'}
      title={unreachable ? t('sync.unreachable.title') : t('sync.error.title')}
      body={
        unreachable
          ? t('sync.unreachable.body', { url: status.url ?? remoteOf(status) })
          : `${syncProblemWords(status, t)} ${t('sync.error.body')}`
      }
      detail={status.message}
      onRetry={props.onRetry}
      disabled={props.disabled}
    >
      {status.problem?.kind === 'git-lock-stale' ? (
        <StaleLockRemedy file={status.problem.params?.file} since={status.problem.params?.since} />
      ) : null}
    </RetryNotice>
  )
}

/** A sync problem that a retry may clear: what happened, the engine's sentence, Retry. */
function RetryNotice(props: {
  tone: 'warning' | 'error'
  icon: typeof WifiOff
  testId: string
  title: string
  body: string
  detail: string
  onRetry: () => void
  disabled: boolean
  /** A way forward besides Retry. */
  children?: React.ReactNode
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <Notice tone={props.tone} icon={props.icon} role="note" testId={props.testId} title={props.title}>
      <p>{props.body}</p>
      {/* The engine's own sentence (French) is a technical detail, folded like ErrorNotice's. */}
      <details className="error-detail">
        <summary>{t('errorDetail.summary')}</summary>
        <span className="error-message" lang="fr">
          {props.detail}
        </span>
      </details>
      {props.children}
      <Button look="small" icon={RotateCw} iconSize={14} onClick={props.onRetry} disabled={props.disabled}>
        {t('common.retry')}
      </Button>
    </Notice>
  )
}

/**
 * The base and its remote went apart: the conflicting paths; when only hub resolutions are in the
 * way, set them aside and plan again (the rebuilt draft taken by the plan store); else git's way;
 * ask the other person.
 */
function DivergedNotice({ base, status }: { base: string; status: SyncStatus }): React.JSX.Element {
  const { t } = useTranslation()
  const busy = useSync((s) => s.busy[base])
  const asideBusy = useSync((s) => s.asideBusy[base])
  const asideError = useSync((s) => s.asideError[base])
  const navigate = useNavigate()
  const remote = remoteOf(status)
  const setAsideAndReplan = async (): Promise<void> => {
    // The draft on disk must hold the manager's last keystrokes before the engine merges into it.
    await usePlans.getState().flush(base)
    const result = await useSync.getState().setAside(base)
    if (!result) return
    usePlans.getState().replaceDraft(base, result.draft, result.draftRevision)
    void navigate(planPath(base))
  }
  return (
    <Notice tone="danger" icon={GitFork} testId="sync-diverged" title={t('sync.diverged.title')}>
      <p>{t('sync.diverged.what', { remote })}</p>
      {status.conflicts.length > 0 ? (
        <>
          <p>{t('sync.diverged.paths', { count: status.conflicts.length })}</p>
          <ul className="sync-paths" data-testid="sync-conflicts">
            {status.conflicts.map((p) => (
              <li key={p}>
                <code className="break-anywhere">{p}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="sync-todo-title">{t('sync.diverged.todo')}</p>
      <ul className="sync-todo">
        {status.replannable ? (
          <li>
            {t('sync.diverged.setAside')}{' '}
            <Button
              look="small primary"
              icon={ClipboardList}
              iconSize={14}
              onClick={() => void setAsideAndReplan()}
              disabled={asideBusy === true || busy !== undefined}
              testId="sync-set-aside"
            >
              {asideBusy ? t('sync.diverged.settingAside') : t('sync.diverged.setAsideButton')}
            </Button>
          </li>
        ) : (
          <li>{t('sync.diverged.git')}</li>
        )}
        <li>{t('sync.diverged.ask', { count: Math.max(1, status.conflicts.length) })}</li>
      </ul>
      {asideError ? (
        <ErrorNotice error={asideError} context={t('sync.diverged.setAsideFailed')} compact />
      ) : null}
      {/* The engine's own (French) sentence names git commands: a technical detail, folded away. */}
      <details className="error-detail">
        <summary>{t('errorDetail.summary')}</summary>
        <span lang="fr">{status.message}</span>
      </details>
    </Notice>
  )
}

/** Behind, with local changes in the way: which files, and the screen to keep or set them aside. */
function DirtyNotice({
  base,
  behind,
  dirty
}: {
  base: string
  behind: number
  dirty: string[]
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <Notice tone="warning" testId="sync-dirty" title={t('sync.dirty.title', { count: behind })}>
      <p>{t('sync.dirty.body')}</p>
      <ul className="sync-paths">
        {dirty.map((p) => (
          <li key={p}>
            <code className="break-anywhere">{p}</code>
          </li>
        ))}
      </ul>
      <Link className="button button-small" to={localChangesPath(base)} data-testid="sync-dirty-open">
        <FileDiff aria-hidden="true" size={14} /> {t('sync.dirty.open')}
      </Link>
    </Notice>
  )
}

/** A token is stored for the remote's host (keychain or memory): Forget it. */
function StoredToken({ host }: { host: string }): React.JSX.Element {
  const { t } = useTranslation()
  const credentials = useSync((s) => s.credentials)
  const forgetting = useSync((s) => s.credentialBusy[host] === 'delete')
  const { forgetToken } = useSync.getState()
  return (
    <p className="hint sync-stored" data-testid="sync-stored-token">
      <KeyRound aria-hidden="true" size={14} />{' '}
      {credentials?.persistent ? t('sync.stored', { host: host }) : t('sync.storedMemory', { host: host })}{' '}
      <Button
        look="small ghost"
        onClick={() => void forgetToken(host)}
        disabled={forgetting}
        testId="sync-forget-token"
      >
        {forgetting ? t('sync.forgetting') : t('sync.forget')}
      </Button>
    </p>
  )
}
