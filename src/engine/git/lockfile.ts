import { lstat, open, readdir, rename, stat, unlink } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { baseBusy, HubError, ioError } from '../errors'
import type { HubLog } from '../hublog'
import type { RepoLayout } from './layout'
import { sleep, errCode } from './fs-errors'

/**
 * Git's lock-file protocol, as git itself does it: `<file>.lock` created exclusively, written,
 * renamed over the file. Used for `index.lock` and every `<ref>.lock`.
 */

/**
 * Git's own commands do not wait for its lock files at all; a short wait rides out a `git status`
 * refreshing the index, while a lock held longer (an editor open on `git commit`, a crashed git)
 * ends in BASE_BUSY with nothing committed — or, once it is older than `GIT_LOCK_STALE_MS`, in an
 * IO_ERROR naming the file.
 */
export const GIT_LOCK_WAIT_MS = 2_000

const GIT_LOCK_BACKOFF_START_MS = 50

const GIT_LOCK_BACKOFF_MAX_MS = 500

/**
 * A git lock file older than this is almost surely left by a git that crashed or was killed:
 * git holds its locks for the length of one command, and only an editor left open on `git
 * commit` or `git rebase -i` keeps one longer. Retrying cannot help then, and git never removes
 * such a file by itself, so neither does the hub: it says which file and what to do.
 */
export const GIT_LOCK_STALE_MS = 60_000

function lockAge(ms: number): string {
  const min = Math.floor(ms / 60_000)
  if (min < 120) return `${min} min`
  const h = Math.floor(min / 60)
  return h < 48 ? `${h} h` : `${Math.floor(h / 24)} jours`
}

/** The one age rule: a lock taken at `mtimeMs` is left by a command that stopped, at `now`. */
function isStale(mtimeMs: number, now: number): boolean {
  return now - mtimeMs >= GIT_LOCK_STALE_MS
}

/** An old lock file at `lockPath`: the refusal naming it; null when it is recent or gone. */
async function staleLockRefusal(lockPath: string, now: number): Promise<HubError | null> {
  const st = await stat(lockPath).catch(() => null)
  if (!st || !isStale(st.mtimeMs, now)) return null
  return ioError(
    `verrou git ${lockPath} présent depuis ${lockAge(now - st.mtimeMs)} : une commande git interrompue l'a sans doute laissé. ` +
      "Si aucune commande git ne tourne dans ce dépôt (ni éditeur de message de commit ouvert), supprimez ce fichier, puis réessayez ; rien n'a été écrit",
    // The file and its time as data: the manager's screen offers to remove it (`removeStaleGitLock`).
    { kind: 'git-lock-stale', params: { file: lockPath, since: new Date(st.mtimeMs).toISOString() } }
  )
}

/** A lock file of git's in a repository. */
export interface GitLockFile {
  /** Absolute path. */
  file: string
  /** Its modification time (ms since the epoch): when the command took it. */
  mtimeMs: number
}

/** Where git keeps the ref files the hub moves (branches, their remote copies), walked for `.lock` files. */
const REF_FOLDERS = ['refs/heads', 'refs/remotes']

async function lockFilesUnder(dir: string, out: string[], depth: number): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const e of entries) {
    const abs = join(dir, e.name)
    if (e.isDirectory() && depth > 0) await lockFilesUnder(abs, out, depth - 1)
    else if (e.isFile() && e.name.endsWith('.lock')) out.push(abs)
  }
}

/**
 * The lock files git and the hub take, whatever their age: `index.lock`, `HEAD.lock`,
 * `packed-refs.lock`, `config.lock` (the git dirs' own files) and the branches' `<ref>.lock`.
 * Tags and other refs are not walked: the hub never writes them, and a repository may hold
 * thousands.
 */
