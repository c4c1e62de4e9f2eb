import { createHash, randomBytes } from 'node:crypto'
import fs, { type BigIntStats } from 'node:fs'
import {
  appendFile,
  chmod,
  lstat,
  mkdir,
  open,
  readFile,
  readlink,
  rename,
  stat,
  unlink,
  utimes
} from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'
import { deflateSync, inflateSync } from 'node:zlib'
import { readObject as isoReadObject } from 'isomorphic-git'
import { baseBusy, describeError, HubError, ioError } from '../errors'
import type { HubLog } from '../hublog'
import { HUB_AUTHOR } from './identity'
import { stepPastCommit, type StepHook } from '../steps'
import type { HeldLock } from '../lock'
import {
  indexFile,
  openRepository,
  packedRefsFile,
  refFile,
  reflogFile,
  refusal,
  UnsupportedShape,
  type RepoLayout
} from './layout'
import { lineEndingFilter, type CleanFilter } from './eol'
import {
  inspectIndex,
  loadIndex,
  nextIndex,
  treeIndexEntry,
  type IndexChange,
  type IndexEntry,
  type LoadedIndex
} from './dircache'

/**
 * Hub commits without a git install (DESIGN §4 "Git"): the new tree is HEAD's tree with only the
 * given paths changed (one readTree per directory level on those paths, every other tree reused).
 * One invariant for every write: the branch moves only together with a correct index. So git's
 * own `index.lock` is taken first and the new index computed from the current one (entries of
 * other paths, the user's staged changes included, carried over) before any object is written;
 * then the loose objects are written (temp file + fsync + rename), the branch moves under
 * `<ref>.lock` only if it still points at the parent, and the new index is renamed into place.
 * An index that cannot be taken (a live or crashed git holds `index.lock`) or kept (a shape this
 * engine does not write) means no commit: git would otherwise show the hub's files as staged
 * deletions, and the user's next `git commit` would undo the hub's. Nothing here looks at the
 * whole worktree (no statusMatrix).
 *
 * isomorphic-git is used to read objects that live in packs; loose objects, refs and the index are
 * read and written here, because isomorphic-git writes loose objects and the index in place (a
 * crash leaves a truncated file), reads index versions 2–3 only and ignores linked worktrees.
 */

/** Every hub commit's author and committer; attribution lives in trailers (SPEC §4.4). */
export const HUB_IDENTITY = HUB_AUTHOR

export interface CommitOptions {
  /** `assertHeld()` is called right before the ref moves (and once at the start). */
  lock?: HeldLock
  /** Epoch ms after which git's own lock files are no longer waited for (never longer than 2 s each). */
  deadline?: number
  log?: HubLog
  now?: Date
  /** Fault injection for tests (DESIGN §8): called once the commit is built in memory, before git's locks. */
  hooks?: { beforeRefLock?: () => void | Promise<void> }
  /**
   * Fault injection for tests (issue 13): called after each durable step — `commit:index-lock-written`,
   * `commit:objects-written`, `commit:ref-locked`, `commit:index-renamed`, then past the point of no
   * return `commit:ref-moved`, `commit:reflogs-written`.
   */
  onStep?: StepHook
  /** Filled with the duration of each phase, in ms (benchmarks report the index refresh apart). */
  timings?: CommitTimings
  /**
   * What the caller itself just wrote at some of `paths` (null: deleted). Another program may
   * change or remove such a file before it is read back here; the commit then holds the caller's
   * content, never the other program's, whose change stays in the worktree for git to show.
   */
  written?: ReadonlyMap<string, Buffer | null>
  /**
   * The commit's author when it is not the hub's own work (a manager keeping their own uncommitted
   * changes from the app); the committer stays the hub. One line each, checked by the caller.
   */
  author?: { name: string; email: string }
}

export interface CommitTimings {
  /** Reading HEAD, hashing the touched paths, building and writing the objects. */
  objectsMs?: number
  /** Moving the branch under `<ref>.lock`, reflogs included. */
  refMs?: number
  /** Taking `index.lock`, computing the new index and renaming it into place. */
  indexMs?: number
}

/**
 * Git's own commands do not wait for its lock files at all; a short wait rides out a `git status`
 * refreshing the index, while a lock held longer (an editor open on `git commit`, a crashed git)
 * ends in BASE_BUSY with nothing committed — or, once it is older than `GIT_LOCK_STALE_MS`, in an
 * IO_ERROR naming the file.
 */
export const GIT_LOCK_WAIT_MS = 2_000
const GIT_LOCK_BACKOFF_START_MS = 50
const GIT_LOCK_BACKOFF_MAX_MS = 500
export const ZERO_OID = '0'.repeat(40)
export const MODE_TREE = '40000'
export const MODE_FILE = '100644'
export const MODE_EXEC = '100755'
export const MODE_LINK = '120000'
export const MODE_GITLINK = '160000'

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)))
const errCode = (e: unknown): string | undefined => (e as NodeJS.ErrnoException | undefined)?.code

