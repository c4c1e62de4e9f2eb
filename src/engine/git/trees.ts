import { describeError, HubError, ioError } from '../errors'
import type { RepoLayout } from './layout'
import { treeIndexEntry } from './dircache'
import type { IndexChange, IndexEntry } from './index-file'
import {
  MODE_TREE,
  MODE_FILE,
  MODE_EXEC,
  MODE_GITLINK,
  readObjectOfType,
  commitTreeOid,
  ObjectBatch
} from './objects'
import { readHead, readRefValue } from './refs'

/**
 * The tree layer: parsing and writing git trees in git's own order, the trie of changed paths a
 * commit rewrites HEAD's tree along (every untouched subtree reused), lookups of one path in a
 * commit, HEAD's paths, and a tree as index entries.
 */

/** The lstat in a change is taken BEFORE the content is read: a later edit makes git re-hash, never trust stale content. */
export type PathChange = IndexChange

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

/**
 * The entries met on the way to `repoPath` in the tree `treeOid`, one per segment, up to the first
 * segment that is absent or that is not a tree (which is then the last one returned).
 */
async function entriesOnPath(
  commondir: string,
  treeOid: string,
  segs: readonly string[],
  cache: object
): Promise<TreeEntry[]> {
  const out: TreeEntry[] = []
  let oid = treeOid
  for (const seg of segs) {
    const name = Buffer.from(seg, 'utf8')
    const entry = parseTree(await readObjectOfType(commondir, oid, 'tree', cache)).find((e) =>
      e.name.equals(name)
    )
    if (!entry) break
    out.push(entry)
    if (entry.mode !== MODE_TREE) break
    oid = entry.oid.toString('hex')
  }
  return out
}

/** The blob (or link) entry at `repoPath` in the tree `treeOid`; null when absent, a tree or a submodule. */
export async function entryAt(
  commondir: string,
  treeOid: string,
  repoPath: string,
  cache: object
): Promise<TreeEntry | null> {
  const segs = repoPath.split('/')
  const on = await entriesOnPath(commondir, treeOid, segs, cache)
  if (on.length !== segs.length) return null
  const entry = on[on.length - 1]
  return entry.mode === MODE_TREE || entry.mode === MODE_GITLINK ? null : entry
}

/**
 * The submodule (gitlink) `repoPath` lies in or is, in the tree `treeOid`: its repository path, or
 * null. A file there belongs to the submodule's own repository, which this tree cannot hold.
 */
export async function submoduleOn(
  commondir: string,
  treeOid: string,
  repoPath: string,
  cache: object
): Promise<string | null> {
  const segs = repoPath.split('/')
  const at = (await entriesOnPath(commondir, treeOid, segs, cache)).findIndex((e) => e.mode === MODE_GITLINK)
  return at === -1 ? null : segs.slice(0, at + 1).join('/')
}

export async function blobAt(
  commondir: string,
  treeOid: string,
  repoPath: string,
  cache: object
): Promise<Buffer | null> {
  const entry = await entryAt(commondir, treeOid, repoPath, cache)
  return entry ? readObjectOfType(commondir, entry.oid.toString('hex'), 'blob', cache) : null
}

/** The oid of HEAD's tree at `prefix` ('' = the root tree); null without a commit, or when absent or not a tree. */
async function headSubtreeOid(repo: RepoLayout, prefix: string, cache: object): Promise<string | null> {
  const head = await readHead(repo)
  const sha = await readRefValue(repo, head.ref)
  if (!sha) return null
  let oid: string = await commitTreeOid(repo.commondir, sha, cache)
  for (const seg of prefix.split('/').filter((s) => s !== '')) {
    const entry: TreeEntry | undefined = parseTree(
      await readObjectOfType(repo.commondir, oid, 'tree', cache)
    ).find((e) => e.name.equals(Buffer.from(seg, 'utf8')))
    if (!entry || entry.mode !== MODE_TREE) return null
    oid = entry.oid.toString('hex')
  }
  return oid
}

function headReadError(repo: RepoLayout, e: unknown): HubError {
  if (e instanceof HubError) return e
  return ioError(`lecture de HEAD impossible dans ${repo.root} : ${describeError(e)}`)
}

/** Repo-relative paths of the blobs (and links) of HEAD's tree under `prefix` ('' = everything); [] without a commit. */
export async function headTreePaths(repo: RepoLayout, prefix: string): Promise<string[]> {
  try {
    const cache = {}
    const oid = await headSubtreeOid(repo, prefix, cache)
    if (oid === null) return []
    const segs = prefix.split('/').filter((s) => s !== '')
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
    throw headReadError(repo, e)
  }
}

/**
 * The oid of HEAD's tree at `prefix`: equal while no commit touched anything under it. Null
 * without a commit, or when HEAD has no folder there.
 */
export async function headFolderOid(repo: RepoLayout, prefix: string): Promise<string | null> {
  try {
    return await headSubtreeOid(repo, prefix, {})
  } catch (e) {
    throw headReadError(repo, e)
  }
}

/** Blob oid of `repoPath` in `commit`'s tree (null when absent or not a blob). */
export async function treeBlobOid(
  repo: RepoLayout,
  commit: string,
  repoPath: string,
  cache: object
): Promise<string | null> {
  const entry = await entryAt(
    repo.commondir,
    await commitTreeOid(repo.commondir, commit, cache),
    repoPath,
    cache
  )
  return entry ? entry.oid.toString('hex') : null
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
