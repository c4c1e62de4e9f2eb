import { createHash } from 'node:crypto'
import type { BigIntStats } from 'node:fs'
import { open, readFile, stat, type FileHandle } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { UnsupportedShape } from './layout'

/**
 * Reading git's index (gitformat-index(5)); writing it is `dircache.ts`. The index as the hub's
 * commits need it: versions 2, 3 and 4, a split
 * index (`link` extension + `sharedindex.<sha>`, ewah bitmaps) read and written back as one full
 * index, optional extensions (uppercase signature) dropped since git rebuilds them, and every
 * other shape refused before the branch moves. A full index is what git itself writes with
 * `--no-split-index`; with core.splitIndex set, git splits it again on its next write.
 */

export interface IndexEntry {
  /** Stat data, oid and flags as stored: 62 bytes, 64 with extended flags (v3+). */
  fixed: Buffer
  path: Buffer
  /** path as a latin1 string: compares like the bytes. */
  key: string
}

/** A committed path as the index must now record it. */
export interface IndexChange {
  path: string
  deleted: boolean
  oid: string
  mode: string
  /** lstat taken before the content was read (null when deleted). */
  stat: BigIntStats | null
}

interface Extension {
  sig: string
  /** Offset of the payload. */
  start: number
  size: number
}

/** One index file, walked once: entry boundaries (v2/v3) or decoded entries (v4), extensions. */
export interface IndexScan {
  buf: Buffer
  version: number
  count: number
  /** v2/v3: entry i spans offs[i]..offs[i + 1]; offs[count] ends the entries. */
  offs: Int32Array | null
  pathStart: Int32Array | null
  pathLen: Int32Array | null
  /** v4: entries decoded (prefix-compressed paths cannot be copied as byte ranges). */
  entries: IndexEntry[] | null
  link: Extension | null
}

const EXTENDED = 0x4000

function corrupt(what: string): Error {
  return new Error(`index illisible (${what})`)
}

function verifyChecksum(buf: Buffer): void {
  const trailer = buf.subarray(buf.length - 20)
  if (trailer.equals(Buffer.alloc(20))) return // index.skipHash
  const sum = createHash('sha1')
    .update(buf.subarray(0, buf.length - 20))
    .digest()
  if (!sum.equals(trailer)) throw new Error('index corrompu (somme de contrôle)')
}

/** `verified`: the checksum is known good (checked when first read, or computed by our own write). */
function scanIndex(buf: Buffer, verified = false): IndexScan {
  if (buf.length < 32 || buf.toString('latin1', 0, 4) !== 'DIRC') throw corrupt('signature')
  const version = buf.readUInt32BE(4)
  if (version < 2 || version > 4)
    throw new UnsupportedShape('index git de version inconnue', `index version ${version}`)
  if (!verified) verifyChecksum(buf)
  const count = buf.readUInt32BE(8)
  const end = buf.length - 20
  let off = 12
  let offs: Int32Array | null = null
  let pathStart: Int32Array | null = null
  let pathLen: Int32Array | null = null
  let entries: IndexEntry[] | null = null
  if (version === 4) {
    entries = new Array<IndexEntry>(count)
    let prev: Buffer = Buffer.alloc(0)
    for (let i = 0; i < count; i++) {
      if (off + 62 > end) throw corrupt('tronqué')
      const fixedLen = buf[off + 60] & (EXTENDED >> 8) ? 64 : 62
      const fixed = buf.subarray(off, off + fixedLen)
      let p = off + fixedLen
      let c = buf[p++]
      let strip = c & 127
      while (c & 128) {
        c = buf[p++]
        strip = ((strip + 1) << 7) | (c & 127)
      }
      const nul = buf.indexOf(0, p)
      if (strip > prev.length || nul < 0 || nul >= end) throw corrupt('chemin')
      const path = Buffer.concat([prev.subarray(0, prev.length - strip), buf.subarray(p, nul)])
      entries[i] = { fixed, path, key: path.toString('latin1') }
      prev = path
      off = nul + 1
    }
  } else {
    offs = new Int32Array(count + 1)
    pathStart = new Int32Array(count)
    pathLen = new Int32Array(count)
    for (let i = 0; i < count; i++) {
      if (off + 62 > end) throw corrupt('tronqué')
      offs[i] = off
      const flags = (buf[off + 60] << 8) | buf[off + 61]
      const fixedLen = version >= 3 && flags & EXTENDED ? 64 : 62
      let nameLen = flags & 0xfff
      if (nameLen === 0xfff) nameLen = buf.indexOf(0, off + fixedLen) - (off + fixedLen)
      pathStart[i] = off + fixedLen
      pathLen[i] = nameLen
      off += (fixedLen + nameLen + 8) & ~7
    }
    if (off > end) throw corrupt('tronqué')
    offs[count] = off
  }
  let link: Extension | null = null
  while (off < end) {
    if (off + 8 > end) throw corrupt('extension')
    const sig = buf.toString('latin1', off, off + 4)
    const size = buf.readUInt32BE(off + 4)
    if (off + 8 + size > end) throw corrupt(`extension ${sig}`)
    const first = buf[off]
    if (sig === 'link') link = { sig, start: off + 8, size }
    else if (first < 0x41 || first > 0x5a) throw mandatoryExtension(sig)
    off += 8 + size
  }
  return { buf, version, count, offs, pathStart, pathLen, entries, link }
}