// ---------------------------------------------------------------------------------------------
// Public API

/**
 * Refuses, before anything is written, a repository the engine cannot commit to correctly: its
 * format (SHA-256, reftable, unknown extension or version) or its index (unknown version, sparse
 * index, an unknown mandatory extension, a split index whose shared part is missing). Every write
 * path calls it before touching the worktree; commitPaths checks again under `index.lock`.
 */
export async function assertWritableRepository(root: string): Promise<void> {
  const repo = await openRepository(root)
  try {
    await inspectIndex(indexFile(repo))
  } catch (e) {
    if (e instanceof UnsupportedShape) throw refusal(e, root)
    throw ioError(`index git de ${root} inutilisable (${describeError(e)}) : rien n'a été écrit`)
  }
}

/**
 * Commits the CURRENT worktree content of `paths` (repo-relative, `/`-separated) on top of HEAD:
 * a present file becomes a blob (100644, 100755 if executable, 120000 for a symlink), an absent one
 * is removed from the tree. Returns the new commit's sha. If it throws, the branch has not moved
 * and the index is unchanged (BASE_BUSY when git's locks stay held); once the branch moved it
 * returns.
 */
export async function commitPaths(
  root: string,
  paths: string[],
  message: string,
  opts: CommitOptions = {}
): Promise<string> {
  const rel = validatePaths(paths)
  const log = opts.log
  const now = opts.now ?? new Date()
  const timings = opts.timings
  const lockDeadline = (): number => Math.min(opts.deadline ?? Infinity, Date.now() + GIT_LOCK_WAIT_MS)
  let t0 = performance.now()
  try {
    opts.lock?.assertHeld()
    const repo = await openRepository(root)
    // Read alongside HEAD; awaited below, so a failure is still thrown (and never left unhandled).
    const cleanFilter = lineEndingFilter(repo)
    cleanFilter.catch(() => undefined)
    const head = await readHead(repo)
    const parent = await readRefValue(repo, head.ref)
    const cache = {}
    const parentTree = parent ? await commitTreeOid(repo.commondir, parent, cache) : null

    // Objects are hashed in memory, then written together (in parallel, each fsynced before its
    // rename) once the index is known to be updatable.
    const objects = new ObjectBatch(repo.commondir)
    const clean = await cleanFilter
    const headBlob = (p: string) => () =>
      parentTree ? blobAt(repo.commondir, parentTree, p, cache) : Promise.resolve(null)
    const changes = await Promise.all(
      rel.map((p) => readWorktreePath(root, objects, p, clean, headBlob(p), opts.written?.get(p), log))
    )
    const trie = buildTrie(changes)
    const treeOid =
      (await applyTrie(repo.commondir, objects, parentTree, trie, '', cache)) ??
      objects.add('tree', Buffer.alloc(0))

    const when = `${Math.floor(now.getTime() / 1000)} ${tzOffset(now)}`
    const sig = `${HUB_IDENTITY.name} <${HUB_IDENTITY.email}> ${when}`
    const author = opts.author ? `${opts.author.name} <${opts.author.email}> ${when}` : sig
    const body =
      `tree ${treeOid}\n` +
      (parent ? `parent ${parent}\n` : '') +
      `author ${author}\ncommitter ${sig}\n\n` +
      message
    const sha = objects.add('commit', Buffer.from(body, 'utf8'))
    let objectsMs = performance.now() - t0

    await opts.hooks?.beforeRefLock?.()
    t0 = performance.now()
    const indexPath = indexFile(repo)
    const indexLockPath = `${indexPath}.lock`
    const indexLock = await acquireGitLock(indexLockPath, lockDeadline(), log)
    let lockClosed = false
    let handedOver = false
    try {
      let next: Buffer
      let current: LoadedIndex | null
      try {
        current = await loadIndex(indexPath)
        // Without an index git would see the whole tree as staged deletions: rebuild it from the tree.
        const fromTree =
          current === null && parent ? await treeEntries(repo.commondir, objects, treeOid, cache) : null
        next = nextIndex(current, changes, fromTree)
      } catch (e) {
        if (e instanceof UnsupportedShape) throw refusal(e, root)
        throw ioError(`index git de ${root} inutilisable (${describeError(e)}) : rien n'a été commité`)
      }
      // Written now, so that once the branch moved only a rename is left. Not fsynced: git does not
      // fsync its index by default (core.fsync=committed), the rename keeps it whole, and after a
      // power cut the worst case is a `git status` that rehashes.
      await indexLock.writeFile(next)
      await indexLock.close()
      lockClosed = true
      const indexMs = performance.now() - t0
      await opts.onStep?.('commit:index-lock-written')

      t0 = performance.now()
      await objects.flush()
      objectsMs += performance.now() - t0
      await opts.onStep?.('commit:objects-written')

      t0 = performance.now()
      let indexIn = false
      try {
        await moveRef(repo, head, parent, sha, lockDeadline(), opts.lock, log, {
          onStep: opts.onStep,
          // The index goes in once the ref is locked and checked, before the branch moves: a crash
          // between the two renames leaves the touched paths staged on the old HEAD (reconcile
          // commits a submission left so), never a moved branch over an index staging their deletion.
          beforeRename: async () => {
            await rename(indexLockPath, indexPath)
            handedOver = true
            indexIn = true
            await opts.onStep?.('commit:index-renamed')
          }
        })
      } catch (e) {
        if (indexIn) await restoreIndex(indexPath, current, rel, lockDeadline(), log)
        throw e
      }
      await stepPastCommit(opts.onStep, 'commit:ref-moved', log)
      const subject = message.split('\n', 1)[0]
      await appendReflogs(
        repo,
        head,
        parent,
        sha,
        sig,
        `commit${parent ? '' : ' (initial)'}: ${subject}`,
        log
      )
      log?.info(`commit ${sha.slice(0, 10)} dans ${basename(resolve(root))} : ${subject}`)
      const refMs = performance.now() - t0
      await stepPastCommit(opts.onStep, 'commit:reflogs-written', log)
      if (timings) Object.assign(timings, { objectsMs, refMs, indexMs })
      return sha
    } finally {
      if (!handedOver) {
        if (!lockClosed) await indexLock.close().catch(() => undefined)
        await unlink(indexLockPath).catch(() => undefined)
      }
    }
  } catch (e) {
    if (e instanceof HubError) throw e
    throw ioError(`commit impossible dans ${root} : ${describeError(e)}`)
  }
}

