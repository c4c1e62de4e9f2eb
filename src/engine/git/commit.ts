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
  unlink
} from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'
import { deflateSync, inflateSync } from 'node:zlib'
import { readObject as isoReadObject } from 'isomorphic-git'
import { baseBusy, describeError, HubError, ioError } from '../errors'
import type { HubLog } from '../hublog'
import { HUB_AUTHOR } from './identity'
import type { HeldLock } from '../lock'

/**
 * Hub commits without a git install (DESIGN §4 "Git"): the new tree is HEAD's tree with only the
 * given paths changed (one readTree per directory level on those paths, every other tree reused),
 * objects are written as loose objects (temp file + fsync + rename), the branch moves under git's
 * own `<ref>.lock` only if it still points at the parent, then the shared index is refreshed for
 * the touched paths only under `index.lock`. The index is never an input; nothing else is added;
 * nothing of HEAD's tree is dropped. Nothing here looks at the whole worktree (no statusMatrix).
 *
 * isomorphic-git is used to read objects that live in packs; loose objects, refs and the index are
 * read and written here, because isomorphic-git writes loose objects and the index in place (a
 * crash leaves a truncated file) and reads index versions 2–3 only.
 */

/** Every hub commit's author and committer; attribution lives in trailers (SPEC §4.4). */
export const HUB_IDENTITY = HUB_AUTHOR

export interface CommitOptions {
  /** `assertHeld()` is called right before the ref moves (and once at the start). */
  lock?: HeldLock
  /** Epoch ms until which git's own lock files (`<ref>.lock`, `index.lock`) are waited for; default now + 15 s. */
  deadline?: number
  log?: HubLog
  now?: Date
  /** Fault injection for tests (DESIGN §8): called after the commit object is written, before the ref lock. */
  hooks?: { beforeRefLock?: () => void | Promise<void> }
  /** Filled with the duration of each phase, in ms (benchmarks report the index refresh apart). */
  timings?: CommitTimings
}

export interface CommitTimings {
  /** Reading HEAD, hashing the touched paths, building and writing the objects. */
  objectsMs?: number
  /** Moving the branch under `<ref>.lock`, reflogs included. */
  refMs?: number
  /** Refreshing the shared index for the touched paths under `index.lock`. */
  indexMs?: number
}

const DEFAULT_GIT_LOCK_WAIT_MS = 15_000
const GIT_LOCK_BACKOFF_START_MS = 100
const GIT_LOCK_BACKOFF_MAX_MS = 2_000
/** After the ref moved, the index refresh gets at least this long to take `index.lock`. */
const INDEX_REFRESH_MIN_WAIT_MS = 2_000
const ZERO_OID = '0'.repeat(40)
const MODE_TREE = '40000'
const MODE_FILE = '100644'
const MODE_EXEC = '100755'
const MODE_LINK = '120000'
const MODE_GITLINK = '160000'

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)))
const errCode = (e: unknown): string | undefined => (e as NodeJS.ErrnoException | undefined)?.code

// ---------------------------------------------------------------------------------------------
// Public API

/**
 * Commits the CURRENT worktree content of `paths` (repo-relative, `/`-separated) on top of HEAD:
 * a present file becomes a blob (100644, 100755 if executable, 120000 for a symlink), an absent one
 * is removed from the tree. Returns the new commit's sha. If it throws, the branch has not moved;
 * once the branch moved it returns (an index refresh failure is only logged).
 */
