import { lstatSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { invalidInput } from '../errors'
import { resolveLayout } from '../git/layout'
import { nextIndex, treeIndexEntry } from '../git/dircache'
import type { IndexChange, IndexEntry } from '../git/index-file'
import { MODE_EXEC, MODE_GITLINK, MODE_LINK, MODE_TREE } from '../git/objects'
import { parseTree } from '../git/trees'
import { readHead, readRefValue } from '../git/refs'
import { ObjectStore } from '../git/pack'

/**
 * The worktree of a fresh import: HEAD's tree written into an empty folder, and git's index
 * recording every file with its stat data (so `git status` is clean at once). Ours rather than
 * isomorphic-git's checkout, which compares the (empty) worktree file by file before writing and
 * reads each object through the thread pool: it took most of an import's time. Objects come from
 * the in-memory pack reader (git/pack.ts), files are written synchronously in batches.
 *
 * A tree path git itself refuses to check out is refused, nothing else written: `..`, `.git`
 * (any case, and NTFS's `git~1`), an empty segment, a backslash or a NUL.
 */

function unsafePath(path: string): boolean {
  if (path.includes('\\') || path.includes('\0') || path.startsWith('/')) return true
  return path.split('/').some((seg) => {
    const s = seg.toLowerCase().replace(/[ .]+$/, '')
    return seg === '' || seg === '.' || seg === '..' || s === '.git' || s === 'git~1'
  })
}

export interface CheckoutProgress {
  loaded: number
  total: number
}

/** Writes HEAD's tree into `root` (holding only `.git`); returns the number of files written. */
export async function checkoutHead(root: string, onProgress: (p: CheckoutProgress) => void): Promise<number> {
  const repo = await resolveLayout(root)
  const head = await readHead(repo)
  const sha = await readRefValue(repo, head.ref)
  if (sha === null) return 0
  const store = new ObjectStore(join(repo.commondir, 'objects'))
  const read = (oid: string, type: string): Buffer => {
    const o = store.read(oid)
    if (o.type !== type) throw new Error(`objet ${oid} : ${type} attendu, ${o.type} trouvé`)
    return o.body
  }
  const commit = read(sha, 'commit')
  const m = /^tree ([0-9a-f]{40})\n/.exec(commit.toString('latin1', 0, 46))
  if (!m) throw new Error(`commit ${sha} malformé`)
  const entries: IndexEntry[] = []
  const walk = (oid: string, prefix: Buffer): void => {
    for (const e of parseTree(read(oid, 'tree'))) {
      const path = Buffer.concat([prefix, e.name])
      if (e.mode === MODE_TREE) walk(e.oid.toString('hex'), Buffer.concat([path, Buffer.from('/')]))
      else entries.push(treeIndexEntry(path, e.mode, e.oid))
    }
  }
  walk(m[1], Buffer.alloc(0))
  const paths = entries.map((e) => e.path.toString('utf8'))
  const bad = paths.find(unsafePath)
  if (bad !== undefined)
    throw invalidInput(
      `le dépôt contient un chemin que git refuse d'extraire ('${bad.slice(0, 200)}') : import refusé, rien n'a été gardé`,
      { kind: 'import-repo-unusable', params: { path: bad.slice(0, 200) } }
    )
  const made = new Set<string>([''])
  const ensureDir = (rel: string): void => {
    const parent = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : ''
    if (made.has(parent)) return
    mkdirSync(join(root, parent), { recursive: true })
    made.add(parent)
  }
  const changes: IndexChange[] = []
  onProgress({ loaded: 0, total: entries.length })
  for (let i = 0; i < entries.length; i++) {
    const path = paths[i]
    const mode = entries[i].fixed.readUInt32BE(24).toString(8)
    const oid = entries[i].fixed.subarray(40, 60).toString('hex')
    const abs = join(root, path)
    ensureDir(path)
    if (mode === MODE_GITLINK) {
      // A submodule: git leaves an empty folder and records the commit in the index.
      mkdirSync(abs, { recursive: true })
      changes.push({ path, deleted: false, oid, mode, stat: lstatSync(abs, { bigint: true }) })
      continue
    }
    const body = read(oid, 'blob')
    if (mode === MODE_LINK) {
      try {
        symlinkSync(body.toString('utf8'), abs)
      } catch {
        // Where links cannot be made (Windows without the privilege), git writes the target as text.
        writeFileSync(abs, body)
      }
    } else {
      writeFileSync(abs, body, mode === MODE_EXEC ? { mode: 0o755 } : undefined)
    }
    changes.push({ path, deleted: false, oid, mode, stat: lstatSync(abs, { bigint: true }) })
    if (i % 50 === 49) {
      onProgress({ loaded: i + 1, total: entries.length })
      // Let the event loop breathe (IPC, the HTTP bridge, a cancel) between batches.
      await new Promise<void>((r) => setImmediate(r))
    }
  }
  writeFileSync(join(repo.gitdir, 'index'), nextIndex(null, changes, []))
  onProgress({ loaded: entries.length, total: entries.length })
  return entries.length
}