function mandatoryExtension(sig: string): UnsupportedShape {
  if (sig === 'sdir')
    return new UnsupportedShape(
      'index creux (sparse index)',
      'extension d’index « sdir », index.sparse = true'
    )
  return new UnsupportedShape(
    'extension d’index obligatoire inconnue',
    `extension « ${sig.replace(/[^\x20-\x7e]/g, '?')} »`
  )
}

export function entriesOf(scan: IndexScan): IndexEntry[] {
  if (scan.entries) return scan.entries
  const buf = scan.buf
  const offs = scan.offs as Int32Array
  const pathStart = scan.pathStart as Int32Array
  const pathLen = scan.pathLen as Int32Array
  const out = new Array<IndexEntry>(scan.count)
  for (let i = 0; i < scan.count; i++) {
    const path = buf.subarray(pathStart[i], pathStart[i] + pathLen[i])
    out[i] = { fixed: buf.subarray(offs[i], pathStart[i]), path, key: path.toString('latin1') }
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Split index

interface Link {
  /** Checksum of the shared index; all zeros = no shared index. */
  shared: string
  deleted: number[]
  replaced: number[]
}

/** Positions of the set bits of git's ewah bitmap at `off` (ewah/ewah_io.c); returns them and the end offset. */
export function readEwah(buf: Buffer, off: number, limit: number): { bits: number[]; end: number } {
  if (off + 8 > limit) throw corrupt('bitmap ewah')
  const bitSize = buf.readUInt32BE(off)
  const words = buf.readUInt32BE(off + 4)
  const wordsStart = off + 8
  const end = wordsStart + words * 8 + 4
  if (end > limit) throw corrupt('bitmap ewah')
  const bits: number[] = []
  let pos = 0
  let w = 0
  const hi = (i: number) => buf.readUInt32BE(wordsStart + i * 8)
  const lo = (i: number) => buf.readUInt32BE(wordsStart + i * 8 + 4)
  while (w < words) {
    // A marker word: bit 0 the run's value, bits 1–32 its length in words, 33–63 the literal words after it.
    const mLo = lo(w)
    const mHi = hi(w)
    const runBit = mLo & 1
    const runLen = ((mLo >>> 1) | ((mHi & 1) << 31)) >>> 0
    const literals = mHi >>> 1
    if (runBit) for (let k = 0; k < runLen * 64 && pos < bitSize; k++) bits.push(pos++)
    else pos += runLen * 64
    w++
    for (let k = 0; k < literals; k++, w++) {
      if (w >= words) throw corrupt('bitmap ewah')
      const halves = [lo(w), hi(w)]
      for (let h = 0; h < 2; h++) {
        for (let b = 0; b < 32; b++) {
          if (halves[h] & (1 << b) && pos + h * 32 + b < bitSize) bits.push(pos + h * 32 + b)
        }
      }
      pos += 64
    }
  }
  return { bits, end }
}

function parseLink(scan: IndexScan): Link {
  const ext = scan.link as Extension
  const buf = scan.buf
  if (ext.size < 20) throw corrupt('extension link')
  const shared = buf.toString('hex', ext.start, ext.start + 20)
  const limit = ext.start + ext.size
  if (ext.size === 20) return { shared, deleted: [], replaced: [] }
  const del = readEwah(buf, ext.start + 20, limit)
  const rep = readEwah(buf, del.end, limit)
  if (rep.end !== limit) throw corrupt('extension link')
  return { shared, deleted: del.bits, replaced: rep.bits }
}

export const stageOf = (e: IndexEntry): number => (e.fixed.readUInt16BE(60) >> 12) & 3

function withNameLength(fixed: Buffer, path: Buffer): Buffer {
  const out = Buffer.from(fixed)
  out.writeUInt16BE((fixed.readUInt16BE(60) & 0xf000) | Math.min(path.length, 0xfff), 60)
  return out
}

/** The full entry list a split index stands for (git's merge_base_index). */
function mergeSplit(split: IndexScan, link: Link, shared: IndexScan): IndexEntry[] {
  const base = entriesOf(shared)
  const own = entriesOf(split)
  const deleted = new Uint8Array(base.length)
  for (const i of link.deleted) {
    if (i >= base.length) throw corrupt('extension link : suppression hors de l’index partagé')
    deleted[i] = 1
  }
  const merged: IndexEntry[] = []
  const replacement = new Map<number, IndexEntry>()
  link.replaced.forEach((i, k) => {
    const src = own[k]
    if (i >= base.length || !src || src.path.length !== 0)
      throw corrupt('extension link : remplacement invalide')
    replacement.set(i, src)
  })
  for (let i = 0; i < base.length; i++) {
    if (deleted[i]) continue
    const src = replacement.get(i)
    const b = base[i]
    merged.push(src ? { fixed: withNameLength(src.fixed, b.path), path: b.path, key: b.key } : b)
  }
  const added = own.slice(link.replaced.length)
  if (added.some((e) => e.path.length === 0)) throw corrupt('extension link : entrée sans nom')
  if (added.length === 0) return merged
  const all = [...merged, ...added]
  all.sort((a, b) => Buffer.compare(a.path, b.path) || stageOf(a) - stageOf(b))
  // An added entry replaces a shared one of the same path and stage (git's add_index_entry).
  const out: IndexEntry[] = []
  for (const e of all) {
    const last = out[out.length - 1]
    if (last && last.key === e.key && stageOf(last) === stageOf(e)) out[out.length - 1] = e
    else out.push(e)
  }
  return out
}

export interface LoadedIndex {
  scan: IndexScan
  /** Entries racily clean against the old index (mtime ≥ this, in seconds) get smudged. */
  racySec: number
  /** Present for a split index: the entries it stands for. */
  splitEntries: IndexEntry[] | null
}

async function readWithStat(path: string): Promise<{ buf: Buffer; st: BigIntStats } | null> {
  try {
    const st = await stat(path, { bigint: true })
    return { buf: await readFile(path), st }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
}

// ---------------------------------------------------------------------------------------------
// The parsed index kept between writes

/**
 * The last index read or written per path, so that a write following another (kb_propose after
 * kb_propose, or the pre-flight check then the commit of one proposal) neither re-reads nor
 * re-verifies an index of 1.7 MB at 20,000 files. It is used only while the file is provably the
 * one it was made from:
 * - its full stat identity is unchanged (dev, inode, size, mtime and ctime in nanoseconds). Git,
 *   and this engine, replace the index by renaming `index.lock` onto it: a new inode every time,
 *   and a rename sets the ctime. A recycled inode number would also need the same size and the
 *   same nanosecond timestamps, which takes two whole index writes by others within one tick of
 *   the kernel's file clock;
 * - its last 20 bytes, the SHA-1 of everything before them, are unchanged. That covers what the
 *   identity cannot: a program rewriting the file in place (same inode), same size, within the
 *   clock tick of the last write, when mtime and ctime do not move (the "racy git" problem, here
 *   for the index file itself). An index with no checksum (index.skipHash) is never kept.
 * - for a split index, the shared part's identity is unchanged too.
 * Anything else reads the file again, checksum verified, as without this cache. `index.lock` is
 * taken before any load that leads to a write, as before: the cache never replaces the lock.
 */
interface KeptIndex {
  identity: string
  buf: Buffer
  /** Built at the first reuse of an index this engine wrote. */
  scan: IndexScan | null
  splitEntries: IndexEntry[] | null
  shared: { path: string; identity: string; mtimeSec: number } | null
}

/** Bytes of index kept in all, the least recently used dropped first (a hub writes to few bases at a time). */
const KEPT_BYTES_MAX = 16 * 1024 * 1024

const kept = new Map<string, KeptIndex>()

function identityOf(st: BigIntStats): string {
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`
}

function keep(indexPath: string, entry: KeptIndex): void {
  kept.delete(indexPath)
  if (entry.buf.length > KEPT_BYTES_MAX) return
  kept.set(indexPath, entry)
  let total = 0
  for (const e of kept.values()) total += e.buf.length
  for (const [path, e] of kept) {
    if (total <= KEPT_BYTES_MAX) break
    kept.delete(path)
    total -= e.buf.length
  }
}

/** The kept index of `indexPath` if the file open on `fh` (stat `st`) is still exactly it. */
async function keptFor(indexPath: string, fh: FileHandle, st: BigIntStats): Promise<KeptIndex | null> {
  const known = kept.get(indexPath)
  if (!known || known.identity !== identityOf(st)) return null
  const trailer = known.buf.subarray(known.buf.length - 20)
  if (trailer.equals(Buffer.alloc(20))) return null
  const onDisk = Buffer.alloc(20)
  const { bytesRead } = await fh.read(onDisk, 0, 20, known.buf.length - 20)
  if (bytesRead !== 20 || !onDisk.equals(trailer)) return null
  if (known.shared) {
    const st2 = await stat(known.shared.path, { bigint: true }).catch(() => null)
    if (!st2 || identityOf(st2) !== known.shared.identity) return null
  }
  kept.delete(indexPath)
  kept.set(indexPath, known)
  return known
}

/**
 * Records the index this engine just renamed into place (`buf`, written through a lock file
 * whose inode was `ino`), so that the next write does not read it back. Nothing is kept when the
 * file at `indexPath` is no longer that inode (another writer got in after the rename).
 */
export async function keepWrittenIndex(indexPath: string, buf: Buffer, ino: bigint): Promise<void> {
  const st = await stat(indexPath, { bigint: true }).catch(() => null)
  if (!st || st.ino !== ino || st.size !== BigInt(buf.length)) {
    kept.delete(indexPath)
    return
  }
  keep(indexPath, { identity: identityOf(st), buf, scan: null, splitEntries: null, shared: null })
}

function secondsOf(ns: bigint): number {
  return Number(ns / 1_000_000_000n)
}

/** Reads the index at `indexPath` (null when there is none); throws UnsupportedShape or a corruption Error. */
export async function loadIndex(indexPath: string): Promise<LoadedIndex | null> {
  let fh: FileHandle
  try {
    fh = await open(indexPath, 'r')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
    kept.delete(indexPath)
    return null
  }
  try {
    // Stat and bytes from one open file: they describe the same inode even if the index is
    // replaced meanwhile.
    const st = await fh.stat({ bigint: true })
    const hit = await keptFor(indexPath, fh, st)
    if (hit) {
      hit.scan ??= scanIndex(hit.buf, true)
      const sharedSec = hit.shared?.mtimeSec ?? Infinity
      return {
        scan: hit.scan,
        racySec: Math.min(secondsOf(st.mtimeNs), sharedSec),
        splitEntries: hit.splitEntries
      }
    }
    kept.delete(indexPath)
    const buf = await fh.readFile()
    const scan = scanIndex(buf)
    let racySec = secondsOf(st.mtimeNs)
    let splitEntries: IndexEntry[] | null = null
    let shared: KeptIndex['shared'] = null
    if (scan.link) {
      const link = parseLink(scan)
      if (link.shared === '0'.repeat(40)) {
        if (link.deleted.length || link.replaced.length) throw corrupt('extension link sans index partagé')
        splitEntries = entriesOf(scan)
      } else {
        const sharedPath = join(dirname(indexPath), `sharedindex.${link.shared}`)
        const sharedFile = await readWithStat(sharedPath)
        if (!sharedFile) throw new Error(`index partagé ${sharedPath} introuvable`)
        const sharedScan = scanIndex(sharedFile.buf)
        if (sharedScan.link) throw corrupt('index partagé lui-même divisé')
        if (sharedFile.buf.toString('hex', sharedFile.buf.length - 20) !== link.shared)
          throw corrupt(`index partagé ${sharedPath} ne correspond pas à sa somme`)
        const mtimeSec = secondsOf(sharedFile.st.mtimeNs)
        racySec = Math.min(racySec, mtimeSec)
        splitEntries = mergeSplit(scan, link, sharedScan)
        shared = { path: sharedPath, identity: identityOf(sharedFile.st), mtimeSec }
      }
    }
    if (buf.length === Number(st.size))
      keep(indexPath, { identity: identityOf(st), buf, scan, splitEntries, shared })
    return { scan, racySec, splitEntries }
  } finally {
    await fh.close()
  }
}

/** Throws UnsupportedShape (or a corruption Error) when the index at `indexPath` is one the engine cannot keep. */
export async function inspectIndex(indexPath: string): Promise<void> {
  // The parsed index stays for the commit that follows (an unchanged one is not read again).
  await loadIndex(indexPath)
}
