import { isAbsolute, resolve, sep } from 'node:path'
import type { Base } from '../registry/base'
import type { HubLog } from '../hublog'
import { BASE_BUSY_MESSAGE, HubError, invalidInput } from '../errors'
import { withBaseLock } from '../lock'
import { resolveLayout, type RepoLayout } from '../git/layout'
import { removeStaleGitLock, staleGitLocks } from '../git/lockfile'
import { isStrictlyInside, toPosixRelative } from '../corpus/paths'
import type { StaleLock } from '../../shared/review'

/**
 * Git's lock files that an interrupted command (a killed hub, a crashed git) left in a base: each
 * blocks every write of the hub and of git until someone removes it, which git never does. Step 0
 * (reconcile) lists them and removes them with its other repairs; the screens offer the same
 * removal from the refusal that names one.
 */

/** What reconcile reports: the path as the manager finds it in the base's folder, and since when. */
export async function staleLocksOf(base: Base, repo: RepoLayout, now: number): Promise<StaleLock[]> {
  return (await staleGitLocks(repo, now)).map((l) => ({
    path: shownPath(base.root, l.file),
    file: l.file,
    since: new Date(l.mtimeMs).toISOString(),
    applied: false
  }))
}

/** Relative to the base's folder when inside it (`.git/index.lock`); a linked worktree's git dir is elsewhere. */
function shownPath(root: string, file: string): string {
  return isStrictlyInside(root, file) ? toPosixRelative(root, file) : file
}

export interface RemoveLockOptions {
  log?: HubLog
  now?: () => number
  lockTimeoutMs?: number
}

/**
 * Removes `file`, one of the base's stale git locks, under the base's lock (so no write of the
 * hub's own holds it). A lock already gone is success; one taken again since (recent) is left and
 * refused as `git-lock-recent`; any other path is refused, nothing removed.
 */
export async function removeBaseGitLock(
  base: Base,
  file: string,
  opts: RemoveLockOptions = {}
): Promise<void> {
  const repo = await resolveLayout(base.root)
  if (!isCanonical(file) || !holds(repo, file) || !file.endsWith('.lock')) throw notALock(base, file)
  const outcome = await withBaseLock(
    base.root,
    () => removeStaleGitLock(repo, file, (opts.now ?? Date.now)(), opts.log),
    { timeoutMs: opts.lockTimeoutMs, log: opts.log }
  )
  if (outcome === 'recent')
    throw new HubError('BASE_BUSY', BASE_BUSY_MESSAGE, { kind: 'git-lock-recent', params: { file } })
  if (outcome === 'not-a-lock') throw notALock(base, file)
}

/**
 * The same removal when only the file is known (the refusal that named it): the served base whose
 * git dirs hold it. Returns that base; refuses a path that is no base's.
 */
export async function removeServedGitLock(
  bases: readonly Base[],
  file: string,
  opts: RemoveLockOptions = {}
): Promise<Base> {
  // A base's own folder first (its `.git`): one look at most, in the usual layout.
  const ordered = isCanonical(file)
    ? [...bases].sort(
        (a, b) => Number(isStrictlyInside(b.root, file)) - Number(isStrictlyInside(a.root, file))
      )
    : []
  for (const b of ordered) {
    const repo = await resolveLayout(b.root).catch(() => null)
    if (!repo || !holds(repo, file)) continue
    await removeBaseGitLock(b, file, opts)
    return b
  }
  throw invalidInput(`${file} n'est pas un verrou git d'une base servie : rien n'a été retiré`)
}

/** An absolute path with no `..` or `.` in it: compared as a string with the paths the scan lists. */
function isCanonical(file: string): boolean {
  return isAbsolute(file) && resolve(file) === file
}

function holds(repo: RepoLayout, file: string): boolean {
  return [repo.gitdir, repo.commondir].some((d) => file.startsWith(d + sep))
}

function notALock(base: Base, file: string): HubError {
  return invalidInput(`${file} n'est pas un verrou git de la base '${base.name}' : rien n'a été retiré`)
}
