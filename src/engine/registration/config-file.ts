import { createHash } from 'node:crypto'
import { lstat, mkdir, open, readdir, readFile, realpath, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import lockfile from 'proper-lockfile'
import { describeError, invalidInput, ioError, isHubError } from '../errors'
import type { HubLog } from '../hublog'
import { removeStaleTemps, writeFileAtomic } from '../git/atomic-write'
import type { StepHook } from '../steps'

/**
 * Read-modify-write of a host's config file: under a lock, with a timestamped backup of what was
 * there (the last few kept), written atomically (temp file + fsync + rename, permission bits kept),
 * and not at all when the edit changes nothing.
 *
 * The lock is proper-lockfile's `<file>.lock` directory beside the file (its usual convention, so
 * any other tool using it on the same file is excluded too); a host itself (Claude Desktop
 * rewriting its config) takes no lock, so the file is read again just before the rename and the
 * edit redone when it changed meanwhile.
 */

export const LOCK_STALE_MS = 10_000
export const DEFAULT_LOCK_TIMEOUT_MS = 10_000
export const BACKUPS_KEPT = 5
const REREAD_ATTEMPTS = 3
const BOM = '\uFEFF'

export interface BackupPolicy {
  /** Folder of this host's backups (`<user data>/backups/hosts/<host>`). */
  dir: string
  /** How many backups of one config file are kept (default 5). */
  keep?: number
}

export interface EditOptions {
  /** Create the file (and its folder) when absent: `register`; `unregister` leaves absent files alone. */
  create: boolean
  backups: BackupPolicy
  log?: HubLog
  lockTimeoutMs?: number
  /** Tests only (issue 13): called after each durable step (`config:backup-written`, the atomic write's). */
  onStep?: StepHook
}

export interface EditResult {
  file: string
  changed: boolean
  created: boolean
  /** The backup written by this edit, null when nothing was backed up. */
  backup: string | null
}

/** `text` is the file without its byte-order mark; the result is written with the same mark. */
export type TextEdit = (text: string) => string

/** A short, stable tag of the config file's full path: two files named alike get apart backups. */
function fileTag(file: string): string {
  return createHash('sha256').update(file).digest('hex').slice(0, 8)
}

/** `2026-05-01T12-30-45-123Z`: sortable, no characters Windows refuses in a name. */
function stamp(d = new Date()): string {
  return d.toISOString().replace(/:/g, '-').replace('.', '-')
}

function backupSuffix(file: string): string {
  return `_${fileTag(file)}_${basename(file)}`
}

/** The newest backup of any of `files` in `dir`, or null. */
export async function latestBackup(dir: string, files: string[]): Promise<string | null> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
  const suffixes = files.map(backupSuffix)
  const mine = names.filter((n) => suffixes.some((s) => n.endsWith(s))).sort()
  return mine.length > 0 ? join(dir, mine[mine.length - 1]) : null
}

/**
 * Copies `bytes` (the file as it was) to `<dir>/<stamp>_<tag>_<name>`, readable by the user only
 * (other servers' entries may hold keys), then deletes that file's oldest backups beyond `keep`.
 */
async function writeBackup(file: string, bytes: Buffer, policy: BackupPolicy, log?: HubLog): Promise<string> {
  await mkdir(policy.dir, { recursive: true, mode: 0o700 })
  const suffix = backupSuffix(file)
  let path = join(policy.dir, `${stamp()}${suffix}`)
  for (let n = 1; ; n++) {
    try {
      const fh = await open(path, 'wx', 0o600)
      try {
        await fh.writeFile(bytes)
        await fh.sync()
      } finally {
        await fh.close()
      }
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || n > 20) throw e
      path = join(policy.dir, `${stamp()}-${n}${suffix}`)
    }
  }
  const keep = policy.keep ?? BACKUPS_KEPT
  const all = (await readdir(policy.dir)).filter((n) => n.endsWith(suffix)).sort()
  for (const old of all.slice(0, Math.max(0, all.length - keep))) {
    await unlink(join(policy.dir, old)).catch((e: unknown) =>
      log?.warning(`ancienne sauvegarde ${join(policy.dir, old)} non supprimée : ${describeError(e)}`)
    )
  }
  return path
}

async function readBytes(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
}

