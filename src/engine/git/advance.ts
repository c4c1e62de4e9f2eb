import type { BigIntStats } from 'node:fs'
import { lstat, readdir, rename, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { describeError, HubError, ioError } from '../errors'
import type { HubLog } from '../hublog'
import type { HeldLock } from '../lock'
import { stepPastCommit, type StepHook } from '../steps'
import { removeStaleTemps, writeFileAtomic } from './atomic-write'
import { acquireGitLock, GIT_LOCK_WAIT_MS } from './lockfile'
import { appendReflogs, readHead, readRefValue, tzOffset, moveRef } from './refs'
import { commitTreeOid, MODE_GITLINK, ObjectBatch } from './objects'
import { treeEntries, type PathChange } from './trees'
import { diffTrees, type TreeChange } from './tree-diff'
import { backupOf, checkoutPath, exists, pruneEmptyDirs, restore, type Backup } from './checkout-files'
import { worktreeOids, type WorktreeOid } from './worktree-files'
import { restoreIndex } from './index-update'
import { indexedPaths, nextIndex, statMatches, type IndexedPath } from './dircache'
import { loadIndex } from './index-file'
import { indexFile, refusal, UnsupportedShape, type RepoLayout } from './layout'
import {
  dropJournal,
  journalPath,
  journalPending,
  peekJournal,
  readJournal,
  type AdvanceJournal
} from './advance-journal'
import { HUB_AUTHOR } from './identity'

/**
 * Moving the current branch forward to a commit that descends from it (a fast-forward, or the
 * tip of replayed commits that were just pushed), the way the commit engine moves it: under git's
 * own `index.lock`, the worktree files of the changed paths written first (every prior byte kept
 * for a rollback), the new index computed from the current one with only those paths replaced
 * (v2/v3/v4 and split indexes kept, the user's staged changes of other paths carried over), and
 * renamed into place once `<ref>.lock` is held and the branch checked to still point where it
 * did, then the branch moved — the commit engine's order: a process killed between the two
 * renames leaves the move staged on the old tip, never the branch moved over an index that undoes
 * it. Nothing else of the worktree is looked at.
 *
 * A killed process runs no rollback: so before the first worktree file is written, a journal
 * (`okf-hub-advance.json` in the git dir: branch, from, to) is fsynced, and removed once the branch
 * moved. The next move under the base lock that finds it with the branch still at its `from`
 * completes the interrupted move first — a path already at its new content (worktree or index) is
 * then not a local change, and the temp files the kill left beside the paths go — and goes on from
 * there; a journal whose branch moved on is just removed.
 *
 * Local changes are never overwritten: when a path the move would change differs from the old
 * tip in the worktree or in the index (staged, conflicted, sparse, or an untracked file in the
 * way), nothing is written and the paths are returned.
 */

export interface AdvanceOptions {
  lock?: HeldLock
  log?: HubLog
  /** Reflog message, e.g. `okf-hub sync: fast-forward`. */
  reflog: string
  now?: Date
  /**
   * Tests only (issue 13): called after each durable step — `advance:journal-written`, per path
   * `advance:worktree-written:<path>` (and the atomic write's own), `advance:index-lock-written`,
   * `advance:ref-locked`, `advance:index-renamed`, then past the point of no return
   * `advance:ref-moved`, `advance:reflogs-written`, `advance:journal-removed`.
   */
  onStep?: StepHook
}

export type AdvanceResult =
  | { moved: true; paths: string[] }
  /** Local changes in the way: nothing was written. */
  | { moved: false; dirty: string[] }

/** Whether every file below the folder `abs` (repository prefix `prefix`) is in `deleted`. */
async function onlyDeleted(abs: string, prefix: string, deleted: Set<string>): Promise<boolean> {
  for (const e of await readdir(abs, { withFileTypes: true })) {
    const rel = prefix + e.name
    if (e.isDirectory() ? !(await onlyDeleted(join(abs, e.name), `${rel}/`, deleted)) : !deleted.has(rel))
      return false
  }
  return true
}

/** Paths whose worktree or index state differs from the old tip, among those the move would change. */
async function blockedPaths(
  repo: RepoLayout,
  worktreeOid: WorktreeOid,
  from: string,
  deltas: TreeChange[],
  index: Awaited<ReturnType<typeof loadIndex>>,
  cache: object,
  /** Completing an interrupted move to the same target: a path already at its new state is fine. */
  resuming = false
): Promise<string[]> {
  const indexed = index
    ? indexedPaths(
        index,
        deltas.map((d) => d.path)
      )
    : null
  const blocked: string[] = []
  const deleted = new Set(deltas.filter((d) => d.after === null).map((d) => d.path))
  for (const d of deltas) {
    let entries: IndexedPath[] = []
    if (indexed) {
      entries = indexed.get(d.path) ?? []
      const at = (side: { oid: string } | null): boolean =>
        side === null
          ? entries.length === 0
          : entries.length === 1 &&
            entries[0].stage === 0 &&
            !entries[0].special &&
            entries[0].oid === side.oid
      if (!at(d.before) && !(resuming && at(d.after))) {
        blocked.push(d.path)
        continue
      }
    }
    const abs = join(repo.root, ...d.path.split('/'))
    const st = await lstat(abs, { bigint: true }).catch(() => null)
    if (st?.isDirectory()) {
      // A folder where the new tip puts a file is in the way unless it holds only files this same
      // move deletes (each checked as its own path): then it goes, and the file takes its place.
      if (d.before !== null || !(await onlyDeleted(abs, `${d.path}/`, deleted))) blocked.push(d.path)
      continue
    }
    // A file whose stat data is its entry's is that entry's blob, unread (git's own shortcut): a
    // team's fast-forward deletes hundreds of proposals nobody touched.
    const known = entries.length === 1 ? entries[0].stat : null
    const work = !st
      ? null
      : known && statMatches(known, st)
        ? known.oid
        : await worktreeOid(d.path, from, cache)
    const ok =
      work === (d.before?.oid ?? null) ||
      (d.after !== null && work === d.after.oid) ||
      (resuming && d.after === null && work === null)
    if (!ok) blocked.push(d.path)
  }
  return blocked
}

/** Whether a killed move's journal is in `root`'s git dir (a stat: no lock, nothing read). */
export async function hasAdvanceJournal(repo: RepoLayout): Promise<boolean> {
  return exists(journalPath(repo))
}

/**
 * Removes the journal of a killed move whose branch moved since (the move was made whole, the
 * kill came after; a sync that finds the branch up to date never moves it again), and its temp.
 * A journal whose branch is still at its `from` is kept: the next move completes it.
 */
export async function settleAdvanceJournal(
  repo: RepoLayout,
  opts: { lock?: HeldLock; log?: HubLog } = {}
): Promise<void> {
  opts.lock?.assertHeld()
  const journal = await readJournal(repo, opts.log)
  if (!journal || (await journalPending(repo, journal))) return
  await dropJournal(repo, journal, opts.log)
}

/**
 * Completes the move a killed sync left half done (its journal, the branch still at its `from`),
 * under the base lock the caller holds — what reconcile and resolve do first, so that the move's
 * files already in the worktree are never taken for orphan submissions or local edits. A journal
 * whose branch moved since is removed. Local changes on its paths leave it as it is (the next sync
 * names them). Returns whether the branch moved.
 */
export async function completeInterruptedMove(
  repo: RepoLayout,
  opts: { lock: HeldLock; log?: HubLog }
): Promise<boolean> {
  opts.lock.assertHeld()
  // A stat first: reconcile and every resolution call this, a journal is rare.
  if (!(await exists(journalPath(repo)))) return false
  const journal = await readJournal(repo, opts.log)
  if (!journal) return false
  if (!(await journalPending(repo, journal))) {
    await dropJournal(repo, journal, opts.log)
    return false
  }
  const r = await advanceBranch(repo, journal.from, journal.to, {
    ...opts,
    reflog: 'okf-hub sync: interrupted move completed'
  })
  return r.moved
}

/**
 * Moves the current branch from `from` to `to` (a descendant), the changed paths checked out.
 * Throws (nothing written, or everything restored) on any failure before the branch moved. A
 * move a killed process left half done (its journal) is completed first.
 */
export async function advanceBranch(
  repo: RepoLayout,
  from: string,
  to: string,
  opts: AdvanceOptions
): Promise<AdvanceResult> {
  const log = opts.log
  const root = repo.root
  try {
    opts.lock?.assertHeld()
    let start = from
    let resuming = false
    const journal = await readJournal(repo, log)
    if (journal) {
      if (!(await journalPending(repo, journal)))
        // The branch moved since: that move was made (or someone else moved the branch).
        await dropJournal(repo, journal, log)
      else if (journal.to === to) resuming = true
      else {
        // The remote moved on since the kill: the interrupted move is finished first, so that its
        // paths are at a state this move knows, then this one goes on from there.
        const first = await advanceOnce(
          root,
          repo,
          journal.from,
          journal.to,
          { ...opts, reflog: `${opts.reflog} (interrupted move completed)` },
          true
        )
        if (!first.moved) return first
        log?.warning(
          `synchronisation interrompue (processus arrêté) terminée : ${journal.ref} sur ${journal.to.slice(0, 10)}`
        )
        start = journal.to
      }
    }
    const result = await advanceOnce(root, repo, start, to, opts, resuming)
    if (resuming && result.moved)
      log?.warning(`synchronisation interrompue (processus arrêté) terminée : branche sur ${to.slice(0, 10)}`)
    return result
  } catch (e) {
    if (e instanceof HubError) throw e
    throw ioError(`synchronisation impossible dans ${root} : ${describeError(e)}`)
  }
}

async function advanceOnce(
  root: string,
  repo: RepoLayout,
  from: string,
  to: string,
  opts: AdvanceOptions,
  resuming: boolean
): Promise<AdvanceResult> {
  const log = opts.log
  const onStep = opts.onStep
  const deadline = (): number => Math.min(opts.lock?.deadline ?? Infinity, Date.now() + GIT_LOCK_WAIT_MS)
  const head = await readHead(repo)
  if (!head.symbolic)
    throw ioError(`HEAD détaché dans ${root} : synchronisation impossible, revenez sur une branche`)
  const current = await readRefValue(repo, head.ref)
  if (current !== from) throw ioError('la branche a bougé pendant la synchronisation — réessayez')
  const cache = {}
  const deltas = await diffTrees(
    repo.commondir,
    await commitTreeOid(repo.commondir, from, cache),
    await commitTreeOid(repo.commondir, to, cache),
    cache
  )
  const sub = deltas.find((d) => d.before?.mode === MODE_GITLINK || d.after?.mode === MODE_GITLINK)
  if (sub) throw ioError(`${sub.path} est un sous-module : synchronisation non gérée, rien n'a été écrit`)

  const indexPath = indexFile(repo)
  const peek = await loadIndex(indexPath).catch((e: unknown) => {
    if (e instanceof UnsupportedShape) throw refusal(e, root)
    throw ioError(`index git de ${root} inutilisable (${describeError(e)}) : rien n'a été écrit`)
  })
  const worktreeOid = await worktreeOids(repo)
  const dirty = await blockedPaths(repo, worktreeOid, from, deltas, peek, cache, resuming)
  if (dirty.length > 0) return { moved: false, dirty }

  const indexLockPath = `${indexPath}.lock`
  const indexLock = await acquireGitLock(indexLockPath, deadline(), log)
  let lockClosed = false
  let handedOver = false
  const backups: Backup[] = []
  let journaled = false
  let branchMoved = false
  const absOf = (d: TreeChange): string => join(root, ...d.path.split('/'))
  try {
    // Under index.lock: the index read again (a `git add` may have run since the check above).
    const currentIndex = await loadIndex(indexPath)
    const again = await blockedPaths(repo, worktreeOid, from, deltas, currentIndex, cache, resuming)
    if (again.length > 0) return { moved: false, dirty: again }
    // The killed move's atomic writes may have left their temp files beside its paths.
    if (resuming) for (const d of deltas) await removeStaleTemps(absOf(d), 0)
    const record: AdvanceJournal = { ref: head.ref, from, to }
    await writeFileAtomic(journalPath(repo), JSON.stringify(record) + '\n', onStep)
    journaled = true
    await onStep?.('advance:journal-written')
    const changes: PathChange[] = []
    // Deletions first: where a file becomes a folder (or a folder a file) at one name, the old one
    // must be gone before the new one is written. The rollback undoes them in reverse.
    for (const d of [...deltas.filter((x) => x.after === null), ...deltas.filter((x) => x.after !== null)]) {
      const abs = absOf(d)
      const backup = await backupOf(root, abs)
      backups.push(backup)
      if (d.after === null) {
        await unlink(abs).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e
        })
        await pruneEmptyDirs(root, abs)
        changes.push({ path: d.path, deleted: true, oid: '', mode: '', stat: null })
      } else {
        await checkoutPath(repo.commondir, abs, d.after.oid, d.after.mode, cache, onStep, backup)
        const st: BigIntStats = await lstat(abs, { bigint: true })
        changes.push({ path: d.path, deleted: false, oid: d.after.oid, mode: d.after.mode, stat: st })
      }
      await onStep?.(`advance:worktree-written:${d.path}`)
    }
    const fromTree =
      currentIndex === null
        ? await treeEntries(
            repo.commondir,
            new ObjectBatch(repo.commondir),
            await commitTreeOid(repo.commondir, to, cache),
            cache
          )
        : null
    let next: Buffer
    try {
      next = nextIndex(currentIndex, changes, fromTree)
    } catch (e) {
      if (e instanceof UnsupportedShape) throw refusal(e, root)
      throw e
    }
    await indexLock.writeFile(next)
    await indexLock.close()
    lockClosed = true
    await onStep?.('advance:index-lock-written')

    let indexIn = false
    try {
      await moveRef(repo, head, from, to, deadline(), opts.lock, log, {
        // The index goes in once the ref is locked and checked, right before the branch moves: a
        // kill between the two renames leaves the move staged on the old tip (the journal's next
        // run completes it), never the branch moved over an index that stages its undoing.
        beforeRename: async () => {
          await onStep?.('advance:ref-locked')
          await rename(indexLockPath, indexPath)
          handedOver = true
          indexIn = true
          await onStep?.('advance:index-renamed')
        }
      })
    } catch (e) {
      if (indexIn)
        await restoreIndex(
          indexPath,
          currentIndex,
          deltas.map((d) => d.path),
          deadline(),
          log,
          'de la synchronisation'
        )
      throw e
    }
    branchMoved = true
    await stepPastCommit(onStep, 'advance:ref-moved', log)
    const now = opts.now ?? new Date()
    const sig = `${HUB_AUTHOR.name} <${HUB_AUTHOR.email}> ${Math.floor(now.getTime() / 1000)} ${tzOffset(now)}`
    await appendReflogs(repo, head, from, to, sig, opts.reflog, log)
    await stepPastCommit(onStep, 'advance:reflogs-written', log)
    journaled = false
    await unlink(journalPath(repo)).catch((e: unknown) =>
      log?.warning(`journal de synchronisation ${journalPath(repo)} non supprimé : ${describeError(e)}`)
    )
    await stepPastCommit(onStep, 'advance:journal-removed', log)
    return { moved: true, paths: deltas.map((d) => d.path) }
  } catch (e) {
    if (!branchMoved) {
      const failures: string[] = []
      for (const b of backups.reverse()) {
        await restore(b).catch((err: unknown) => failures.push(`${b.abs} : ${describeError(err)}`))
      }
      if (failures.length > 0) {
        log?.error(
          `synchronisation : restauration incomplète (${describeError(e)}) : ${failures.join(' ; ')}`
        )
      }
      // Kept when the files are not all back, or when they were a killed move's half (the state
      // this run started from): the next move then still knows their new content for its own.
      if (journaled && failures.length === 0 && !resuming)
        await unlink(journalPath(repo)).catch(() => undefined)
    }
    throw e
  } finally {
    if (!handedOver) {
      if (!lockClosed) await indexLock.close().catch(() => undefined)
      await unlink(indexLockPath).catch(() => undefined)
    }
  }
}

/** The paths a move from `from` to `to` would change that hold local changes (nothing written). */
export async function probeAdvance(repo: RepoLayout, from: string, to: string): Promise<string[]> {
  const root = repo.root
  const cache = {}
  // A move a killed process left half done from this same commit is completed first by
  // advanceBranch: its paths may already be at their new state (worktree and index) without being
  // local changes. Only its leg is probed then; a further leg (the remote moved on since) is
  // judged by advanceBranch itself, after the push, which reports what blocks it.
  const journal = await peekJournal(repo)
  const interrupted = journal !== null && journal.from === from && (await journalPending(repo, journal))
  const target = interrupted && journal ? journal.to : to
  const deltas = await diffTrees(
    repo.commondir,
    await commitTreeOid(repo.commondir, from, cache),
    await commitTreeOid(repo.commondir, target, cache),
    cache
  )
  let index
  try {
    index = await loadIndex(indexFile(repo))
  } catch (e) {
    if (e instanceof UnsupportedShape) throw refusal(e, root)
    throw ioError(`index git de ${root} inutilisable (${describeError(e)}) : rien n'a été écrit`)
  }
  return blockedPaths(repo, await worktreeOids(repo), from, deltas, index, cache, interrupted)
}
