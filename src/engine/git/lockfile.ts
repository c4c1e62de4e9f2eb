import { open, rename, stat, unlink } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { baseBusy, HubError, ioError } from '../errors'
import type { HubLog } from '../hublog'
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

/** An old lock file at `lockPath`: the refusal naming it; null when it is recent or gone. */
async function staleLockRefusal(lockPath: string, now: number): Promise<HubError | null> {
  const st = await stat(lockPath).catch(() => null)
  if (!st || now - st.mtimeMs < GIT_LOCK_STALE_MS) return null
  return ioError(
    `verrou git ${lockPath} présent depuis ${lockAge(now - st.mtimeMs)} : une commande git interrompue l'a sans doute laissé. ` +
      "Si aucune commande git ne tourne dans ce dépôt (ni éditeur de message de commit ouvert), supprimez ce fichier, puis réessayez ; rien n'a été écrit"
  )
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