async function gitLockFiles(repo: RepoLayout): Promise<GitLockFile[]> {
  const candidates: string[] = []
  for (const dir of new Set([repo.gitdir, repo.commondir])) await lockFilesUnder(dir, candidates, 0)
  for (const rel of REF_FOLDERS) await lockFilesUnder(join(repo.commondir, ...rel.split('/')), candidates, 16)
  const out: GitLockFile[] = []
  for (const file of [...new Set(candidates)].sort()) {
    const st = await lstat(file).catch(() => null)
    if (st?.isFile()) out.push({ file, mtimeMs: st.mtimeMs })
  }
  return out
}

/**
 * Those lock files an interrupted command left behind: older than `GIT_LOCK_STALE_MS` at `now`.
 * Each one blocks every write of the hub (IO_ERROR `git-lock-stale`) until it is removed; git
 * never removes one by itself.
 */
export async function staleGitLocks(repo: RepoLayout, now: number): Promise<GitLockFile[]> {
  return (await gitLockFiles(repo)).filter((l) => isStale(l.mtimeMs, now))
}

/**
 * Removes one lock file `staleGitLocks` lists for `repo` at `now`; anything else (a path that is
 * no lock of this repository, a lock taken again since and so recent) is left where it is. The
 * caller holds the base's lock, so no write of the hub's own is under way; the manager was told
 * that a git command still running (an editor open on `git commit`) would lose its lock.
 * Says what happened: removed; already gone; left because it was taken again since (recent); left
 * because it is no lock of this repository.
 */
export async function removeStaleGitLock(
  repo: RepoLayout,
  file: string,
  now: number,
  log?: HubLog
): Promise<'removed' | 'gone' | 'recent' | 'not-a-lock'> {
  const found = (await gitLockFiles(repo)).find((l) => l.file === file)
  if (!found) return (await lstat(file).catch(() => null)) ? 'not-a-lock' : 'gone'
  if (!isStale(found.mtimeMs, now)) return 'recent'
  try {
    await unlink(file)
  } catch (e) {
    if (errCode(e) === 'ENOENT') return 'gone'
    throw e
  }
  log?.warning(`verrou git ${file} retiré à la demande (laissé le ${new Date(found.mtimeMs).toISOString()})`)
  return 'removed'
}

/**
 * Takes one of git's lock files (`<file>.lock`, exclusive create) waiting for a foreign holder until
 * `deadline`: BASE_BUSY when a live git holds it, IO_ERROR naming the file when it was left long
 * ago (`GIT_LOCK_STALE_MS`). The file is never removed here: it is not ours.
 */
export async function acquireGitLock(lockPath: string, deadline: number, log?: HubLog): Promise<FileHandle> {
  let delay = GIT_LOCK_BACKOFF_START_MS
  for (;;) {
    try {
      return await open(lockPath, 'wx', 0o666)
    } catch (e) {
      if (errCode(e) !== 'EEXIST') throw e
      const now = Date.now()
      // An old lock will not go away by waiting: say so at once.
      const stale = await staleLockRefusal(lockPath, now)
      if (stale) {
        log?.warning(stale.message)
        throw stale
      }
      if (now >= deadline) {
        log?.warning(
          `BASE_BUSY : verrou git ${lockPath} tenu par un autre processus (s'il reste après la mort de ce processus, supprimez-le)`
        )
        throw baseBusy()
      }
      await sleep(Math.min(delay, deadline - now))
      delay = Math.min(delay * 2, GIT_LOCK_BACKOFF_MAX_MS)
    }
  }
}

/** Writes `content` into an acquired lock file, fsyncs it, renames it onto `target`; removes the lock on failure. */
export async function commitLockFile(
  fh: FileHandle,
  lockPath: string,
  target: string,
  content: Buffer | string
): Promise<void> {
  let closed = false
  try {
    await fh.writeFile(content)
    await fh.sync()
    await fh.close()
    closed = true
    await rename(lockPath, target)
  } catch (e) {
    if (!closed) await fh.close().catch(() => undefined)
    await unlink(lockPath).catch(() => undefined)
    throw e
  }
}
