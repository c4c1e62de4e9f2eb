import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'

/**
 * A read-only object store over a repository's packs (gitformat-pack(5), index version 2) and
 * loose objects, synchronous and in memory: for reading a whole tree at once (an import's
 * checkout), where isomorphic-git's per-object reads — a loose-file probe and a pack lookup
 * through the thread pool each time — cost seconds for a few thousand blobs. Delta chains are
 * resolved iteratively, their bases kept in a bounded cache.
 */

const TYPES = ['', 'commit', 'tree', 'blob', 'tag', '', 'ofs-delta', 'ref-delta'] as const
const OFS_DELTA = 6
const REF_DELTA = 7
/** The delta bases kept by default: an import's checkout reads every blob of a tree at once. */
const CACHE_BUDGET_BYTES = 64 * 1024 * 1024

export interface GitObject {
  type: string
  body: Buffer
}

class PackFile {
  private readonly count: number
  private readonly fanout: number
  private data: Buffer | null = null

  constructor(
    private readonly packPath: string,
    private readonly idx: Buffer
  ) {
    if (idx.readUInt32BE(0) !== 0xff744f63 || idx.readUInt32BE(4) !== 2)
      throw new Error('index de pack git dans un format non pris en charge (version 2 attendue)')
    this.fanout = 8
    this.count = idx.readUInt32BE(this.fanout + 255 * 4)
  }

  /** The pack itself, read at the first object wanted from it: most reads need one pack of several. */
  get pack(): Buffer {
    if (!this.data) {
      const data = readFileSync(this.packPath)
      if (data.toString('latin1', 0, 4) !== 'PACK') throw new Error('fichier pack git illisible')
      this.data = data
    }
    return this.data
  }

  /** Offset of `oid` (20 bytes) in the pack, or -1. */
  offsetOf(oid: Buffer): number {
    const first = oid[0]
    let lo = first === 0 ? 0 : this.idx.readUInt32BE(this.fanout + (first - 1) * 4)
    let hi = this.idx.readUInt32BE(this.fanout + first * 4)
    const shas = this.fanout + 256 * 4
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const c = this.idx.compare(oid, 0, 20, shas + mid * 20, shas + mid * 20 + 20)
      if (c === 0) return this.offsetAt(mid)
      if (c > 0) hi = mid
      else lo = mid + 1
    }
    return -1
  }

  private offsetAt(i: number): number {
    const offs = this.fanout + 256 * 4 + this.count * 24
    const v = this.idx.readUInt32BE(offs + i * 4)
    if ((v & 0x80000000) === 0) return v
    const big = offs + this.count * 4 + (v & 0x7fffffff) * 8
    return Number(this.idx.readBigUInt64BE(big))
  }
}

interface Entry {
  type: number
  /** Start of the zlib data. */
  data: number
  /** ofs-delta: the base's offset; ref-delta: the base's oid. */
  base: number | Buffer | null
}

function parseEntry(pack: Buffer, offset: number): Entry {
  let p = offset
  let c = pack[p++]
  const type = (c >> 4) & 7
  while (c & 0x80) c = pack[p++]
  if (type === OFS_DELTA) {
    c = pack[p++]
    let rel = c & 0x7f
    while (c & 0x80) {
      c = pack[p++]
      rel = (rel + 1) * 128 + (c & 0x7f)
    }
    return { type, data: p, base: offset - rel }
  }
  if (type === REF_DELTA) return { type, data: p + 20, base: pack.subarray(p, p + 20) }
  return { type, data: p, base: null }
}

function deltaVarint(d: Buffer, p: number): [number, number] {
  let v = 0
  let shift = 1
  let c: number
  do {
    c = d[p++]
    v += (c & 0x7f) * shift
    shift *= 128
  } while (c & 0x80)
  return [v, p]
}