/**
 * Sets the index entries of `paths` to their current worktree content, nothing committed (an
 * interrupted resolution rolled back: its files are HEAD's again, and an index that went in just
 * before the kill would still stage the resolution). Every other entry is carried over.
 */
export async function refreshIndexPaths(
  root: string,
  paths: string[],
  opts: { deadline?: number; log?: HubLog } = {}
): Promise<void> {
  const rel = validatePaths(paths)
  const repo = await openRepository(root)
  const clean = await lineEndingFilter(repo)
  const head = await readHead(repo)
  const parent = await readRefValue(repo, head.ref)
  const cache = {}
  const parentTree = parent ? await commitTreeOid(repo.commondir, parent, cache) : null
  const objects = new ObjectBatch(repo.commondir)
  const headBlob = (p: string) => () =>
    parentTree ? blobAt(repo.commondir, parentTree, p, cache) : Promise.resolve(null)
  const changes = await Promise.all(rel.map((p) => readWorktreePath(root, objects, p, clean, headBlob(p))))
  const indexPath = indexFile(repo)
  const lockPath = `${indexPath}.lock`
  const deadline = Math.min(opts.deadline ?? Infinity, Date.now() + GIT_LOCK_WAIT_MS)
  const fh = await acquireGitLock(lockPath, deadline, opts.log)
  try {
    const current = await loadIndex(indexPath)
    if (current === null) {
      await fh.close()
      await unlink(lockPath)
      return
    }
    const next = nextIndex(current, changes, null)
    await objects.flush()
    await commitLockFile(fh, lockPath, indexPath, next)
  } catch (e) {
    await fh.close().catch(() => undefined)
    await unlink(lockPath).catch(() => undefined)
    if (e instanceof UnsupportedShape) throw refusal(e, root)
    if (e instanceof HubError) throw e
    throw ioError(`index git de ${root} non rafraîchi : ${describeError(e)}`)
  }
}

/**
 * The branch did not move after the new index went in: the previous index is put back under
 * `index.lock` (its bytes as loaded, or no index at all), so that git does not show the hub's
 * paths as staged. When even that fails, the log says how to unstage them. Shared by the commit
 * engine and the fast-forward (`advance.ts`), which put their index in the same way.
 */
export async function restoreIndex(
  indexPath: string,
  previous: LoadedIndex | null,
  paths: string[],
  deadline: number,
  log: HubLog | undefined,
  what = 'du commit'
): Promise<void> {
  try {
    const lockPath = `${indexPath}.lock`
    const fh = await acquireGitLock(lockPath, deadline, log)
    if (previous === null) {
      await fh.close()
      await unlink(indexPath).catch(() => undefined)
      await unlink(lockPath)
      return
    }
    await commitLockFile(fh, lockPath, indexPath, previous.scan.buf)
    // Its mtime no later than it was (whole seconds): every entry git judged racily clean stays so.
    await utimes(indexPath, new Date(), previous.racySec)
  } catch (e) {
    const list = paths.join(' ')
    log?.warning(
      `index non restauré après l'échec ${what} (${describeError(e)}) : ` +
        `git status montrera ${list} comme indexés — « git reset -q -- ${list} » le corrige`
    )
  }
}

