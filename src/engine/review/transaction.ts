import { chmod, lstat, mkdir, readdir, readFile, rm, rmdir, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { HubError, describeError, ioError } from '../errors'
import type { HubLog } from '../hublog'
import { removeStaleTemps, TEMP_PREFIX, writeFileAtomic } from '../git/atomic-write'
import { createHash } from 'node:crypto'
import { headCommitSha } from '../git/refs'
import { treeBlobOid } from '../git/trees'
import { localChanges } from './worktree'
import { refreshIndexPaths } from '../git/index-update'
import type { RepoLayout } from '../git/layout'
import { stepPastCommit, type StepHook } from '../steps'
import { completeInterruptedMove } from '../git/advance'
import type { HeldLock } from '../lock'

/**
 * All-or-nothing worktree changes ahead of one commit: every touched path's prior bytes (or
 * absence) are saved first; files are written atomically, removals done, then `commit` runs. If
 * anything throws before `commit` returns, every touched path gets its prior bytes and mode back,
 * the directories created are removed, and the error is rethrown — HEAD never moved, since the
 * commit moves the ref last.
 *
 * A process killed in between runs no restore: so the backups are also written first, fsynced, to a
 * journal in the git dir (`okf-hub-transaction.json`), removed once the commit is made or the files
 * restored. The next writer under the base lock (a resolution, reconcile) finds a journal only
 * when its writer died: HEAD still at the journal's parent → the files, their folders and their
 * index entries are put back; HEAD moved → the commit was made, the journal is just removed.
 */

export const JOURNAL_FILE = 'okf-hub-transaction.json'

interface Journal {
  what: string
  /** HEAD when the transaction started (null on an unborn branch). */
  head: string | null
  files: {
    repoPath: string
    data: string | null
    mode: number
    /** sha256 of what the transaction writes there (null: it removes the file); absent in older journals. */
    after?: string | null
  }[]
  /** Folders the writes create, outermost first (removed again when empty). */
  dirs: string[]
}

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
      // A folder the transaction made that holds something else now (a later writer's) stays.
      if ((e as NodeJS.ErrnoException).code !== 'ENOTEMPTY') failures.push(`${d} : ${describeError(e)}`)
    }
  }
  return failures
}

/** Where a transaction keeps its journal: the worktree's git dir, beside the index it speaks of. */
export function journalPath(repo: RepoLayout): string {
  return join(repo.gitdir, JOURNAL_FILE)
}

/** The folders `mkdir -p dir` would create, outermost first, as repo paths. */
async function missingDirs(root: string, repoPath: string): Promise<string[]> {
  const out: string[] = []
  let rel = repoPath.split('/').slice(0, -1)
  while (rel.length > 0) {
    try {
      await lstat(join(root, ...rel))
      break
    } catch {
      out.unshift(rel.join('/'))
      rel = rel.slice(0, -1)
    }
  }
  return out
}

/**
 * What a killed writer left, put right under the base lock before a resolution or a repair reads
 * the base: a transaction's half-written files rolled back, then a sync's half-done move completed.
 * Returns whether anything changed.
 */
export async function recoverInterrupted(repo: RepoLayout, lock: HeldLock, log: HubLog): Promise<boolean> {
  const rolledBack = await rollBackInterrupted(repo, log)
  const moved = await completeInterruptedMove(repo, { lock, log })
  return rolledBack || moved
}

/**
 * Rolls back a transaction whose process died (its journal left in the git dir), under the base
 * lock the caller holds; returns whether files were put back. Nothing to do without a journal.
 */
