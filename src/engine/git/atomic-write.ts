import { randomBytes } from 'node:crypto'
import { chmod, lstat, open, readdir, rename, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { StepHook } from '../steps'

/** Prefix of every temp file the hub creates next to a file it replaces (reconcile deletes leftovers). */
export const TEMP_PREFIX = '.okf-tmp-'

/**
 * How old a temp file beside a file written without a lock must be before a later writer takes it
 * for a dead one's: a live write holds its temp for milliseconds (the fsync), never a minute.
 */
export const STALE_TEMP_MS = 60_000

const TEMP_NAME = /^\.okf-tmp-[0-9a-f]{12}-/

const RETRYABLE_RENAME = new Set(['EPERM', 'EACCES', 'EBUSY'])

/**
 * Replaces `path` atomically: the data goes to `.okf-tmp-<random>-<basename>` in the same
 * directory, is fsynced, then renamed over `path`. A reader sees the old file or the new one,
 * never a mix; a crash leaves at worst a temp file (removed here on any failure we see).
 * An existing file's permission bits are kept.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Buffer,
  /** Tests only (issue 13): called once the temp file is written and fsynced, before the rename. */
  onStep?: StepHook,
  /**
   * `durable: false` skips the fsync, for a file whose bytes are kept durably elsewhere — a
   * worktree file checked out of a git object, which git's own checkout never fsyncs either. Still
   * all or nothing for readers and for a killed process (the rename); only a power cut may leave
   * it behind, as it would leave git's.
   */
  opts: {
    durable?: boolean
    /** The caller knows nothing is at `path` (or only a link it removed): no mode to keep. */
    absent?: boolean
  } = {}
): Promise<void> {
  const dir = dirname(path)
  const tmp = join(dir, `${TEMP_PREFIX}${randomBytes(6).toString('hex')}-${basename(path)}`)
  let created = false
  try {
    const fh = await open(tmp, 'wx', 0o666)
    created = true
    try {
      await fh.writeFile(data)
      if (opts.durable !== false) await fh.sync()
    } finally {
      await fh.close()
    }
    const previousMode = opts.absent ? null : await existingMode(path)
    if (previousMode !== null) await chmod(tmp, previousMode)
    await onStep?.('atomic:temp-written')
    await renameWithRetry(tmp, path)
    created = false
  } finally {
    if (created) await unlink(tmp).catch(() => undefined)
  }
}

async function existingMode(path: string): Promise<number | null> {
  try {
    const st = await stat(path)
    return st.isFile() ? st.mode & 0o7777 : null
  } catch {
    return null
  }
}

/** Windows refuses a rename over a file another process has open for a short while: retry briefly there. */
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await rename(from, to)
      return
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? ''
      if (process.platform !== 'win32' || !RETRYABLE_RENAME.has(code) || attempt >= 5) throw e
      await new Promise((r) => setTimeout(r, 20 * 2 ** attempt))
    }
  }
}

/**
 * Removes the temp files a killed `writeFileAtomic(path)` left beside `path`: exactly
 * `.okf-tmp-<12 hex>-<basename>`, nothing else, and only those last modified at least
 * `olderThanMs` ago (0 when the caller holds the lock every writer of `path` takes, so that no
 * live write can own one). Returns the names removed; a failure to list or remove is not thrown
 * (the next run tries again).
 */
export async function removeStaleTemps(path: string, olderThanMs: number): Promise<string[]> {
  const dir = dirname(path)
  const name = basename(path)
  const names = await readdir(dir).catch(() => [] as string[])
  const removed: string[] = []
  const now = Date.now()
  for (const n of names) {
    if (!TEMP_NAME.test(n) || n.slice(TEMP_PREFIX.length + 13) !== name) continue
    const abs = join(dir, n)
    const st = await lstat(abs).catch(() => null)
    if (!st?.isFile() || now - st.mtimeMs < olderThanMs) continue
    await unlink(abs).then(
      () => removed.push(n),
      () => undefined
    )
  }
  return removed
}
