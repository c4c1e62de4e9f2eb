import { randomBytes } from 'node:crypto'
import type { HttpClient } from 'isomorphic-git'
import { describeError, HubError } from '../errors'
import type { HubLog } from '../hublog'
import { withBaseLock, type HeldLock } from '../lock'
import type { Base } from '../registry/base'
import { assertWritableRepository } from '../git/commit'
import { headCommitSha, readRefValue } from '../git/refs'
import { openRepository, type RepoLayout } from '../git/layout'
import { advanceBranch, hasAdvanceJournal, probeAdvance, settleAdvanceJournal } from '../git/advance'
import type { StepHook } from '../steps'
import { rollBackInterrupted } from '../review/transaction'
import type { SyncAlert, SyncMode, SyncProblem, SyncState, SyncStatus } from '../../shared/hub-api'
import type { CredentialStore } from './credentials'
import { chainOf, CommitReader, relate, type Relation } from './graph'
import { inboxBranch } from './hub-id'
import { collectInboxes, inboxWaiting, listInboxTips } from './inbox'
import { isConflict, isResolutionCommit, planReplay, type ReplayConflict } from './replay'
import type { SyncStateStore } from './state'
import { remoteTarget, type RemoteTarget, type TargetLookup } from './target'
import { fetchAllBranches, fetchRemote, NetFailure, pushCommit } from './transport'

/**
 * One base and its remote (issue 12). Fetch first, outside the base lock (a slow or unreachable
 * host never holds up a proposal); then, under the lock, compare the branch with the remote tip:
 *
 * - behind only → fast-forward (branch, index and the changed worktree files; local changes in the
 *   way → nothing written, the paths reported);
 * - ahead (push asked) → push; when the remote moved too, the hub's own commits are replayed on
 *   its tip (`replay.ts`) and pushed, and the branch moves to what was pushed; a push beaten by
 *   another one is retried after a fresh fetch, with exponential backoff and jitter, a bounded
 *   number of times;
 * - commits that cannot be replayed (a resolution whose files changed remotely, a commit not made
 *   by the hub, a merge) → diverged, with the paths, nothing forced.
 *
 * Never a merge commit, never a forced push, never a local commit lost: the branch only moves to
 * a descendant of the remote tip that carries every local change.
 */

export interface SyncDeps {
  log: HubLog
  credentials: CredentialStore
  state: SyncStateStore
  now?: () => Date
  /** Idle timeout of each HTTP request. */
  timeoutMs?: number
  /** Push attempts when other pushes keep winning (default 8). */
  maxAttempts?: number
  /** First backoff delay, doubled each time up to `maxBackoffMs` (defaults 50 ms, 2 s). */
  backoffMs?: number
  maxBackoffMs?: number
  random?: () => number
  lockTimeoutMs?: number
  http?: HttpClient
  /** Tests only (issue 13): called after each durable step of the fetch, the push and the branch's move. */
  onStep?: StepHook
  /** The base's `sync-mode` setting (issue 27); default `auto`. */
  mode?: 'auto' | SyncMode
  /** This installation's hub id (`hub-id.ts`): names its inbox branch. Required for inbox mode. */
  hubId?: string
  /** Four hex digits for an id renamed at integration (tests force collisions). */
  drawSuffix?: () => string
}

/** The mode a run starts in: the setting, else what the remote taught (`mainProtected`). */
export function effectiveMode(base: Base, deps: Pick<SyncDeps, 'mode' | 'state'>): SyncMode {
  const m = deps.mode ?? 'auto'
  if (m !== 'auto') return m
  return deps.state.get(base.root)?.mainProtected ? 'inbox' : 'main'
}

