import { spawn } from 'node:child_process'
import { statSync } from 'node:fs'
import { constants, setPriority } from 'node:os'
import { sep } from 'node:path'
import { isDocumentPath, ripgrepSelection } from '../corpus/document-rule'
import { toPosixRelative } from '../corpus/paths'
import { invalidInput, ioError } from '../errors'
import { composed, foldCase, foldCaseWide, ripgrepSpellings } from './terms'

/**
 * The ripgrep process of kb_search: one run per base per query, over corpus-dir, streamed.
 *
 * Keyword mode reads each occurrence (`--only-matching`); which query term(s) a matched text carries
 * is ours to compute (rg's `-i` is Unicode simple case folding, `foldCase` is String#toLowerCase, with
 * a wider fallback for the few characters where the two disagree). Regex mode reads ripgrep's JSON
 * and only its first three match lines per file. Per file we keep counts, never the lines
 * themselves: the snippets are rebuilt from the file when a document is actually shown.
 */

export const RG_TIMEOUT_MS = 30_000

/** Above this many matching files, keyword mode stops stat-ing each one for BM25 (see scanCorpus). */
export const STAT_LIMIT = 1000

/** Hits kept per file for the snippets: the contract shows at most three windows. */
export const MAX_HITS = 3

export type RgMode = 'keyword' | 'regex'

export interface Hit {
  /** 1-based line number. */
  line: number
  /** Number of distinct query terms on the line (keyword mode; 0 in regex mode). */
  distinct: number
}

export interface FileHits {
  /** Absolute path as ripgrep reported it. */
  abs: string
  /** Corpus-relative, `/` separators. */
  rel: string
  /** Size in bytes (ripgrep's `bytes_searched`; 0 when its stats were not received). */
  bytes: number
  /** Lines with at least one match (ripgrep's stats, or the parsed lines). */
  matchedLines: number
  /** Matches (ripgrep's stats, or the parsed submatches). */
  matches: number
  /** Keyword mode: occurrences of each term. */
  termCounts: number[]
  /** Keyword mode: number of parsed lines carrying each term. */
  termLines: number[]
  /** Keyword mode: number of distinct terms present. */
  termsTouched: number
  /** Keyword mode: largest number of distinct terms on one line. */
  bestLineDistinct: number
  /** At most MAX_HITS: keyword mode, most distinct terms first (ties: earlier line); regex, first lines. */
  hits: Hit[]
  /** Match lines actually parsed. */
  parsedLines: number
  /** ripgrep submatches on the parsed lines. */
  parsedMatches: number
}

export interface ScanResult {
  /** Keyed by corpus-relative path; exclusions already re-applied. */
  files: Map<string, FileHits>
  /** Files ripgrep searched (its summary), or null when no summary was received. */
  filesSearched: number | null
  /** Bytes ripgrep searched over every file (its summary), or null. */
  bytesSearched: number | null
}

export interface ScanOptions {
  /** Override of the binary (tests). */
  rgPath?: string
  /** Override of the 30 s timeout (tests). */
  timeoutMs?: number
  /**
   * ripgrep's worker threads; its default (one per core) when absent. Several bases are searched by
   * as many ripgrep processes at once: each then takes its share of the cores (searchBases).
   */
  threads?: number
  /**
   * The hub's own work, which nobody waits on (a proposal's likely documents, the gaps' check):
   * ripgrep runs at the OS's below-normal priority, so that an agent's kb_search in the same moment
   * keeps its pace (docs/PERFORMANCE.md, « Background scans yield to agents' searches »).
   */
  background?: boolean
}

let resolvedRgPath: string | null = null

/** The binary shipped by @vscode/ripgrep, corrected to the unpacked copy when the app runs from an asar. */
export async function ripgrepPath(): Promise<string> {
  if (resolvedRgPath !== null) return resolvedRgPath
  // Loaded on demand: the package throws at import time when its platform binary is missing, and
  // that must surface as kb_search's IO_ERROR, not as a server that cannot start.
  const { rgPath } = await import('@vscode/ripgrep')
  resolvedRgPath = unpackedPath(rgPath)
  return resolvedRgPath
}

/** ripgrep could not be started (no binary, a spawn refused): the machine's fault, IO_ERROR. */
function notStarted(e: unknown): Error {
  return ioError(`ripgrep n'a pas pu être lancé : ${e instanceof Error ? e.message : String(e)}`)
}

