import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { describeError, HubError, invalidInput, ioError, notFound } from '../errors'
import type { HubLog } from '../hublog'
import type { Base } from '../registry/base'
import { checkBundleDir } from '../registry/discovery'
import { LOCK_DIR_NAME, withBaseLock } from '../lock'
import type { TrashEntry } from '../../shared/hub-api'
import { checkDirFree, dirNameProblem, dirNameReason, nameTaken, printable } from './names'

/**
 * The bases trash: `<basesDir>/.okf-trash/<id>/` (hidden, so not served) holds a removed base as it
 * was, history included; `<id>.json` beside it remembers its name, directory and removal time. The
 * id is the removal time and the directory name (`2026-05-01T09-30-00-123Z-guide`): sortable, and
 * readable in a file manager. Removal runs under the base's write lock, so no hub write is cut in
 * the middle; restoring refuses a directory or bundle name taken since.
 */
export const TRASH_DIR = '.okf-trash'
const ID = /^(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)-(.+)$/

function trashRoot(basesDir: string): string {
  return join(basesDir, TRASH_DIR)
}

function stampOf(d: Date): string {
  return d.toISOString().replace(/[:.]/g, '-')
}

function removedAtOf(stamp: string): string {
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/.exec(stamp)
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : stamp
}

/** Moves the base's directory to the trash, under its write lock. */
export async function moveToTrash(
  basesDir: string,
  base: Base,
  log: HubLog,
  now = new Date()
): Promise<TrashEntry> {
  const from = join(basesDir, base.dirName)
  const root = trashRoot(basesDir)
  let id = `${stampOf(now)}-${base.dirName}`
  for (let n = 1; existsSync(join(root, id)); n++)
    id = `${stampOf(new Date(now.getTime() + n))}-${base.dirName}`
  const to = join(root, id)
  const entry: TrashEntry = {
    id,
    base: base.name,
    dirName: base.dirName,
    removedAt: removedAtOf(stampOf(now))
  }
  const isLink = lstatSync(from).isSymbolicLink()
  await withBaseLock(
    base.root,
    async (lock) => {
      mkdirSync(root, { recursive: true })
      writeFileSync(`${to}.json`, JSON.stringify(entry, null, 2) + '\n')
      try {
        renameSync(from, to)
      } catch (e) {
        rmSync(`${to}.json`, { force: true })
        throw ioError(
          `mise à la corbeille de ${from} impossible : ${describeError(e)} — la base reste servie`
        )
      }
      // A linked base leaves its target (and its lock) where they are; a folder takes its lock along.
      if (!isLink) lock.movedTo?.(to)
      return Promise.resolve()
    },
    { log }
  )
  // A lock refresh that fired between the rename and the release leaves the lock dir behind.
  if (!isLink) rmSync(join(to, LOCK_DIR_NAME), { recursive: true, force: true })
  log.info(`base '${base.name}' (${base.dirName}) mise à la corbeille : ${to}`)
  return entry
}

function readEntry(root: string, id: string, log: HubLog): TrashEntry {
  const m = ID.exec(id) as RegExpExecArray
  const fallback: TrashEntry = { id, base: m[2], dirName: m[2], removedAt: removedAtOf(m[1]) }
  let raw: string
  try {
    raw = readFileSync(join(root, `${id}.json`), 'utf8')
  } catch {
    const check = checkBundleDir(join(root, id), m[2])
    return check.kind === 'valid' ? { ...fallback, base: check.base.name } : fallback
  }
  try {
    const j = JSON.parse(raw) as Partial<TrashEntry>
    return {
      id,
      base: typeof j.base === 'string' ? j.base : fallback.base,
      dirName: typeof j.dirName === 'string' ? j.dirName : fallback.dirName,
      removedAt: typeof j.removedAt === 'string' ? j.removedAt : fallback.removedAt
    }
  } catch (e) {
    log.warning(`fiche de corbeille ${id}.json illisible : ${describeError(e)}`)
    return fallback
  }
}

/** Trashed bases, most recent first. */
export function listTrash(basesDir: string, log: HubLog): TrashEntry[] {
  const root = trashRoot(basesDir)
  let names: string[]
  try {
    names = readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && ID.test(e.name))
      .map((e) => e.name)
  } catch {
    return []
  }
  return names
    .sort()
    .reverse()
    .map((id) => readEntry(root, id, log))
}

/** Moves a trashed base back under its directory name; returns the directory and the bundle name. */
export function restoreFromTrash(
  basesDir: string,
  id: string,
  log: HubLog
): { dirName: string; name: string | null } {
  const root = trashRoot(basesDir)
  if (
    typeof id !== 'string' ||
    !ID.test(id) ||
    id.includes('/') ||
    id.includes('\\') ||
    !existsSync(join(root, id))
  )
    throw notFound(
      `aucune base à la corbeille sous l'identifiant '${String(id).slice(0, 120)}' : rechargez la liste de la corbeille`,
      { kind: 'trash-entry-missing', params: { id: String(id).slice(0, 120) } }
    )
  const entry = readEntry(root, id, log)
  const problem = dirNameProblem(entry.dirName)
  const reason = dirNameReason(entry.dirName)
  if (problem && reason)
    throw invalidInput(`fiche de corbeille ${id} : ${problem}`, {
      kind: 'dir-name-invalid',
      params: { name: printable(entry.dirName), reason }
    })
  try {
    checkDirFree(basesDir, entry.dirName)
  } catch (e) {
    // A restore puts the base back under its own folder name, which it cannot change: the way out
    // is to move the other folder, not « choose another name » (found by exploratory QA).
    if (e instanceof HubError && e.kind === 'dir-taken')
      throw invalidInput(
        `le dossier '${printable(entry.dirName)}' existe déjà dans ${basesDir} : déplacez ou renommez d'abord l'existant (ou mettez sa base à la corbeille), puis restaurez`,
        { kind: 'restore-dir-taken', params: { name: printable(entry.dirName) } }
      )
    throw e
  }
  const check = checkBundleDir(join(root, id), entry.dirName)
  if (check.kind === 'valid') {
    const taken = nameTaken(basesDir, check.base.name)
    if (taken) throw taken
  }
  const target = join(basesDir, entry.dirName)
  try {
    renameSync(join(root, id), target)
  } catch (e) {
    throw ioError(`restauration de ${id} vers ${target} impossible : ${describeError(e)}`, {
      kind: 'restore-failed',
      params: { id }
    })
  }
  rmSync(join(root, `${id}.json`), { force: true })
  log.info(`base '${entry.base}' restaurée depuis la corbeille : ${target}`)
  return { dirName: entry.dirName, name: check.kind === 'valid' ? check.base.name : null }
}
