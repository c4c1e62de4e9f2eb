import { closeSync, existsSync, openSync, readFileSync, readSync, realpathSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describeError, HubError, invalidInput, ioError, notFound } from '../errors'
import type { HubLog } from '../hublog'
import { stepPastCommit, type StepHook } from '../steps'
import type { Base } from '../registry/base'
import { checkBundleDir } from '../registry/discovery'
import { MANIFEST_FILE } from '../registry/manifest'
import { isStrictlyInside } from '../corpus/paths'
import { countDocuments } from '../corpus/count'
import { ObjectStore } from '../git/pack'
import { resolveLayout } from '../git/layout'
import { readHead, readRefValue } from '../git/refs'
import type { HubEvent, ImportPhase, ImportProgress, ImportRequest, ImportResult } from '../../shared/hub-api'
import { checkDirFree, checkDirName, deriveDirName, nameTaken, printable } from './names'
import { parseSource } from './source'
import { cancelledError, cloneOverHttp, ImportCancelled } from './clone'
import { checkoutHead } from './checkout'
import { copyFolder, copyRepository, localRepository } from './local'
import { checkJobId, publishDir, removeStaging, stagingDir, sweepStaleStaging } from './staging'
import type { SyncStateStore } from '../sync/state'

/**
 * An import, from the source to a served base (SPEC §4.2 "import = clone + rescan"): the source
 * is cloned or copied into a hidden staging folder inside the bases dir, validated by discovery's
 * own per-directory check, and kept there — not served — until the manager has read what it will
 * tell every agent (SPEC §8) and confirms; `confirm` publishes it by one atomic rename. Anything
 * that fails, or a cancel, deletes the staging folder: nothing is left behind.
 *
 * Jobs live in this process's memory; the token only in the running job's closure.
 */

export interface ImporterOptions {
  basesDir: string
  log: HubLog
  emit(e: HubEvent): void
  /** Tests only (issue 13): called after each durable step (`import:copied`, `import:checked-out`, `import:staged`, `import:published`). */
  onStep?: StepHook
  /**
   * Where the sync status remembers its last exchange: the clone was the base's first one, so a
   * published import is « synced then », not « never synced » (whichever door imported it).
   */
  syncState?: SyncStateStore
}

export interface ImportRunOptions {
  /** The CLI's hidden prompt, called only when the server asks for credentials. */
  askToken?: () => Promise<string | null>
}

interface Job {
  jobId: string
  staging: string
  dirName: string
  controller: AbortController
  state: 'running' | 'staged'
  result?: ImportResult
  /** When the clone finished fetching: the base's first exchange with its remote. */
  fetchedAt?: Date
  /** Resolves once the running import has finished (its staging folder kept or removed). */
  settled: Promise<void>
}

const PROGRESS_MIN_INTERVAL_MS = 100

export class BaseImporter {
  private readonly jobs = new Map<string, Job>()

  constructor(private readonly o: ImporterOptions) {}

  /** Staging folders of dead processes (a crash mid-import) are removed; called at start. */
  sweep(): string[] {
    return sweepStaleStaging(this.o.basesDir, this.o.log)
  }

