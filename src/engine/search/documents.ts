import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs'
import { splitFrontmatter } from '../corpus/frontmatter'
import { documentTitle, parseHeadings, type Heading } from '../corpus/markdown'
import { mtimeSettled } from '../fingerprint'
import { composed } from './terms'

/**
 * What search needs to know about a matched document beyond ripgrep's counts: its frontmatter, a
 * cheap outline for ranking, and — only for the documents actually shown — its real headings and
 * title. A line scan (10× cheaper than the CommonMark parse, and equal to it on every page of the
 * react-fr corpus — see search.test.ts) is enough to tell whether a heading carries the terms of
 * a hundred ranking candidates; the labels printed use the real parse. Everything is cached per
 * file version (path + mtime + size, under the racy-mtime rule of fingerprint.ts): repeated queries
 * over an unchanged corpus parse nothing. The
 * text itself is not cached — it is read again by each search that needs it.
 */
export interface OutlineHeading {
  /** 1-based line in the full text. */
  line: number
  /** Heading text as written (ATX closing `#`s removed). */
  text: string
}

export interface DocInfo {
  data: Record<string, unknown> | null
  /** True when the document opens with a (closed) frontmatter block. */
  hasFrontmatter: boolean
  /** 1-based line of the first body line (1 without frontmatter). */
  bodyStartLine: number
  /** Ranking only: ATX and setext headings outside code fences, by a line scan. */
  outline: OutlineHeading[]
  /** Ranking only: frontmatter title, else the first outline heading. */
  outlineTitle: string | null
  /**
   * The result line's frontmatter digest (digest.ts), on first use by search: a YAML rendering,
   * too dear to redo for each result of each search over an unchanged document.
   */
  digest?: string | null
  /** The real headings (CommonMark parse), computed on first use by `shownInfo`. */
  headings?: Heading[]
  title?: string | null
}

export interface LoadedDoc {
  /** Text without a leading BOM. */
  text: string
  info: DocInfo
}

const CACHE_LIMIT = 4096

interface CachedInfo {
  info: DocInfo
  /**
   * The file's mtime was outside the racy window when this entry was recorded (fingerprint.ts): a
   * later rewrite then necessarily moves the mtime. Otherwise the entry is never reused — same path,
   * size and mtime can hold another text written within the same clock tick.
   */
  settled: boolean
}

const cache = new Map<string, CachedInfo>()

function remember(key: string, info: CachedInfo): void {
  cache.delete(key)
  cache.set(key, info)
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next().value
    if (oldest !== undefined) cache.delete(oldest)
  }
}

export function clearDocumentCache(): void {
  cache.clear()
}

/** Counts the CommonMark parses this module asked for (tests: the cache must spare re-parses). */
export const parseStats = { parses: 0 }

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/
const ATX = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?[ \t]*$/
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/
/** Lines that end a paragraph (list items, quotes, HTML, tables): they cannot be setext heading text. */
const INTERRUPTS = /^ {0,3}(?:[-*+][ \t]|\d{1,9}[.)][ \t]|>|<|\|)/
/** Indented code, unless it continues an open paragraph. */
const INDENTED = /^(?: {4}|\t)/

