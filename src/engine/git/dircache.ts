import { createHash } from 'node:crypto'
import type { BigIntStats } from 'node:fs'
import {
  entriesOf,
  stageOf,
  type IndexChange,
  type IndexEntry,
  type IndexScan,
  type LoadedIndex
} from './index-file'

/**
 * Writing git's index after a commit (the entries the commit changed, the racy ones smudged) and
 * the questions the write paths ask of a loaded index; reading and checking the format is
 * `index-file.ts`. An index is always written back whole (never split), as `git update-index
 * --no-split-index` does.
 */

interface IndexEdit {
  /** Entries with exactly these paths go (every stage). */
  exact: Buffer[]
  /** Entries under these directories go (`update-index --replace`: a file replaces a directory). */
  under: Buffer[]
  /** New entries, sorted by path bytes. */
  added: IndexEntry[]
}

function u32(n: bigint): number {
  return Number(n & 0xffffffffn)
}

function newIndexEntry(change: IndexChange): IndexEntry {
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
 * An entry for a blob of a tree, without stat data: git finds the size differing and compares
 * the content, so a matching file shows clean and gets its stat data on git's next refresh.
 */
export function treeIndexEntry(path: Buffer, mode: string, oid: Buffer): IndexEntry {
  const fixed = Buffer.alloc(62)
  fixed.writeUInt32BE(parseInt(mode, 8), 24)
  oid.copy(fixed, 40)
  fixed.writeUInt16BE(Math.min(path.length, 0xfff), 60)
  return { fixed, path, key: path.toString('latin1') }
}

function indexEdit(changes: IndexChange[]): IndexEdit {
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

function encodeVarint(value: number): Buffer {
  const bytes = [value & 127]
  while ((value >>= 7)) bytes.unshift(128 | (--value & 127))
  return Buffer.from(bytes)
}

function serializeIndex(requested: number, entries: IndexEntry[]): Buffer {
  // Git's own rule: 3 only when an entry has extended flags, 2 otherwise; 4 stays 4.
  const extended = entries.some((e) => e.fixed.length === 64)
  const version = requested === 4 ? 4 : extended ? 3 : 2
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

/** `entries` (sorted) with the edit applied and the racily clean ones smudged. */
function applyEdit(entries: IndexEntry[], racySec: number | null, edit: IndexEdit): IndexEntry[] {
  const exact = new Set(edit.exact.map((b) => b.toString('latin1')))
  const under = edit.under.map((b) => b.toString('latin1'))
  const kept: IndexEntry[] = []
  for (const e of entries) {
    if (exact.has(e.key) || under.some((u) => e.key.startsWith(u))) continue
    if (racySec !== null && e.fixed.readUInt32BE(8) >= racySec) {
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
  return merged
}

/**
 * The index after a commit of `changes`. Other entries are carried over byte for byte, except
 * that the racily clean ones get their size zeroed (git's smudging) so the newer index timestamp
 * cannot make git trust them. `current` null: there was no index; `fromTree` then lists the new
 * commit's tree (null on a root commit, where the committed paths are the whole tree).
 */
export function nextIndex(
  current: LoadedIndex | null,
  changes: IndexChange[],
  fromTree: IndexEntry[] | null
): Buffer {
  const edit = indexEdit(changes)
  if (current === null) return serializeIndex(2, applyEdit(fromTree ?? [], null, edit))
  const { scan, racySec, splitEntries } = current
  if (splitEntries) return serializeIndex(scan.version, applyEdit(splitEntries, racySec, edit))
  if (scan.version === 4) return serializeIndex(4, applyEdit(entriesOf(scan), racySec, edit))
  return fastEditV2V3(scan, racySec, edit)
}

/**
 * Versions 2 and 3, without building an object per entry (20,000 entries cost ~1 ms instead of
 * ~120 ms): the touched paths are found by binary search, and the kept entries are copied as byte
 * ranges.
 */
function fastEditV2V3(scan: IndexScan, racySec: number, edit: IndexEdit): Buffer {
  const { buf, count } = scan
  const offs = scan.offs as Int32Array
  const pathStart = scan.pathStart as Int32Array
  const pathLen = scan.pathLen as Int32Array

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
    for (let j = runStart; j < until; j++) {
      // Racily clean against the old index: zero the size so git re-checks the content.
      if (buf.readUInt32BE(offs[j] + 8) >= racySec)
        out.writeUInt32BE(0, pos + (offs[j] - offs[runStart]) + 36)
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

/** A new (62-byte fixed part) entry in the v2/v3 layout: path, then 1–8 NULs up to a multiple of 8. */
function entryBytesV2(e: IndexEntry): Buffer {
  const len = e.fixed.length + e.path.length
  return Buffer.concat([e.fixed, e.path, Buffer.alloc(((len + 8) & ~7) - len)])
}

// ---------------------------------------------------------------------------------------------
// Lookup (sync: what the index records for the paths a fast-forward would change)

export interface IndexedPath {
  oid: string
  /** 0 when merged; 1–3 for an unresolved conflict's stages. */
  stage: number
  mode: string
  /** skip-worktree (sparse checkout) or intent-to-add: the worktree file is not what git compares. */
  special: boolean
  /** Its stat data when git would trust it (`trustedStat`), else null: the file must be read. */
  stat: IndexStat | null
}

/** What the index records for each of `paths` (every stage); a path absent from the map has no entry. */
export function indexedPaths(index: LoadedIndex, paths: string[]): Map<string, IndexedPath[]> {
  const wanted = new Set(paths.map((p) => Buffer.from(p, 'utf8').toString('latin1')))
  const out = new Map<string, IndexedPath[]>()
  const all = index.splitEntries ?? entriesOf(index.scan)
  for (const e of all) {
    if (!wanted.has(e.key)) continue
    const path = e.path.toString('utf8')
    const list = out.get(path) ?? []
    list.push({
      oid: e.fixed.toString('hex', 40, 60),
      stage: stageOf(e),
      mode: e.fixed.readUInt32BE(24).toString(8),
      special: isSpecial(e),
      stat: trustedStat(e, index.racySec)
    })
    out.set(path, list)
  }
  return out
}

/** An entry's stat data as recorded (merged entries only), for a status that trusts unchanged stats as git does. */
export interface IndexStat {
  oid: string
  ctimeSec: number
  ctimeNsec: number
  mtimeSec: number
  mtimeNsec: number
  ino: number
  /** The size truncated to 32 bits, as git stores it. */
  size: number
}

/** skip-worktree (sparse checkout) or intent-to-add. */
function isSpecial(e: IndexEntry): boolean {
  return ((e.fixed.length === 64 ? e.fixed.readUInt16BE(62) : 0) & 0x6000) !== 0
}

/**
 * A merged (stage 0), ordinary entry's stat data, or null. An entry whose mtime is not older than
 * the index file itself (`racySec`) gets null: git re-hashes those too (a same-size edit within
 * the second the index was written would otherwise look clean).
 */
function trustedStat(e: IndexEntry, racySec: number): IndexStat | null {
  if (stageOf(e) !== 0 || isSpecial(e)) return null
  const mtimeSec = e.fixed.readUInt32BE(8)
  if (mtimeSec >= racySec) return null
  return {
    oid: e.fixed.toString('hex', 40, 60),
    ctimeSec: e.fixed.readUInt32BE(0),
    ctimeNsec: e.fixed.readUInt32BE(4),
    mtimeSec,
    mtimeNsec: e.fixed.readUInt32BE(12),
    ino: e.fixed.readUInt32BE(20),
    size: e.fixed.readUInt32BE(36)
  }
}

/** Every trusted entry's stat data by path (`trustedStat`), for a status of the whole worktree. */
export function indexStats(index: LoadedIndex): Map<string, IndexStat> {
  const out = new Map<string, IndexStat>()
  for (const e of index.splitEntries ?? entriesOf(index.scan)) {
    const stat = trustedStat(e, index.racySec)
    if (stat) out.set(e.path.toString('utf8'), stat)
  }
  return out
}

/**
 * Git's shortcut (`ie_match_stat`, core.trustctime on): a file whose stat data is the one its (not
 * racily clean) entry recorded holds that entry's blob, unread. The ctime is compared too, as git
 * does: a write that put the mtime back still moves it. A zero nanosecond or inode field is one
 * git or a filesystem did not record, and is not compared.
 */
export function statMatches(known: IndexStat, st: BigIntStats): boolean {
  if (!(st.isFile() || st.isSymbolicLink())) return false
  const time = (ns: bigint, sec: number, nsec: number): boolean =>
    Number(ns / 1_000_000_000n) === sec && (nsec === 0 || Number(ns % 1_000_000_000n) === nsec)
  return (
    time(st.mtimeNs, known.mtimeSec, known.mtimeNsec) &&
    time(st.ctimeNs, known.ctimeSec, known.ctimeNsec) &&
    Number(st.size & 0xffffffffn) === known.size &&
    (known.ino === 0 || Number(st.ino & 0xffffffffn) === known.ino)
  )
}