/** Repo-relative paths of the blobs (and links) of HEAD's tree under `prefix` ('' = everything); [] without a commit. */
export async function headTreePaths(root: string, prefix: string): Promise<string[]> {
  try {
    const repo = await openRepository(root)
    const head = await readHead(repo)
    const sha = await readRefValue(repo, head.ref)
    if (!sha) return []
    const cache = {}
    let oid: string = await commitTreeOid(repo.commondir, sha, cache)
    const segs = prefix.split('/').filter((s) => s !== '')
    for (const seg of segs) {
      const entry: TreeEntry | undefined = parseTree(
        await readObjectOfType(repo.commondir, oid, 'tree', cache)
      ).find((e) => e.name.equals(Buffer.from(seg, 'utf8')))
      if (!entry || entry.mode !== MODE_TREE) return []
      oid = entry.oid.toString('hex')
    }
    const out: string[] = []
    const walk = async (treeOid: string, base: string): Promise<void> => {
      for (const e of parseTree(await readObjectOfType(repo.commondir, treeOid, 'tree', cache))) {
        const p = base + e.name.toString('utf8')
        if (e.mode === MODE_TREE) await walk(e.oid.toString('hex'), p + '/')
        else out.push(p)
      }
    }
    await walk(oid, segs.length ? segs.join('/') + '/' : '')
    return out
  } catch (e) {
    if (e instanceof HubError) throw e
    throw ioError(`lecture de HEAD impossible dans ${root} : ${describeError(e)}`)
  }
}

/** HEAD's commit sha (null on an unborn branch), linked worktrees included. */
export async function headCommitSha(root: string): Promise<string | null> {
  const repo = await openRepository(root)
  return readRefValue(repo, (await readHead(repo)).ref)
}

/** Blob oid of `repoPath` in `commit`'s tree (null when absent or not a blob). */
export async function treeBlobOid(
  root: string,
  commit: string,
  repoPath: string,
  cache: object
): Promise<string | null> {
  const repo = await openRepository(root)
  const entry = await entryAt(
    repo.commondir,
    await commitTreeOid(repo.commondir, commit, cache),
    repoPath,
    cache
  )
  return entry ? entry.oid.toString('hex') : null
}

/** The blob (or link) entry at `repoPath` in the tree `treeOid`; null when absent, a tree or a submodule. */
export async function entryAt(
  commondir: string,
  treeOid: string,
  repoPath: string,
  cache: object
): Promise<TreeEntry | null> {
  let oid = treeOid
  const segs = repoPath.split('/')
  for (let i = 0; i < segs.length; i++) {
    const name = Buffer.from(segs[i], 'utf8')
    const entry = parseTree(await readObjectOfType(commondir, oid, 'tree', cache)).find((e) =>
      e.name.equals(name)
    )
    if (!entry) return null
    const last = i === segs.length - 1
    if (!last) {
      if (entry.mode !== MODE_TREE) return null
      oid = entry.oid.toString('hex')
    } else return entry.mode === MODE_TREE || entry.mode === MODE_GITLINK ? null : entry
  }
  return null
}

async function blobAt(
  commondir: string,
  treeOid: string,
  repoPath: string,
  cache: object
): Promise<Buffer | null> {
  const entry = await entryAt(commondir, treeOid, repoPath, cache)
  return entry ? readObjectOfType(commondir, entry.oid.toString('hex'), 'blob', cache) : null
}

// ---------------------------------------------------------------------------------------------
// Paths and worktree

function validatePaths(paths: string[]): string[] {
  if (paths.length === 0) throw ioError('aucun chemin à commiter')
  const out: string[] = []
  for (const p of paths) {
    const bad =
      typeof p !== 'string' ||
      p === '' ||
      isAbsolute(p) ||
      /^[A-Za-z]:/.test(p) ||
      p.includes('\\') ||
      p.includes('\0') ||
      p.split('/').some((s) => s === '' || s === '.' || s === '..' || s.toLowerCase() === '.git')
    if (bad) throw ioError(`chemin hors du dépôt : ${p}`)
    if (!out.includes(p)) out.push(p)
  }
  return out
}

/** The lstat in a change is taken BEFORE the content is read: a later edit makes git re-hash, never trust stale content. */
export type PathChange = IndexChange

interface WorktreeFile {
  st: BigIntStats
  /** The blob's content: the file's bytes after git's clean filter (line endings), a link's target. */
  content: Buffer
  mode: string
}

/** A worktree path as git would store it; null when absent; `other` for a directory or a special file. */
async function readWorktreeFile(
  root: string,
  path: string,
  clean: CleanFilter | null,
  headBlob: () => Promise<Buffer | null>
): Promise<WorktreeFile | null | 'directory' | 'other'> {
  const abs = join(root, ...path.split('/'))
  let st: BigIntStats
  try {
    st = await lstat(abs, { bigint: true })
  } catch (e) {
    const code = errCode(e)
    if (code === 'ENOENT' || code === 'ENOTDIR') return null
    throw e
  }
  if (st.isSymbolicLink())
    return { st, content: await readlink(abs, { encoding: 'buffer' }), mode: MODE_LINK }
  if (st.isDirectory()) return 'directory'
  if (!st.isFile()) return 'other'
  const raw = await readFile(abs)
  const content = clean ? await clean(path, raw, headBlob) : raw
  const mode = process.platform !== 'win32' && (st.mode & 0o100n) !== 0n ? MODE_EXEC : MODE_FILE
  return { st, content, mode }
}

