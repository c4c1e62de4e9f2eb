import { readFile, stat } from 'node:fs/promises'
import { splitFrontmatter } from '../corpus/frontmatter'
import { documentTitle, parseHeadings, type Heading } from '../corpus/markdown'

/**
 * What search needs to know about a matched document beyond ripgrep's counts: its frontmatter,
 * headings and title. Parsing is the costly part, so the result is cached per file version
 * (path + mtime + size): repeated queries over an unchanged corpus parse nothing. The text itself is
 * not cached — it is read again for each search that shows the document.
 */
export interface DocInfo {
  data: Record<string, unknown> | null
  /** True when the document opens with a (closed) frontmatter block. */
  hasFrontmatter: boolean
  /** 1-based line of the first body line (1 without frontmatter). */
  bodyStartLine: number
  headings: Heading[]
  title: string | null
}

export interface LoadedDoc {
  /** Text without a leading BOM. */
  text: string
  info: DocInfo
}

const CACHE_LIMIT = 4096
const cache = new Map<string, DocInfo>()

function remember(key: string, info: DocInfo): void {
  cache.delete(key)
  cache.set(key, info)
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next().value
    if (oldest !== undefined) cache.delete(oldest)
  }
}

/** Number of cached entries (tests). */
export function cachedDocumentCount(): number {
  return cache.size
}

export function clearDocumentCache(): void {
  cache.clear()
}

/** Counts parses (tests: the cache must spare repeated queries a re-parse). */
export const parseStats = { parses: 0 }

export function analyse(text: string): DocInfo {
  parseStats.parses++
  const fm = splitFrontmatter(text)
  const headings = parseHeadings(text)
  const title = documentTitle(fm.data, headings)
  return {
    data: fm.data,
    hasFrontmatter: fm.raw !== null,
    bodyStartLine: fm.bodyStartLine,
    headings,
    title: title === null ? null : title.replace(/\s+/gu, ' ').trim()
  }
}

/** Reads and analyses a document; null when it cannot be read any more (deleted since the scan). */
export async function loadDocument(abs: string): Promise<LoadedDoc | null> {
  try {
    const st = await stat(abs)
    if (!st.isFile()) return null
    const text = (await readFile(abs, 'utf8')).replace(/^\uFEFF/, '')
    const key = `${abs}\0${st.mtimeMs}\0${st.size}`
    let info = cache.get(key)
    if (info === undefined) info = analyse(text)
    remember(key, info)
    return { text, info }
  } catch {
    return null
  }
}

/** Lines as search numbers them (ripgrep's `\n` lines): no terminator, no phantom last line. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n')
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
}

/** Number of lines of a file (at least 1), without decoding it; null when unreadable. */
export async function countFileLines(abs: string): Promise<number | null> {
  try {
    const buf = await readFile(abs)
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