/** The binary a scan runs: the options' override, else the shipped one; IO_ERROR when there is none. */
export async function ripgrepBin(options: ScanOptions): Promise<string> {
  try {
    return options.rgPath ?? (await ripgrepPath())
  } catch (e) {
    throw notStarted(e)
  }
}

/** `…/app.asar/…` → `…/app.asar.unpacked/…` (a binary cannot be executed from inside an asar). */
export function unpackedPath(p: string): string {
  return p.replace(/app\.asar(?!\.unpacked)/, 'app.asar.unpacked')
}

/**
 * The exact argument vector: exported so tests can pin it.
 *
 * Keyword mode asks for `--only-matching` plain output (`path\0line:match`, one line per
 * occurrence, blank line between files, `--stats` at the end) instead of `--json`: a common term
 * makes ripgrep's JSON carry every matching line in full — 32 MB for one word over 10,000 pages —
 * where the occurrences alone weigh 1.3 MB, and give exact per-term counts on every line. Regex
 * mode keeps `--json` (a match may span what `-o` would split, and only three hits are read).
 */
export function ripgrepArgs(dir: string, mode: RgMode, patterns: string[], threads?: number): string[] {
  const args =
    mode === 'keyword'
      ? ['--only-matching', '--line-number', '--heading', '--null', '--stats', '--color', 'never']
      : ['--json']
  if (threads !== undefined) args.push('--threads', String(threads))
  // Which files ripgrep walks into is the corpus's document rule, not ripgrep's defaults.
  args.push('--ignore-case', ...ripgrepSelection())
  if (mode === 'keyword') args.push('--fixed-strings')
  // ripgrep reports the leftmost-first alternative: longest terms first, so a match is the longest
  // term at that position and the shorter terms it contains are counted from its text.
  const ordered =
    mode === 'keyword' ? ripgrepSpellings(patterns).sort((a, b) => b.length - a.length) : patterns
  for (const p of ordered) args.push('-e', p)
  args.push('--', dir)
  return args
}

interface RgText {
  text?: string
  bytes?: string
}

function rgText(v: RgText | undefined): string | null {
  if (v === undefined || v === null) return null
  if (typeof v.text === 'string') return v.text
  if (typeof v.bytes === 'string') return Buffer.from(v.bytes, 'base64').toString('utf8')
  return null
}

interface RgStats {
  bytes_searched?: number
  matched_lines?: number
  matches?: number
  searches?: number
}

interface RgMessage {
  type: string
  data: {
    path?: RgText
    line_number?: number | null
    submatches?: { match: RgText }[]
    stats?: RgStats
  }
}

const MATCH_PREFIX = Buffer.from('{"type":"match"')
const STDERR_LIMIT = 64 * 1024

/** Keeps `hits` as the best MAX_HITS by (distinct desc, line asc); lines arrive in increasing order. */
function offerHit(hits: Hit[], hit: Hit): void {
  if (hits.length === MAX_HITS) {
    const worst = hits[hits.length - 1]
    if (hit.distinct <= worst.distinct) return
    hits.pop()
  }
  let i = hits.length
  while (i > 0 && hits[i - 1].distinct < hit.distinct) i--
  hits.splice(i, 0, hit)
}

/**
 * A copy of `s` that does not point into the string it was cut from. V8 keeps a slice's whole
 * parent alive: a path cut from a 64 KB chunk of ripgrep's output and kept by a cache (the
 * inventory's likely documents, the document cache) kept that chunk — 45 KB per pending proposal
 * in `okf-hub ui`, the soak's growing RSS. Once per file, never per occurrence.
 */
function detached(s: string): string {
  return Buffer.from(s, 'utf8').toString('utf8')
}

/** A path ripgrep printed, as the corpus knows it. */
export interface PrintedPath {
  /** Corpus-relative, `/` separators. */
  rel: string
  /** Absolute. */
  abs: string
}

/**
 * Maps the paths ripgrep prints to corpus paths, or null for one outside the document rule (the
 * rule re-applied on what ripgrep reports: its globs are its whole enforcement otherwise).
 * `inDir`: ripgrep ran inside `dir` over `.` (keyword mode), else over `dir` itself.
 */
