import { statSync, type BigIntStats } from 'node:fs'
import { appendFile, mkdir, readFile, rm, stat } from 'node:fs/promises'
import { constants as osConstants } from 'node:os'
import { join, resolve } from 'node:path'
import { baseBusy, describeError, ioError } from './errors'
import type { HubLog } from './hublog'
import { resolveLayout } from './git/layout'
import { LOCK_DIR_NAME } from './registry/bundle-names'

/**
 * The base lock (DESIGN §4 "Lock", §8 "Lock"): a directory `<base>/.okf-hub.lock.d` created
 * atomically with mkdir by proper-lockfile, its mtime refreshed every 2 s while held, taken over
 * when older than 10 s (holder dead). Every write of the hub and every `okf-hub lock` command
 * runs inside it; reads take no lock.
 */
export { LOCK_DIR_NAME }
/** The line added to `.git/info/exclude`; also covers a predecessor's `.okf-hub.lock` file. */
export const LOCK_EXCLUDE_LINE = '.okf-hub.lock*'

export const LOCK_STALE_MS = 10_000
export const LOCK_UPDATE_MS = 2_000
export const DEFAULT_LOCK_TIMEOUT_MS = 15_000

export interface LockOptions {
  /** Total wait before BASE_BUSY (default 15000). */
  timeoutMs?: number
  log?: HubLog
}

export interface HeldLock {
  /** Throws HubError IO_ERROR if the lock was compromised (taken over / lost). */
  assertHeld(): void
  /** Epoch ms: acquisition start + timeout, reused by git-lock retries. */
  readonly deadline: number
  /**
   * The holder renamed the whole base (the trash): the lock directory moved with it to
   * `<newRoot>/.okf-hub.lock.d`. It is then checked there and removed there at release, and the
   * old path is left free (a writer waiting on it gets an error: the base is gone).
   */
  movedTo?(newRoot: string): void
}

const BACKOFF_START_MS = 25
const BACKOFF_MAX_MS = 250

/**
 * Waiters of this process per lock directory: a release here wakes them at once instead of
 * leaving them in their backoff sleep (other processes still poll).
 */
const localWaiters = new Map<string, Set<() => void>>()

function waitOrWake(lockDir: string, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const set = localWaiters.get(lockDir) ?? new Set<() => void>()
    localWaiters.set(lockDir, set)
    const wake = (): void => {
      clearTimeout(timer)
      set.delete(wake)
      if (set.size === 0 && localWaiters.get(lockDir) === set) localWaiters.delete(lockDir)
      resolve()
    }
    const timer = setTimeout(wake, Math.max(0, ms))
    set.add(wake)
  })
}

/**
 * How many acquisitions in this process are waiting for the lock of `root`: lets a caller (and a
 * test) know a writer has reached the lock and is queued, as an observed fact rather than a guess.
 */
export function localLockWaiters(root: string): number {
  return localWaiters.get(join(resolve(root), LOCK_DIR_NAME))?.size ?? 0
}

function wakeLocalWaiters(lockDir: string): void {
  for (const wake of [...(localWaiters.get(lockDir) ?? [])]) wake()
}

/** Identity of the lock directory we created: a takeover (rmdir + mkdir) changes it. */
interface DirIdentity {
  ino: bigint
  birthtimeNs: bigint
}

function dirIdentity(path: string): DirIdentity | null {
  try {
    const st: BigIntStats = statSync(path, { bigint: true })
    return { ino: st.ino, birthtimeNs: st.birthtimeNs }
  } catch {
    return null
  }
}

function sameIdentity(a: DirIdentity, b: DirIdentity | null): boolean {
  return b !== null && a.ino === b.ino && a.birthtimeNs === b.birthtimeNs
}

function formatSeconds(ms: number): string {
  return String(Math.round(ms / 100) / 10)
}

/**
 * Runs `fn` while holding the base lock of `root`. Acquisition is polled (25 ms doubling to
 * 250 ms) until `timeoutMs`, then BASE_BUSY. Each call is an independent acquisition: two calls
 * in one process exclude each other (the mkdir fails for the second). The lock is always released
 * in `finally`; a release failure is logged, never thrown over fn's own outcome.
 */