export async function rollBackInterrupted(repo: RepoLayout, log: HubLog): Promise<boolean> {
  const path = journalPath(repo)
  // The journal is written under the base lock the caller holds: a temp file of it is a killed
  // writer's (each held a copy of the documents' backups and was never cleaned — found by QA).
  for (const n of await removeStaleTemps(path, 0))
    log.info(`journal de transaction interrompu nettoyé : ${n}`)
  let journal: Journal
  try {
    journal = JSON.parse(await readFile(path, 'utf8')) as Journal
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false
    // A journal cut short by the kill: the transaction had not started writing (it is fsynced first).
    log.warning(`journal de transaction illisible (${describeError(e)}) : supprimé`)
    await unlink(path).catch(() => undefined)
    return false
  }
  const head = await headCommitSha(repo)
  if (head !== journal.head) {
    const putBack = await settleAfterMove(repo, journal, head, log)
    await unlink(path).catch((e: unknown) => {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
    })
    return putBack
  }
  return putBackFiles(repo, journal, journal.files, log)
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex')

/**
 * HEAD moved since the journal was written. Either the transaction made its commit (its files are
 * HEAD's), or another writer committed over a transaction killed before its own commit — a
 * proposal filed, a sync — and its half-written files are still in the worktree (found by
 * exploratory QA: they stayed for good, agents reading them). A file is put back only when it
 * still holds exactly what the transaction wrote (`after`) and no commit since the journal changed
 * its path (so its backup is what HEAD holds); any other is left as it is and named.
 */
async function settleAfterMove(
  repo: RepoLayout,
  journal: Journal,
  head: string | null,
  log: HubLog
): Promise<boolean> {
  const cache = {}
  const blob = async (commit: string | null, p: string): Promise<string | null | undefined> =>
    commit === null ? null : treeBlobOid(repo, commit, p, cache).catch(() => undefined)
  const ours: Journal['files'] = []
  const left: string[] = []
  // As HEAD holds it: the transaction's commit was made (or a later one agrees); nothing to settle.
  const dirty = await localChanges(
    repo.root,
    journal.files.map((f) => f.repoPath)
  )
  for (const f of journal.files) {
    if (!dirty.has(f.repoPath)) continue
    if (f.after === undefined) continue // a journal of an older hub: nothing to tell its writes by
    const abs = join(repo.root, ...f.repoPath.split('/'))
    const now = await readFile(abs).then(
      (b) => sha256(b),
      () => null
    )
    if (now !== f.after) continue // not the transaction's write: committed, or changed by someone
    const [then, atHead] = await Promise.all([blob(journal.head, f.repoPath), blob(head, f.repoPath)])
    if (then !== undefined && then === atHead) ours.push(f)
    else left.push(f.repoPath)
  }
  if (left.length > 0)
    log.warning(
      `${journal.what} interrompue : ${left.join(', ')} gardé(s) tel(s) quel(s) — un commit a changé ce(s) chemin(s) depuis ; à vérifier`
    )
  if (ours.length === 0) {
    log.info(`${journal.what} interrompue après son commit : journal supprimé`)
    return false
  }
  return putBackFiles(repo, journal, ours, log)
}

/** The journal's backups of `files` written back, the temp files and created folders removed, the index refreshed. */
async function putBackFiles(
  repo: RepoLayout,
  journal: Journal,
  files: Journal['files'],
  log: HubLog
): Promise<boolean> {
  const root = repo.root
  const backups: Backup[] = files.map((f) => ({
    abs: join(root, ...f.repoPath.split('/')),
    data: f.data === null ? null : Buffer.from(f.data, 'base64'),
    mode: f.mode
  }))
  // The temp files the killed atomic writes left beside each path go too (their folders may be ours).
  for (const b of backups) {
    const names = await readdir(dirname(b.abs)).catch(() => [] as string[])
    const mine = new RegExp(`^${TEMP_PREFIX}[0-9a-f]{12}-`)
    for (const n of names)
      if (mine.test(n) && n.slice(TEMP_PREFIX.length + 13) === basename(b.abs))
        await unlink(join(dirname(b.abs), n)).catch(() => undefined)
  }
  const dirs = journal.dirs.map((d) => join(root, ...d.split('/')))
  const existing: string[] = []
  for (const d of dirs)
    if (
      await lstat(d).then(
        () => true,
        () => false
      )
    )
      existing.push(d)
  const failures = await restore(backups, existing)
  if (failures.length > 0)
    throw ioError(`${journal.what} interrompue : restauration incomplète : ${failures.join(' ; ')}`)
  await refreshIndexPaths(
    repo,
    files.map((f) => f.repoPath),
    { log }
  )
  await unlink(journalPath(repo)).catch((e: unknown) => {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  })
  log.warning(
    `${journal.what} interrompue avant son commit (processus arrêté) : ${files.length} fichier(s) remis dans leur état d'avant`
  )
  return true
}

export async function applyThenCommit<T>(
  changes: Change[],
  commit: () => Promise<T>,
  opts: { log: HubLog; faults?: TransactionFaults; what: string; repo: RepoLayout }
): Promise<T> {
  const root = opts.repo.root
  const backups: Backup[] = []
  for (const c of changes) backups.push(await backupOf(c.abs))
  const createdDirs: string[] = []
  const onStep = opts.faults?.onStep
  const journal = journalPath(opts.repo)
  const dirs = new Set<string>()
  for (const c of changes)
    if (c.text !== null) for (const d of await missingDirs(root, c.repoPath)) dirs.add(d)
  const record: Journal = {
    what: opts.what,
    head: await headCommitSha(opts.repo),
    files: changes.map((c, i) => ({
      repoPath: c.repoPath,
      data: backups[i].data === null ? null : backups[i].data.toString('base64'),
      mode: backups[i].mode,
      after: c.text === null ? null : sha256(Buffer.from(c.text, 'utf8'))
    })),
    dirs: [...dirs]
  }
  await writeFileAtomic(journal, JSON.stringify(record))
  let journaled = true
  const dropJournal = async (): Promise<void> => {
    if (!journaled) return
    journaled = false
    await unlink(journal).catch((e: unknown) =>
      opts.log.warning(`journal ${journal} non supprimé : ${describeError(e)}`)
    )
  }
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
    const result = await commit()
    await dropJournal()
    await stepPastCommit(onStep, 'transaction:journal-removed', opts.log)
    return result
  } catch (e) {
    const failures = await restore(backups, createdDirs)
    // A restore that failed keeps its journal: the next writer finishes it.
    if (failures.length === 0) await dropJournal()
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