/** Headings by a line scan: CommonMark's ATX/setext/fence rules, minus containers. */
export function scanOutline(lines: string[], firstLine: number): OutlineHeading[] {
  const out: OutlineHeading[] = []
  let fence: { char: string; len: number } | null = null
  // The open paragraph (a setext underline turns it into a heading): first line, texts.
  let paragraph: { line: number; texts: string[] } | null = null
  for (let i = Math.max(firstLine, 1) - 1; i < lines.length; i++) {
    const l = lines[i]
    if (fence !== null) {
      const m = FENCE.exec(l)
      if (m && m[1][0] === fence.char && m[1].length >= fence.len && m[2].trim() === '') fence = null
      continue
    }
    const f = FENCE.exec(l)
    if (f && !(f[1][0] === '`' && f[2].includes('`'))) {
      fence = { char: f[1][0], len: f[1].length }
      paragraph = null
      continue
    }
    const atx = ATX.exec(l)
    if (atx) {
      out.push({ line: i + 1, text: (atx[1] ?? '').replace(/(?:^|[ \t]+)#+$/, '').trim() })
      paragraph = null
      continue
    }
    if (paragraph !== null && SETEXT.test(l)) {
      out.push({ line: paragraph.line, text: paragraph.texts.join(' ') })
      paragraph = null
      continue
    }
    if (l.trim() === '' || INTERRUPTS.test(l) || (paragraph === null && INDENTED.test(l))) paragraph = null
    else if (paragraph === null) paragraph = { line: i + 1, texts: [l.trim()] }
    else paragraph.texts.push(l.trim())
  }
  return out
}

function analyse(text: string): DocInfo {
  const fm = splitFrontmatter(text)
  const outline = scanOutline(splitLines(text), fm.bodyStartLine)
  const fmTitle = fm.data?.title
  const outlineTitle =
    typeof fmTitle === 'string' && fmTitle.trim() !== ''
      ? fmTitle
      : (outline.find((h) => h.text !== '')?.text ?? null)
  return {
    data: fm.data,
    hasFrontmatter: fm.raw !== null,
    bodyStartLine: fm.bodyStartLine,
    outline,
    outlineTitle
  }
}

/** The real headings and title of a document that will be shown (parsed once per file version). */
export function shownInfo(doc: LoadedDoc): { headings: Heading[]; title: string | null } {
  const { info } = doc
  if (info.headings === undefined) {
    parseStats.parses++
    info.headings = parseHeadings(doc.text)
    const title = documentTitle(info.data, info.headings)
    info.title = title === null ? null : title.replace(/\s+/gu, ' ').trim()
  }
  return { headings: info.headings, title: info.title ?? null }
}

/** Non-blocking open: a FIFO named like a document must not hang the server before its stat says so. */
const OPEN_FLAGS = constants.O_NONBLOCK === undefined ? 'r' : constants.O_RDONLY | constants.O_NONBLOCK

/**
 * Reads and analyses a document; null when it cannot be read any more (deleted since the scan).
 *
 * Synchronous underneath: a search reads its hundred candidates one after the other, each a few
 * kilobytes, and `fs.promises` pays four thread-pool round trips per file (open, stat, read, close)
 * where these calls cost a system call each — a third of the server's time after ripgrep on an AND
 * query of a hundred matching files (docs/PERFORMANCE.md, kb_search).
 */
export async function loadDocument(abs: string): Promise<LoadedDoc | null> {
  let fd: number | null = null
  try {
    // Taken before the stat: the racy verdict must not be younger than what the stat saw.
    const statAt = Date.now()
    fd = openSync(abs, OPEN_FLAGS)
    // The stat of the file read, not of the path again: the text and its version go together.
    const st = fstatSync(fd)
    if (!st.isFile()) return null
    // Composed, like the terms: a decomposed document (`ripgrepSpellings`) is read as the same words.
    // Composition never crosses a line end, so every line keeps its number.
    const text = composed(readFileSync(fd, 'utf8').replace(/^\uFEFF/, ''))
    const key = `${abs}\0${st.mtimeMs}\0${st.size}`
    let entry = cache.get(key)
    if (entry === undefined || !entry.settled)
      entry = { info: analyse(text), settled: mtimeSettled(st.mtimeMs, statAt) }
    remember(key, entry)
    return { text, info: entry.info }
  } catch {
    return null
  } finally {
    if (fd !== null) closeSync(fd)
  }
}

/** Lines as search numbers them (ripgrep's `\n` lines): no terminator, no phantom last line. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n')
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
}

/** Number of lines of a file (at least 1), without decoding it; null when unreadable (read as loadDocument). */
export async function countFileLines(abs: string): Promise<number | null> {
  try {
    const buf = readFileSync(abs)
    let n = 0
    for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++
    if (buf.length > 0 && buf[buf.length - 1] !== 10) n++
    return Math.max(n, 1)
  } catch {
    return null
  }
}

/**
 * One search's view of the documents: each file read at most once per search, however many times
 * ranking and rendering ask for it.
 */
export class DocumentLoader {
  private readonly docs = new Map<string, Promise<LoadedDoc | null>>()
  private readonly lineCounts = new Map<string, Promise<number | null>>()

  load(abs: string): Promise<LoadedDoc | null> {
    let p = this.docs.get(abs)
    if (p === undefined) {
      p = loadDocument(abs)
      this.docs.set(abs, p)
    }
    return p
  }

  async lineCount(abs: string): Promise<number | null> {
    const loaded = this.docs.get(abs)
    if (loaded !== undefined) {
      const doc = await loaded
      return doc === null ? null : Math.max(splitLines(doc.text).length, 1)
    }
    let p = this.lineCounts.get(abs)
    if (p === undefined) {
      p = countFileLines(abs)
      this.lineCounts.set(abs, p)
    }
    return p
  }
}