export async function withBaseLock<T>(
  root: string,
  fn: (lock: HeldLock) => Promise<T>,
  opts: LockOptions = {}
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS
  const log = opts.log
  const start = Date.now()
  const deadline = start + timeoutMs
  const lockDir = join(resolve(root), LOCK_DIR_NAME)
  let heldDir = lockDir

  await ensureLockExcluded(root, log)

  let compromised: Error | null = null
  const onCompromised = (err: Error): void => {
    // proper-lockfile calls this from a timer: record, never throw into nowhere.
    if (compromised) return
    compromised = err
    log?.error(`verrou ${lockDir} compromis : ${describeError(err)}`)
  }

  // Loaded at the first lock, not with this module: proper-lockfile brings graceful-fs, retry and
  // signal-exit, which a server's start (initialize, tools/list) never needs (docs/PERFORMANCE.md
  // « Cold start »).
  const { default: lockfile } = await import('proper-lockfile')
  let release: () => Promise<void>
  let delay = BACKOFF_START_MS
  for (;;) {
    try {
      release = await lockfile.lock(root, {
        lockfilePath: lockDir,
        stale: LOCK_STALE_MS,
        update: LOCK_UPDATE_MS,
        realpath: false,
        retries: 0,
        onCompromised
      })
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') {
        throw ioError(`verrouillage impossible sur ${lockDir} : ${describeError(e)}`)
      }
      const now = Date.now()
      if (now >= deadline) {
        log?.warning(`BASE_BUSY : verrou ${lockDir} non acquis en ${formatSeconds(timeoutMs)} s`)
        throw baseBusy()
      }
      await waitOrWake(lockDir, Math.min(delay, deadline - now))
      delay = Math.min(delay * 2, BACKOFF_MAX_MS)
    }
  }

  const identity = dirIdentity(lockDir)
  const isOurs = (): boolean =>
    compromised === null && identity !== null && sameIdentity(identity, dirIdentity(heldDir))
  const held: HeldLock = {
    deadline,
    movedTo(newRoot: string): void {
      heldDir = join(resolve(newRoot), LOCK_DIR_NAME)
    },
    assertHeld(): void {
      if (isOurs()) return
      const why = compromised ? describeError(compromised) : 'répertoire de verrou disparu ou repris'
      if (!compromised) compromised = new Error(why)
      throw ioError(`verrou de la base perdu (${lockDir}) : ${why} — rien n'a été commité`)
    }
  }

  try {
    return await fn(held)
  } finally {
    if (isOurs()) {
      try {
        // After a move, release() clears proper-lockfile's refresh timer and finds nothing at the
        // old path (ENOENT is fine for it); the moved directory is removed here.
        await release()
        if (heldDir !== lockDir) await rm(heldDir, { recursive: true, force: true })
      } catch (e) {
        log?.warning(`libération du verrou ${lockDir} impossible : ${describeError(e)}`)
      }
      wakeLocalWaiters(lockDir)
    } else {
      // Never rmdir a lock directory that another holder now owns. proper-lockfile's own
      // refresh timer notices the mismatch and forgets the lock.
      log?.warning(`verrou ${lockDir} perdu pendant l'écriture : non libéré`)
    }
  }
}

/**
 * If `<root>` is a git worktree, makes sure git's `info/exclude` has the line `.okf-hub.lock*`
 * (in the common dir for a linked worktree: git reads it from there). Never throws: a failure is
 * logged (the lock works without it).
 */
export async function ensureLockExcluded(root: string, log?: HubLog): Promise<void> {
  let gitDir = join(root, '.git')
  try {
    const st = await stat(gitDir).catch(() => null)
    if (!st) return
    if (!st.isDirectory()) gitDir = (await resolveLayout(root)).commondir
    const infoDir = join(gitDir, 'info')
    const excludePath = join(infoDir, 'exclude')
    let current = ''
    try {
      current = await readFile(excludePath, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
    }
    if (current.split('\n').some((line) => line.replace(/\r$/, '') === LOCK_EXCLUDE_LINE)) return
    await mkdir(infoDir, { recursive: true })
    const lead = current.length > 0 && !current.endsWith('\n') ? '\n' : ''
    await appendFile(excludePath, `${lead}${LOCK_EXCLUDE_LINE}\n`)
    log?.info(`${LOCK_EXCLUDE_LINE} ajouté à ${excludePath}`)
  } catch (e) {
    log?.warning(`exclusion du verrou dans ${gitDir}/info/exclude impossible : ${describeError(e)}`)
  }
}

const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']

/**
 * Engine of `okf-hub lock <base> -- <cmd…>`: runs the command under the base lock with inherited
 * stdio and resolves with its exit code (signal death → 128 + signal number, not spawnable → 127
 * or 126). SIGINT/SIGTERM/SIGHUP received meanwhile are forwarded to the child. Timeout → BASE_BUSY
 * thrown (the door maps it to exit 75), the command is not run.
 */
export async function runCommandLocked(
  root: string,
  command: string,
  args: string[],
  opts: { timeoutMs: number; log?: HubLog }
): Promise<number> {
  // Only `okf-hub lock` runs a command: child_process stays off every other door's start path.
  const { spawn } = await import('node:child_process')
  return withBaseLock(
    root,
    (lock) =>
      new Promise<number>((resolve) => {
        let settled = false
        const handlers = new Map<NodeJS.Signals, () => void>()
        const finish = (code: number): void => {
          if (settled) return
          settled = true
          for (const [sig, h] of handlers) process.removeListener(sig, h)
          try {
            lock.assertHeld()
          } catch (e) {
            opts.log?.warning(`okf-hub lock : ${describeError(e)} (commande « ${command} » déjà exécutée)`)
          }
          resolve(code)
        }

        // Without a terminal (a script, a supervisor's SIGTERM), the command runs in a process group
        // of its own and a signal goes to the whole group: a shell passes it to none of its children,
        // and the lock was released while the `git commit` it had started went on (found by
        // exploratory QA). From a terminal the group stays the terminal's, so that an editor the
        // command opens can read it, and Ctrl-C already reaches every process of it.
        const group = process.platform !== 'win32' && !process.stdin.isTTY
        const child = spawn(command, args, { stdio: 'inherit', detached: group })
        for (const sig of FORWARDED_SIGNALS) {
          const h = (): void => {
            if (child.exitCode !== null || child.signalCode !== null) return
            if (group && child.pid !== undefined) {
              try {
                process.kill(-child.pid, sig)
                return
              } catch {
                // the group is gone already: the child alone, below
              }
            }
            child.kill(sig)
          }
          handlers.set(sig, h)
          process.on(sig, h)
        }
        child.on('error', (err: NodeJS.ErrnoException) => {
          const notFound = err.code === 'ENOENT'
          process.stderr.write(
            `okf-hub lock: ${notFound ? 'commande introuvable' : 'commande non exécutable'} : ${command} (${err.message})\n`
          )
          finish(notFound ? 127 : 126)
        })
        child.on('exit', (code, signal) => {
          if (code !== null) return finish(code)
          const num = signal ? (osConstants.signals[signal] ?? 0) : 0
          finish(128 + num)
        })
      }),
    { timeoutMs: opts.timeoutMs, log: opts.log }
  )
}
