import type { BigIntStats } from 'node:fs'
import {
  chmod,
  lstat,
  mkdir,
  readFile,
  readlink,
  rename,
  rmdir,
  stat,
  symlink,
  unlink
} from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describeError, HubError, ioError } from '../errors'
import type { HubLog } from '../hublog'
import type { HeldLock } from '../lock'
import { writeFileAtomic } from './atomic-write'
import {
  acquireGitLock,
  appendReflogs,
  commitTreeOid,
  GIT_LOCK_WAIT_MS,
  MODE_EXEC,
  MODE_GITLINK,
  MODE_LINK,
  MODE_TREE,
  ObjectBatch,
  parseTree,
  readHead,
  readObjectOfType,
  readRefValue,
  treeEntries,
  tzOffset,
  worktreeBlobOid,
  moveRef,
  type PathChange
} from './commit'
import { indexedPaths, loadIndex, nextIndex } from './dircache'
import { indexFile, openRepository, refusal, UnsupportedShape } from './layout'
import { HUB_AUTHOR } from './identity'

/**
 * Moving the current branch forward to a commit that descends from it (a fast-forward, or the
 * tip of replayed commits that were just pushed), the way the commit engine moves it: under git's
 * own `index.lock`, the worktree files of the changed paths written first (every prior byte kept
 * for a rollback), the new index computed from the current one with only those paths replaced
 * (v2/v3/v4 and split indexes kept, the user's staged changes of other paths carried over), the
 * branch moved under `<ref>.lock` only if it still points where it did, then the index renamed
 * into place. Nothing else of the worktree is looked at.
 *
 * Local changes are never overwritten: when a path the move would change differs from the old
 * tip in the worktree or in the index (staged, conflicted, sparse, or an untracked file in the
 * way), nothing is written and the paths are returned.
 */

export interface TreeDelta {
  path: string
  /** Blob (or link) at the old tip; null when absent. */
  before: { oid: string; mode: string } | null
  after: { oid: string; mode: string } | null
}

/** Blob-level differences between two trees (null = empty tree), in path order. */
export async function diffTrees(
  commondir: string,
  a: string | null,
  b: string | null,
  cache: object,
  prefix = ''
): Promise<TreeDelta[]> {
  if (a === b) return []
  const read = async (oid: string | null) =>
    oid ? parseTree(await readObjectOfType(commondir, oid, 'tree', cache)) : []
  const [ea, eb] = await Promise.all([read(a), read(b)])
  const byName = new Map<string, { a?: (typeof ea)[number]; b?: (typeof eb)[number] }>()
  for (const e of ea) byName.set(e.name.toString('utf8'), { a: e })
  for (const e of eb) {
    const k = e.name.toString('utf8')
    byName.set(k, { ...byName.get(k), b: e })
  }
  const out: TreeDelta[] = []
  for (const name of [...byName.keys()].sort()) {
    const { a: x, b: y } = byName.get(name)!
    const path = prefix + name
    if (x && y && x.mode === y.mode && x.oid.equals(y.oid)) continue
    const xTree = x?.mode === MODE_TREE ? x.oid.toString('hex') : null
    const yTree = y?.mode === MODE_TREE ? y.oid.toString('hex') : null
    if (xTree || yTree) out.push(...(await diffTrees(commondir, xTree, yTree, cache, path + '/')))
    const xBlob = x && x.mode !== MODE_TREE ? { oid: x.oid.toString('hex'), mode: x.mode } : null
    const yBlob = y && y.mode !== MODE_TREE ? { oid: y.oid.toString('hex'), mode: y.mode } : null
    if (xBlob || yBlob) out.push({ path, before: xBlob, after: yBlob })
  }
  return out
}

export interface AdvanceOptions {
  lock?: HeldLock
  log?: HubLog
  /** Reflog message, e.g. `okf-hub sync: fast-forward`. */
  reflog: string
  now?: Date
}

export type AdvanceResult =
  | { moved: true; paths: string[] }
  /** Local changes in the way: nothing was written. */
  | { moved: false; dirty: string[] }

