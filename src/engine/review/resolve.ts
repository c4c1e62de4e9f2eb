import type { Base } from '../registry/base'
import type { HubLog } from '../hublog'
import { withBaseLock } from '../lock'
import { assertWritableIndex, assertWritableRepository, commitPaths } from '../git/commit'
import type { PlanPreview, ResolveResult } from '../../shared/review'
import { preparePlan } from './preview'
import { existsSync } from 'node:fs'
import { hasAdvanceJournal } from '../git/advance'
import {
  applyThenCommit,
  journalPath,
  recoverInterrupted,
  type Change,
  type TransactionFaults
} from './transaction'
import { committed } from '../sync/service'
import { HubError } from '../errors'
import { changedPaths, commitsSince, decodeBasis, type BasisState } from './basis'

/**
 * `okf-hub review resolve`: the single path of every resolution (CLI, desktop, a manager's agent).
 * Validation happens before the lock (a bad plan never waits for it, and changes nothing); under
 * ONE lock acquisition the plan is computed again against the current state, written, and
 * committed in one commit — or the worktree is restored and HEAD never moved.
 */

export interface ResolveOptions {
  log: HubLog
  /** The resolution instant (resolved-at, freshness day); default: now. */
  now?: () => Date
  lockTimeoutMs?: number
  /**
   * The preview's `basis`: the resolve then writes exactly what that preview showed (its instant
   * included) or refuses, nothing written, naming what changed (`stale-preview`). Optional for
   * programs; the desktop app always sends it.
   */
  basis?: string
  /** Tests only (DESIGN §8): fault injection. The CLI never passes it. */
  faults?: TransactionFaults & { beforeRefLock?: () => void | Promise<void> }
}

/** The dry run: the full preview, nothing written, no lock taken. */
export async function previewPlan(
  base: Base,
  plan: unknown,
  opts: { now?: () => Date } = {}
): Promise<PlanPreview> {
  const at = (opts.now ?? (() => new Date()))()
  await assertWritableRepository(base.root)
  return (await preparePlan(base, plan, { at })).preview
}

/** Refuses, with what changed, a resolve whose preview read files that are no longer the same. */
async function assertBasisHolds(root: string, previewed: BasisState, now: BasisState): Promise<void> {
  const paths = changedPaths(previewed, now)
  if (paths.length === 0) return
  const commits = await commitsSince(root, previewed.head, now.head).catch(() => [])
  throw new HubError(
    'INVALID_INPUT',
    `aperçu périmé : ${paths.join(', ')} a changé depuis la prévisualisation${
      commits.length ? ` (commits depuis : ${commits.join(' ; ')})` : ''
    } — rien n'a été écrit ; prévisualisez à nouveau`,
    { kind: 'stale-preview', params: { paths, commits } }
  )
}

export async function resolvePlan(base: Base, plan: unknown, opts: ResolveOptions): Promise<ResolveResult> {
  const previewed = opts.basis === undefined ? null : decodeBasis(opts.basis)
  // Bound to a preview: its instant, so that resolved-at and the freshness day are the bytes shown.
  const at = previewed ? new Date(previewed.at) : (opts.now ?? (() => new Date()))()
  // A repository the engine cannot commit to is named as such, before the plan's own checks
  // (which read HEAD) could report a misleading symptom.
  const repo = await assertWritableRepository(base.root)
  // A resolution (or repair) whose process died is rolled back first: the plan is judged against
  // the state before it, not against its half-written files.
  // A sync's move killed halfway is completed first: the plan is judged on the tip it reached.
  if (existsSync(journalPath(repo)) || (await hasAdvanceJournal(repo)))
    await withBaseLock(base.root, (lock) => recoverInterrupted(repo, lock, opts.log), {
      timeoutMs: opts.lockTimeoutMs,
      log: opts.log
    })
  await preparePlan(base, plan, { at })
  const result = await withBaseLock(
    base.root,
    async (lock) => {
      await assertWritableIndex(repo)
      await recoverInterrupted(repo, lock, opts.log)
      const prepared = await preparePlan(base, plan, { at })
      if (previewed) await assertBasisHolds(base.root, previewed, prepared.basis)
      const changes: Change[] = [
        ...prepared.writes.map((w) => ({ repoPath: w.repoPath, abs: w.abs, text: w.text })),
        ...prepared.deletes.map((d) => ({ repoPath: d.repoPath, abs: d.abs, text: null }))
      ]
      const { preview } = prepared
      const commit = await applyThenCommit(
        changes,
        () =>
          commitPaths(repo, prepared.paths, preview.commitMessage, {
            lock,
            deadline: lock.deadline,
            log: opts.log,
            hooks: opts.faults?.beforeRefLock ? { beforeRefLock: opts.faults.beforeRefLock } : undefined,
            written: new Map(changes.map((c) => [c.repoPath, c.text === null ? null : Buffer.from(c.text)])),
            onStep: opts.faults?.onStep
          }),
        { log: opts.log, faults: opts.faults, what: 'résolution', repo }
      )
      opts.log.info(`résolution commitée dans '${base.name}' : ${commit.slice(0, 10)} ${preview.subject}`)
      return {
        base: base.name,
        commit,
        subject: preview.subject,
        commitMessage: preview.commitMessage,
        paths: prepared.paths,
        moves: preview.moves.map((m) => ({ id: m.id, resolution: m.resolution, from: m.from, to: m.to })),
        warnings: preview.warnings,
        notes: preview.notes
      }
    },
    { timeoutMs: opts.lockTimeoutMs, log: opts.log }
  )
  // Once the lock is released: an auto-push takes it again (sync/service.ts).
  committed(base)
  return result
}
