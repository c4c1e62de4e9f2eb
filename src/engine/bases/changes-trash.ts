import { chmod, lstat, mkdir, readFile, readdir, rm, symlink, unlink, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describeError, HubError, invalidInput, ioError, notFound } from '../errors'
import type { HubLog } from '../hublog'
import type { Base } from '../registry/base'
import { withBaseLock } from '../lock'
import { writeFileAtomic } from '../git/atomic-write'
import { commitTreeOid } from '../git/objects'
import { entryAt } from '../git/trees'
import { readHead, readRefValue } from '../git/refs'
import { refreshIndexPaths } from '../git/index-update'
import { checkoutPath, pruneEmptyDirs } from '../git/checkout-files'
import { openRepository } from '../git/layout'
import { localChanges } from '../review/worktree'
import { recoverInterrupted } from '../review/transaction'
import { TRASH_DIR } from './trash'
import { withPreviewedChanges } from './local-changes'
import type {
  LocalChangeKind,
  SetAsideChangesEntry,
  SetAsideChangesRequest
} from '../../shared/local-changes'

/**
 * Set them aside (issue 25 §3): a base's uncommitted changes copied into the bases trash —
 * `<bases>/.okf-trash/changes/<id>/` holding each changed file at its repository path, and
 * `<id>.json` saying which base, when, and what each path was (modified, deleted, untracked) —
 * then the worktree and index put back to HEAD through the commit engine's readers and writers.
 * Restoring writes them back as uncommitted changes again, refusing a file changed since.
 * The id is the time and the base's directory (`2026-05-01T09-30-00-123Z-guide`), readable in a
 * file manager; the bases trash's own listing ignores this `changes/` folder.
 */

export const CHANGES_DIR = 'changes'
const ID = /^(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)-([A-Za-z0-9._-]+)$/

interface StoredEntry extends SetAsideChangesEntry {
  /** File modes as they were (so an executable comes back executable), by path. */
  modes: Record<string, number>
  links: string[]
}

const changesRoot = (basesDir: string): string => join(basesDir, TRASH_DIR, CHANGES_DIR)
const stampOf = (d: Date): string => d.toISOString().replace(/[:.]/g, '-')
const abs = (root: string, rel: string): string => join(root, ...rel.split('/'))

/** Copies the changes out, then puts every changed path back to HEAD's content; returns the entry. */
export async function setAsideLocalChanges(
  basesDir: string,
  base: Base,
  req: SetAsideChangesRequest,
  opts: { log: HubLog; now?: Date; lockTimeoutMs?: number }
): Promise<SetAsideChangesEntry> {
  return withPreviewedChanges(base, req?.basis, opts, async (lock, changes) => {
    const now = opts.now ?? new Date()
    const root = changesRoot(basesDir)
    let id = `${stampOf(now)}-${base.dirName}`
    for (let n = 1; await exists(join(root, id)); n++)
      id = `${stampOf(new Date(now.getTime() + n))}-${base.dirName}`
    const dir = join(root, id)
    const entry: StoredEntry = {
      id,
      base: base.name,
      dirName: base.dirName,
      setAsideAt: now.toISOString(),
      files: changes.map((c) => ({ path: c.path, change: c.change })),
      modes: {},
      links: []
    }
    // 1. the copies, then the record: an entry exists only once everything it names is kept.
    try {
      for (const c of changes) {
        if (c.work === null) continue
        const st = await lstat(abs(base.root, c.path))
        const to = abs(join(dir, 'files'), c.path)
        await mkdir(dirname(to), { recursive: true })
        if (st.isSymbolicLink()) {
          await writeFile(to, c.work)
          entry.links.push(c.path)
        } else {
          await writeFile(to, c.work)
          entry.modes[c.path] = st.mode & 0o777
        }
      }
      await writeFileAtomic(`${dir}.json`, JSON.stringify(entry, null, 2) + '\n')
    } catch (e) {
      await rm(dir, { recursive: true, force: true })
      throw ioError(
        `mise de côté des modifications de '${base.name}' impossible : ${describeError(e)} — rien n'a été changé`
      )
    }
    // 2. the worktree back to HEAD, the index entries with it (a staged version goes too).
    lock.assertHeld()
    const repo = await openRepository(base.root)
    const sha = await readRefValue(repo, (await readHead(repo)).ref)
    const cache = {}
    const tree = sha ? await commitTreeOid(repo.commondir, sha, cache) : null
    for (const c of changes) {
      const target = abs(base.root, c.path)
      const entryHere = tree ? await entryAt(repo.commondir, tree, c.path, cache) : null
      if (entryHere === null) {
        await unlink(target).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e
        })
        await pruneEmptyDirs(base.root, target)
      } else await checkoutPath(repo.commondir, target, entryHere.oid.toString('hex'), entryHere.mode, cache)
    }
    await refreshIndexPaths(
      repo,
      changes.map((c) => c.path),
      { deadline: lock.deadline, log: opts.log }
    )
    opts.log.info(
      `modifications locales de '${base.name}' mises de côté (${changes.length} fichier(s)) : ${dir}`
    )
    return publicEntry(entry)
  })
}