export interface SyncRequest {
  push: boolean
  /**
   * The push a local commit triggers (auto-push). In inbox mode it sends the inbox only, against
   * the last known tip of the branch — the branch is not fetched: there is nobody to race, and a
   * burst of filings costs one push, not a fetch and a push (issue 27).
   */
  pushOnly?: boolean
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`
const commits = (n: number): string => plural(n, 'commit', 'commits')

interface Context {
  base: Base
  target: RemoteTarget | null
  branch: string | null
}

function status(
  ctx: Context,
  state: SyncState,
  message: string,
  extra: Partial<SyncStatus> = {}
): SyncStatus {
  const t = ctx.target
  return {
    base: ctx.base.name,
    state,
    branch: ctx.branch,
    remote: t ? `${t.remote}/${t.remoteBranch}` : null,
    url: t?.displayUrl ?? null,
    host: t?.host ?? null,
    ahead: 0,
    behind: 0,
    conflicts: [],
    dirty: [],
    lastSync: null,
    message,
    live: false,
    ...extra
  }
}

/** The base and its remote both moved, in a way a replay cannot settle: the paths, and whether a plan can be rebuilt. */
function divergedStatus(
  ctx: Context,
  c: ReplayConflict,
  remote: string,
  counts: { ahead: number; behind: number }
): SyncStatus {
  return status(ctx, 'diverged', divergedMessage(c, remote), {
    ...counts,
    conflicts: c.paths,
    replannable: c.replannable
  })
}

function divergedMessage(c: ReplayConflict, remote: string): string {
  return (
    `la base et ${remote} ont changé tous deux : ${c.reasons.join(' ; ')}. Rien n'a été forcé ni écrit. ` +
    (c.replannable
      ? 'Mettez la résolution de côté (« Mettre de côté et replanifier » dans l’app, ou okf-hub sync <base> --set-aside) : ' +
        'elle est gardée dans une branche, et son plan reconstruit ; prévisualisez de nouveau le plan sur la nouvelle version du dépôt distant, puis résolvez.'
      : 'Intégrez ces commits avec git (git pull --rebase), puis synchronisez.')
  )
}

function dirtyMessage(n: number, paths: string[], remote: string): string {
  return (
    `${commits(n)} de ${remote} à récupérer, mais des modifications locales (non commitées ou indexées) ` +
    `touchent ${paths.join(', ')} : rien n'a été écrit. Commitez-les ou annulez-les, puis synchronisez de nouveau.`
  )
}

function aheadMessage(rel: Relation, remote: string): string {
  const n = rel.ahead.length
  return (
    `${commits(n)} local${n === 1 ? '' : 'aux'} pas encore sur ${remote} : poussez-les ` +
    '(okf-hub sync --push, ou auto-push: true pour cette base dans la configuration du hub)' +
    (rel.behind.length > 0
      ? ` ; ils seront rejoués sur ${plural(rel.behind.length, 'commit arrivé', 'commits arrivés')} entre-temps.`
      : '.')
  )
}

/** Past this many, the commits waiting to leave are counted as the last kind seen (a status stays cheap). */
const OUTGOING_READ_MAX = 1000

/** What waits to leave, by kind, from the subjects the hub writes (`format.ts`, `message.ts`). */
async function outgoingKinds(
  reader: CommitReader,
  ahead: string[]
): Promise<NonNullable<SyncStatus['outgoing']>> {
  const out = { proposals: 0, decisions: 0, other: 0 }
  for (const sha of ahead.slice(0, OUTGOING_READ_MAX)) {
    const subject = (await reader.read(sha)).message.split('\n', 1)[0]
    if (/^proposal: prop-/.test(subject)) out.proposals++
    else if (/^(integrate|reject|resolve): /.test(subject)) out.decisions++
    else out.other++
  }
  out.other += Math.max(0, ahead.length - OUTGOING_READ_MAX)
  return out
}

/** The base's remote target and the context every status of this base is built from. */
async function lookupTarget(base: Base): Promise<{ lookup: TargetLookup; ctx: Context }> {
  const lookup = await remoteTarget(base.root)
  const ctx: Context = {
    base,
    target: lookup.kind === 'ok' ? lookup.target : null,
    branch: lookup.kind === 'ok' ? lookup.target.branch : lookup.branch
  }
  return { lookup, ctx }
}

/** A failure the sync did not foresee, as data the doors word (the sentence stays the detail). */
function problemOf(e: unknown, ctx?: Context): SyncProblem {
  if (e instanceof HubError && e.kind === 'base-busy') return { kind: 'base-busy' }
  if (e instanceof HubError && e.kind === 'git-lock-stale')
    return {
      kind: 'git-lock-stale',
      params: { file: String(e.params?.file), since: String(e.params?.since) }
    }
  if (e instanceof NetFailure && e.kind === 'missing')
    return { kind: 'remote-missing', params: { url: ctx?.target?.displayUrl ?? '' } }
  if (e instanceof NetFailure && e.kind === 'error') return { kind: 'remote-refused' }
  return { kind: 'unexpected' }
}

const NO_COMMITS: SyncProblem = { kind: 'no-commits' }

/** A thrown failure as an `error` status: its sentence as the detail, its problem as data. */
function unexpectedStatus(ctx: Context, e: unknown, extra: Partial<SyncStatus> = {}): SyncStatus {
  return status(ctx, 'error', e instanceof HubError ? e.message : describeError(e), {
    ...extra,
    problem: problemOf(e)
  })
}

