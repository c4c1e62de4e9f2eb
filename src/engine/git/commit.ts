import { rename, unlink } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import { describeError, HubError, ioError } from '../errors'
import type { HubLog } from '../hublog'
import { HUB_AUTHOR } from './identity'
import { stepPastCommit, type StepHook } from '../steps'
import type { HeldLock } from '../lock'
import { indexFile, openRepository, refusal, UnsupportedShape, type RepoLayout } from './layout'
import { lineEndingFilter } from './eol'
import { nextIndex } from './dircache'
import { inspectIndex, keepWrittenIndex, loadIndex, type LoadedIndex } from './index-file'
import { restoreIndex } from './index-update'
import { GIT_LOCK_WAIT_MS, acquireGitLock } from './lockfile'
import { commitTreeOid, ObjectBatch } from './objects'
import { readHead, readRefValue, moveRef, appendReflogs, tzOffset } from './refs'
import { buildTrie, applyTrie, blobAt, treeEntries } from './trees'
import { validatePaths, readWorktreePath } from './worktree-files'

/**
 * Hub commits without a git install (DESIGN §4 "Git"): the new tree is HEAD's tree with only the
 * given paths changed (one readTree per directory level on those paths, every other tree reused).
 * One invariant for every write: the branch moves only together with a correct index. So git's
 * own `index.lock` is taken first and the new index computed from the current one (entries of
 * other paths, the user's staged changes included, carried over) before any object is written;
 * then the loose objects are written (temp file + fsync + rename), the branch moves under
 * `<ref>.lock` only if it still points at the parent, and the new index is renamed into place.
 * An index that cannot be taken (a live or crashed git holds `index.lock`) or kept (a shape this
 * engine does not write) means no commit: git would otherwise show the hub's files as staged
 * deletions, and the user's next `git commit` would undo the hub's. Nothing here looks at the
 * whole worktree (no statusMatrix).
 *
 * isomorphic-git is used to read objects that live in packs; loose objects, refs and the index are
 * read and written here, because isomorphic-git writes loose objects and the index in place (a
 * crash leaves a truncated file), reads index versions 2–3 only and ignores linked worktrees.
 */

/** Every hub commit's author and committer; attribution lives in trailers (SPEC §4.4). */
export const HUB_IDENTITY = HUB_AUTHOR

export interface CommitOptions {
  /** `assertHeld()` is called right before the ref moves (and once at the start). */
  lock?: HeldLock
  /** Epoch ms after which git's own lock files are no longer waited for (never longer than 2 s each). */
  deadline?: number
  log?: HubLog
  now?: Date
  /** Fault injection for tests (DESIGN §8): called once the commit is built in memory, before git's locks. */
  hooks?: { beforeRefLock?: () => void | Promise<void> }
  /**
   * Fault injection for tests (issue 13): called after each durable step — `commit:index-lock-written`,
   * `commit:objects-written`, `commit:ref-locked`, `commit:index-renamed`, then past the point of no
   * return `commit:ref-moved`, `commit:reflogs-written`.
   */
  onStep?: StepHook
  /** Filled with the duration of each phase, in ms (benchmarks report the index refresh apart). */
  timings?: CommitTimings
  /**
   * What the caller itself just wrote at some of `paths` (null: deleted). Another program may
   * change or remove such a file before it is read back here; the commit then holds the caller's
   * content, never the other program's, whose change stays in the worktree for git to show.
   */
  written?: ReadonlyMap<string, Buffer | null>
  /**
   * The commit's author when it is not the hub's own work (a manager keeping their own uncommitted
   * changes from the app); the committer stays the hub. One line each, checked by the caller.
   */
  author?: { name: string; email: string }
}

export interface CommitTimings {
  /** Reading HEAD, hashing the touched paths, building and writing the objects. */
  objectsMs?: number
  /** Moving the branch under `<ref>.lock`, reflogs included. */
  refMs?: number
  /** Taking `index.lock`, computing the new index and renaming it into place. */
  indexMs?: number
}

/**
 * Refuses, before anything is written, a repository the engine cannot commit to correctly: its
 * format (SHA-256, reftable, unknown extension or version) or its index (unknown version, sparse
 * index, an unknown mandatory extension, a split index whose shared part is missing). Every write
 * path calls it before touching the worktree; commitPaths checks again under `index.lock`.
 */
