import { chmod, lstat, mkdir, readFile, rm, rmdir, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'
import { HubError, describeError, ioError } from '../errors'
import type { HubLog } from '../hublog'
import { writeFileAtomic } from '../git/atomic-write'
import type { StepHook } from '../steps'

/**
 * All-or-nothing worktree changes ahead of one commit: every touched path's prior bytes (or
 * absence) are saved first; files are written atomically, removals done, then `commit` runs. If
 * anything throws before `commit` returns, every touched path gets its prior bytes and mode back,
 * the directories created are removed, and the error is rethrown — HEAD never moved, since the
 * commit moves the ref last.
 */

export interface Change {
  repoPath: string
  abs: string
  /** New content; null removes the file. */
  text: string | null
}

export interface TransactionFaults {
  /** Test hook (DESIGN §8 "Fault injection"): runs right after the first file is written. */
  afterFirstWrite?: () => void | Promise<void>
  /**
   * Test hook (issue 13): called after each durable step — `transaction:backups-taken`, then per
   * change `transaction:written:<path>` or `transaction:removed:<path>` (and the atomic write's own).
   */
  onStep?: StepHook
}

interface Backup {
  abs: string
  data: Buffer | null
  mode: number
}

async function backupOf(abs: string): Promise<Backup> {
  try {
    const st = await lstat(abs)
    if (!st.isFile()) throw ioError(`${abs} n'est pas un fichier ordinaire`)
    return { abs, data: await readFile(abs), mode: st.mode & 0o7777 }
  } catch (e) {
    if (e instanceof HubError) throw e
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { abs, data: null, mode: 0 }
    throw ioError(`lecture de ${abs} impossible : ${describeError(e)}`)
  }
}

/** mkdir -p that records the directories it created, outermost first. */
async function ensureDir(dir: string, created: string[]): Promise<void> {
  const missing: string[] = []
  let cur = dir
  for (;;) {
    try {
      await lstat(cur)
      break
    } catch {
      missing.unshift(cur)
      const up = dirname(cur)
      if (up === cur) break
      cur = up
    }
  }
  for (const d of missing) {
    await mkdir(d)
    created.push(d)
  }
}

async function restore(backups: Backup[], createdDirs: string[]): Promise<string[]> {
  const failures: string[] = []
  for (const b of backups) {
    try {
      if (b.data === null) {
        await rm(b.abs, { force: true })
        continue
      }
      let current: Buffer | null = null
      try {
        current = await readFile(b.abs)
      } catch {
        current = null
      }
      if (current !== null && current.equals(b.data)) continue
      await writeFileAtomic(b.abs, b.data)
      await chmod(b.abs, b.mode)
    } catch (e) {
      failures.push(`${b.abs} : ${describeError(e)}`)
    }
  }
  for (const d of [...createdDirs].reverse()) {
    try {
      await rmdir(d)
    } catch (e) {
      failures.push(`${d} : ${describeError(e)}`)
    }
  }
  return failures
}

export async function applyThenCommit<T>(
  changes: Change[],
  commit: () => Promise<T>,
  opts: { log: HubLog; faults?: TransactionFaults; what: string }
): Promise<T> {
  const backups: Backup[] = []
  for (const c of changes) backups.push(await backupOf(c.abs))
  const createdDirs: string[] = []
  const onStep = opts.faults?.onStep
  try {
    await onStep?.('transaction:backups-taken')
    let first = true
    for (const c of changes) {
      if (c.text === null) {
        await unlink(c.abs).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e
        })
        await onStep?.(`transaction:removed:${c.repoPath}`)
        continue
      }
      await ensureDir(dirname(c.abs), createdDirs)
      await writeFileAtomic(c.abs, c.text, onStep)
      await onStep?.(`transaction:written:${c.repoPath}`)
      if (first) {
        first = false
        await opts.faults?.afterFirstWrite?.()
      }
    }
    return await commit()
  } catch (e) {
    const failures = await restore(backups, createdDirs)
    if (failures.length > 0) {
      opts.log.error(
        `${opts.what} : restauration incomplète après échec (${describeError(e)}) : ${failures.join(' ; ')}`
      )
      throw ioError(
        `${opts.what} interrompue (${e instanceof HubError ? e.message : describeError(e)}) et restauration incomplète : ${failures.join(' ; ')}`
      )
    }
    opts.log.warning(`${opts.what} interrompue, fichiers restaurés : ${describeError(e)}`)
    if (e instanceof HubError) throw e
    throw ioError(
      `${opts.what} interrompue (${describeError(e)}) : fichiers restaurés à leur état d'avant l'appel, rien n'a été commité`
    )
  }
}