export async function commitPaths(
  root: string,
  paths: string[],
  message: string,
  opts: CommitOptions = {}
): Promise<string> {
  const rel = validatePaths(paths)
  const log = opts.log
  const deadline = opts.deadline ?? Date.now() + DEFAULT_GIT_LOCK_WAIT_MS
  const now = opts.now ?? new Date()
  const timings = opts.timings
  let t0 = performance.now()
  try {
    opts.lock?.assertHeld()
    const gitdir = await resolveGitDir(root)
    const head = await readHead(gitdir)
    const parent = await readRefValue(gitdir, head.ref)
    const cache = {}
    const parentTree = parent ? await commitTreeOid(gitdir, parent, cache) : null

    // Objects are hashed in memory, then written together (in parallel, each fsynced before its
    // rename) just before the ref moves.
    const objects = new ObjectBatch(gitdir)
    const changes = await Promise.all(rel.map((p) => readWorktreePath(root, objects, p)))
    const trie = buildTrie(changes)
    const treeOid =
      (await applyTrie(gitdir, objects, parentTree, trie, '', cache)) ?? objects.add('tree', Buffer.alloc(0))

    const sig = `${HUB_IDENTITY.name} <${HUB_IDENTITY.email}> ${Math.floor(now.getTime() / 1000)} ${tzOffset(now)}`
    const body =
      `tree ${treeOid}\n` +
      (parent ? `parent ${parent}\n` : '') +
      `author ${sig}\ncommitter ${sig}\n\n` +
      message
    const sha = objects.add('commit', Buffer.from(body, 'utf8'))
    await objects.flush()
    if (timings) timings.objectsMs = performance.now() - t0

    await opts.hooks?.beforeRefLock?.()
    t0 = performance.now()
    await moveRef(gitdir, head, parent, sha, deadline, opts.lock, log)
    const subject = message.split('\n', 1)[0]
    await appendReflogs(
      gitdir,
      head,
      parent,
      sha,
      sig,
      `commit${parent ? '' : ' (initial)'}: ${subject}`,
      log
    )
    log?.info(`commit ${sha.slice(0, 10)} dans ${basename(resolve(root))} : ${subject}`)
    if (timings) timings.refMs = performance.now() - t0

    t0 = performance.now()
    try {
      await refreshIndex(gitdir, changes, Math.max(deadline, Date.now() + INDEX_REFRESH_MIN_WAIT_MS), log)
    } catch (e) {
      const list = rel.join(' ')
      log?.warning(
        `index non rafraîchi après le commit ${sha.slice(0, 10)} (${describeError(e)}) : ` +
          `git status montrera ${list} comme modifiés — « git reset -q -- ${list} » le corrige`
      )
    }
    if (timings) timings.indexMs = performance.now() - t0
    return sha
  } catch (e) {
    if (e instanceof HubError) throw e
    throw ioError(`commit impossible dans ${root} : ${describeError(e)}`)
  }
}

