import { closeSync, fstatSync, openSync, readSync, type Stats } from 'node:fs'
import { basename } from 'node:path'
import { isJournalEvent, type JournalEvent } from './events'
import { journalFiles } from './store'

/**
 * Follows the journal folder as it grows, for a reader that folds it (the insights' re-check):
 * each call hands on only the complete lines appended since the last one. Writers only ever append
 * to their own files and start new ones (`writer.ts`); anything else — a file pruned or purged, a
 * file truncated or rewritten in place (by hand, by a test) — cannot be undone line by line, so the
 * reader starts over: the sink is told to forget, and every file is read again from its start.
 * Lines are read as `readJournal` reads them: a last line without its newline (torn by a crash, or
 * still being written) is left for the next call, a line that is not an event is skipped.
 * A file is known as the one read before by its device and inode, a length at least what was read,
 * and its first bytes and the bytes before the mark unchanged. What that cannot tell — a file
 * deleted and written again under the same name, on a reused inode, with the same first bytes and
 * the same bytes at the old mark — no writer does: names carry their start time and a random suffix.
 */

export interface JournalSink {
  /** What was handed on no longer stands: forget it all; every event follows again. */
  reset(): void
  event(e: JournalEvent): void
}

/** Where the reader stands in one file. */
interface Mark {
  dev: number
  ino: number
  /** Every complete line before this offset has been handed on. */
  offset: number
  /** The file's first bytes and the bytes just before `offset`: a file rewritten in place differs there. */
  head: Buffer
  tail: Buffer
}

export interface CatchUp {
  /** Complete lines read by this call. */
  lines: number
  /** Lines that were not events (unparsable, another version's). */
  skipped: number
  /** Whether this call started over. */
  restarted: boolean
}

const CHUNK = 1 << 20
const PROBE = 64
const NEWLINE = 10

class Changed extends Error {}

/**
 * Files in the order their lines are handed on: by name (a file's start time, then its process),
 * and two files of one process begun in the same second by when they were last written — the
 * random suffix of their names says nothing of their order, and a session's events must come in
 * the order its server wrote them.
 */
function inWriteOrder<T extends { path: string; mtimeMs: number }>(files: T[]): T[] {
  const stem = (p: string): string => basename(p).replace(/-[0-9a-f]+\.jsonl$/, '')
  return [...files].sort((a, b) => {
    const sa = stem(a.path)
    const sb = stem(b.path)
    if (sa !== sb) return sa < sb ? -1 : 1
    return a.mtimeMs - b.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
  })
}

function readAt(fd: number, length: number, position: number): Buffer {
  const b = Buffer.alloc(length)
  let got = 0
  while (got < length) {
    const n = readSync(fd, b, got, length - got, position + got)
    if (n === 0) break
    got += n
  }
  return got === length ? b : b.subarray(0, got)
}

export class JournalTail {
  private readonly marks = new Map<string, Mark>()
  private buffer: Buffer | null = null

  constructor(private readonly dir: string) {}

  /**
   * Hands `sink` the events of the complete lines appended since the last call, or, when the files
   * changed otherwise, `reset()` then every event again. Throws what the file system throws
   * (other than a file vanishing, which is a pruning); the reader's marks then stay where the sink
   * stands, but a caller that cannot tell should start a new tail and a new sink.
   */
  catchUp(sink: JournalSink): CatchUp {
    const result: CatchUp = { lines: 0, skipped: 0, restarted: false }
    this.buffer = Buffer.allocUnsafe(CHUNK)
    try {
      try {
        this.pass(sink, result, false)
      } catch (e) {
        // A file read before vanished or changed under this pass: start over. A pass that starts
        // over holds no mark, so it cannot find a file changed under it.
        if (!(e instanceof Changed)) throw e
        this.pass(sink, result, true)
      }
      return result
    } finally {
      this.buffer = null
    }
  }

  private pass(sink: JournalSink, result: CatchUp, restart: boolean): void {
    const files = inWriteOrder(journalFiles(this.dir))
    if (!restart) {
      const listed = new Set(files.map((f) => f.path))
      for (const p of this.marks.keys()) if (!listed.has(p)) restart = true
    }
    if (restart) {
      this.marks.clear()
      Object.assign(result, { lines: 0, skipped: 0, restarted: true })
      sink.reset()
    }
    for (const f of files) this.readFile(f.path, sink, result)
  }

  private readFile(path: string, sink: JournalSink, result: CatchUp): void {
    const mark = this.marks.get(path)
    let fd: number
    try {
      fd = openSync(path, 'r')
    } catch (e) {
      // Pruned or purged since the listing: what it held must go, unless nothing was read of it.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        if (mark) throw new Changed()
        return
      }
      throw e
    }
    try {
      const st = fstatSync(fd)
      if (mark && !this.same(fd, st, mark)) throw new Changed()
      const from = mark?.offset ?? 0
      if (st.size > from) this.readLines(fd, path, st, from, sink, result)
    } finally {
      closeSync(fd)
    }
  }

  /** Whether the file is still the one read up to the mark, only longer. */
  private same(fd: number, st: Stats, m: Mark): boolean {
    if (st.dev !== m.dev || st.ino !== m.ino || st.size < m.offset) return false
    if (!readAt(fd, m.head.length, 0).equals(m.head)) return false
    return readAt(fd, m.tail.length, m.offset - m.tail.length).equals(m.tail)
  }

  private readLines(
    fd: number,
    path: string,
    st: Stats,
    from: number,
    sink: JournalSink,
    result: CatchUp
  ): void {
    const buf = this.buffer as Buffer
    let pos = from
    // The bytes of a line longer than what was read so far.
    let carry: Buffer | null = null
    while (pos < st.size) {
      const n = readSync(fd, buf, 0, Math.min(CHUNK, st.size - pos), pos)
      if (n === 0) break
      pos += n
      const data: Buffer = carry ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n)
      const end = data.lastIndexOf(NEWLINE)
      if (end === -1) {
        carry = Buffer.from(data)
        continue
      }
      for (const line of data.toString('utf8', 0, end).split('\n')) {
        if (line === '') continue
        result.lines++
        let v: unknown
        try {
          v = JSON.parse(line)
        } catch {
          result.skipped++
          continue
        }
        if (isJournalEvent(v)) sink.event(v)
        else result.skipped++
      }
      carry = end + 1 < data.length ? Buffer.from(data.subarray(end + 1)) : null
      const offset = pos - (carry?.length ?? 0)
      this.marks.set(path, {
        dev: st.dev,
        ino: st.ino,
        offset,
        head: this.marks.get(path)?.head ?? readAt(fd, Math.min(PROBE, offset), 0),
        tail: readAt(fd, Math.min(PROBE, offset), offset - Math.min(PROBE, offset))
      })
    }
  }
}