/** Paths whose worktree or index state differs from the old tip, among those the move would change. */
async function blockedPaths(
  root: string,
  from: string,
  deltas: TreeDelta[],
  index: Awaited<ReturnType<typeof loadIndex>>,
  cache: object
): Promise<string[]> {
  const indexed = index
    ? indexedPaths(
        index,
        deltas.map((d) => d.path)
      )
    : null
  const blocked: string[] = []
  for (const d of deltas) {
    if (indexed) {
      const entries = indexed.get(d.path) ?? []
      const clean =
        d.before === null
          ? entries.length === 0
          : entries.length === 1 &&
            entries[0].stage === 0 &&
            !entries[0].special &&
            entries[0].oid === d.before.oid
      if (!clean) {
        blocked.push(d.path)
        continue
      }
    }
    const abs = join(root, ...d.path.split('/'))
    const st = await lstat(abs).catch(() => null)
    if (st?.isDirectory()) {
      blocked.push(d.path)
      continue
    }
    const work = st ? await worktreeBlobOid(root, d.path, from, cache) : null
    const ok = work === (d.before?.oid ?? null) || (d.after !== null && work === d.after.oid)
    if (!ok) blocked.push(d.path)
  }
  return blocked
}

interface Backup {
  abs: string
  kind: 'file' | 'link' | 'absent'
  data: Buffer | null
  mode: number
}

async function backupOf(abs: string): Promise<Backup> {
  const st = await lstat(abs).catch(() => null)
  if (!st) return { abs, kind: 'absent', data: null, mode: 0 }
  if (st.isSymbolicLink())
    return { abs, kind: 'link', data: await readlink(abs, { encoding: 'buffer' }), mode: 0 }
  return { abs, kind: 'file', data: await readFile(abs), mode: st.mode & 0o7777 }
}

async function restore(b: Backup): Promise<void> {
  await unlink(b.abs).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e
  })
  if (b.kind === 'absent') return
  await mkdir(dirname(b.abs), { recursive: true })
  if (b.kind === 'link') await symlink(b.data as Buffer, b.abs)
  else {
    await writeFileAtomic(b.abs, b.data as Buffer)
    await chmod(b.abs, b.mode)
  }
}

/** Removes the now-empty directories above a deleted file, as git does (never `root` itself). */
async function pruneEmptyDirs(root: string, abs: string): Promise<void> {
  let dir = dirname(abs)
  while (dir.length > root.length && dir.startsWith(root)) {
    try {
      await rmdir(dir)
    } catch {
      return
    }
    dir = dirname(dir)
  }
}

/** Writes the blob `oid` at `abs` as git's checkout would (regular file with or without x bit, or a link). */
async function checkoutPath(
  commondir: string,
  abs: string,
  oid: string,
  mode: string,
  cache: object
): Promise<void> {
  const content = await readObjectOfType(commondir, oid, 'blob', cache)
  const st = await lstat(abs).catch(() => null)
  if (st && (st.isSymbolicLink() || mode === MODE_LINK)) await unlink(abs)
  await mkdir(dirname(abs), { recursive: true })
  if (mode === MODE_LINK) {
    await symlink(content, abs)
    return
  }
  await writeFileAtomic(abs, content)
  const now = (await stat(abs)).mode & 0o7777
  // Git's rule: an executable file gets x wherever it has r; a plain one loses every x.
  const want = mode === MODE_EXEC ? now | ((now & 0o444) >> 2) : now & ~0o111
  if (want !== now) await chmod(abs, want)
}

/**
 * Moves the current branch from `from` to `to` (a descendant), the changed paths checked out.
 * Throws (nothing written, or everything restored) on any failure before the branch moved.
 */