export function corpusPathOf(dir: string, inDir: boolean): (printed: string) => PrintedPath | null {
  const dirPrefix = dir.endsWith(sep) ? dir : dir + sep
  // ripgrep prints paths under the directory it was given: strip that prefix rather than pay
  // path.relative (which resolves both sides against the cwd) for each of thousands of files.
  const prefix = inDir ? '.' + sep : dirPrefix
  return (printed) => {
    const native = printed.startsWith(prefix) ? printed.slice(prefix.length) : null
    const rel =
      native !== null
        ? sep === '/'
          ? native
          : native.split(sep).join('/')
        : inDir
          ? toPosixRelative(dir, dirPrefix + printed)
          : toPosixRelative(dir, printed)
    if (rel === '' || rel.startsWith('..') || !isDocumentPath(rel)) return null
    return { rel, abs: inDir ? dirPrefix + (native ?? printed) : printed }
  }
}

/** Distinct matched texts remembered per scan; past it the memo starts again (never reached by fixed terms). */
const MATCH_MEMO_MAX = 10_000

/**
 * Which keyword terms a matched text carries: ripgrep reports the leftmost-first (longest) term at a
 * position, and a term contained in the matched text counts too (`react` inside a `reactdom`
 * match). Remembered per distinct text: a scan sees the same few spellings tens of thousands of
 * times, and with many terms (a presence scan) the test of every term would dominate.
 */
export function matchAttributor(terms: readonly string[]): (raw: string) => readonly number[] {
  const folded = terms.map(foldCase)
  const foldedWide = terms.map(foldCaseWide)
  const memo = new Map<string, number[]>()
  return (raw) => {
    const held = memo.get(raw)
    if (held !== undefined) return held
    // A decomposed spelling ripgrep found is attributed as the composed term it spells.
    const text = composed(raw)
    const m = foldCase(text)
    let out: number[] = []
    for (let k = 0; k < terms.length; k++) if (folded[k] !== '' && m.includes(folded[k])) out.push(k)
    if (out.length === 0) {
      // ripgrep's simple case folding saw a match that toLowerCase does not.
      const w = foldCaseWide(text)
      out = []
      for (let k = 0; k < terms.length; k++)
        if (foldedWide[k] !== '' && w.includes(foldedWide[k])) out.push(k)
    }
    if (memo.size >= MATCH_MEMO_MAX) memo.clear()
    memo.set(raw, out)
    return out
  }
}

/**
 * Splits a byte stream into lines (without their `\n`), handed over in place: a `\n` byte is never
 * part of a multi-byte UTF-8 character, and a line cut by a chunk's end waits, as bytes, for the rest.
 */
export function byteLines(onLine: (buf: Buffer, start: number, end: number) => void): {
  push: (chunk: Buffer) => void
  end: () => void
} {
  let pendingBytes: Buffer | null = null
  return {
    push(chunk) {
      const buf: Buffer = pendingBytes === null ? chunk : Buffer.concat([pendingBytes, chunk])
      pendingBytes = null
      let start = 0
      for (let nl = buf.indexOf(10); nl !== -1; nl = buf.indexOf(10, start)) {
        onLine(buf, start, nl)
        start = nl + 1
      }
      if (start < buf.length) pendingBytes = buf.subarray(start)
    },
    end() {
      const rest = pendingBytes
      pendingBytes = null
      if (rest !== null && rest.length > 0) onLine(rest, 0, rest.length)
    }
  }
}

/** One ripgrep process: its output handed over as it comes, its exit judged once it closes. */
export interface RipgrepRun {
  bin: string
  args: string[]
  /** Runs inside this directory; the run resolves 'retry' when ripgrep cannot be started there. */
  cwd?: string
  timeoutMs?: number
  /** `ScanOptions.background`. */
  background?: boolean
  onStdout: (chunk: Buffer) => void
  /** The process closed: what waits in the caller's buffers is complete. */
  onClose: () => void
  /** Whether the search ran to its end (its stats were read): exit 2 then only means an unreadable file. */
  completed: () => boolean
  /** The error a failure reports, from ripgrep's stderr (or a fallback text). */
  failure: (text: string) => Error
}