/** A symlinked config (dotfiles managers do that) is edited where it points, the link kept. */
async function editTarget(file: string): Promise<string> {
  try {
    if (!(await lstat(file)).isSymbolicLink()) return file
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return file
    throw e
  }
  try {
    return await realpath(file)
  } catch (e) {
    throw ioError(
      `${file} est un lien vers un fichier absent (${describeError(e)}) : rétablissez-le ou supprimez-le`
    )
  }
}

function decode(bytes: Buffer | null): { text: string; bom: boolean } {
  const s = bytes === null ? '' : bytes.toString('utf8')
  return s.startsWith(BOM) ? { text: s.slice(BOM.length), bom: true } : { text: s, bom: false }
}

async function withFileLock<T>(file: string, timeoutMs: number, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let release: () => Promise<void>
  let delay = 25
  for (;;) {
    try {
      release = await lockfile.lock(file, {
        realpath: false,
        lockfilePath: `${file}.lock`,
        stale: LOCK_STALE_MS,
        retries: 0
      })
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ELOCKED')
        throw ioError(`verrouillage de ${file} impossible : ${describeError(e)}`)
      if (Date.now() >= deadline)
        throw ioError(
          `${file} est en cours de modification par une autre inscription (verrou ${file}.lock) : réessayez dans un instant`
        )
      await new Promise((r) => setTimeout(r, delay))
      delay = Math.min(delay * 2, 250)
    }
  }
  try {
    return await fn()
  } finally {
    await release().catch(() => undefined)
  }
}

/**
 * Applies `edit` to `file` under its lock. Refusals thrown by `edit` (an unparseable file) leave
 * the file byte for byte as it was; an edit that changes nothing writes nothing (no backup).
 */
/**
 * A file its owner made read-only (no write bit for anyone) is a choice, not an obstacle: the
 * atomic rename would replace it anyway (and, as root, nothing would stop us), silently undoing
 * that choice. Refused, nothing written.
 */
async function refuseReadOnly(file: string, target: string): Promise<void> {
  let mode: number
  try {
    mode = (await stat(target)).mode
  } catch {
    return // absent: created
  }
  if ((mode & 0o222) === 0)
    throw invalidInput(
      `${file} est en lecture seule : rien n'a été écrit — rendez-le modifiable, puis réessayez`,
      {
        kind: 'host-config-read-only',
        params: { file }
      }
    )
}

export async function editConfigFile(file: string, edit: TextEdit, opts: EditOptions): Promise<EditResult> {
  const target = await editTarget(file)
  const existed = (await readBytes(target)) !== null
  if (!existed && !opts.create) return { file, changed: false, created: false, backup: null }
  try {
    await mkdir(dirname(target), { recursive: true })
  } catch (e) {
    throw ioError(`dossier ${dirname(target)} impossible à créer : ${describeError(e)}`)
  }
  return withFileLock(target, opts.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS, async () => {
    // Under the lock every hub writer of this file takes: a temp file of ours beside it is a
    // killed edit's (its rename never happened), never a live one's.
    for (const n of await removeStaleTemps(target, 0))
      opts.log?.info(`écriture interrompue de ${file} nettoyée : ${n}`)
    for (let attempt = 1; ; attempt++) {
      const before = await readBytes(target)
      if (before === null && !opts.create) return { file, changed: false, created: false, backup: null }
      const { text, bom } = decode(before)
      const next = edit(text)
      if (next === text) return { file, changed: false, created: false, backup: null }
      await refuseReadOnly(file, target)
      const again = await readBytes(target)
      const same = before === null ? again === null : again !== null && again.equals(before)
      if (!same) {
        if (attempt >= REREAD_ATTEMPTS)
          throw ioError(
            `${file} change sans cesse (l'hôte l'écrit en ce moment ?) : fermez l'application puis réessayez`
          )
        continue
      }
      try {
        const backup = before === null ? null : await writeBackup(file, before, opts.backups, opts.log)
        await opts.onStep?.('config:backup-written')
        await writeFileAtomic(target, (bom ? BOM : '') + next, opts.onStep)
        opts.log?.info(`configuration ${file} modifiée${backup ? ` (sauvegarde ${backup})` : ' (créée)'}`)
        return { file, changed: true, created: before === null, backup }
      } catch (e) {
        if (isHubError(e)) throw e
        throw ioError(
          `écriture de ${file} impossible : ${describeError(e)} — le fichier est resté tel quel`,
          {
            kind: 'host-config-not-written',
            params: { file, reason: (e as NodeJS.ErrnoException).code ?? describeError(e) }
          }
        )
      }
    }
  })
}