/** No remote the hub syncs with: none configured, or a folder of this computer (`url` then names it). */
function noRemote(ctx: Context, lookup: Extract<TargetLookup, { kind: 'no-remote' }>): SyncStatus {
  const f = lookup.folder
  return f
    ? status(
        ctx,
        'no-remote',
        `le dépôt distant ${f.remote} est un dossier de cet ordinateur (${f.url}) : la synchronisation ` +
          'ne suit que les dépôts http(s) ; rien à synchroniser',
        { url: f.url }
      )
    : status(
        ctx,
        'no-remote',
        "aucun dépôt distant n'est configuré pour cette base (git remote) : rien à synchroniser"
      )
}

/** Local status against the last known remote tip (the tracking ref): no network call. */
export async function localStatus(
  base: Base,
  deps: Pick<SyncDeps, 'state' | 'mode' | 'hubId'>
): Promise<SyncStatus> {
  const { lookup, ctx } = await lookupTarget(base)
  if (lookup.kind === 'no-remote') return noRemote(ctx, lookup)
  const mode = effectiveMode(base, deps)
  const withMode = (st: SyncStatus): SyncStatus => ({ ...st, mode })
  const rec = deps.state.get(base.root)
  const lastSync = rec?.lastSync ?? null
  const storedAlerts = rec?.alerts?.length ? { alerts: rec.alerts } : {}
  if (lookup.kind === 'error')
    return status(ctx, 'error', lookup.message, { lastSync, problem: lookup.problem })
  const target = lookup.target
  const remote = `${target.remote}/${target.remoteBranch}`
  try {
    const repo = await openRepository(base.root)
    const local = await headCommitSha(repo)
    const tip = await readRefValue(repo, target.trackingRef)
    let computed: SyncStatus
    if (!local)
      computed = status(ctx, 'error', 'la branche courante n’a aucun commit', {
        lastSync,
        problem: NO_COMMITS
      })
    else if (!tip)
      computed = status(
        ctx,
        'ahead',
        `${remote} n'a encore jamais été récupéré (ou n'existe pas) : synchronisez`,
        { lastSync }
      )
    else {
      const reader = new CommitReader(repo.commondir)
      const rel = await relate(reader, local, tip)
      const counts = {
        ahead: rel.ahead.length,
        behind: rel.behind.length,
        lastSync,
        ...(rel.ahead.length > 0 ? { outgoing: await outgoingKinds(reader, rel.ahead) } : {})
      }
      if (rel.ahead.length === 0 && rel.behind.length === 0)
        computed = status(ctx, 'up-to-date', `à jour avec ${remote} (dernier état connu)`, counts)
      else if (rel.ahead.length === 0)
        computed = status(
          ctx,
          'behind',
          `${commits(rel.behind.length)} de ${remote} à récupérer : synchronisez`,
          counts
        )
      else if (rel.behind.length === 0 && mode === 'inbox' && deps.hubId) {
        // Filed on the inbox already (its last known tip carries every local commit): nothing to do.
        const branch = inboxBranch(deps.hubId)
        const inboxTip = await readRefValue(repo, `refs/remotes/${target.remote}/${branch}`)
        let inInbox = false
        if (inboxTip) {
          const plan = await planReplay(reader, await chainOf(reader, local, rel), inboxTip, { check: true })
          inInbox = !isConflict(plan) && plan.replayed.every((r) => r.integrated)
        }
        const inbox = { branch, waiting: rel.ahead.length }
        computed = inInbox
          ? status(ctx, 'up-to-date', inboxMessage(remote, inbox.branch, inbox.waiting), { ...counts, inbox })
          : status(ctx, 'ahead', `${commits(rel.ahead.length)} à déposer dans ${branch} : synchronisez`, {
              ...counts,
              inbox
            })
      } else if (rel.behind.length === 0) computed = status(ctx, 'ahead', aheadMessage(rel, remote), counts)
      else {
        const plan = await planReplay(reader, await chainOf(reader, local, rel), tip, {
          check: true,
          upstream: rel.behind
        })
        computed = isConflict(plan)
          ? divergedStatus(ctx, plan, remote, counts)
          : status(ctx, 'ahead', aheadMessage(rel, remote), counts)
      }
    }
    // The remote's last answer wins over the local comparison when it failed since the last success.
    if (
      rec &&
      (rec.state === 'unreachable' || rec.state === 'auth-required') &&
      rec.lastAttempt !== rec.lastSync
    )
      return withMode({ ...computed, state: rec.state, message: rec.message, ...storedAlerts })
    return withMode({ ...computed, ...storedAlerts })
  } catch (e) {
    return withMode(unexpectedStatus(ctx, e, { lastSync }))
  }
}

