import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { eventBases, isJournalEvent, type JournalEvent } from './events'

/**
 * The journal's folder as a whole: which files it holds, reading them back (skipping what a crash
 * tore), bounding them (age, total size) and purging them. No state: every process sees the files.
 */

const FILE = /^\d{8}T\d{6}Z-\d+-[0-9a-f]+\.jsonl$/

interface JournalFile {
  path: string
  bytes: number
  mtimeMs: number
}

/** The journal's files, oldest first (their names start with the time each was begun). */
export function journalFiles(dir: string): JournalFile[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw e
  }
  const files: JournalFile[] = []
  for (const name of names.filter((n) => FILE.test(n)).sort()) {
    const path = join(dir, name)
    try {
      const st = statSync(path)
      if (st.isFile()) files.push({ path, bytes: st.size, mtimeMs: st.mtimeMs })
    } catch {
      // Pruned or purged by another process between the listing and the stat.
    }
  }
  return files
}

export interface ParsedLines {
  events: JournalEvent[]
  /** Lines not read back: torn by a crash (no final newline), or not an event of this version. */
  skipped: number
}

/**
 * One file's text. A last line without its newline is a write a crash cut short: skipped, like any
 * line that does not parse to an event — the rest of the file stands.
 */
export function parseJournalText(text: string): ParsedLines {
  const events: JournalEvent[] = []
  let skipped = 0
  const lines = text.split('\n')
  const torn = lines.pop()
  if (torn !== undefined && torn !== '') skipped++
  for (const line of lines) {
    if (line === '') continue
    let v: unknown
    try {
      v = JSON.parse(line)
    } catch {
      skipped++
      continue
    }
    if (isJournalEvent(v)) events.push(v)
    else skipped++
  }
  return { events, skipped }
}

export interface ReadJournalOptions {
  /** Events at or after this time only. */
  since?: Date
  /** Events before this time only. */
  until?: Date
  /** Events that concern this base only (a search over several bases concerns each). */
  base?: string
}

/** Every event kept, oldest first, filtered; what could not be read back is counted, never thrown. */
export function readJournal(dir: string, opts: ReadJournalOptions = {}): ParsedLines {
  const since = opts.since?.getTime() ?? -Infinity
  const until = opts.until?.getTime() ?? Infinity
  const events: JournalEvent[] = []
  let skipped = 0
  for (const f of journalFiles(dir)) {
    // A file last written before `since` holds nothing after it.
    if (f.mtimeMs < since) continue
    let text: string
    try {
      text = readFileSync(f.path, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw e
    }
    const parsed = parseJournalText(text)
    skipped += parsed.skipped
    for (const e of parsed.events) {
      const t = Date.parse(e.t)
      if (t < since || t >= until) continue
      if (opts.base !== undefined && !eventBases(e).includes(opts.base)) continue
      events.push(e)
    }
  }
  // Files of concurrent servers overlap in time: one order for every reader.
  events.sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0))
  return { events, skipped }
}

export interface JournalStats {
  files: number
  bytes: number
  /** Complete lines (a torn last line is not counted). */
  events: number
}

/** Size and event count, cheaply: lines are counted, not parsed. */
export function journalStats(dir: string): JournalStats {
  let events = 0
  let bytes = 0
  const files = journalFiles(dir)
  for (const f of files) {
    bytes += f.bytes
    try {
      const buf = readFileSync(f.path)
      for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) events++
    } catch {
      // Gone since the listing: counted as empty.
    }
  }
  return { files: files.length, bytes, events }
}

export interface PruneOptions {
  now: Date
  maxAgeDays: number
  maxTotalBytes: number
  /** The file about to be written (never dropped). */
  keep?: string
  /** Room to leave for the file about to be written, so the folder stays within the total. */
  reserve?: number
}

/** Drops files last written more than `maxAgeDays` ago, then the oldest until the total fits. */
export function pruneJournal(dir: string, opts: PruneOptions): number {
  const oldest = opts.now.getTime() - opts.maxAgeDays * 86_400_000
  let dropped = 0
  const kept: JournalFile[] = []
  for (const f of journalFiles(dir)) {
    if (f.path !== opts.keep && f.mtimeMs < oldest) {
      rmSync(f.path, { force: true })
      dropped++
    } else kept.push(f)
  }
  let total = kept.reduce((n, f) => n + f.bytes, 0)
  const budget = Math.max(0, opts.maxTotalBytes - (opts.reserve ?? 0))
  for (const f of kept) {
    if (total <= budget) break
    if (f.path === opts.keep) continue
    rmSync(f.path, { force: true })
    total -= f.bytes
    dropped++
  }
  return dropped
}

/** Deletes every journal file (a running server starts a new one at its next event). */
export function purgeJournal(dir: string): number {
  const files = journalFiles(dir)
  for (const f of files) rmSync(f.path, { force: true })
  return files.length
}