  async importBase(req: ImportRequest, run: ImportRunOptions = {}): Promise<ImportResult> {
    const jobId = checkJobId(req.jobId)
    if (this.jobs.has(jobId))
      throw invalidInput(`un import porte déjà l'identifiant ${jobId}`, {
        kind: 'import-job-running',
        params: { jobId }
      })
    const source = parseSource(typeof req.source === 'string' ? req.source : '')
    const branch = req.branch === undefined || req.branch.trim() === '' ? undefined : req.branch.trim()
    if (
      branch !== undefined &&
      (/[\s~^:?*[\\]|\.\.|^-|^\/|\/$|\.lock$|@\{/.test(branch) || branch.length > 250)
    )
      throw invalidInput(`nom de branche invalide : '${printable(branch)}'`, {
        kind: 'import-branch-invalid',
        params: { branch: printable(branch) }
      })
    const named = req.name !== undefined && req.name !== ''
    const dirName = named
      ? (req.name as string)
      : deriveDirName(source.kind === 'http' ? source.url : source.path, source.kind === 'http')
    checkDirName(
      dirName,
      named
        ? 'choisissez un autre nom de dossier'
        : 'donnez un nom de dossier (--name, champ « nom du dossier »)'
    )
    checkDirFree(this.o.basesDir, dirName)
    await this.supersede((j) => j.dirName === dirName)
    const other = [...this.jobs.values()].find((j) => j.dirName === dirName)
    if (other)
      throw invalidInput(
        `le dossier '${dirName}' est déjà utilisé par un autre import en cours (${other.jobId}) : choisissez un autre nom`,
        { kind: 'dir-in-use', params: { name: dirName } }
      )
    if (source.kind === 'local') this.checkOutsideBases(source.path)

    const staging = stagingDir(this.o.basesDir, jobId)
    let settle = (): void => undefined
    const settled = new Promise<void>((r) => (settle = r))
    const job: Job = { jobId, staging, dirName, controller: new AbortController(), state: 'running', settled }
    this.jobs.set(jobId, job)
    const progress = this.progress(jobId)
    const what = source.kind === 'http' ? source.url : source.path
    this.o.log.info(`import ${jobId} : ${what}${branch ? ` (branche ${branch})` : ''} → ${dirName}`)
    try {
      removeStaging(staging, this.o.log)
      progress('preparing', 0, null)
      let checkedOut: string
      if (source.kind === 'http') {
        await cloneOverHttp({
          url: source.url,
          dir: staging,
          branch,
          token: req.token === '' ? undefined : req.token,
          askToken: run.askToken,
          signal: job.controller.signal,
          onProgress: (p) => progress(p.phase, p.loaded, p.total)
        })
        checkedOut = branch ?? (await currentBranch(staging))
      } else {
        const repo = await localRepository(source.path)
        progress('copying', 0, null)
        if (repo) checkedOut = await copyRepository(source.path, repo, staging, branch)
        else {
          if (branch !== undefined)
            throw invalidInput(
              `${source.path} n'est pas un dépôt git : il n'a pas de branche '${branch}' (laissez le champ vide)`,
              { kind: 'import-folder-no-branch', params: { path: source.path, branch } }
            )
          // A folder that is no base is refused before it is copied and committed whole (a
          // 126 MB folder took minutes to refuse, and could not be cancelled meanwhile).
          if (!existsSync(join(source.path, MANIFEST_FILE))) throw notABundle(source.path, 'main')
          await copyFolder(source.path, staging, job.controller.signal)
          checkedOut = 'main'
        }
        this.throwIfCancelled(job)
      }
      await this.o.onStep?.('import:copied')
      if (source.kind === 'http' || (await hasNoWorktree(staging))) {
        await checkoutHead(staging, (p) => {
          this.throwIfCancelled(job)
          progress('checking-out', p.loaded, p.total)
        })
        await this.o.onStep?.('import:checked-out')
      }
      this.throwIfCancelled(job)
      progress('validating', 0, null)
      const result = await this.validate(job, what, checkedOut)
      this.throwIfCancelled(job)
      await this.o.onStep?.('import:staged')
      job.state = 'staged'
      job.result = result
      job.fetchedAt = new Date()
      progress('done', 1, 1)
      this.o.log.info(
        `import ${jobId} prêt : base '${result.base}', ${result.commits} commit(s), ${result.documents} document(s) — en attente de confirmation`
      )
      return result
    } catch (e) {
      this.jobs.delete(jobId)
      removeStaging(staging, this.o.log)
      const err = e instanceof ImportCancelled || job.controller.signal.aborted ? cancelledError() : e
      if (err instanceof HubError) {
        this.o.log.warning(`import ${jobId} refusé : ${err.code}: ${err.message}`)
        throw err
      }
      this.o.log.error(`import ${jobId} : ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      throw ioError(`import impossible : ${describeError(e)} — rien n'a été gardé`, { kind: 'import-failed' })
    } finally {
      settle()
    }
  }

  /**
   * Staged imports (copied and checked, waiting for a confirmation) that a new import of the same
   * folder or base replaces: their page was closed or reloaded, and nothing could confirm or
   * abandon them any more — the folder and the base name stayed blocked until the hub restarted
   * (found by exploratory QA). An import still running is left to its own page.
   */
  private async supersede(matches: (j: Job) => boolean): Promise<void> {
    for (const j of [...this.jobs.values()])
      if (j.state === 'staged' && matches(j)) {
        this.o.log.info(`import ${j.jobId} remplacé par un nouvel import du même dossier ou de la même base`)
        await this.discard(j.jobId)
      }
  }

  /**
   * Stops a running import and resolves once its staging folder is gone, or discards a staged
   * one. An unknown job (already finished and discarded) is nothing to do.
   */
  async cancel(jobId: string): Promise<void> {
    const job = this.jobs.get(checkJobId(jobId))
    if (!job) return
    if (job.state === 'staged') return this.discard(jobId)
    this.o.log.info(`import ${jobId} : annulation demandée`)
    job.controller.abort()
    await job.settled
  }

  async discard(jobId: string): Promise<void> {
    const job = this.jobs.get(checkJobId(jobId))
    if (!job) return
    if (job.state === 'running') return this.cancel(jobId)
    this.jobs.delete(jobId)
    removeStaging(job.staging, this.o.log)
    this.o.log.info(`import ${jobId} abandonné : ${job.staging} supprimé`)
    return Promise.resolve()
  }

  /** Publishes a staged import; returns the directory name and the bundle name now served. */
  async confirm(jobId: string): Promise<{ dirName: string; name: string }> {
    const job = this.jobs.get(checkJobId(jobId))
    if (!job || job.state !== 'staged' || !job.result)
      throw notFound(
        job
          ? `l'import ${jobId} n'est pas terminé : attendez la fin du clonage et de la validation`
          : `aucun import en attente sous l'identifiant ${jobId} (déjà publié, abandonné, ou le hub a redémarré) : relancez l'import`,
        { kind: job ? 'import-job-running' : 'import-not-pending', params: { jobId } }
      )
    const taken = nameTaken(this.o.basesDir, job.result.base)
    if (taken) throw taken
    publishDir(job.staging, this.o.basesDir, job.dirName)
    this.jobs.delete(jobId)
    // Keyed by the canonical root, as discovery names the base. A base without a remote never reads it.
    if (job.fetchedAt && this.o.syncState)
      this.o.syncState.record(
        realpathSync(join(this.o.basesDir, job.dirName)),
        'up-to-date',
        'importée depuis son dépôt distant',
        true,
        job.fetchedAt
      )
    await stepPastCommit(this.o.onStep, 'import:published', this.o.log)
    this.o.log.info(
      `import ${jobId} publié : base '${job.result.base}' dans ${join(this.o.basesDir, job.dirName)}`
    )
    return Promise.resolve({ dirName: job.dirName, name: job.result.base })
  }

  private throwIfCancelled(job: Job): void {
    if (job.controller.signal.aborted) throw new ImportCancelled()
  }

  private checkOutsideBases(path: string): void {
    let real: string
    let bases: string
    try {
      real = realpathSync(path)
    } catch {
      throw notFound(`dossier introuvable : ${path} — vérifiez le chemin`, {
        kind: 'import-folder-missing',
        params: { path }
      })
    }
    try {
      bases = realpathSync(this.o.basesDir)
    } catch {
      return
    }
    if (real === bases || isStrictlyInside(bases, real) || isStrictlyInside(real, bases))
      throw invalidInput(
        `${path} est dans le dossier des bases (${this.o.basesDir}) ou le contient : une base de ce dossier est déjà servie, rien à importer`,
        { kind: 'import-inside-bases', params: { path, basesDir: this.o.basesDir } }
      )
  }

  /** Throttled `import-progress` events: a phase change, a percent step, or 100 ms. */
  private progress(jobId: string): (phase: ImportPhase, loaded: number, total: number | null) => void {
    let last: ImportProgress | null = null
    let at = 0
    return (phase, loaded, total) => {
      const percent = total !== null && total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : null
      const now = Date.now()
      const final = total !== null && loaded >= total
      if (last && last.phase === phase && !final && now - at < PROGRESS_MIN_INTERVAL_MS) return
      last = { jobId, phase, loaded, total, percent }
      at = now
      this.o.emit({ type: 'import-progress', progress: last })
    }
  }

  /** Discovery's verdict on the staged folder, the collision checks, the first-use texts. */
  private async validate(job: Job, source: string, branch: string): Promise<ImportResult> {
    const check = checkBundleDir(job.staging, job.dirName)
    if (check.kind === 'not-a-bundle') throw notABundle(source, branch)
    if (check.kind === 'invalid')
      throw invalidInput(
        `base invalide, rien n'a été gardé — ${check.reasons.length} problème(s) à corriger dans la source :\n${check.reasons.map((r) => `  - ${r}`).join('\n')}`,
        { kind: 'import-invalid-bundle', params: { reasons: check.reasons, problems: check.problems } }
      )
    const base: Base = check.base
    const taken = nameTaken(this.o.basesDir, base.name)
    if (taken) throw taken
    await this.supersede((j) => j !== job && j.result?.base === base.name)
    const staged = [...this.jobs.values()].find((j) => j !== job && j.result?.base === base.name)
    if (staged)
      throw invalidInput(
        `un autre import en attente (${staged.jobId}) porte déjà la base '${base.name}' : publiez-le ou abandonnez-le d'abord`,
        { kind: 'import-staged-elsewhere', params: { name: base.name, jobId: staged.jobId } }
      )
    const head = await headOf(job.staging)
    return {
      jobId: job.jobId,
      base: base.name,
      dirName: job.dirName,
      source,
      branch,
      head,
      commits: head ? countCommits(job.staging, head) : 0,
      documents: countDocuments(base),
      manifest: shownFile(base.root, join(base.root, MANIFEST_FILE)) ?? '',
      governance: shownFile(base.root, base.governancePath) ?? '',
      claude: shownFile(base.root, join(base.root, 'CLAUDE.md')),
      warnings: check.warnings
    }
  }
}

/** The most of one file the first-use read shows: the read is for a person, the rest is in the base. */
export const SHOWN_FILE_MAX = 256 * 1024

/**
 * A file of the imported repository as the first-use read shows it: null when absent, or when it
 * is a link leading out of the repository or to anything but a regular file (a `CLAUDE.md` linked
 * to a secret of this computer, or to `/dev/zero`, was read and printed whole — found by
 * exploratory QA); cut at SHOWN_FILE_MAX bytes, with an ellipsis line, on a UTF-8 boundary.
 */
function shownFile(root: string, abs: string): string | null {
  let real: string
  try {
    real = realpathSync(abs)
  } catch {
    return null
  }
  if (!isStrictlyInside(realpathSync(root), real)) return null
  let fd: number
  try {
    if (!statSync(real).isFile()) return null
    fd = openSync(real, 'r')
  } catch {
    return null
  }
  try {
    const buf = Buffer.alloc(SHOWN_FILE_MAX + 1)
    const n = readSync(fd, buf, 0, buf.length, 0)
    if (n <= SHOWN_FILE_MAX) return buf.subarray(0, n).toString('utf8')
    let end = SHOWN_FILE_MAX
    while (end > 0 && (buf[end] & 0xc0) === 0x80) end--
    return `${buf.subarray(0, end).toString('utf8')}\n…`
  } finally {
    closeSync(fd)
  }
}

async function currentBranch(root: string): Promise<string> {
  const head = await readHead(await resolveLayout(root))
  return head.ref.replace(/^refs\/heads\//, '')
}

async function headOf(root: string): Promise<string | null> {
  const repo = await resolveLayout(root)
  return readRefValue(repo, (await readHead(repo)).ref)
}

async function hasNoWorktree(root: string): Promise<boolean> {
  return !existsSync(join(root, '.git', 'index'))
}

/** Commits reachable from `head` (what `git rev-list --count` says), from the object store. */
export function countCommits(root: string, head: string): number {
  const store = new ObjectStore(join(root, '.git', 'objects'))
  let shallow: Set<string>
  try {
    shallow = new Set(
      readFileSync(join(root, '.git', 'shallow'), 'utf8')
        .split('\n')
        .filter(Boolean)
    )
  } catch {
    shallow = new Set()
  }
  const seen = new Set<string>([head])
  const todo = [head]
  while (todo.length > 0) {
    const oid = todo.pop() as string
    if (shallow.has(oid)) continue
    const body = store.read(oid).body.toString('latin1')
    const end = body.indexOf('\n\n')
    for (const line of (end < 0 ? body : body.slice(0, end)).split('\n')) {
      if (!line.startsWith('parent ')) continue
      const p = line.slice(7, 47)
      if (!seen.has(p)) {
        seen.add(p)
        todo.push(p)
      }
    }
  }
  return seen.size
}

function notABundle(source: string, branch: string): HubError {
  return invalidInput(
    `${source} n'est pas une base OKF : aucun ${MANIFEST_FILE} à sa racine (sur ${branch}). Vérifiez l'adresse, ou créez la base d'abord (okf-hub new) — rien n'a été gardé`,
    { kind: 'import-not-bundle', params: { source, branch } }
  )
}
