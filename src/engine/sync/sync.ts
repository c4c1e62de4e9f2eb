import type { HttpClient } from 'isomorphic-git'
import { describeError, HubError } from '../errors'
import type { HubLog } from '../hublog'
import { withBaseLock, type HeldLock } from '../lock'
import type { Base } from '../registry/base'
import { assertWritableRepository, headCommitSha, readRefValue } from '../git/commit'
import { openRepository } from '../git/layout'
import { advanceBranch, probeAdvance } from '../git/advance'
import type { SyncState, SyncStatus } from '../../shared/hub-api'
import type { CredentialStore } from './credentials'
import { CommitReader, relate, type Relation } from './graph'
import { isConflict, planReplay, type ReplayConflict } from './replay'
import type { SyncStateStore } from './state'
import { remoteTarget, type RemoteTarget } from './target'
import { fetchRemote, NetFailure, pushCommit } from './transport'

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
}

export interface SyncRequest {
  push: boolean
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

function divergedMessage(c: ReplayConflict, remote: string): string {
  return (
    `la base et ${remote} ont changé tous deux : ${c.reasons.join(' ; ')}. Rien n'a été forcé ni écrit. ` +
    'Pour une résolution : prévisualisez de nouveau le plan sur la nouvelle version du dépôt distant ; ' +
    'sinon intégrez ces commits avec git (git pull --rebase), puis synchronisez.'
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

/** The first-parent chain from `tip` down to (excluding) `base`, oldest first. */
async function chainOf(reader: CommitReader, tip: string, rel: Relation): Promise<string[]> {
  const ahead = new Set(rel.ahead)
  const out: string[] = []
  let c: string | undefined = tip
  while (c && ahead.has(c)) {
    out.push(c)
    c = (await reader.read(c)).parents[0]
  }
  // Commits reachable only through a merge's other parents stay out of the chain: the merge
  // itself is in it and is never replayed.
  return out.reverse()
}

/** Local status against the last known remote tip (the tracking ref): no network call. */
export async function localStatus(base: Base, deps: Pick<SyncDeps, 'state'>): Promise<SyncStatus> {
  const lookup = await remoteTarget(base.root)
  const ctx: Context = {
    base,
    target: lookup.kind === 'ok' ? lookup.target : null,
    branch: lookup.kind === 'ok' ? lookup.target.branch : lookup.branch
  }
  if (lookup.kind === 'no-remote')
    return status(
      ctx,
      'no-remote',
      "aucun dépôt distant n'est configuré pour cette base (git remote) : rien à synchroniser"
    )
  const rec = deps.state.get(base.root)
  const lastSync = rec?.lastSync ?? null
  if (lookup.kind === 'error') return status(ctx, 'error', lookup.message, { lastSync })
  const target = lookup.target
  const remote = `${target.remote}/${target.remoteBranch}`
  try {
    const repo = await openRepository(base.root)
    const local = await headCommitSha(base.root)
    const tip = await readRefValue(repo, target.trackingRef)
    let computed: SyncStatus
    if (!local) computed = status(ctx, 'error', 'la branche courante n’a aucun commit', { lastSync })
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
      const counts = { ahead: rel.ahead.length, behind: rel.behind.length, lastSync }
      if (rel.ahead.length === 0 && rel.behind.length === 0)
        computed = status(ctx, 'up-to-date', `à jour avec ${remote} (dernier état connu)`, counts)
      else if (rel.ahead.length === 0)
        computed = status(
          ctx,
          'behind',
          `${commits(rel.behind.length)} de ${remote} à récupérer : synchronisez`,
          counts
        )
      else if (rel.behind.length === 0) computed = status(ctx, 'ahead', aheadMessage(rel, remote), counts)
      else {
        const plan = await planReplay(reader, await chainOf(reader, local, rel), tip, { check: true })
        computed = isConflict(plan)
          ? status(ctx, 'diverged', divergedMessage(plan, remote), { ...counts, conflicts: plan.paths })
          : status(ctx, 'ahead', aheadMessage(rel, remote), counts)
      }
    }
    // The remote's last answer wins over the local comparison when it failed since the last success.
    if (
      rec &&
      (rec.state === 'unreachable' || rec.state === 'auth-required') &&
      rec.lastAttempt !== rec.lastSync
    )
      return { ...computed, state: rec.state, message: rec.message }
    return computed
  } catch (e) {
    return status(ctx, 'error', e instanceof HubError ? e.message : describeError(e), { lastSync })
  }
}

/** Fetch, then fast-forward / replay / push as `req` asks. Never throws: the status says what happened. */
export async function syncBase(base: Base, req: SyncRequest, deps: SyncDeps): Promise<SyncStatus> {
  const log = deps.log
  const now = deps.now ?? (() => new Date())
  const at = now()
  const lookup = await remoteTarget(base.root)
  const ctx: Context = {
    base,
    target: lookup.kind === 'ok' ? lookup.target : null,
    branch: lookup.kind === 'ok' ? lookup.target.branch : lookup.branch
  }
  if (lookup.kind === 'no-remote')
    return status(
      ctx,
      'no-remote',
      "aucun dépôt distant n'est configuré pour cette base (git remote) : rien à synchroniser"
    )
  const finish = (s: SyncStatus, reached: boolean): SyncStatus => {
    const rec = deps.state.record(base.root, s.state, s.message, reached, at)
    const out = { ...s, lastSync: rec.lastSync, live: reached }
    const line = `sync '${base.name}' : ${out.state} — ${out.message}`
    if (out.state === 'error' || out.state === 'diverged') log.warning(line)
    else log.info(line)
    return out
  }
  if (lookup.kind === 'error') return finish(status(ctx, 'error', lookup.message), false)
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
      return finish(status(ctx, state, message), reached && e.kind === 'rejected')
    }
    return finish(status(ctx, 'error', e instanceof HubError ? e.message : describeError(e)), reached)
  }