export async function assertWritableRepository(root: string): Promise<RepoLayout> {
  const repo = await openRepository(root)
  await assertOnBranch(repo)
  await assertWritableIndex(repo)
  return repo
}

/**
 * A commit on a detached HEAD (a version checked out with git, a rebase or a bisect under way)
 * would be on no branch: it vanishes from the base's history as soon as its branch is checked out
 * again (`git rebase --abort` does it too), taking its proposals and resolutions out of sight. So
 * the hub writes nothing there, as its sync already refused to; the refusal says the commit HEAD
 * is on, and the screens word it.
 */
export async function assertOnBranch(repo: RepoLayout): Promise<void> {
  if (!(await readHead(repo)).symbolic) throw detachedHead(repo, await readRefValue(repo, 'HEAD'))
}

function detachedHead(repo: RepoLayout, commit: string | null): HubError {
  const at = commit ? commit.slice(0, 10) : ''
  return ioError(
    `HEAD détaché dans ${repo.root} (aucune branche courante, commit ${at}) : un commit ici ne serait sur aucune branche. ` +
      "Revenez sur la branche de la base (git switch <branche>), puis réessayez ; rien n'a été écrit",
    { kind: 'detached-head', params: { commit: at } }
  )
}

/**
 * The index half of `assertWritableRepository`, for an operation that opened its repository
 * before taking the base's lock and checks the index again under it (another program may have
 * rewritten the index meanwhile; the repository's format and place do not move under a hub).
 */
export async function assertWritableIndex(repo: RepoLayout): Promise<void> {
  try {
    await inspectIndex(indexFile(repo))
  } catch (e) {
    if (e instanceof UnsupportedShape) throw refusal(e, repo.root)
    throw ioError(`index git de ${repo.root} inutilisable (${describeError(e)}) : rien n'a été écrit`)
  }
}

/**
 * Commits, in the repository the operation opened, the CURRENT worktree content of `paths` (repo-relative, `/`-separated) on top of HEAD:
 * a present file becomes a blob (100644, 100755 if executable, 120000 for a symlink), an absent one
 * is removed from the tree. Returns the new commit's sha. If it throws, the branch has not moved
 * and the index is unchanged (BASE_BUSY when git's locks stay held); once the branch moved it
 * returns.
 */