/**
 * Index stat data matching no file: git finds the size differing, compares the content and shows
 * the worktree file as modified (or deleted) when it is not what was committed.
 */
const NO_STAT = {
  ctimeNs: 0n,
  mtimeNs: 0n,
  dev: 0n,
  ino: 0n,
  uid: 0n,
  gid: 0n,
  size: 0n
} as unknown as BigIntStats

async function readWorktreePath(
  root: string,
  objects: ObjectBatch,
  path: string,
  clean: CleanFilter | null,
  headBlob: () => Promise<Buffer | null>,
  written?: Buffer | null,
  log?: HubLog
): Promise<PathChange> {
  const file = await readWorktreeFile(root, path, clean, headBlob)
  if (written !== undefined) {
    const want = written === null ? null : clean ? await clean(path, written, headBlob) : written
    const same =
      want === null ? file === null : file !== null && typeof file !== 'string' && file.content.equals(want)
    if (!same) {
      log?.warning(
        `commit : ${path} a été ${file === null ? 'supprimé' : 'modifié'} par un autre programme pendant l'écriture du hub — ` +
          "le contenu du hub est commité, l'autre version reste dans l'arbre de travail (git status la montre)"
      )
      if (want === null) return { path, deleted: true, oid: '', mode: '', stat: null }
      const mode =
        file !== null && typeof file !== 'string' && file.mode !== MODE_LINK ? file.mode : MODE_FILE
      return { path, deleted: false, oid: objects.add('blob', want), mode, stat: NO_STAT }
    }
  }
  if (file === null) return { path, deleted: true, oid: '', mode: '', stat: null }
  if (file === 'directory') throw ioError(`${path} est un répertoire, pas un fichier`)
  if (file === 'other') throw ioError(`${path} n'est pas un fichier ordinaire`)
  const oid = objects.add('blob', file.content)
  return { path, deleted: false, oid, mode: file.mode, stat: file.st }
}

/**
 * The blob oid git would record for the worktree file `repoPath` (line endings cleaned as git
 * would, a link's target for a symlink); null when absent or not a file.
 */
export async function worktreeBlobOid(
  root: string,
  repoPath: string,
  commit: string | null,
  cache: object
): Promise<string | null> {
  const repo = await openRepository(root)
  const clean = await lineEndingFilter(repo)
  const file = await readWorktreeFile(root, repoPath, clean, async () => {
    if (!commit) return null
    return blobAt(repo.commondir, await commitTreeOid(repo.commondir, commit, cache), repoPath, cache)
  })
  if (file === null || typeof file === 'string') return null
  return createHash('sha1')
    .update(Buffer.from(`blob ${file.content.length}\0`, 'latin1'))
    .update(file.content)
    .digest('hex')
}

// ---------------------------------------------------------------------------------------------
// Trees

export interface TreeEntry {
  mode: string
  name: Buffer
  oid: Buffer
}

interface TrieDir {
  kind: 'dir'
  children: Map<string, TrieDir | TrieLeaf>
}
interface TrieLeaf {
  kind: 'leaf'
  change: PathChange
}

export function buildTrie(changes: PathChange[]): TrieDir {
  const root: TrieDir = { kind: 'dir', children: new Map() }
  for (const change of changes) {
    const segs = change.path.split('/')
    let dir = root
    for (let i = 0; i < segs.length - 1; i++) {
      const next = dir.children.get(segs[i])
      if (next?.kind === 'leaf')
        throw ioError(`conflit fichier/répertoire : ${segs.slice(0, i + 1).join('/')}`)
      if (next) {
        dir = next
      } else {
        const created: TrieDir = { kind: 'dir', children: new Map() }
        dir.children.set(segs[i], created)
        dir = created
      }
    }
    const last = segs[segs.length - 1]
    if (dir.children.has(last)) throw ioError(`conflit fichier/répertoire : ${change.path}`)
    dir.children.set(last, { kind: 'leaf', change })
  }
  return root
}