/** Repo-relative paths of the blobs (and links) of HEAD's tree under `prefix` ('' = everything); [] without a commit. */
export async function headTreePaths(root: string, prefix: string): Promise<string[]> {
  try {
    const gitdir = await resolveGitDir(root)
    const head = await readHead(gitdir)
    const sha = await readRefValue(gitdir, head.ref)
    if (!sha) return []
    const cache = {}
    let oid: string = await commitTreeOid(gitdir, sha, cache)
    const segs = prefix.split('/').filter((s) => s !== '')
    for (const seg of segs) {
      const entry: TreeEntry | undefined = parseTree(await readObjectOfType(gitdir, oid, 'tree', cache)).find(
        (e) => e.name.equals(Buffer.from(seg, 'utf8'))
      )
      if (!entry || entry.mode !== MODE_TREE) return []
      oid = entry.oid.toString('hex')
    }
    const out: string[] = []
    const walk = async (treeOid: string, base: string): Promise<void> => {
      for (const e of parseTree(await readObjectOfType(gitdir, treeOid, 'tree', cache))) {
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

interface PathChange {
  path: string
  deleted: boolean
  /** Blob oid (present files). */
  oid: string
  /** Final tree mode (present files); may be adjusted to HEAD's mode on Windows. */
  mode: string
  /** lstat taken BEFORE the content was read: a later edit makes git re-hash, never trust stale content. */
  stat: BigIntStats | null
}

async function readWorktreePath(root: string, objects: ObjectBatch, path: string): Promise<PathChange> {
  const abs = join(root, ...path.split('/'))
  let st: BigIntStats
  try {
    st = await lstat(abs, { bigint: true })
  } catch (e) {
    const code = errCode(e)
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path, deleted: true, oid: '', mode: '', stat: null }
    throw e
  }
  let content: Buffer
  let mode: string
  if (st.isSymbolicLink()) {
    content = await readlink(abs, { encoding: 'buffer' })
    mode = MODE_LINK
  } else if (st.isFile()) {
    content = await readFile(abs)
    mode = process.platform !== 'win32' && (st.mode & 0o100n) !== 0n ? MODE_EXEC : MODE_FILE
  } else if (st.isDirectory()) {
    throw ioError(`${path} est un répertoire, pas un fichier`)
  } else {
    throw ioError(`${path} n'est pas un fichier ordinaire`)
  }
  const oid = objects.add('blob', content)
  return { path, deleted: false, oid, mode, stat: st }
}

// ---------------------------------------------------------------------------------------------
// Trees

interface TreeEntry {
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

function buildTrie(changes: PathChange[]): TrieDir {
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
async function applyTrie(
  gitdir: string,
  objects: ObjectBatch,
  treeOid: string | null,
  dir: TrieDir,
  prefix: string,
  cache: object
): Promise<string | null> {
  const entries = treeOid ? parseTree(await readObjectOfType(gitdir, treeOid, 'tree', cache)) : []
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
        gitdir,
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

function parseTree(buf: Buffer): TreeEntry[] {
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

async function resolveGitDir(root: string): Promise<string> {
  const dotGit = join(root, '.git')
  let st: fs.Stats
  try {
    st = await stat(dotGit)
  } catch {
    throw ioError(`${root} n'est pas un dépôt git (.git absent)`)
  }
  if (st.isDirectory()) return dotGit
  const text = await readFile(dotGit, 'utf8')
  const m = /^gitdir:\s*(.+?)\s*$/m.exec(text)
  if (!m) throw ioError(`${dotGit} illisible`)
  return resolve(root, m[1])
}

/** Reads an object: loose objects directly, packed ones through isomorphic-git. */
async function readObjectRaw(
  gitdir: string,
  oid: string,
  cache: object
): Promise<{ type: string; body: Buffer }> {
  let raw: Buffer | null = null
  try {
    raw = await readFile(join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2)))
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
    r = await isoReadObject({ fs, gitdir, oid, format: 'content', cache })
  } catch (e) {
    // A concurrent `git gc` may have packed and pruned the loose object after the pack list was
    // cached: read once more with a fresh cache (the new pack exists before the prune).
    if ((e as { code?: string }).code !== 'NotFoundError') throw e
    r = await isoReadObject({ fs, gitdir, oid, format: 'content', cache: {} })
  }
  return { type: r.type, body: Buffer.from(r.object as Uint8Array) }
}

async function readObjectOfType(gitdir: string, oid: string, type: string, cache: object): Promise<Buffer> {
  const o = await readObjectRaw(gitdir, oid, cache)
  if (o.type !== type) throw new Error(`objet ${oid} : ${type} attendu, ${o.type} trouvé`)
  return o.body
}

async function commitTreeOid(gitdir: string, sha: string, cache: object): Promise<string> {
  const body = await readObjectOfType(gitdir, sha, 'commit', cache)
  const m = /^tree ([0-9a-f]{40})\n/.exec(body.toString('latin1', 0, 46))
  if (!m) throw new Error(`commit ${sha} malformé`)
  return m[1]
}

/** New objects of one commit: hashed when added, written by `flush()`. */
class ObjectBatch {
  private readonly pending = new Map<string, Buffer>()

  constructor(private readonly gitdir: string) {}

  /** Returns the oid of the object; it will be written by flush(). */
  add(type: string, body: Buffer): string {
    const full = Buffer.concat([Buffer.from(`${type} ${body.length}\0`, 'latin1'), body])
    const oid = createHash('sha1').update(full).digest('hex')
    if (!this.pending.has(oid)) this.pending.set(oid, full)
    return oid
  }

  async flush(): Promise<void> {
    await Promise.all([...this.pending].map(([oid, full]) => writeLooseObject(this.gitdir, oid, full)))
    this.pending.clear()
  }
}

/** Writes a loose object the way git does: temp file in the fan-out directory, fsync, rename. */
async function writeLooseObject(gitdir: string, oid: string, full: Buffer): Promise<void> {
  const dir = join(gitdir, 'objects', oid.slice(0, 2))
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

interface Head {
  /** 'refs/heads/<branch>' or 'HEAD' when detached. */
  ref: string
  symbolic: boolean
}

async function readHead(gitdir: string): Promise<Head> {
  const text = (await readFile(join(gitdir, 'HEAD'), 'utf8')).trim()
  const m = /^ref:\s*(\S+)$/.exec(text)
  if (m) {
    const ref = m[1]
    if (!ref.startsWith('refs/') || ref.split('/').some((s) => s === '..' || s === '')) {
      throw ioError(`HEAD pointe vers une référence invalide : ${ref}`)
    }
    return { ref, symbolic: true }
  }
  if (/^[0-9a-f]{40}$/.test(text)) return { ref: 'HEAD', symbolic: false }
  throw ioError(`HEAD illisible dans ${gitdir}`)
}

/** Value of a ref: the loose file, else packed-refs; null when it does not exist (unborn branch). */
async function readRefValue(gitdir: string, ref: string): Promise<string | null> {
  try {
    const text = (await readFile(join(gitdir, ref), 'utf8')).trim()
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
    packed = await readFile(join(gitdir, 'packed-refs'), 'utf8')
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

/** Takes one of git's lock files (`<file>.lock`, exclusive create) waiting for a foreign holder until `deadline`. */
async function acquireGitLock(lockPath: string, deadline: number, log?: HubLog): Promise<FileHandle> {
  let delay = GIT_LOCK_BACKOFF_START_MS
  for (;;) {
    try {
      return await open(lockPath, 'wx', 0o666)
    } catch (e) {
      if (errCode(e) !== 'EEXIST') throw e
      const now = Date.now()
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

/**
 * Writes `content` into an acquired lock file, fsyncs it when `durable`, and renames it onto
 * `target`; removes the lock on failure. Refs are durable (they name the history); the index is
 * a cache git itself does not fsync by default (core.fsync=committed): the rename keeps it whole,
 * and after a power cut the worst case is a `git status` that rehashes.
 */
async function commitLockFile(
  fh: FileHandle,
  lockPath: string,
  target: string,
  content: Buffer | string,
  durable = true
): Promise<void> {
  let closed = false
  try {
    await fh.writeFile(content)
    if (durable) await fh.sync()
    await fh.close()
    closed = true
    await rename(lockPath, target)
  } catch (e) {
    if (!closed) await fh.close().catch(() => undefined)
    await unlink(lockPath).catch(() => undefined)
    throw e
  }
}

async function moveRef(
  gitdir: string,
  head: Head,
  parent: string | null,
  sha: string,
  deadline: number,
  lock: HeldLock | undefined,
  log: HubLog | undefined
): Promise<void> {
  const refPath = join(gitdir, head.ref)
  const lockPath = `${refPath}.lock`
  await mkdir(dirname(refPath), { recursive: true })
  const fh = await acquireGitLock(lockPath, deadline, log)
  let handedOver = false
  try {
    const current = await readRefValue(gitdir, head.ref)
    const headNow = await readHead(gitdir)
    if (current !== parent || headNow.ref !== head.ref) {
      throw ioError('la branche a bougé pendant le commit — réessayez')
    }
    lock?.assertHeld()
    handedOver = true
    await commitLockFile(fh, lockPath, refPath, `${sha}\n`)
  } finally {
    if (!handedOver) {
      await fh.close().catch(() => undefined)
      await unlink(lockPath).catch(() => undefined)
    }
  }
}

async function appendReflogs(
  gitdir: string,
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
    const p = join(gitdir, 'logs', t)
    try {
      await mkdir(dirname(p), { recursive: true })
      await appendFile(p, line)
    } catch (e) {
      log?.warning(`reflog ${p} non mis à jour : ${describeError(e)}`)
    }
  }
}

function tzOffset(d: Date): string {
  const off = -d.getTimezoneOffset()
  const abs = Math.abs(off)
  return `${off < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`
}

// ---------------------------------------------------------------------------------------------
// Index (dircache versions 2, 3, 4)

interface IndexEntry {
  /** Stat data, oid and flags as stored: 62 bytes, 64 with extended flags (v3+). */
  fixed: Buffer
  path: Buffer
  /** path as a latin1 string: compares like the bytes. */
  key: string
}

interface ParsedIndex {
  version: number
  entries: IndexEntry[]
  /** Signature of a mandatory extension we cannot carry over (split index, sparse index). */
  mandatoryExtension: string | null
}

function parseIndex(buf: Buffer): ParsedIndex {
  if (buf.length < 32 || buf.toString('latin1', 0, 4) !== 'DIRC')
    throw new Error('index illisible (signature)')
  const version = buf.readUInt32BE(4)
  if (version < 2 || version > 4) throw new Error(`index version ${version} non gérée`)
  verifyIndexChecksum(buf)
  const count = buf.readUInt32BE(8)
  const entries: IndexEntry[] = new Array(count)
  let off = 12
  let prev: Buffer = Buffer.alloc(0)
  for (let i = 0; i < count; i++) {
    const flags = buf.readUInt16BE(off + 60)
    const fixedLen = version >= 3 && flags & 0x4000 ? 64 : 62
    const fixed = buf.subarray(off, off + fixedLen)
    let p = off + fixedLen
    let path: Buffer
    if (version === 4) {
      let c = buf[p++]
      let strip = c & 127
      while (c & 128) {
        c = buf[p++]
        strip = ((strip + 1) << 7) | (c & 127)
      }
      const nul = buf.indexOf(0, p)
      path = Buffer.concat([prev.subarray(0, prev.length - strip), buf.subarray(p, nul)])
      off = nul + 1
    } else {
      const nameLen = flags & 0xfff
      const nul = nameLen < 0xfff ? p + nameLen : buf.indexOf(0, p)
      path = buf.subarray(p, nul)
      off += (fixedLen + path.length + 8) & ~7
    }
    if (off > buf.length - 20) throw new Error('index tronqué')
    entries[i] = { fixed, path, key: path.toString('latin1') }
    prev = path
  }
  const mandatoryExtension = mandatoryExtensionAt(buf, off)
  return { version, entries, mandatoryExtension }
}

function encodeVarint(value: number): Buffer {
  const bytes = [value & 127]
  while ((value >>= 7)) bytes.unshift(128 | (--value & 127))
  return Buffer.from(bytes)
}

function serializeIndex(version: number, entries: IndexEntry[]): Buffer {
  const header = Buffer.alloc(12)
  header.write('DIRC', 0, 'latin1')
  header.writeUInt32BE(version, 4)
  header.writeUInt32BE(entries.length, 8)
  const parts: Buffer[] = [header]
  let prev: Buffer = Buffer.alloc(0)
  for (const e of entries) {
    parts.push(e.fixed)
    if (version === 4) {
      let common = 0
      const max = Math.min(prev.length, e.path.length)
      while (common < max && prev[common] === e.path[common]) common++
      parts.push(encodeVarint(prev.length - common), e.path.subarray(common), Buffer.alloc(1))
      prev = e.path
    } else {
      const len = e.fixed.length + e.path.length
      parts.push(e.path, Buffer.alloc(((len + 8) & ~7) - len))
    }
  }
  const body = Buffer.concat(parts)
  return Buffer.concat([body, createHash('sha1').update(body).digest()])
}

function u32(n: bigint): number {
  return Number(n & 0xffffffffn)
}

function newIndexEntry(change: PathChange): IndexEntry {
  const st = change.stat as BigIntStats
  const path = Buffer.from(change.path, 'utf8')
  const fixed = Buffer.alloc(62)
  fixed.writeUInt32BE(u32(st.ctimeNs / 1_000_000_000n), 0)
  fixed.writeUInt32BE(Number(st.ctimeNs % 1_000_000_000n), 4)
  fixed.writeUInt32BE(u32(st.mtimeNs / 1_000_000_000n), 8)
  fixed.writeUInt32BE(Number(st.mtimeNs % 1_000_000_000n), 12)
  fixed.writeUInt32BE(u32(st.dev), 16)
  fixed.writeUInt32BE(u32(st.ino), 20)
  fixed.writeUInt32BE(parseInt(change.mode, 8), 24)
  fixed.writeUInt32BE(u32(st.uid), 28)
  fixed.writeUInt32BE(u32(st.gid), 32)
  fixed.writeUInt32BE(u32(st.size), 36)
  Buffer.from(change.oid, 'hex').copy(fixed, 40)
  fixed.writeUInt16BE(Math.min(path.length, 0xfff), 60)
  return { fixed, path, key: path.toString('latin1') }
}

/**
 * Updates the shared index for exactly the committed paths, under `index.lock` (git's protocol:
 * exclusive create, write, fsync, rename). Other entries are carried over byte for byte, except
 * that the ones that were "racily clean" against the old index get their size zeroed (git's
 * smudging) so the newer index timestamp cannot make git trust them. Optional extensions (cache
 * tree, untracked cache…) are dropped — git rebuilds them; a mandatory one aborts the refresh.
 */
async function refreshIndex(
  gitdir: string,
  changes: PathChange[],
  deadline: number,
  log?: HubLog
): Promise<void> {
  const indexPath = join(gitdir, 'index')
  const lockPath = `${indexPath}.lock`
  const fh = await acquireGitLock(lockPath, deadline, log)
  let handedOver = false
  try {
    let current: Buffer | null = null
    let indexMtimeSec: number | null = null
    try {
      const st = await stat(indexPath, { bigint: true })
      indexMtimeSec = Number(st.mtimeNs / 1_000_000_000n)
      current = await readFile(indexPath)
    } catch (e) {
      if (errCode(e) !== 'ENOENT') throw e
    }
    const next = updatedIndex(current, indexMtimeSec, changes)
    handedOver = true
    await commitLockFile(fh, lockPath, indexPath, next, false)
  } finally {
    if (!handedOver) {
      await fh.close().catch(() => undefined)
      await unlink(lockPath).catch(() => undefined)
    }
  }
}

interface IndexEdit {
  /** Entries with exactly these paths go (every stage). */
  exact: Buffer[]
  /** Entries under these directories go (`update-index --replace`: a file replaces a directory). */
  under: Buffer[]
  /** New entries, sorted by path bytes. */
  added: IndexEntry[]
}

function indexEdit(changes: PathChange[]): IndexEdit {
  const exact = new Map<string, Buffer>()
  const under: Buffer[] = []
  for (const c of changes) {
    const key = Buffer.from(c.path, 'utf8')
    exact.set(key.toString('latin1'), key)
    if (!c.deleted) {
      under.push(Buffer.from(`${c.path}/`, 'utf8'))
      const segs = c.path.split('/')
      for (let i = 1; i < segs.length; i++) {
        const anc = Buffer.from(segs.slice(0, i).join('/'), 'utf8')
        exact.set(anc.toString('latin1'), anc)
      }
    }
  }
  const added = changes.filter((c) => !c.deleted).map(newIndexEntry)
  added.sort((a, b) => Buffer.compare(a.path, b.path))
  return { exact: [...exact.values()], under, added }
}

/** The new index content: `current` (null = no index yet) with the committed paths updated. */
function updatedIndex(current: Buffer | null, indexMtimeSec: number | null, changes: PathChange[]): Buffer {
  const edit = indexEdit(changes)
  if (current === null) return serializeIndex(2, edit.added)
  const version =
    current.length >= 12 && current.toString('latin1', 0, 4) === 'DIRC' ? current.readUInt32BE(4) : 0
  if (version === 2 || version === 3) return updatedIndexV2V3(current, version, indexMtimeSec, edit)
  return updatedIndexGeneric(current, indexMtimeSec, edit)
}

/** Any version (used for v4, whose prefix-compressed paths cannot be copied as byte ranges). */
function updatedIndexGeneric(current: Buffer, indexMtimeSec: number | null, edit: IndexEdit): Buffer {
  const parsed = parseIndex(current)
  if (parsed.mandatoryExtension)
    throw new Error(`extension d'index « ${parsed.mandatoryExtension} » non gérée`)
  const exact = new Set(edit.exact.map((b) => b.toString('latin1')))
  const under = edit.under.map((b) => b.toString('latin1'))
  const kept: IndexEntry[] = []
  for (const e of parsed.entries) {
    if (exact.has(e.key) || under.some((u) => e.key.startsWith(u))) continue
    if (indexMtimeSec !== null && e.fixed.readUInt32BE(8) >= indexMtimeSec) {
      const smudged = Buffer.from(e.fixed)
      smudged.writeUInt32BE(0, 36)
      kept.push({ ...e, fixed: smudged })
    } else {
      kept.push(e)
    }
  }
  const merged: IndexEntry[] = []
  let i = 0
  for (const a of edit.added) {
    while (i < kept.length && kept[i].key < a.key) merged.push(kept[i++])
    merged.push(a)
  }
  while (i < kept.length) merged.push(kept[i++])
  return serializeIndex(parsed.version, merged)
}

/**
 * Versions 2 and 3, without building an object per entry (20,000 entries cost ~1 ms instead of
 * ~120 ms): entry offsets are computed once, the touched paths are found by binary search, and
 * the kept entries are copied as byte ranges.
 */
function updatedIndexV2V3(
  buf: Buffer,
  version: number,
  indexMtimeSec: number | null,
  edit: IndexEdit
): Buffer {
  verifyIndexChecksum(buf)
  const count = buf.readUInt32BE(8)
  const offs = new Int32Array(count + 1)
  const pathStart = new Int32Array(count)
  const pathLen = new Int32Array(count)
  const end = buf.length - 20
  let off = 12
  for (let i = 0; i < count; i++) {
    if (off + 62 > end) throw new Error('index tronqué')
    offs[i] = off
    const flags = (buf[off + 60] << 8) | buf[off + 61]
    const fixedLen = version >= 3 && flags & 0x4000 ? 64 : 62
    let nameLen = flags & 0xfff
    if (nameLen === 0xfff) nameLen = buf.indexOf(0, off + fixedLen) - (off + fixedLen)
    pathStart[i] = off + fixedLen
    pathLen[i] = nameLen
    off += (fixedLen + nameLen + 8) & ~7
  }
  if (off > end) throw new Error('index tronqué')
  offs[count] = off
  const mandatory = mandatoryExtensionAt(buf, off)
  if (mandatory) throw new Error(`extension d'index « ${mandatory} » non gérée`)

  /** Sign of (entry i's path) − key. */
  const cmp = (i: number, key: Buffer): number =>
    buf.compare(key, 0, key.length, pathStart[i], pathStart[i] + pathLen[i])
  const lowerBound = (key: Buffer): number => {
    let lo = 0
    let hi = count
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (cmp(mid, key) < 0) lo = mid + 1
      else hi = mid
    }
    return lo
  }
  const removed = new Uint8Array(count)
  for (const key of edit.exact) {
    for (let i = lowerBound(key); i < count && cmp(i, key) === 0; i++) removed[i] = 1
  }
  for (const prefix of edit.under) {
    for (let i = lowerBound(prefix); i < count; i++) {
      if (
        pathLen[i] < prefix.length ||
        buf.compare(prefix, 0, prefix.length, pathStart[i], pathStart[i] + prefix.length) !== 0
      )
        break
      removed[i] = 1
    }
  }
  const inserts = edit.added.map((e) => ({ at: lowerBound(e.path), bytes: entryBytesV2(e) }))

  let size = 12 + 20
  let outCount = 0
  for (let i = 0; i < count; i++) {
    if (!removed[i]) {
      size += offs[i + 1] - offs[i]
      outCount++
    }
  }
  for (const ins of inserts) size += ins.bytes.length
  outCount += inserts.length

  const out = Buffer.allocUnsafe(size)
  buf.copy(out, 0, 0, 12)
  out.writeUInt32BE(outCount, 8)
  let pos = 12
  let runStart = -1
  const flushRun = (until: number): void => {
    if (runStart < 0) return
    buf.copy(out, pos, offs[runStart], offs[until])
    if (indexMtimeSec !== null) {
      for (let j = runStart; j < until; j++) {
        // Racily clean against the old index: zero the size so git re-checks the content.
        if (buf.readUInt32BE(offs[j] + 8) >= indexMtimeSec)
          out.writeUInt32BE(0, pos + (offs[j] - offs[runStart]) + 36)
      }
    }
    pos += offs[until] - offs[runStart]
    runStart = -1
  }
  let next = 0
  for (let i = 0; i <= count; i++) {
    while (next < inserts.length && inserts[next].at === i) {
      flushRun(i)
      inserts[next].bytes.copy(out, pos)
      pos += inserts[next].bytes.length
      next++
    }
    if (i === count) break
    if (removed[i]) flushRun(i)
    else if (runStart < 0) runStart = i
  }
  flushRun(count)
  createHash('sha1').update(out.subarray(0, pos)).digest().copy(out, pos)
  return out
}

function verifyIndexChecksum(buf: Buffer): void {
  if (buf.length < 32) throw new Error('index illisible (trop court)')
  const trailer = buf.subarray(buf.length - 20)
  if (trailer.equals(Buffer.alloc(20))) return // index.skipHash
  const sum = createHash('sha1')
    .update(buf.subarray(0, buf.length - 20))
    .digest()
  if (!sum.equals(trailer)) throw new Error('index corrompu (somme de contrôle)')
}

/** Signature of the first mandatory extension (not starting with 'A'..'Z') after the entries, or null. */
function mandatoryExtensionAt(buf: Buffer, off: number): string | null {
  while (off + 8 <= buf.length - 20) {
    const first = buf[off]
    if (first < 0x41 || first > 0x5a) return buf.toString('latin1', off, off + 4)
    off += 8 + buf.readUInt32BE(off + 4)
  }
  return null
}

/** A new (62-byte fixed part) entry in the v2/v3 layout: path, then 1–8 NULs up to a multiple of 8. */
function entryBytesV2(e: IndexEntry): Buffer {
  const len = e.fixed.length + e.path.length
  return Buffer.concat([e.fixed, e.path, Buffer.alloc(((len + 8) & ~7) - len)])
}