function inboxMessage(remote: string, branch: string, waiting: number): string {
  return waiting === 0
    ? `à jour avec ${remote} ; rien en attente dans ${branch}`
    : `à jour avec ${remote} ; ${plural(waiting, 'proposition attend', 'propositions attendent')} ` +
        `l'intégration par le gestionnaire dans ${branch}`
}

/** Fetch, then fast-forward / replay / push as `req` asks. Never throws: the status says what happened. */
export async function syncBase(base: Base, req: SyncRequest, deps: SyncDeps): Promise<SyncStatus> {
  const log = deps.log
  const now = deps.now ?? (() => new Date())
  const at = now()
  const { lookup, ctx } = await lookupTarget(base)
  if (lookup.kind === 'no-remote') return noRemote(ctx, lookup)
  let mode = effectiveMode(base, deps)
  const alerts: SyncAlert[] = []
  const finish = (s: SyncStatus, reached: boolean): SyncStatus => {
    const all = [...alerts, ...(s.alerts ?? [])]
    const rec = deps.state.record(base.root, s.state, s.message, reached, at, all)
    const out: SyncStatus = {
      ...s,
      lastSync: rec.lastSync,
      live: reached,
      mode,
      ...(all.length > 0 ? { alerts: all } : {})
    }
    for (const a of out.alerts ?? []) log.warning(`sync '${base.name}' : ${a.message}`)
    const line = `sync '${base.name}' : ${out.state} — ${out.message}`
    if (out.state === 'error' || out.state === 'diverged') log.warning(line)
    else log.info(line)
    return out
  }
  if (lookup.kind === 'error')
    return finish(status(ctx, 'error', lookup.message, { problem: lookup.problem }), false)
  const target = lookup.target
  const remote = `${target.remote}/${target.remoteBranch}`
  const failed = (e: unknown, reached: boolean): SyncStatus => {
    if (e instanceof NetFailure) {
      const state: SyncState =
        e.kind === 'unreachable' || e.kind === 'auth-required'
          ? e.kind
          : e.kind === 'rejected'
            ? 'ahead'
            : 'error'
      const message =
        e.kind === 'rejected'
          ? `${e.message} ${deps.maxAttempts ?? 8} fois de suite : rien n'a été perdu, réessayez dans un moment`
          : e.message
      return finish(
        status(ctx, state, message, state === 'error' ? { problem: problemOf(e, ctx) } : {}),
        reached && e.kind === 'rejected'
      )
    }
    return finish(unexpectedStatus(ctx, e), reached)
  }

  // The repository of this sync, opened (and checked) once: every step below is handed it.
  let repo: RepoLayout
  try {
    repo = await assertWritableRepository(base.root)
  } catch (e) {
    return failed(e, false)
  }
  const commondir = repo.commondir
  const token = target.host ? await deps.credentials.get(target.host).catch(() => null) : null
  const net = { token, timeoutMs: deps.timeoutMs, http: deps.http, onStep: deps.onStep }
  log.info(
    `sync '${base.name}' : récupération de ${remote} (${target.displayUrl})${req.push ? ', poussée demandée' : ''}`
  )
  let remoteTip: string | null
  try {
    const known = mode === 'inbox' && req.push && req.pushOnly
    remoteTip = known ? await readRefValue(repo, target.trackingRef) : null
    if (!known || !remoteTip)
      remoteTip =
        mode === 'manager'
          ? await fetchAllBranches(base.root, commondir, target, net)
          : await fetchRemote(base.root, commondir, target, net)
  } catch (e) {
    return failed(e, false)
  }

  const maxAttempts = Math.max(1, deps.maxAttempts ?? 8)
  const backoff = (attempt: number): number => {
    const d = Math.min(deps.maxBackoffMs ?? 2_000, (deps.backoffMs ?? 50) * 2 ** (attempt - 1))
    // Jitter over the whole window (a tenth kept as a floor): racing hubs spread out.
    return d / 10 + (deps.random ?? Math.random)() * ((d * 9) / 10)
  }

  /**
   * Moves the branch from `local` to `to` under the base lock, only if it is still at `local`:
   * 'moved', the paths in the way, or 'moved-on' when a commit landed meanwhile (the caller
   * looks again; nothing of that commit is lost or rewritten here).
   */
  const moveBranch = async (local: string, to: string, reflog: string) =>
    withBaseLock(
      base.root,
      async (lock: HeldLock) => {
        // A resolution killed before its commit: its files put back before the branch moves.
        await rollBackInterrupted(repo, log)
        if ((await headCommitSha(repo)) !== local) return 'moved-on' as const
        return advanceBranch(repo, local, to, { lock, log, reflog, onStep: deps.onStep })
      },
      { timeoutMs: deps.lockTimeoutMs, log }
    )

  // The network and the replay happen outside the base lock: a proposal filed meanwhile never
  // waits for a slow remote, and lands on top of what is being pushed (pushed by the next run).
  /**
   * Brings the branch onto the remote's tip: fast-forward, replay, push (`main` and `manager`).
   * In `inbox` mode nothing is pushed to the branch: the local commits are replayed on its tip
   * here, and 'inbox' is returned once the branch is the remote's plus them (`toInbox` sends them).
   */
  const attemptAll = async (): Promise<SyncStatus | 'inbox'> => {
    let pushedSoFar = 0
    let fastForwardedSoFar = 0
    for (let attempt = 1; ; attempt++) {
      const local = await headCommitSha(repo)
      if (!local)
        return finish(
          status(ctx, 'error', 'la branche courante n’a aucun commit : rien à synchroniser', {
            problem: NO_COMMITS
          }),
          true
        )
      if (remoteTip === local && mode === 'inbox') return 'inbox'
      if (remoteTip === local) {
        // A move killed past its branch's move (nothing left to do but its journal): settled under the lock.
        if (await hasAdvanceJournal(repo))
          await withBaseLock(base.root, (lock) => settleAdvanceJournal(repo, { lock, log }), {
            timeoutMs: deps.lockTimeoutMs,
            log
          })
        const done =
          pushedSoFar > 0
            ? `${commits(pushedSoFar)} poussé${pushedSoFar === 1 ? '' : 's'} vers ${remote} : à jour`
            : fastForwardedSoFar > 0
              ? `avance rapide de ${commits(fastForwardedSoFar)} depuis ${remote} : à jour`
              : `à jour avec ${remote}`
        return finish(
          status(ctx, 'up-to-date', done, {
            ...(req.push ? { pushed: pushedSoFar } : {}),
            ...(fastForwardedSoFar ? { fastForwarded: fastForwardedSoFar } : {})
          }),
          true
        )
      }
      const reader = new CommitReader(commondir)
      const rel: Relation = remoteTip
        ? await relate(reader, local, remoteTip)
        : { ahead: [local], behind: [], base: null }
      const counts = { ahead: rel.ahead.length, behind: rel.behind.length }
      // How a move onto the remote's commits stops (the fast-forward, the inbox mode's replay): the
      // branch moved on under us, or local changes are in the way.
      const notMoved = (r: 'moved-on' | { dirty: string[] }): SyncStatus =>
        finish(
          status(
            ctx,
            'behind',
            r === 'moved-on'
              ? `${commits(rel.behind.length)} de ${remote} à récupérer : la base change sans cesse, synchronisez de nouveau`
              : dirtyMessage(rel.behind.length, r.dirty, remote),
            { ...counts, dirty: r === 'moved-on' ? [] : r.dirty }
          ),
          true
        )

      if (remoteTip && rel.ahead.length === 0) {
        const r = await moveBranch(local, remoteTip, `okf-hub sync: fast-forward to ${remote}`)
        if (r === 'moved-on' && attempt < maxAttempts) continue
        if (r === 'moved-on' || !r.moved) return notMoved(r)
        fastForwardedSoFar += rel.behind.length
        continue
      }

      // Local commits the remote does not have.
      if (mode === 'inbox') {
        if (!remoteTip || rel.behind.length === 0) return 'inbox'
        const plan = await planReplay(reader, await chainOf(reader, local, rel), remoteTip, {
          upstream: rel.behind
        })
        if (isConflict(plan)) return finish(divergedStatus(ctx, plan, remote, counts), true)
        const r = await moveBranch(local, plan.tip, `okf-hub sync: local commits replayed onto ${remote}`)
        if (r === 'moved-on' && attempt < maxAttempts) continue
        if (r === 'moved-on' || !r.moved) return notMoved(r)
        fastForwardedSoFar += rel.behind.length
        continue
      }
      let toPush = local
      let replayed: number
      if (remoteTip && rel.behind.length > 0) {
        const plan = await planReplay(reader, await chainOf(reader, local, rel), remoteTip, {
          check: !req.push,
          upstream: rel.behind
        })
        if (isConflict(plan)) return finish(divergedStatus(ctx, plan, remote, counts), true)
        if (!req.push) return finish(status(ctx, 'ahead', aheadMessage(rel, remote), counts), true)
        toPush = plan.tip
        replayed = plan.replayed.filter((r) => r.to !== null).length
      } else if (!req.push) {
        const msg = remoteTip
          ? aheadMessage(rel, remote)
          : `${remote} n'existe pas encore sur le dépôt distant : poussez pour la créer (okf-hub sync --push)`
        return finish(status(ctx, 'ahead', msg, counts), true)
      } else {
        replayed = remoteTip ? rel.ahead.length : 0
      }

      if (toPush !== local) {
        const dirty = await probeAdvance(repo, local, toPush)
        if (dirty.length > 0)
          return finish(
            status(
              ctx,
              'ahead',
              `${aheadMessage(rel, remote)} ${dirtyMessage(rel.behind.length, dirty, remote)}`,
              { ...counts, dirty }
            ),
            true
          )
      }
      if (toPush !== remoteTip) {
        try {
          await pushCommit(base.root, commondir, target, toPush, net)
        } catch (e) {
          if (e instanceof NetFailure && e.kind === 'protected' && (deps.mode ?? 'auto') === 'auto') {
            // The expected case for a contributor on a protected branch: file on the inbox instead.
            if (!deps.hubId) return failed(e, true)
            deps.state.learnMainProtected(base.root, at)
            mode = 'inbox'
            alerts.push({
              kind: 'moved-to-inbox',
              message:
                `${remote} est protégée (seul le gestionnaire de la base la met à jour) : ce hub dépose ` +
                `désormais ses propositions dans ${inboxBranch(deps.hubId)}`,
              params: { branch: target.remoteBranch, inbox: inboxBranch(deps.hubId) }
            })
            log.info(`sync '${base.name}' : ${alerts.at(-1)?.message}`)
            continue
          }
          if (e instanceof NetFailure && e.kind === 'protected') {
            const inbox = deps.hubId ? inboxBranch(deps.hubId) : 'okf-hub/inbox/<hub>'
            alerts.push({
              kind: 'push-refused',
              message:
                mode === 'manager'
                  ? `${e.message} — ce hub gère la base mais son jeton n'a pas le droit de pousser ${target.remoteBranch} : ` +
                    'vérifiez la règle de protection (le gestionnaire doit pouvoir pousser) ou le jeton enregistré'
                  : `${e.message} — le mode « main » est imposé pour cette base : passez-la en sync-mode: inbox (ou auto) pour déposer dans ${inbox}`,
              params: { branch: target.remoteBranch, host: target.host ?? '' }
            })
            return finish(
              status(ctx, 'error', e.message, {
                ...counts,
                problem: { kind: 'push-protected', params: { branch: target.remoteBranch } }
              }),
              true
            )
          }
          if (e instanceof NetFailure && e.kind === 'error')
            alerts.push({
              kind: 'push-refused',
              message: `${e.message} — rien n'a été perdu : les commits restent locaux ; vérifiez les règles du dépôt distant`,
              params: { branch: target.remoteBranch, host: target.host ?? '' }
            })
          if (e instanceof NetFailure && e.kind === 'rejected' && attempt < maxAttempts) {
            const wait = backoff(attempt)
            log.info(
              `sync '${base.name}' : ${e.message} — nouvel essai ${attempt + 1}/${maxAttempts} dans ${Math.round(wait)} ms`
            )
            await sleep(wait)
            try {
              remoteTip = await fetchRemote(base.root, commondir, target, net)
            } catch (again) {
              return failed(again, false)
            }
            continue
          }
          return failed(e, true)
        }
        log.info(
          `sync '${base.name}' : ${toPush.slice(0, 10)} poussé vers ${remote}` +
            (rel.behind.length > 0
              ? ` (${commits(replayed)} rejoué(s) sur ${commits(rel.behind.length)} distants)`
              : '')
        )
        pushedSoFar += replayed
      }
      fastForwardedSoFar += rel.behind.length
      remoteTip = toPush
      if (toPush !== local) {
        const r = await moveBranch(
          local,
          toPush,
          `okf-hub sync: ${replayed} commit(s) replayed onto ${remote}`
        )
        // A commit landed meanwhile: the next round finds what was pushed upstream (dropped from
        // its replay) and pushes only the new one.
        if (r === 'moved-on' && attempt < maxAttempts) continue
        if (r === 'moved-on' || !r.moved)
          // Pushed, but the branch could not follow (local edits appeared, or more commits):
          // the next sync drops what is upstream already and fast-forwards once it can.
          return finish(
            status(
              ctx,
              'behind',
              r === 'moved-on'
                ? `poussé vers ${remote}, mais la base a reçu d'autres commits entre-temps : synchronisez de nouveau`
                : dirtyMessage(rel.behind.length, r.dirty, remote),
              { ...counts, dirty: r === 'moved-on' ? [] : r.dirty, pushed: pushedSoFar }
            ),
            true
          )
      }
    }
  }

  /**
   * Inbox mode, once the branch is the remote's tip plus the local commits: those go to this hub's
   * inbox as a fast-forward of it (replayed on its tip when the branch moved since); an inbox
   * whose every commit the branch carries is deleted first (only its owner ever writes it).
   */
  const toInbox = async (): Promise<SyncStatus> => {
    if (!deps.hubId)
      return finish(
        status(ctx, 'error', 'mode inbox sans identifiant de hub', { problem: { kind: 'no-hub-id' } }),
        true
      )
    const branch = inboxBranch(deps.hubId)
    const tracking = `refs/remotes/${target.remote}/${branch}`
    const inboxTarget: RemoteTarget = { ...target, remoteBranch: branch, trackingRef: tracking }
    let pushed = 0
    let fetched = false
    for (let attempt = 1; ; attempt++) {
      const local = await headCommitSha(repo)
      if (!local || !remoteTip)
        return finish(
          status(
            ctx,
            'error',
            `${remote} n'existe pas sur le dépôt distant : le gestionnaire doit la créer`,
            {
              problem: { kind: 'remote-branch-missing', params: { branch: target.remoteBranch } }
            }
          ),
          true
        )
      const reader = new CommitReader(commondir)
      const rel = await relate(reader, local, remoteTip)
      const mine = await chainOf(reader, local, rel)
      const counts = { ahead: rel.ahead.length, behind: rel.behind.length }
      const resolutions = []
      for (const sha of mine) if (isResolutionCommit(await reader.read(sha))) resolutions.push(sha)
      if (resolutions.length > 0) {
        alerts.push({
          kind: 'push-refused',
          message:
            `${commits(resolutions.length)} de résolution locale${resolutions.length === 1 ? '' : 's'} : ` +
            `seul le hub gestionnaire de la base décide ; mettez-la de côté (okf-hub sync ${base.name} --set-aside)`,
          params: { count: resolutions.length }
        })
        return finish(status(ctx, 'ahead', alerts.at(-1)?.message ?? '', counts), true)
      }
      let inboxTip = await readRefValue(repo, tracking)
      if (
        inboxTip &&
        !(await reader.read(inboxTip).then(
          () => true,
          () => false
        ))
      )
        inboxTip = null
      const state = inboxTip ? await inboxWaiting(reader, inboxTip, remoteTip) : null
      try {
        if (inboxTip && state?.merged) {
          // Everything in it is on the branch: it goes, and the next submission starts a new one.
          await pushCommit(base.root, commondir, target, inboxTip, net, {
            remoteBranch: branch,
            trackingRef: tracking,
            delete: true
          })
          log.info(`sync '${base.name}' : ${branch} intégrée à ${remote}, supprimée`)
          inboxTip = null
        }
        let next = local
        if (inboxTip && mine.length > 0) {
          const relI = await relate(reader, local, inboxTip)
          const plan = await planReplay(reader, mine, inboxTip, { upstream: relI.behind })
          if (isConflict(plan)) {
            alerts.push({
              kind: 'push-refused',
              message: `dépôt dans ${branch} impossible : ${plan.reasons.join(' ; ')}`,
              params: { inbox: branch }
            })
            return finish(status(ctx, 'ahead', alerts.at(-1)?.message ?? '', counts), true)
          }
          next = plan.tip
        }
        if (mine.length > 0 && next !== inboxTip) {
          await pushCommit(base.root, commondir, target, next, net, {
            remoteBranch: branch,
            trackingRef: tracking
          })
          pushed += inboxTip ? (await relate(reader, next, inboxTip)).ahead.length : mine.length
          log.info(`sync '${base.name}' : ${next.slice(0, 10)} déposé dans ${branch}`)
        }
      } catch (e) {
        if (e instanceof NetFailure && e.kind === 'rejected' && attempt < maxAttempts) {
          // Another process of this installation moved it (or a stale tracking ref): look again.
          if (!fetched || attempt > 1) await sleep(backoff(attempt))
          fetched = true
          try {
            await fetchRemote(base.root, commondir, inboxTarget, net)
          } catch (again) {
            return failed(again, false)
          }
          continue
        }
        if (e instanceof NetFailure && (e.kind === 'protected' || e.kind === 'error'))
          alerts.push({
            kind: 'push-refused',
            message:
              `${e.message} — le dépôt distant refuse aussi la boîte ${branch} : ` +
              'la règle de protection doit laisser chacun pousser okf-hub/inbox/* (README, « Base d’équipe »)',
            params: { inbox: branch, host: target.host ?? '' }
          })
        return failed(e, true)
      }
      const inbox = { branch, waiting: mine.length, ...(req.push ? { pushed } : {}) }
      return finish(
        status(ctx, 'up-to-date', inboxMessage(remote, branch, mine.length), { ...counts, inbox }),
        true
      )
    }
  }

  /**
   * Manager mode, once the branch is in step with the remote: every inbox's waiting submissions
   * are replayed on it (`collectInboxes`), the branch moves there, and is pushed when asked.
   */
  const collect = async (first: SyncStatus): Promise<SyncStatus> => {
    const local = await headCommitSha(repo)
    if (!local) return first
    const inboxes = await listInboxTips(repo, target.remote)
    const reader = new CommitReader(commondir)
    const draw = deps.drawSuffix ?? (() => randomBytes(2).toString('hex'))
    const outcome = await collectInboxes(reader, local, inboxes, draw)
    for (const p of outcome.problems)
      alerts.push({ kind: 'inbox-problem', message: p.reason, params: { inbox: p.inbox, commit: p.commit } })
    let result = first
    if (outcome.tip !== local) {
      const r = await moveBranch(
        local,
        outcome.tip,
        `okf-hub sync: ${outcome.collected.length} submission(s) collected from inboxes`
      )
      if (r === 'moved-on' || !r.moved) {
        alerts.push({
          kind: 'stays-behind',
          message:
            r === 'moved-on'
              ? 'les propositions des boîtes de dépôt n’ont pas été intégrées (la base a changé pendant la collecte) : synchronisez de nouveau'
              : `propositions des boîtes non intégrées : des modifications locales touchent ${r.dirty.join(', ')}`,
          params: { count: outcome.collected.length }
        })
        outcome.collected.length = 0
      } else {
        deps.state.recordOrigins(base.root, outcome.collected, at)
        log.info(
          `sync '${base.name}' : ${plural(outcome.collected.length, 'proposition collectée', 'propositions collectées')} ` +
            `depuis ${plural(new Set(outcome.collected.map((c) => c.inbox)).size, 'boîte', 'boîtes')}`
        )
        const again = await attemptAll()
        if (again !== 'inbox') result = again
      }
    }
    const tip = (await headCommitSha(repo)) ?? local
    const after = new CommitReader(commondir)
    const seen = []
    for (const i of inboxes)
      seen.push({ branch: i.branch, waiting: (await inboxWaiting(after, i.tip, tip)).waiting.length })
    if (outcome.collected.length > 0)
      result = {
        ...result,
        message:
          `${result.message} ; ${plural(outcome.collected.length, 'proposition intégrée', 'propositions intégrées')} ` +
          `depuis ${plural(new Set(outcome.collected.map((c) => c.inbox)).size, 'boîte de dépôt', 'boîtes de dépôt')}`
      }
    const all = [...(result.alerts ?? []), ...alerts]
    // The collect's own alerts reach the record too (the card shows them without the network).
    if (all.length > (result.alerts ?? []).length)
      deps.state.record(base.root, result.state, result.message, true, at, all)
    return {
      ...result,
      alerts: all.filter((a, i) => all.findIndex((b) => b.message === a.message) === i),
      manager: {
        inboxes: seen,
        collected: outcome.collected.map((c) => ({
          id: c.id,
          inbox: c.inbox,
          ...(c.renamedFrom ? { renamedFrom: c.renamedFrom } : {})
        }))
      },
      mode
    }
  }

  try {
    const first = await attemptAll()
    if (first === 'inbox') return await toInbox()
    if (mode === 'manager' && (first.state === 'up-to-date' || first.state === 'ahead'))
      return await collect(first)
    return first
  } catch (e) {
    return failed(e, true)
  }
}