/** Rewrites the tree `treeOid` (null = empty) along the trie; returns the new oid, null when it ends up empty. */
export async function applyTrie(
  commondir: string,
  objects: ObjectBatch,
  treeOid: string | null,
  dir: TrieDir,
  prefix: string,
  cache: object
): Promise<string | null> {
  const entries = treeOid ? parseTree(await readObjectOfType(commondir, treeOid, 'tree', cache)) : []
  const byName = new Map<string, TreeEntry>()
  for (const e of entries) byName.set(e.name.toString('latin1'), e)
  for (const [name, node] of dir.children) {
    const nameBuf = Buffer.from(name, 'utf8')
    const key = nameBuf.toString('latin1')
    const existing = byName.get(key)
    const path = prefix + name
    if (node.kind === 'leaf') {
      const c = node.change
      if (existing?.mode === MODE_TREE)
        throw ioError(`conflit fichier/répertoire : ${path} est un répertoire dans HEAD`)
      if (existing?.mode === MODE_GITLINK) throw ioError(`${path} est un sous-module : non géré`)
      if (c.deleted) {
        byName.delete(key)
      } else {
        // Without an executable bit (Windows), keep HEAD's 100755 as git does with core.filemode=false.
        if (process.platform === 'win32' && c.mode === MODE_FILE && existing?.mode === MODE_EXEC)
          c.mode = MODE_EXEC
        byName.set(key, { mode: c.mode, name: nameBuf, oid: Buffer.from(c.oid, 'hex') })
      }
    } else {
      if (existing && existing.mode !== MODE_TREE) {
        throw ioError(`conflit fichier/répertoire : ${path} est un fichier dans HEAD`)
      }
      const sub = await applyTrie(
        commondir,
        objects,
        existing ? existing.oid.toString('hex') : null,
        node,
        path + '/',
        cache
      )
      if (sub === null) byName.delete(key)
      else byName.set(key, { mode: MODE_TREE, name: nameBuf, oid: Buffer.from(sub, 'hex') })
    }
  }
  if (byName.size === 0) return null
  return objects.add('tree', serializeTree([...byName.values()]))
}

export function parseTree(buf: Buffer): TreeEntry[] {
  const out: TreeEntry[] = []
  let off = 0
  while (off < buf.length) {
    const sp = buf.indexOf(0x20, off)
    const nul = buf.indexOf(0, sp + 1)
    if (sp < 0 || nul < 0 || nul + 21 > buf.length) throw new Error('arbre git malformé')
    out.push({
      mode: buf.toString('latin1', off, sp),
      name: buf.subarray(sp + 1, nul),
      oid: buf.subarray(nul + 1, nul + 21)
    })
    off = nul + 21
  }
  return out
}

/** Git's tree order: names compared bytewise, a tree's name as if it ended with '/'. */
function serializeTree(entries: TreeEntry[]): Buffer {
  const keyed = entries.map((e) => ({ e, k: e.name.toString('latin1') + (e.mode === MODE_TREE ? '/' : '') }))
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
  const parts: Buffer[] = []
  for (const { e } of keyed) parts.push(Buffer.from(`${e.mode} `, 'latin1'), e.name, Buffer.from([0]), e.oid)
  return Buffer.concat(parts)
}

// ---------------------------------------------------------------------------------------------
// Objects

/** Reads an object: loose objects directly, packed ones through isomorphic-git. */
async function readObjectRaw(
  commondir: string,
  oid: string,
  cache: object
): Promise<{ type: string; body: Buffer }> {
  let raw: Buffer | null = null
  try {
    raw = await readFile(join(commondir, 'objects', oid.slice(0, 2), oid.slice(2)))
  } catch (e) {
    if (errCode(e) !== 'ENOENT') throw e
  }
  if (raw) {
    const full = inflateSync(raw)
    const nul = full.indexOf(0)
    const type = full.toString('latin1', 0, full.indexOf(0x20))
    return { type, body: full.subarray(nul + 1) }
  }
  let r
  try {
    r = await isoReadObject({ fs, gitdir: commondir, oid, format: 'content', cache })
  } catch (e) {
    // A concurrent `git gc` may have packed and pruned the loose object after the pack list was
    // cached: read once more with a fresh cache (the new pack exists before the prune).
    if ((e as { code?: string }).code !== 'NotFoundError') throw e
    r = await isoReadObject({ fs, gitdir: commondir, oid, format: 'content', cache: {} })
  }
  return { type: r.type, body: Buffer.from(r.object as Uint8Array) }
}

export async function readObjectOfType(
  commondir: string,
  oid: string,
  type: string,
  cache: object
): Promise<Buffer> {
  const o = await readObjectRaw(commondir, oid, cache)
  if (o.type !== type) throw new Error(`objet ${oid} : ${type} attendu, ${o.type} trouvé`)
  return o.body
}

export async function commitTreeOid(commondir: string, sha: string, cache: object): Promise<string> {
  const body = await readObjectOfType(commondir, sha, 'commit', cache)
  const m = /^tree ([0-9a-f]{40})\n/.exec(body.toString('latin1', 0, 46))
  if (!m) throw new Error(`commit ${sha} malformé`)
  return m[1]
}

