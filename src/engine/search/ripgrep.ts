import { spawn } from 'node:child_process'
import { EXCLUDED_DIR_NAMES, EXCLUDED_FILE_NAMES, isExcluded, toPosixRelative } from '../corpus/paths'
import { invalidInput, ioError } from '../errors'
import { countOccurrences, foldCase, foldCaseWide } from './terms'

/**
 * The ripgrep process of kb_search: one run per base per query, over corpus-dir, streamed.
 *
 * ripgrep reports matching LINES; which query term(s) a line carries is ours to compute (rg's `-i` is
 * Unicode simple case folding, `foldCase` is String#toLowerCase, with a wider fallback for the few
 * characters where the two disagree). Per file we keep counts, never the lines themselves: the
 * snippets are rebuilt from the file when a document is actually shown.
 */

export const RG_TIMEOUT_MS = 30_000

/**
 * Parsing budget of one file once it carries every term. Its later match lines are skipped without
 * being parsed as soon as (a) this many lines were parsed and (b) its best three hits already carry
 * every term (nothing later can beat them: ties go to earlier lines). Its line and match totals
 * still come from ripgrep's own per-file stats, and the per-term counts of the parsed lines are
 * scaled to ripgrep's total match count. This keeps a query such as `le` on a large corpus linear in
 * ripgrep's output rather than in JSON.parse calls; BM25 saturates term frequency long before.
 */
export const SATURATION_LINES = 20

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
  /** Keyword mode: occurrences of each term (scaled to ripgrep's total when lines were skipped). */
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

/** `…/app.asar/…` → `…/app.asar.unpacked/…` (a binary cannot be executed from inside an asar). */
export function unpackedPath(p: string): string {
  return p.replace(/app\.asar(?!\.unpacked)/, 'app.asar.unpacked')
}

/** The exact argument vector: exported so tests can pin it. */
export function ripgrepArgs(dir: string, mode: RgMode, patterns: string[]): string[] {
  const args = ['--json', '--ignore-case', '--no-ignore', '--no-config', '--glob', '*.md']
  // Later globs win in ripgrep: the exclusions come after the whitelist. A name without `/` matches
  // at any depth; the trailing `/` restricts the directory names to directories.
  for (const f of EXCLUDED_FILE_NAMES) args.push('--glob', `!${f}`)
  for (const d of EXCLUDED_DIR_NAMES) args.push('--glob', `!${d}/`)
  if (mode === 'keyword') args.push('--fixed-strings')
  for (const p of patterns) args.push('-e', p)
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
    lines?: RgText
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
 * Runs ripgrep once over `dir` (canonical corpus-dir). `terms` are the keyword terms (fixed strings)
 * or, in regex mode, a single expression.
 */
export async function scanCorpus(
  dir: string,
  mode: RgMode,
  terms: string[],
  options: ScanOptions = {}
): Promise<ScanResult> {
  let bin: string
  try {
    bin = options.rgPath ?? (await ripgrepPath())
  } catch (e) {
    throw ioError(`ripgrep n'a pas pu être lancé : ${e instanceof Error ? e.message : String(e)}`)
  }
  const folded = terms.map(foldCase)
  const foldedWide = terms.map(foldCaseWide)
  const files = new Map<string, FileHits>()
  let current: FileHits | null = null
  let currentExcluded = false
  let summary: RgStats | null = null

  const fileFor = (abs: string): FileHits | null => {
    const rel = toPosixRelative(dir, abs)
    if (rel === '' || rel.startsWith('..') || !rel.endsWith('.md') || isExcluded(rel)) return null
    let f = files.get(rel)
    if (f === undefined) {
      f = {
        abs,
        rel,
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
      files.set(rel, f)
    }
    return f
  }

  /** False when the match line can be skipped without being parsed. */
  const wantsMatch = (f: FileHits): boolean => {
    if (mode === 'regex') return f.parsedLines < MAX_HITS
    if (f.termsTouched < terms.length || f.parsedLines < SATURATION_LINES) return true
    return !(f.hits.length === MAX_HITS && f.hits[MAX_HITS - 1].distinct === terms.length)
  }

  const onMatch = (f: FileHits, msg: RgMessage): void => {
    const lineNo = msg.data.line_number
    if (typeof lineNo !== 'number') return
    f.parsedLines++
    const subs = msg.data.submatches ?? []
    f.parsedMatches += subs.length
    if (mode === 'regex') {
      f.matches += subs.length
      if (f.hits.length < MAX_HITS) f.hits.push({ line: lineNo, distinct: 0 })
      return
    }
    const raw = rgText(msg.data.lines) ?? ''
    const line = foldCase(raw.replace(/\r?\n$/, ''))
    const counts: number[] = folded.map((t) => countOccurrences(line, t))
    if (!counts.some((c) => c > 0)) {
      // ripgrep's simple case folding saw a match that toLowerCase does not: attribute it through
      // the matched texts, folded both ways.
      for (const s of subs) {
        const m = foldCaseWide(rgText(s.match) ?? '')
        foldedWide.forEach((t, i) => {
          if (t !== '' && m.includes(t)) counts[i]++
        })
      }
      if (!counts.some((c) => c > 0) && terms.length === 1) counts[0] = 1
    }
    let distinct = 0
    counts.forEach((c, i) => {
      if (c === 0) return
      distinct++
      if (f.termLines[i] === 0) f.termsTouched++
      f.termCounts[i] += c
      f.termLines[i]++
    })
    f.matches += subs.length
    if (distinct > f.bestLineDistinct) f.bestLineDistinct = distinct
    offerHit(f.hits, { line: lineNo, distinct })
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
            if (
              mode === 'keyword' &&
              current.matchedLines > current.parsedLines &&
              current.parsedMatches > 0
            ) {
              const scale = current.matches / current.parsedMatches
              current.termCounts = current.termCounts.map((c) => c * scale)
            }
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

  const args = ripgrepArgs(dir, mode, terms)
  await new Promise<void>((resolve, reject) => {
    let child: ReturnType<typeof spawn>
    try {
      child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true })
    } catch (e) {
      reject(ioError(`ripgrep n'a pas pu être lancé : ${e instanceof Error ? e.message : String(e)}`))
      return
    }
    let settled = false
    const timer = setTimeout(() => {
      child.kill()
      finish(ioError('ripgrep a dépassé 30 s'))
    }, options.timeoutMs ?? RG_TIMEOUT_MS)
    const finish = (err: Error | null): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (err) reject(err)
      else resolve()
    }

    let pending: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => {
      if (settled) return
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
    })
    let stderr = ''
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (s: string) => {
      if (stderr.length < STDERR_LIMIT) stderr += s
    })
    child.on('error', (e) => finish(ioError(`ripgrep n'a pas pu être lancé : ${e.message}`)))
    child.on('close', (code, signal) => {
      if (settled) return
      if (pending.length > 0) onLine(Buffer.concat(pending))
      if (code === 0 || code === 1) return finish(null)
      // Exit 2 after a completed search only means some file could not be read: the results stand.
      if (code === 2 && summary !== null) return finish(null)
      const text = stderr.trim()
      const fallback = `ripgrep a échoué (code ${code ?? signal})`
      // In regex mode a failure is the expression's (parse error, size limit): the caller corrects it.
      // Fixed strings cannot be invalid: a failure there is the machine's.
      finish(mode === 'regex' ? invalidInput(text || fallback) : ioError(text || fallback))
    })
  })

  const stats = summary as RgStats | null
  return {
    files,
    filesSearched: stats?.searches ?? null,
    bytesSearched: stats?.bytes_searched ?? null
  }
}