const exists = (p: string): Promise<boolean> =>
  lstat(p).then(
    () => true,
    () => false
  )

function publicEntry(e: StoredEntry): SetAsideChangesEntry {
  return { id: e.id, base: e.base, dirName: e.dirName, setAsideAt: e.setAsideAt, files: e.files }
}

const KINDS: readonly LocalChangeKind[] = ['modified', 'deleted', 'untracked']

async function readEntry(basesDir: string, id: string): Promise<StoredEntry | null> {
  let data: unknown
  try {
    data = JSON.parse(await readFile(join(changesRoot(basesDir), `${id}.json`), 'utf8'))
  } catch {
    return null
  }
  const d = data as Partial<StoredEntry>
  const files = Array.isArray(d.files)
    ? d.files.filter(
        (f): f is { path: string; change: LocalChangeKind } =>
          typeof f?.path === 'string' &&
          KINDS.includes(f.change) &&
          !f.path.split('/').some((s) => s === '' || s === '.' || s === '..' || s === '.git') &&
          !f.path.includes('\\')
      )
    : []
  if (typeof d.base !== 'string' || typeof d.dirName !== 'string' || typeof d.setAsideAt !== 'string')
    return null
  return {
    id,
    base: d.base,
    dirName: d.dirName,
    setAsideAt: d.setAsideAt,
    files,
    modes: typeof d.modes === 'object' && d.modes !== null ? d.modes : {},
    links: Array.isArray(d.links) ? d.links.filter((l) => typeof l === 'string') : []
  }
}

/** Every set of changes set aside, most recent first (of one base when `dirName` is given). */
export async function listSetAsideChanges(
  basesDir: string,
  dirName?: string
): Promise<SetAsideChangesEntry[]> {
  let names: string[]
  try {
    names = (await readdir(changesRoot(basesDir), { withFileTypes: true }))
      .filter((e) => e.isDirectory() && ID.test(e.name))
      .map((e) => e.name)
  } catch {
    return []
  }
  const out: SetAsideChangesEntry[] = []
  for (const id of names.sort().reverse()) {
    const e = await readEntry(basesDir, id)
    if (e && (dirName === undefined || e.dirName === dirName)) out.push(publicEntry(e))
  }
  return out
}

/**
 * Writes a set of changes back into its base as uncommitted changes (nothing committed, the index
 * untouched) and removes it from the trash. Refused, with nothing written, when one of its paths
 * has changes of its own now: they would be overwritten.
 */
export async function restoreSetAsideChanges(
  basesDir: string,
  id: string,
  findBase: (dirName: string) => Base | null,
  opts: { log: HubLog; lockTimeoutMs?: number }
): Promise<SetAsideChangesEntry> {
  const entry = typeof id === 'string' && ID.test(id) ? await readEntry(basesDir, id) : null
  if (!entry) {
    const shown = String(id).slice(0, 120)
    throw notFound(
      `aucune modification mise de côté sous l'identifiant '${shown}' : rechargez la corbeille`,
      {
        kind: 'set-aside-missing',
        params: { id: shown }
      }
    )
  }
  const base = findBase(entry.dirName)
  if (!base)
    throw notFound(`la base '${entry.base}' (${entry.dirName}) n'est plus servie : restaurez-la d'abord`, {
      kind: 'set-aside-base-gone',
      params: { base: entry.base }
    })
  const dir = join(changesRoot(basesDir), id)
  const repo = await openRepository(base.root)
  return withBaseLock(
    base.root,
    async (lock) => {
      await recoverInterrupted(repo, lock, opts.log)
      const paths = entry.files.map((f) => f.path)
      const busy = [...(await localChanges(base.root, paths)).keys()]
      if (busy.length > 0)
        throw invalidInput(
          `${busy.join(', ')} ont changé depuis la mise de côté : rien n'a été restauré (gardez ou mettez de côté ces changements d'abord)`,
          { kind: 'set-aside-restore-blocked', params: { paths: busy } }
        )
      try {
        for (const f of entry.files) {
          const target = abs(base.root, f.path)
          if (f.change === 'deleted') {
            await unlink(target).catch((e: NodeJS.ErrnoException) => {
              if (e.code !== 'ENOENT') throw e
            })
            await pruneEmptyDirs(base.root, target)
            continue
          }
          const content = await readFile(abs(join(dir, 'files'), f.path))
          await mkdir(dirname(target), { recursive: true })
          if (entry.links.includes(f.path)) {
            await unlink(target).catch(() => undefined)
            await symlink(content, target)
          } else {
            await writeFileAtomic(target, content)
            const mode = entry.modes[f.path]
            if (typeof mode === 'number') await chmod(target, mode & 0o777)
          }
        }
      } catch (e) {
        if (e instanceof HubError) throw e
        throw ioError(`restauration des modifications mises de côté ${id} incomplète : ${describeError(e)}`)
      }
      await rm(`${dir}.json`, { force: true })
      await rm(dir, { recursive: true, force: true })
      opts.log.info(`modifications mises de côté ${id} restaurées dans '${base.name}'`)
      return publicEntry(entry)
    },
    { timeoutMs: opts.lockTimeoutMs, log: opts.log }
  )
}