export function runRipgrep(r: RipgrepRun): Promise<void | 'retry'> {
  return new Promise<void | 'retry'>((resolve, reject) => {
    let child: ReturnType<typeof spawn>
    try {
      child = spawn(r.bin, r.args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
        ...(r.cwd !== undefined ? { cwd: r.cwd } : {})
      })
    } catch (e) {
      reject(notStarted(e))
      return
    }
    if (r.background && child.pid !== undefined) {
      try {
        setPriority(child.pid, constants.priority.PRIORITY_BELOW_NORMAL)
      } catch {
        // Gone already, or a system that refuses: the search runs at normal priority, as a
        // foreground one does — slower for a concurrent agent, never wrong.
      }
    }
    let settled = false
    const timer = setTimeout(() => {
      child.kill()
      finish(ioError('ripgrep a dépassé 30 s'))
    }, r.timeoutMs ?? RG_TIMEOUT_MS)
    const finish = (err: Error | null): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (err) reject(err)
      else resolve()
    }
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!settled) r.onStdout(chunk)
    })
    let stderr = ''
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (s: string) => {
      if (stderr.length < STDERR_LIMIT) stderr += s
    })
    child.on('error', (e) => {
      if (r.cwd !== undefined && !settled) {
        // Nothing was read yet: a process that could not start wrote nothing.
        settled = true
        clearTimeout(timer)
        resolve('retry')
        return
      }
      finish(notStarted(e))
    })
    child.on('close', (code, signal) => {
      if (settled) return
      r.onClose()
      if (code === 0 || code === 1) return finish(null)
      // Exit 2 after a completed search only means some file could not be read: the results stand.
      if (code === 2 && r.completed()) return finish(null)
      finish(r.failure(stderr.trim() || `ripgrep a échoué (code ${code ?? signal})`))
    })
  })
}

/**
 * Runs ripgrep over a corpus: `inside` (keyword mode), first inside it over `.` (see scanCorpus);
 * when ripgrep cannot be started there (gone, not a directory), again over the absolute path, where
 * it fails or succeeds as it would have. `run` is told which.
 */
export async function overCorpus(
  inside: boolean,
  run: (inDir: boolean) => Promise<void | 'retry'>
): Promise<void> {
  if (inside && (await run(true)) !== 'retry') return
  await run(false)
}

/** A plain keyword output's `files searched`, `bytes searched`… lines, as ripgrep's `--stats` prints them. */
const STAT_LINE =
  /^(\d+) (matches|matched lines|files contained matches|files searched|bytes printed|bytes searched)$/

/** What a plain keyword output (`ripgrepArgs`: `-o --heading --null --stats`) is made of, as it is read. */
export interface PlainOutput {
  /** A file block starts (`path\0line:match`); false: the file is not followed, its lines are skipped. */
  file: (printed: string) => boolean
  /** One `line:match` occurrence of the followed file, `buf[start, end)`. */
  occurrence: (buf: Buffer, start: number, end: number) => void
  /** The followed file's block ended (a blank line, the next header, the output's end). */
  fileEnd: () => void
  /** A `--stats` line: its name (`files searched`…) and number. */
  stat: (name: string, value: number) => void
}

/**
 * Reads a plain keyword output as it comes (`byteLines`). Only paths, and what `occurrence` chooses
 * to, are ever decoded, each into a string of its own.
 */
export function plainOutput(o: PlainOutput): { push: (chunk: Buffer) => void; end: () => void } {
  let following = false
  const ended = (): void => {
    if (!following) return
    following = false
    o.fileEnd()
  }
  const lines = byteLines((buf, start, end) => {
    if (start === end) return ended()
    const first = buf[start]
    // Inside a file block every line is `line:match` (a digit first): a header only follows the blank
    // line that closed the previous block. The search for a header's NUL stops at that NUL.
    if (following && first >= 48 && first <= 57) return o.occurrence(buf, start, end)
    const nul = buf.indexOf(0, start)
    if (nul >= 0 && nul < end) {
      ended()
      following = o.file(buf.toString('utf8', start, nul))
      if (following) o.occurrence(buf, nul + 1, end)
      return
    }
    if (following) return o.occurrence(buf, start, end)
    const st = STAT_LINE.exec(buf.toString('latin1', start, end))
    if (st) o.stat(st[2], Number(st[1]))
  })
  return {
    push: lines.push,
    end: () => {
      lines.end()
      ended()
    }
  }
}

/**
 * Runs ripgrep once over `dir` (canonical corpus-dir). `terms` are the keyword terms (fixed strings)
 * or, in regex mode, a single expression.
 */
