import { readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describeError, invalidInput, ioError } from '../errors'
import type { HubLog } from '../hublog'
import { checkDirFree } from './names'

/**
 * Where an import waits before it is served: `<basesDir>/.okf-import-<pid>-<jobId>`, a hidden
 * folder discovery never looks into, on the same file system as the bases so that publishing is
 * one atomic rename. The owner's pid is in the name: a process sweeping leftovers at start only
 * removes folders whose owner is dead (a CLI import running beside the desktop app is kept).
 */
export const STAGING_PREFIX = '.okf-import-'
const JOB_ID = /^[A-Za-z0-9_-]{1,100}$/

export function checkJobId(jobId: unknown): string {
  if (typeof jobId !== 'string' || !JOB_ID.test(jobId))
    throw invalidInput(
      "identifiant d'import invalide : 1 à 100 caractères parmi lettres, chiffres, - et _ (un UUID convient)"
    )
  return jobId
}

export function stagingDir(basesDir: string, jobId: string): string {
  return join(basesDir, `${STAGING_PREFIX}${process.pid}-${jobId}`)
}

/** Whether process `pid` is alive (ours always is); EPERM = alive, owned by someone else. */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes the hidden folders a dead process left in the bases dir (an import's staging, a default
 * base's build): `ownerOf` names the pid a folder belongs to (null: not one of ours, left alone),
 * `live` keeps those of a process still at work. Returns the names removed.
 */
export function sweepDeadOwners(
  basesDir: string,
  log: HubLog,
  ownerOf: (name: string) => number | null,
  live: (pid: number) => boolean,
  what: { removed: string; kept: string }
): string[] {
  let names: string[]
  try {
    names = readdirSync(basesDir)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names) {
    const pid = ownerOf(name)
    if (pid === null || live(pid)) continue
    try {
      rmSync(join(basesDir, name), { recursive: true, force: true })
      removed.push(name)
      log.info(`${what.removed} : ${join(basesDir, name)}`)
    } catch (e) {
      log.warning(`${what.kept} ${join(basesDir, name)} non supprimé : ${describeError(e)}`)
    }
  }
  return removed
}

/** Removes staging folders left by dead processes (a crash mid-import); returns their names. */
export function sweepStaleStaging(basesDir: string, log: HubLog): string[] {
  return sweepDeadOwners(
    basesDir,
    log,
    (name) => {
      if (!name.startsWith(STAGING_PREFIX)) return null
      const m = /^(\d+)-/.exec(name.slice(STAGING_PREFIX.length))
      // A name without a pid is ours all the same (0: no process), and dead.
      return m ? Number(m[1]) : 0
    },
    // Our own pid at start holds no job yet: its folders are a previous life's (pid reuse).
    (pid) => pid !== 0 && pid !== process.pid && processAlive(pid),
    { removed: 'import interrompu nettoyé', kept: "dossier d'import interrompu" }
  )
}

/** Deletes a staging folder; a failure is logged (and said), never thrown over the cause. */
export function removeStaging(dir: string, log: HubLog): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
  } catch (e) {
    log.error(`dossier d'import ${dir} non supprimé : ${describeError(e)} — supprimez-le à la main`)
  }
}

/**
 * Moves `from` to `<basesDir>/<dirName>` in one rename, after checking once more that the name is
 * free (a directory may have appeared since the import started). The rename cannot replace a
 * non-empty directory, so a racing creator loses nothing either way.
 */
export function publishDir(from: string, basesDir: string, dirName: string): string {
  checkDirFree(basesDir, dirName)
  const target = join(basesDir, dirName)
  try {
    renameSync(from, target)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOTEMPTY' || code === 'EEXIST')
      throw invalidInput(
        `le dossier '${dirName}' vient d'apparaître dans ${basesDir} : choisissez un autre nom`,
        { kind: 'dir-taken', params: { name: dirName, basesDir } }
      )
    throw ioError(`déplacement de ${from} vers ${target} impossible : ${describeError(e)}`, {
      kind: 'unexpected',
      params: { what: 'publish' }
    })
  }
  return target
}