export async function advanceBranch(
  root: string,
  from: string,
  to: string,
  opts: AdvanceOptions
): Promise<AdvanceResult> {
  const log = opts.log
  const deadline = (): number => Math.min(opts.lock?.deadline ?? Infinity, Date.now() + GIT_LOCK_WAIT_MS)
  try {
    opts.lock?.assertHeld()
    const repo = await openRepository(root)
    const head = await readHead(repo)
    if (!head.symbolic)
      throw ioError(`HEAD détaché dans ${root} : synchronisation impossible, revenez sur une branche`)
    const current = await readRefValue(repo, head.ref)
    if (current !== from) throw ioError('la branche a bougé pendant la synchronisation — réessayez')
    const cache = {}
    const deltas = await diffTrees(
      repo.commondir,
      await commitTreeOid(repo.commondir, from, cache),
      await commitTreeOid(repo.commondir, to, cache),
      cache
    )
    const sub = deltas.find((d) => d.before?.mode === MODE_GITLINK || d.after?.mode === MODE_GITLINK)
    if (sub) throw ioError(`${sub.path} est un sous-module : synchronisation non gérée, rien n'a été écrit`)

    const indexPath = indexFile(repo)
    const peek = await loadIndex(indexPath).catch((e: unknown) => {
      if (e instanceof UnsupportedShape) throw refusal(e, root)
      throw ioError(`index git de ${root} inutilisable (${describeError(e)}) : rien n'a été écrit`)
    })
    const dirty = await blockedPaths(root, from, deltas, peek, cache)
    if (dirty.length > 0) return { moved: false, dirty }

    const indexLockPath = `${indexPath}.lock`
    const indexLock = await acquireGitLock(indexLockPath, deadline(), log)
    let lockClosed = false
    let handedOver = false
    const backups: Backup[] = []
    let branchMoved = false
    try {
      // Under index.lock: the index read again (a `git add` may have run since the check above).
      const currentIndex = await loadIndex(indexPath)
      const again = await blockedPaths(root, from, deltas, currentIndex, cache)
      if (again.length > 0) return { moved: false, dirty: again }
      const changes: PathChange[] = []
      for (const d of deltas) {
        const abs = join(root, ...d.path.split('/'))
        backups.push(await backupOf(abs))
        if (d.after === null) {
          await unlink(abs).catch((e: NodeJS.ErrnoException) => {
            if (e.code !== 'ENOENT') throw e
          })
          await pruneEmptyDirs(root, abs)
          changes.push({ path: d.path, deleted: true, oid: '', mode: '', stat: null })
        } else {
          await checkoutPath(repo.commondir, abs, d.after.oid, d.after.mode, cache)
          const st: BigIntStats = await lstat(abs, { bigint: true })
          changes.push({ path: d.path, deleted: false, oid: d.after.oid, mode: d.after.mode, stat: st })
        }
      }
      const fromTree =
        currentIndex === null
          ? await treeEntries(
              repo.commondir,
              new ObjectBatch(repo.commondir),
              await commitTreeOid(repo.commondir, to, cache),
              cache
            )
          : null
      let next: Buffer
      try {
        next = nextIndex(currentIndex, changes, fromTree)
      } catch (e) {
        if (e instanceof UnsupportedShape) throw refusal(e, root)
        throw e
      }
      await indexLock.writeFile(next)
      await indexLock.close()
      lockClosed = true

      await moveRef(repo, head, from, to, deadline(), opts.lock, log)
      branchMoved = true
      const now = opts.now ?? new Date()
      const sig = `${HUB_AUTHOR.name} <${HUB_AUTHOR.email}> ${Math.floor(now.getTime() / 1000)} ${tzOffset(now)}`
      await appendReflogs(repo, head, from, to, sig, opts.reflog, log)
      handedOver = true
      try {
        await rename(indexLockPath, indexPath)
      } catch (e) {
        await unlink(indexLockPath).catch(() => undefined)
        log?.warning(
          `index non mis à jour après la synchronisation vers ${to.slice(0, 10)} (${describeError(e)}) : ` +
            '« git reset -q » le corrige'
        )
      }
      return { moved: true, paths: deltas.map((d) => d.path) }
    } catch (e) {
      if (!branchMoved) {
        const failures: string[] = []
        for (const b of backups.reverse()) {
          await restore(b).catch((err: unknown) => failures.push(`${b.abs} : ${describeError(err)}`))
        }
        if (failures.length > 0) {
          log?.error(
            `synchronisation : restauration incomplète (${describeError(e)}) : ${failures.join(' ; ')}`
          )
        }
      }
      throw e
    } finally {
      if (!handedOver) {
        if (!lockClosed) await indexLock.close().catch(() => undefined)
        await unlink(indexLockPath).catch(() => undefined)
      }
    }
  } catch (e) {
    if (e instanceof HubError) throw e
    throw ioError(`synchronisation impossible dans ${root} : ${describeError(e)}`)
  }
}

/** The paths a move from `from` to `to` would change that hold local changes (nothing written). */
export async function probeAdvance(root: string, from: string, to: string): Promise<string[]> {
  const repo = await openRepository(root)
  const cache = {}
  const deltas = await diffTrees(
    repo.commondir,
    await commitTreeOid(repo.commondir, from, cache),
    await commitTreeOid(repo.commondir, to, cache),
    cache
  )
  let index
  try {
    index = await loadIndex(indexFile(repo))
  } catch (e) {
    if (e instanceof UnsupportedShape) throw refusal(e, root)
    throw ioError(`index git de ${root} inutilisable (${describeError(e)}) : rien n'a été écrit`)
  }
  return blockedPaths(root, from, deltas, index, cache)
}