export async function scanCorpus(
  dir: string,
  mode: RgMode,
  terms: string[],
  options: ScanOptions = {}
): Promise<ScanResult> {
  const bin = await ripgrepBin(options)
  const attribute = matchAttributor(terms)
  const files = new Map<string, FileHits>()
  let current: FileHits | null = null
  let currentExcluded = false
  let summary: RgStats | null = null

  // Keyword mode runs ripgrep inside the corpus over `.`: a path its standard printer writes is
  // resolved link by link first (a readlink per directory of the path), ten per file for a corpus
  // ten levels deep against two from `.` — a third of ripgrep's time on a term found in every file
  // (docs/PERFORMANCE.md, kb_search). Its JSON printer does not, so regex mode keeps the absolute
  // directory. When ripgrep cannot be started inside the directory (gone, not a directory), the
  // scan runs again as before, over the absolute path, and fails or succeeds as it would have.
  let pathOf = corpusPathOf(dir, mode === 'keyword')
  // `fresh`: `printed` was decoded on its own from ripgrep's bytes (keyword mode), not cut from a
  // larger string, so it holds nothing else alive and needs no copy.
  const fileFor = (printed: string, fresh = false): FileHits | null => {
    const p = pathOf(printed)
    if (p === null) return null
    let f = files.get(p.rel)
    if (f === undefined) {
      f = {
        abs: fresh ? p.abs : detached(p.abs),
        rel: fresh ? p.rel : detached(p.rel),
        bytes: 0,
        matchedLines: 0,
        matches: 0,
        termCounts: new Array<number>(terms.length).fill(0),
        termLines: new Array<number>(terms.length).fill(0),
        termsTouched: 0,
        bestLineDistinct: 0,
        hits: [],
        parsedLines: 0,
        parsedMatches: 0
      }
      files.set(p.rel, f)
    }
    return f
  }

  /**
   * JSON output is regex mode's only (keyword mode reads plain `-o` lines below): the first
   * MAX_HITS match lines of a file are all its excerpts need, its totals come from ripgrep's stats.
   */
  const wantsMatch = (f: FileHits): boolean => f.parsedLines < MAX_HITS

  const onMatch = (f: FileHits, msg: RgMessage): void => {
    const lineNo = msg.data.line_number
    if (typeof lineNo !== 'number') return
    f.parsedLines++
    const subs = msg.data.submatches ?? []
    f.parsedMatches += subs.length
    f.matches += subs.length
    f.hits.push({ line: lineNo, distinct: 0 })
  }

  const onLine = (buf: Buffer): void => {
    if (buf.length === 0) return
    const isMatch =
      buf.length >= MATCH_PREFIX.length && buf.subarray(0, MATCH_PREFIX.length).equals(MATCH_PREFIX)
    // ripgrep writes each file's messages as one contiguous begin…end block: a match belongs to the
    // file of the last `begin`, so a match we do not need is skipped without being parsed.
    if (isMatch && (currentExcluded || (current !== null && !wantsMatch(current)))) return
    let msg: RgMessage
    try {
      msg = JSON.parse(buf.toString('utf8')) as RgMessage
    } catch {
      return
    }
    switch (msg.type) {
      case 'begin': {
        const abs = rgText(msg.data.path)
        current = abs === null || msg.data.path?.text === undefined ? null : fileFor(abs)
        currentExcluded = current === null
        break
      }
      case 'match': {
        if (current === null) {
          const abs = msg.data.path?.text
          current = abs === undefined ? null : fileFor(abs)
          currentExcluded = current === null
        }
        if (current !== null && wantsMatch(current)) onMatch(current, msg)
        break
      }
      case 'end': {
        if (current !== null) {
          const st = msg.data.stats
          if (st !== undefined) {
            current.bytes = st.bytes_searched ?? current.bytes
            current.matchedLines = Math.max(st.matched_lines ?? 0, current.parsedLines)
            current.matches = Math.max(st.matches ?? 0, current.matches)
          } else {
            current.matchedLines = current.parsedLines
          }
          // A file with a begin but no parsed match (rg found nothing we could read) is not a hit.
          if (current.parsedLines === 0 && current.matchedLines === 0) files.delete(current.rel)
        }
        current = null
        currentExcluded = false
        break
      }
      case 'summary':
        summary = msg.data.stats ?? {}
        break
    }
  }

  // --- keyword mode: plain `-o` output -----------------------------------------------------
  let plainFile: FileHits | null = null
  let plainLine = -1
  const lineCounts: number[] = new Array<number>(terms.length).fill(0)
  const plainStats: Record<string, number> = {}

  /** Folds the occurrences gathered for the current line into its file. */
  const closeLine = (): void => {
    const f = plainFile
    if (f === null || plainLine < 0) return
    let distinct = 0
    for (let i = 0; i < terms.length; i++) {
      const c = lineCounts[i]
      if (c === 0) continue
      distinct++
      if (f.termLines[i] === 0) f.termsTouched++
      f.termCounts[i] += c
      f.termLines[i]++
      lineCounts[i] = 0
    }
    f.matchedLines++
    f.parsedLines++
    if (distinct > f.bestLineDistinct) f.bestLineDistinct = distinct
    offerHit(f.hits, { line: plainLine, distinct })
    plainLine = -1
  }

  /**
   * One `line:match` occurrence, read in place from `buf[start, end)`: a common term yields tens
   * of thousands of them, so no string is made unless several terms must be told apart.
   */
  const onOccurrence = (buf: Buffer, start: number, end: number): void => {
    const f = plainFile
    if (f === null) return
    let lineNo = 0
    let i = start
    for (; i < end; i++) {
      const c = buf[i]
      if (c === 58 /* : */) break
      if (c < 48 || c > 57) return
      lineNo = lineNo * 10 + (c - 48)
    }
    if (i === start || i === end) return
    if (lineNo !== plainLine) {
      closeLine()
      plainLine = lineNo
    }
    f.matches++
    f.parsedMatches++
    if (terms.length === 1) {
      // ripgrep matched the only term (its case folding included): nothing to tell apart.
      lineCounts[0]++
      return
    }
    for (const k of attribute(buf.toString('utf8', i + 1, end))) lineCounts[k]++
  }

  const closeFile = (): void => {
    closeLine()
    if (plainFile !== null && plainFile.matchedLines === 0) files.delete(plainFile.rel)
    plainFile = null
  }

  /** One ripgrep run; 'retry' when it could not be started inside the corpus directory. */
  const run = (inDir: boolean): Promise<void | 'retry'> => {
    pathOf = corpusPathOf(dir, inDir)
    // Keyword lines are read in place; a JSON match we do not need is skipped without being decoded.
    const plain = plainOutput({
      file: (printed) => (plainFile = fileFor(printed, true)) !== null,
      occurrence: onOccurrence,
      fileEnd: closeFile,
      stat: (name, value) => (plainStats[name] = value)
    })
    let pending: Buffer[] = []
    return runRipgrep({
      bin,
      args: ripgrepArgs(inDir ? '.' : dir, mode, terms, options.threads),
      ...(inDir ? { cwd: dir } : {}),
      timeoutMs: options.timeoutMs,
      background: options.background,
      onStdout:
        mode === 'keyword'
          ? plain.push
          : (chunk) => {
              let start = 0
              for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
                const part = chunk.subarray(start, nl)
                if (pending.length > 0) {
                  pending.push(part)
                  onLine(Buffer.concat(pending))
                  pending = []
                } else onLine(part)
                start = nl + 1
              }
              if (start < chunk.length) pending.push(chunk.subarray(start))
            },
      onClose: () => {
        if (mode === 'keyword') plain.end()
        else if (pending.length > 0) onLine(Buffer.concat(pending))
      },
      completed: () => summary !== null || 'files searched' in plainStats,
      // In regex mode a failure is the expression's (parse error, size limit): the caller corrects it.
      // Fixed strings cannot be invalid: a failure there is the machine's.
      failure: (text) => (mode === 'regex' ? invalidInput(text) : ioError(text))
    })
  }
  await overCorpus(mode === 'keyword', run)

  if (mode === 'keyword') {
    // Plain output has no per-file byte count: BM25's document length comes from the file itself.
    // Past STAT_LIMIT matching files (a term found nearly everywhere) the stat calls would cost more
    // than ripgrep's whole search; every document then gets the corpus average, so BM25's length
    // normalisation is neutral and the ranking rests on term frequencies and the title/heading boosts.
    const avg =
      plainStats['files searched'] && plainStats['bytes searched'] !== undefined
        ? plainStats['bytes searched'] / plainStats['files searched']
        : 0
    const statEach = files.size <= STAT_LIMIT
    for (const f of files.values()) {
      if (!statEach) {
        f.bytes = avg
        continue
      }
      try {
        f.bytes = statSync(f.abs).size
      } catch {
        f.bytes = avg
      }
    }
    return {
      files,
      filesSearched: plainStats['files searched'] ?? null,
      bytesSearched: plainStats['bytes searched'] ?? null
    }
  }
  const stats = summary as RgStats | null
  return {
    files,
    filesSearched: stats?.searches ?? null,
    bytesSearched: stats?.bytes_searched ?? null
  }
}