export async function commitPaths(
  repo: RepoLayout,
  paths: string[],
  message: string,
  opts: CommitOptions = {}
): Promise<string> {
  const rel = validatePaths(paths)
  const root = repo.root
  const log = opts.log
  const now = opts.now ?? new Date()
  const timings = opts.timings
  const lockDeadline = (): number => Math.min(opts.deadline ?? Infinity, Date.now() + GIT_LOCK_WAIT_MS)
  let t0 = performance.now()
  try {
    opts.lock?.assertHeld()
    // Read alongside HEAD; awaited below, so a failure is still thrown (and never left unhandled).
    const cleanFilter = lineEndingFilter(repo)
    cleanFilter.catch(() => undefined)
    const head = await readHead(repo)
    const parent = await readRefValue(repo, head.ref)
    // Checked again here, under the base lock: a git run since the caller's check may have detached it.
    if (!head.symbolic) throw detachedHead(repo, parent)
    const cache = {}
    const parentTree = parent ? await commitTreeOid(repo.commondir, parent, cache) : null

    // Objects are hashed in memory, then written together (in parallel, each fsynced before its
    // rename) once the index is known to be updatable.
    const objects = new ObjectBatch(repo.commondir)
    const clean = await cleanFilter
    const headBlob = (p: string) => () =>
      parentTree ? blobAt(repo.commondir, parentTree, p, cache) : Promise.resolve(null)
    const changes = await Promise.all(
      rel.map((p) => readWorktreePath(root, objects, p, clean, headBlob(p), opts.written?.get(p), log))
    )
    const trie = buildTrie(changes)
    const treeOid =
      (await applyTrie(repo.commondir, objects, parentTree, trie, '', cache)) ??
      objects.add('tree', Buffer.alloc(0))

    const when = `${Math.floor(now.getTime() / 1000)} ${tzOffset(now)}`
    const sig = `${HUB_IDENTITY.name} <${HUB_IDENTITY.email}> ${when}`
    const author = opts.author ? `${opts.author.name} <${opts.author.email}> ${when}` : sig
    const body =
      `tree ${treeOid}\n` +
      (parent ? `parent ${parent}\n` : '') +
      `author ${author}\ncommitter ${sig}\n\n` +
      message
    const sha = objects.add('commit', Buffer.from(body, 'utf8'))
    let objectsMs = performance.now() - t0

    await opts.hooks?.beforeRefLock?.()
    t0 = performance.now()
    const indexPath = indexFile(repo)
    const indexLockPath = `${indexPath}.lock`
    const indexLock = await acquireGitLock(indexLockPath, lockDeadline(), log)
    let lockClosed = false
    let handedOver = false
    try {
      let next: Buffer
      let current: LoadedIndex | null
      try {
        current = await loadIndex(indexPath)
        // Without an index git would see the whole tree as staged deletions: rebuild it from the tree.
        const fromTree =
          current === null && parent ? await treeEntries(repo.commondir, objects, treeOid, cache) : null
        next = nextIndex(current, changes, fromTree)
      } catch (e) {
        if (e instanceof UnsupportedShape) throw refusal(e, root)
        throw ioError(`index git de ${root} inutilisable (${describeError(e)}) : rien n'a été commité`)
      }
      // Written now, so that once the branch moved only a rename is left. Not fsynced: git does not
      // fsync its index by default (core.fsync=committed), the rename keeps it whole, and after a
      // power cut the worst case is a `git status` that rehashes. It is written while the objects
      // are (each awaits its own fsync): neither is visible before the renames below, and a failure
      // of either leaves at most loose objects nothing refers to, which git's gc prunes.
      let indexMs = 0
      const writeIndexLock = async (): Promise<bigint> => {
        await indexLock.writeFile(next)
        // The inode the index will have once renamed: `keepWrittenIndex` below checks it is still ours.
        const ino = (await indexLock.stat({ bigint: true })).ino
        await indexLock.close()
        lockClosed = true
        indexMs = performance.now() - t0
        return ino
      }
      const flushObjects = async (): Promise<void> => {
        const f0 = performance.now()
        await objects.flush()
        objectsMs += performance.now() - f0
      }
      // allSettled: the `finally` below must not close or unlink `index.lock` under a write still running.
      const [indexWritten, flushed] = await Promise.allSettled([writeIndexLock(), flushObjects()])
      if (indexWritten.status === 'rejected') throw indexWritten.reason
      if (flushed.status === 'rejected') throw flushed.reason
      const writtenIno = indexWritten.value
      // The hooks name the two steps in their fixed order, whichever finished first.
      await opts.onStep?.('commit:index-lock-written')
      await opts.onStep?.('commit:objects-written')

      t0 = performance.now()
      let indexIn = false
      try {
        await moveRef(repo, head, parent, sha, lockDeadline(), opts.lock, log, {
          onStep: opts.onStep,
          // The index goes in once the ref is locked and checked, before the branch moves: a crash
          // between the two renames leaves the touched paths staged on the old HEAD (reconcile
          // commits a submission left so), never a moved branch over an index staging their deletion.
          beforeRename: async () => {
            await rename(indexLockPath, indexPath)
            handedOver = true
            indexIn = true
            await opts.onStep?.('commit:index-renamed')
          }
        })
      } catch (e) {
        if (indexIn) await restoreIndex(indexPath, current, rel, lockDeadline(), log)
        throw e
      }
      await keepWrittenIndex(indexPath, next, writtenIno)
      await stepPastCommit(opts.onStep, 'commit:ref-moved', log)
      const subject = message.split('\n', 1)[0]
      await appendReflogs(
        repo,
        head,
        parent,
        sha,
        sig,
        `commit${parent ? '' : ' (initial)'}: ${subject}`,
        log
      )
      log?.info(`commit ${sha.slice(0, 10)} dans ${basename(resolve(root))} : ${subject}`)
      const refMs = performance.now() - t0
      await stepPastCommit(opts.onStep, 'commit:reflogs-written', log)
      if (timings) Object.assign(timings, { objectsMs, refMs, indexMs })
      return sha
    } finally {
      if (!handedOver) {
        if (!lockClosed) await indexLock.close().catch(() => undefined)
        await unlink(indexLockPath).catch(() => undefined)
      }
    }
  } catch (e) {
    if (e instanceof HubError) throw e
    throw ioError(`commit impossible dans ${root} : ${describeError(e)}`)
  }
}
