import { unlink, utimes } from 'node:fs/promises'
import { describeError, HubError, ioError } from '../errors'
import type { HubLog } from '../hublog'
import { indexFile, refusal, UnsupportedShape, type RepoLayout } from './layout'
import { lineEndingFilter } from './eol'
import { nextIndex } from './dircache'
import { loadIndex, type LoadedIndex } from './index-file'
import { GIT_LOCK_WAIT_MS, acquireGitLock, commitLockFile } from './lockfile'
import { commitTreeOid, ObjectBatch } from './objects'
import { readHead, readRefValue } from './refs'
import { blobAt } from './trees'
import { validatePaths, readWorktreePath } from './worktree-files'

/**
 * Index writes beside a commit: entries set to the worktree's content (an interrupted resolution
 * rolled back), or the previous index put back when the branch did not move.
 */

/**
 * Sets the index entries of `paths` to their current worktree content, nothing committed (an
 * interrupted resolution rolled back: its files are HEAD's again, and an index that went in just
 * before the kill would still stage the resolution). Every other entry is carried over.
 */
export async function refreshIndexPaths(
  repo: RepoLayout,
  paths: string[],
  opts: { deadline?: number; log?: HubLog } = {}
): Promise<void> {
  const root = repo.root
  const rel = validatePaths(paths)
  const clean = await lineEndingFilter(repo)
  const head = await readHead(repo)
  const parent = await readRefValue(repo, head.ref)
  const cache = {}
  const parentTree = parent ? await commitTreeOid(repo.commondir, parent, cache) : null
  const objects = new ObjectBatch(repo.commondir)
  const headBlob = (p: string) => () =>
    parentTree ? blobAt(repo.commondir, parentTree, p, cache) : Promise.resolve(null)
  const changes = await Promise.all(rel.map((p) => readWorktreePath(root, objects, p, clean, headBlob(p))))
  const indexPath = indexFile(repo)
  const lockPath = `${indexPath}.lock`
  const deadline = Math.min(opts.deadline ?? Infinity, Date.now() + GIT_LOCK_WAIT_MS)
  const fh = await acquireGitLock(lockPath, deadline, opts.log)
  try {
    const current = await loadIndex(indexPath)
    if (current === null) {
      await fh.close()
      await unlink(lockPath)
      return
    }
    const next = nextIndex(current, changes, null)
    await objects.flush()
    await commitLockFile(fh, lockPath, indexPath, next)
  } catch (e) {
    await fh.close().catch(() => undefined)
    await unlink(lockPath).catch(() => undefined)
    if (e instanceof UnsupportedShape) throw refusal(e, root)
    if (e instanceof HubError) throw e
    throw ioError(`index git de ${root} non rafraîchi : ${describeError(e)}`)
  }
}

/**
 * The branch did not move after the new index went in: the previous index is put back under
 * `index.lock` (its bytes as loaded, or no index at all), so that git does not show the hub's
 * paths as staged. When even that fails, the log says how to unstage them. Shared by the commit
 * engine and the fast-forward (`advance.ts`), which put their index in the same way.
 */
export async function restoreIndex(
  indexPath: string,
  previous: LoadedIndex | null,
  paths: string[],
  deadline: number,
  log: HubLog | undefined,
  what = 'du commit'
): Promise<void> {
  try {
    const lockPath = `${indexPath}.lock`
    const fh = await acquireGitLock(lockPath, deadline, log)
    if (previous === null) {
      await fh.close()
      await unlink(indexPath).catch(() => undefined)
      await unlink(lockPath)
      return
    }
    await commitLockFile(fh, lockPath, indexPath, previous.scan.buf)
    // Its mtime no later than it was (whole seconds): every entry git judged racily clean stays so.
    await utimes(indexPath, new Date(), previous.racySec)
  } catch (e) {
    const list = paths.join(' ')
    log?.warning(
      `index non restauré après l'échec ${what} (${describeError(e)}) : ` +
        `git status montrera ${list} comme indexés — « git reset -q -- ${list} » le corrige`
    )
  }
}