export function applyDelta(base: Buffer, delta: Buffer): Buffer {
  const [srcSize, afterSrc] = deltaVarint(delta, 0)
  if (srcSize !== base.length) throw new Error('delta git incohérent (taille de la base)')
  const [outSize, start] = deltaVarint(delta, afterSrc)
  let p = start
  const out = Buffer.allocUnsafe(outSize)
  let o = 0
  while (p < delta.length) {
    const op = delta[p++]
    if (op & 0x80) {
      let off = 0
      let size = 0
      for (let i = 0; i < 4; i++) if (op & (1 << i)) off += delta[p++] * 2 ** (8 * i)
      for (let i = 0; i < 3; i++) if (op & (16 << i)) size += delta[p++] * 2 ** (8 * i)
      if (size === 0) size = 0x10000
      base.copy(out, o, off, off + size)
      o += size
    } else if (op) {
      delta.copy(out, o, p, p + op)
      p += op
      o += op
    } else throw new Error('delta git incohérent (instruction 0)')
  }
  if (o !== outSize) throw new Error('delta git incohérent (taille du résultat)')
  return out
}

/** A loose object's file (zlib of `<type> <size>\0<body>`) as its type and body. */
export function parseLooseObject(raw: Buffer): GitObject {
  const full = inflateSync(raw)
  const nul = full.indexOf(0)
  return { type: full.toString('latin1', 0, full.indexOf(0x20)), body: full.subarray(nul + 1) }
}

export class ObjectStore {
  private readonly packs: PackFile[] = []
  private readonly cache = new Map<string, GitObject>()
  private cached = 0

  constructor(
    private readonly objectsDir: string,
    private readonly cacheBudget = CACHE_BUDGET_BYTES
  ) {
    let names: string[]
    try {
      names = readdirSync(join(objectsDir, 'pack'))
    } catch {
      names = []
    }
    for (const n of names.filter((n) => n.endsWith('.idx')).sort()) {
      const stem = n.slice(0, -4)
      this.packs.push(
        new PackFile(join(objectsDir, 'pack', `${stem}.pack`), readFileSync(join(objectsDir, 'pack', n)))
      )
    }
  }

  read(oidHex: string): GitObject {
    const packed = this.readPacked(oidHex)
    if (packed) return packed
    let raw: Buffer
    try {
      raw = readFileSync(join(this.objectsDir, oidHex.slice(0, 2), oidHex.slice(2)))
    } catch {
      throw new Error(`objet git ${oidHex} introuvable`)
    }
    return parseLooseObject(raw)
  }

  private keep(key: string, o: GitObject): void {
    if (this.cached + o.body.length > this.cacheBudget) {
      this.cache.clear()
      this.cached = 0
    }
    this.cache.set(key, o)
    this.cached += o.body.length
  }

  /** The object if one of the packs holds it, else null (loose objects are not looked at). */
  readPacked(oidHex: string): GitObject | null {
    const oid = Buffer.from(oidHex, 'hex')
    for (const pack of this.packs) {
      const off = pack.offsetOf(oid)
      if (off >= 0) return this.readAt(pack, off)
    }
    return null
  }

  private readAt(pack: PackFile, offset: number): GitObject {
    // Walk down the delta chain to a full object (or a cached one), then apply upwards.
    const chain: Entry[] = []
    const keys: string[] = []
    let base: GitObject
    let at: { pack: PackFile; offset: number } = { pack, offset }
    for (;;) {
      const key = `${this.packs.indexOf(at.pack)}:${at.offset}`
      const hit = this.cache.get(key)
      if (hit) {
        base = hit
        break
      }
      const e = parseEntry(at.pack.pack, at.offset)
      if (e.type !== OFS_DELTA && e.type !== REF_DELTA) {
        const body = inflateSync(at.pack.pack.subarray(e.data))
        base = { type: TYPES[e.type], body }
        if (chain.length > 0) this.keep(key, base)
        break
      }
      chain.push(e)
      keys.push(key)
      if (typeof e.base === 'number') at = { pack: at.pack, offset: e.base }
      else {
        const baseOid = e.base as Buffer
        const found = this.packs
          .map((p) => ({ pack: p, offset: p.offsetOf(baseOid) }))
          .find((x) => x.offset >= 0)
        if (!found) {
          base = this.read(baseOid.toString('hex'))
          break
        }
        at = found
      }
    }
    const packOf = (i: number): PackFile => this.packs[Number(keys[i].split(':')[0])]
    for (let i = chain.length - 1; i >= 0; i--) {
      const delta = inflateSync(packOf(i).pack.subarray(chain[i].data))
      base = { type: base.type, body: applyDelta(base.body, delta) }
      if (i > 0) this.keep(keys[i], base)
    }
    return base
  }
}
