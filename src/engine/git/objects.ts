import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { chmod, mkdir, open, rename, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { errCode, exists } from './fs-errors'
import { ObjectStore, parseLooseObject, type GitObject } from './pack'

/**
 * The object layer of the git floor: objects read (loose ones directly, packed ones through
 * `pack.ts`) and written in one batch of loose objects (temp file + fsync + rename), the
 * modes and the null oid.
 */

export const ZERO_OID = '0'.repeat(40)

export const MODE_TREE = '40000'

export const MODE_FILE = '100644'

export const MODE_EXEC = '100755'

export const MODE_LINK = '120000'

export const MODE_GITLINK = '160000'

/**
 * The packs of each repository an operation reads, kept with the operation's cache object (one per
 * operation, dropped with it): a pack's index is read once, the pack itself at its first object.
 */
const packStores = new WeakMap<object, Map<string, ObjectStore>>()

/**
 * Delta bases an operation keeps: enough for git's chains (depth ≤ 50 of a document's revisions),
 * small beside the MCP server's memory bound — an import's whole-tree checkout keeps more.
 */
const OPERATION_CACHE_BYTES = 8 * 1024 * 1024

function packStore(commondir: string, cache: object, fresh = false): ObjectStore {
  let byDir = packStores.get(cache)
  if (!byDir) packStores.set(cache, (byDir = new Map()))
  let store = byDir.get(commondir)
  if (!store || fresh)
    byDir.set(commondir, (store = new ObjectStore(join(commondir, 'objects'), OPERATION_CACHE_BYTES)))
  return store
}

function notFound(oid: string): Error {
  return Object.assign(new Error(`objet git ${oid} introuvable`), { code: 'NotFoundError' })
}

/**
 * Reads an object: loose first, then the packs. A fetched history is packed, so most probes of
 * the loose path miss; `existsSync` answers a miss in microseconds where a failed `readFile`
 * builds and throws an error through a promise (~0.1–0.25 ms each, seconds over a team's sync).
 * A loose object is read synchronously, as packed ones are: a few hundred compressed bytes cost
 * less than the four thread-pool round trips of `fs.promises.readFile` (open, stat, read, close),
 * which queue behind every other file operation of a busy process.
 */
async function readObjectRaw(commondir: string, oid: string, cache: object): Promise<GitObject> {
  const loose = join(commondir, 'objects', oid.slice(0, 2), oid.slice(2))
  let raw: Buffer | null = null
  if (fs.existsSync(loose)) {
    try {
      raw = fs.readFileSync(loose)
    } catch (e) {
      // Packed and pruned by a concurrent `git gc` between the two calls: in a pack now.
      if (errCode(e) !== 'ENOENT') throw e
    }
  }
  if (raw) return parseLooseObject(raw)
  // A concurrent `git gc` may have packed and pruned the loose object after the pack list was
  // read: look once more with a fresh list (the new pack exists before the prune).
  const found =
    packStore(commondir, cache).readPacked(oid) ?? packStore(commondir, cache, true).readPacked(oid)
  if (!found) throw notFound(oid)
  return found
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