/** Every blob (and gitlink) of the tree `treeOid`, as index entries without stat data, in index order. */
export async function treeEntries(
  commondir: string,
  objects: ObjectBatch,
  treeOid: string,
  cache: object
): Promise<IndexEntry[]> {
  const out: IndexEntry[] = []
  const walk = async (oid: string, prefix: Buffer): Promise<void> => {
    const body = objects.pendingTree(oid) ?? (await readObjectOfType(commondir, oid, 'tree', cache))
    for (const e of parseTree(body)) {
      const path = Buffer.concat([prefix, e.name])
      if (e.mode === MODE_TREE) await walk(e.oid.toString('hex'), Buffer.concat([path, Buffer.from('/')]))
      else out.push(treeIndexEntry(path, e.mode, e.oid))
    }
  }
  await walk(treeOid, Buffer.alloc(0))
  // Tree order sorts a directory as if it ended with '/'; the index sorts plain bytes.
  out.sort((a, b) => Buffer.compare(a.path, b.path))
  return out
}

/** New objects of one commit: hashed when added, written by `flush()`. */
export class ObjectBatch {
  private readonly pending = new Map<string, Buffer>()

  constructor(private readonly commondir: string) {}

  /** Returns the oid of the object; it will be written by flush(). */
  add(type: string, body: Buffer): string {
    const full = Buffer.concat([Buffer.from(`${type} ${body.length}\0`, 'latin1'), body])
    const oid = createHash('sha1').update(full).digest('hex')
    if (!this.pending.has(oid)) this.pending.set(oid, full)
    return oid
  }

  /** The tree `oid` if this batch holds it (not yet on disk). */
  pendingTree(oid: string): Buffer | null {
    const full = this.pending.get(oid)
    if (!full || full.toString('latin1', 0, 5) !== 'tree ') return null
    return full.subarray(full.indexOf(0) + 1)
  }

  async flush(): Promise<void> {
    await Promise.all([...this.pending].map(([oid, full]) => writeLooseObject(this.commondir, oid, full)))
    this.pending.clear()
  }
}