  let commondir: string
  try {
    await assertWritableRepository(base.root)
    commondir = (await openRepository(base.root)).commondir
  } catch (e) {
    return failed(e, false)
  }
  const token = target.host ? await deps.credentials.get(target.host).catch(() => null) : null
  const net = { token, timeoutMs: deps.timeoutMs, http: deps.http }
  log.info(
    `sync '${base.name}' : récupération de ${remote} (${target.displayUrl})${req.push ? ', poussée demandée' : ''}`
  )
  let remoteTip: string | null
  try {
    remoteTip = await fetchRemote(base.root, commondir, target, net)
  } catch (e) {
    return failed(e, false)
  }

  const maxAttempts = Math.max(1, deps.maxAttempts ?? 8)
  const backoff = (attempt: number): number => {
    const d = Math.min(deps.maxBackoffMs ?? 2_000, (deps.backoffMs ?? 50) * 2 ** (attempt - 1))
    return d / 2 + (deps.random ?? Math.random)() * (d / 2)
  }

  const underLock = async (lock: HeldLock): Promise<SyncStatus> => {
    for (let attempt = 1; ; attempt++) {
      const local = await headCommitSha(base.root)
      if (!local)
        return finish(
          status(ctx, 'error', 'la branche courante n’a aucun commit : rien à synchroniser'),
          true
        )
      const reader = new CommitReader(commondir)
      const rel: Relation = remoteTip
        ? await relate(reader, local, remoteTip)
        : { ahead: [local], behind: [], base: null }
      const counts = { ahead: rel.ahead.length, behind: rel.behind.length }
      if (remoteTip === local) return finish(status(ctx, 'up-to-date', `à jour avec ${remote}`), true)

      if (remoteTip && rel.ahead.length === 0) {
        const r = await advanceBranch(base.root, local, remoteTip, {
          lock,
          log,
          reflog: `okf-hub sync: fast-forward to ${remote}`
        })
        if (!r.moved)
          return finish(
            status(ctx, 'behind', dirtyMessage(rel.behind.length, r.dirty, remote), {
              ...counts,
              dirty: r.dirty
            }),
            true
          )
        return finish(
          status(
            ctx,
            'up-to-date',
            `avance rapide de ${commits(rel.behind.length)} depuis ${remote} : à jour`,
            {
              fastForwarded: rel.behind.length
            }
          ),
          true
        )
      }

      // Local commits the remote does not have.
      let toPush = local
      let replayed: number
      if (remoteTip && rel.behind.length > 0) {
        const plan = await planReplay(reader, await chainOf(reader, local, rel), remoteTip, {
          check: !req.push
        })
        if (isConflict(plan))
          return finish(
            status(ctx, 'diverged', divergedMessage(plan, remote), { ...counts, conflicts: plan.paths }),
            true
          )
        if (!req.push) return finish(status(ctx, 'ahead', aheadMessage(rel, remote), counts), true)
        toPush = plan.tip
        replayed = plan.replayed.filter((r) => r.to !== null).length
      } else if (!req.push) {
        const msg = remoteTip
          ? aheadMessage(rel, remote)
          : `${remote} n'existe pas encore sur le dépôt distant : poussez pour la créer (okf-hub sync --push)`
        return finish(status(ctx, 'ahead', msg, counts), true)
      } else {
        replayed = rel.ahead.length
      }

      if (toPush !== local) {
        const dirty = await probeAdvance(base.root, local, toPush)
        if (dirty.length > 0)
          return finish(
            status(
              ctx,
              'ahead',
              `${aheadMessage(rel, remote)} ${dirtyMessage(rel.behind.length, dirty, remote)}`,
              {
                ...counts,
                dirty
              }
            ),
            true
          )
      }
      if (toPush !== remoteTip) {
        try {
          lock.assertHeld()
          await pushCommit(base.root, commondir, target, toPush, net)
        } catch (e) {
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
      }
      if (toPush !== local) {
        const r = await advanceBranch(base.root, local, toPush, {
          lock,
          log,
          reflog: `okf-hub sync: ${replayed} commit(s) replayed onto ${remote}`
        })
        if (!r.moved)
          // Pushed, but a local edit appeared in the meantime: the next sync finds the local
          // commits already upstream (dropped from the replay) and fast-forwards once it is clean.
          return finish(
            status(ctx, 'behind', dirtyMessage(rel.behind.length, r.dirty, remote), {
              ...counts,
              dirty: r.dirty,
              pushed: replayed
            }),
            true
          )
      }
      const dropped = remoteTip ? rel.ahead.length - replayed : 0
      const what = !remoteTip
        ? `branche ${remote} créée sur le dépôt distant`
        : rel.behind.length > 0
          ? `${commits(replayed)} rejoué${replayed === 1 ? '' : 's'} sur ${commits(rel.behind.length)} de ${remote} et poussé${replayed === 1 ? '' : 's'}`
          : `${commits(replayed)} poussé${replayed === 1 ? '' : 's'} vers ${remote}`
      return finish(
        status(
          ctx,
          'up-to-date',
          `${what}${dropped > 0 ? ` (${commits(dropped)} déjà présent(s) sur le dépôt distant)` : ''} : à jour`,
          {
            pushed: replayed,
            fastForwarded: rel.behind.length
          }
        ),
        true
      )
    }
  }

  try {
    return await withBaseLock(base.root, underLock, { timeoutMs: deps.lockTimeoutMs, log })
  } catch (e) {
    return failed(e, true)
  }
}