/** Writes a loose object the way git does: temp file in the fan-out directory, fsync, rename. */
async function writeLooseObject(commondir: string, oid: string, full: Buffer): Promise<void> {
  const dir = join(commondir, 'objects', oid.slice(0, 2))
  const file = join(dir, oid.slice(2))
  if (await exists(file)) return
  await mkdir(dir, { recursive: true })
  const tmp = join(dir, `tmp_obj_${randomBytes(6).toString('hex')}`)
  let pending = true
  try {
    const fh = await open(tmp, 'wx', 0o666)
    try {
      await fh.writeFile(deflateSync(full, { level: 1 }))
      await fh.sync()
    } finally {
      await fh.close()
    }
    await chmod(tmp, 0o444).catch(() => undefined)
    try {
      await rename(tmp, file)
      pending = false
    } catch (e) {
      // Another writer won the race with identical content (Windows refuses to replace it).
      if (!(await exists(file))) throw e
    }
  } finally {
    if (pending) await unlink(tmp).catch(() => undefined)
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------
// Refs

export interface Head {
  /** 'refs/heads/<branch>' or 'HEAD' when detached. */
  ref: string
  symbolic: boolean
}

export async function readHead(repo: RepoLayout): Promise<Head> {
  const text = (await readFile(refFile(repo, 'HEAD'), 'utf8')).trim()
  const m = /^ref:\s*(\S+)$/.exec(text)
  if (m) {
    const ref = m[1]
    if (!ref.startsWith('refs/') || ref.split('/').some((s) => s === '..' || s === '')) {
      throw ioError(`HEAD pointe vers une référence invalide : ${ref}`)
    }
    return { ref, symbolic: true }
  }
  if (/^[0-9a-f]{40}$/.test(text)) return { ref: 'HEAD', symbolic: false }
  throw ioError(`HEAD illisible dans ${repo.gitdir}`)
}

/** Value of a ref: the loose file, else packed-refs; null when it does not exist (unborn branch). */
export async function readRefValue(repo: RepoLayout, ref: string): Promise<string | null> {
  try {
    const text = (await readFile(refFile(repo, ref), 'utf8')).trim()
    if (/^[0-9a-f]{40}$/.test(text)) return text
    if (ref === 'HEAD') return null
    throw ioError(`référence ${ref} illisible : ${text.slice(0, 60)}`)
  } catch (e) {
    if (e instanceof HubError) throw e
    const code = errCode(e)
    if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EISDIR') throw e
  }
  if (ref === 'HEAD') return null
  let packed: string
  try {
    packed = await readFile(packedRefsFile(repo), 'utf8')
  } catch (e) {
    if (errCode(e) === 'ENOENT') return null
    throw e
  }
  for (const line of packed.split('\n')) {
    if (line.startsWith('#') || line.startsWith('^')) continue
    const sp = line.indexOf(' ')
    if (sp === 40 && line.slice(41).trimEnd() === ref) return line.slice(0, 40)
  }
  return null
}

/**
 * A git lock file older than this is almost surely left by a git that crashed or was killed:
 * git holds its locks for the length of one command, and only an editor left open on `git
 * commit` or `git rebase -i` keeps one longer. Retrying cannot help then, and git never removes
 * such a file by itself, so neither does the hub: it says which file and what to do.
 */
export const GIT_LOCK_STALE_MS = 60_000

function lockAge(ms: number): string {
  const min = Math.floor(ms / 60_000)
  if (min < 120) return `${min} min`
  const h = Math.floor(min / 60)
  return h < 48 ? `${h} h` : `${Math.floor(h / 24)} jours`
}

/** An old lock file at `lockPath`: the refusal naming it; null when it is recent or gone. */
async function staleLockRefusal(lockPath: string, now: number): Promise<HubError | null> {
  const st = await stat(lockPath).catch(() => null)
  if (!st || now - st.mtimeMs < GIT_LOCK_STALE_MS) return null
  return ioError(
    `verrou git ${lockPath} présent depuis ${lockAge(now - st.mtimeMs)} : une commande git interrompue l'a sans doute laissé. ` +
      "Si aucune commande git ne tourne dans ce dépôt (ni éditeur de message de commit ouvert), supprimez ce fichier, puis réessayez ; rien n'a été écrit"
  )
}

/**
 * Takes one of git's lock files (`<file>.lock`, exclusive create) waiting for a foreign holder until
 * `deadline`: BASE_BUSY when a live git holds it, IO_ERROR naming the file when it was left long
 * ago (`GIT_LOCK_STALE_MS`). The file is never removed here: it is not ours.
 */
export async function acquireGitLock(lockPath: string, deadline: number, log?: HubLog): Promise<FileHandle> {
  let delay = GIT_LOCK_BACKOFF_START_MS
  for (;;) {
    try {
      return await open(lockPath, 'wx', 0o666)
    } catch (e) {
      if (errCode(e) !== 'EEXIST') throw e
      const now = Date.now()
      // An old lock will not go away by waiting: say so at once.
      const stale = await staleLockRefusal(lockPath, now)
      if (stale) {
        log?.warning(stale.message)
        throw stale
      }
      if (now >= deadline) {
        log?.warning(
          `BASE_BUSY : verrou git ${lockPath} tenu par un autre processus (s'il reste après la mort de ce processus, supprimez-le)`
        )
        throw baseBusy()
      }
      await sleep(Math.min(delay, deadline - now))
      delay = Math.min(delay * 2, GIT_LOCK_BACKOFF_MAX_MS)
    }
  }
}

/** Writes `content` into an acquired lock file, fsyncs it, renames it onto `target`; removes the lock on failure. */
export async function commitLockFile(
  fh: FileHandle,
  lockPath: string,
  target: string,
  content: Buffer | string
): Promise<void> {
  let closed = false
  try {
    await fh.writeFile(content)
    await fh.sync()
    await fh.close()
    closed = true
    await rename(lockPath, target)
  } catch (e) {
    if (!closed) await fh.close().catch(() => undefined)
    await unlink(lockPath).catch(() => undefined)
    throw e
  }
}

export async function moveRef(
  repo: RepoLayout,
  head: Head,
  parent: string | null,
  sha: string,
  deadline: number,
  lock: HeldLock | undefined,
  log: HubLog | undefined,
  extra: {
    onStep?: StepHook
    /** Runs with the ref locked and checked, right before the lock is renamed onto it. */
    beforeRename?: () => Promise<void>
  } = {}
): Promise<void> {
  const refPath = refFile(repo, head.ref)
  const lockPath = `${refPath}.lock`
  await mkdir(dirname(refPath), { recursive: true })
  const fh = await acquireGitLock(lockPath, deadline, log)
  let handedOver = false
  try {
    const current = await readRefValue(repo, head.ref)
    const headNow = await readHead(repo)
    if (current !== parent || headNow.ref !== head.ref) {
      throw ioError('la branche a bougé pendant le commit — réessayez')
    }
    lock?.assertHeld()
    await extra.onStep?.('commit:ref-locked')
    await extra.beforeRename?.()
    handedOver = true
    await commitLockFile(fh, lockPath, refPath, `${sha}\n`)
  } finally {
    if (!handedOver) {
      await fh.close().catch(() => undefined)
      await unlink(lockPath).catch(() => undefined)
    }
  }
}

export async function appendReflogs(
  repo: RepoLayout,
  head: Head,
  parent: string | null,
  sha: string,
  sig: string,
  msg: string,
  log: HubLog | undefined
): Promise<void> {
  const line = `${parent ?? ZERO_OID} ${sha} ${sig}\t${msg.replace(/[\r\n]/g, ' ')}\n`
  const targets = head.symbolic ? [head.ref, 'HEAD'] : ['HEAD']
  for (const t of targets) {
    const p = reflogFile(repo, t)
    try {
      await mkdir(dirname(p), { recursive: true })
      await appendFile(p, line)
    } catch (e) {
      log?.warning(`reflog ${p} non mis à jour : ${describeError(e)}`)
    }
  }
}

export function tzOffset(d: Date): string {
  const off = -d.getTimezoneOffset()
  const abs = Math.abs(off)
  return `${off < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`
}
