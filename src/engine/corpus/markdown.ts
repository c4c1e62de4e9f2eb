import MarkdownIt from 'markdown-it'
import { splitFrontmatter } from './frontmatter'

export interface Heading {
  /** 1..6 */
  level: number
  /** Inline source text, trimmed; ATX closing `#`s removed; a setext heading's lines joined by a space. */
  raw: string
  /** 1-based line number, in the full document text (frontmatter included), of the heading's first line. */
  line: number
  /** normalizeHeading(raw): the `§` label. */
  label: string
}

export interface Section {
  heading: Heading
  /** 1-based, the heading line. */
  startLine: number
  /** 1-based inclusive; trailing blank lines excluded. */
  endLine: number
  /** Lines startLine..endLine joined with '\n', no trailing newline. */
  text: string
  /** Number of OTHER headings with the same sectionKey. */
  duplicates: number
}

export interface HeadingSize {
  heading: Heading
  size: number
}

/**
 * Cheap superset test of "could this body hold a top-level heading": an ATX heading starts its line
 * with at most three spaces then `#`, a setext heading needs an underline line of `=` or `-`. Most
 * documents have headings, but when one does not, the parse is pure waste.
 */
const MAYBE_HEADING = /^[ \t]*#|^[ \t]*(?:=+|-+)[ \t]*\r?$/m

/**
 * markdown-it, CommonMark preset, block rules only: headings come from the block structure alone
 * (their text is sliced from the source), so the inline pass is switched off — it cannot change which
 * lines are headings (fences, HTML blocks, indented code and containers are block constructs). Measured
 * on an 82 KB page of the React corpus: ~4 ms here against ~900 ms for micromark/mdast.
 */
let parser: InstanceType<typeof MarkdownIt> | null = null
function blockParser(): InstanceType<typeof MarkdownIt> {
  if (!parser) {
    parser = new MarkdownIt('commonmark')
    parser.disable(['inline'], true)
  }
  return parser
}

/**
 * Parsing is not free, and the same documents come back again and again (a search,
 * then kb_read of a hit, then the next search). A small LRU keyed by the text itself — so a changed
 * file can never be served stale headings — bounded by the characters it retains.
 */
const CACHE_CHARS = 8_000_000
const cache = new Map<string, Heading[]>()
let cachedChars = 0

function cached(text: string): Heading[] | undefined {
  const hit = cache.get(text)
  if (hit === undefined) return undefined
  cache.delete(text)
  cache.set(text, hit)
  return hit
}

function remember(text: string, headings: Heading[]): void {
  if (text.length > CACHE_CHARS / 8) return
  cache.set(text, headings)
  cachedChars += text.length
  for (const key of cache.keys()) {
    if (cachedChars <= CACHE_CHARS) break
    cache.delete(key)
    cachedChars -= key.length
  }
}

/**
 * Headings of a document, in order. The frontmatter is cut off first: a YAML comment `# x` is not a
 * heading and a closing `---` is not a setext underline. Only top-level headings count — one nested
 * in a blockquote or list item is part of that block, not of the document's outline (and the
 * predecessor, which matched `^ {0,3}#`, never saw those either).
 *
 * Line numbers are counted on `\n`, as everywhere else in the engine.
 * Callers get fresh objects: the cached ones must not be mutated through them.
 */
export function parseHeadings(text: string): Heading[] {
  const known = cached(text) ?? parse(text)
  return known.map((h) => ({ ...h }))
}

function parse(text: string): Heading[] {
  const { body, bodyStartLine } = splitFrontmatter(text)
  if (!MAYBE_HEADING.test(body)) return []
  // markdown-it numbers lines on \r, \r\n and \n; the engine numbers them on \n only. A lone \r
  // becomes a space (same length, no new line); a BOM would hide a heading on the first line.
  const src = body.replace(/\r(?!\n)/g, ' ').replace(/^\uFEFF/, '')
  const tokens = blockParser().parse(src, {})
  const headings: Heading[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    // Only top-level headings: one nested in a blockquote or list item belongs to that block.
    if (t.type !== 'heading_open' || t.level !== 0 || !t.map) continue
    const inline = tokens[i + 1]
    const raw = (inline?.type === 'inline' ? inline.content : '').replace(/[ \t]*\n[ \t]*/g, ' ').trim()
    headings.push({
      level: Number(t.tag.slice(1)),
      raw,
      line: bodyStartLine + t.map[0],
      label: normalizeHeading(raw)
    })
  }
  remember(text, headings)
  return headings
}

// A link destination may hold one level of balanced parentheses: `[doc](https://x.test/a(b))`.
const DESTINATION = String.raw`\((?:[^()]|\([^()]*\))*\)`
const IMAGE = new RegExp(String.raw`!\[([^\]]*)\]` + DESTINATION, 'g')
const INLINE_LINK = new RegExp(String.raw`\[([^\]]*)\]` + DESTINATION, 'g')
const REFERENCE_LINK = /\[([^\]]*)\]\[[^\]]*\]/g
// Heading IDs of the `{#id}` (Pandoc/Docusaurus) and `{/*id*/}` (MDX, react.dev) conventions: they are
// anchors for the site generator, never part of the title a reader would type.
const TRAILING_ANCHOR = /\s*(?:\{#[^{}]*\}|\{\/\*[^{}]*?\*\/\})\s*$/u
const EMPHASIS = /\*+|~~/g
const ALNUM = /[\p{L}\p{N}]/u

/** `_` runs go, except between two letters/digits, where they are part of a word (`kb_read`). */
function dropUnderscores(s: string): string {
  return s.replace(/_+/g, (run: string, at: number) =>
    at > 0 && ALNUM.test(s[at - 1]) && ALNUM.test(s[at + run.length] ?? '') ? run : ''
  )
}

function normalizeOnce(s: string): string {
  let out = s
  // Anchors first: `{/*id*/}` contains `*` that the emphasis step would otherwise half-eat.
  while (TRAILING_ANCHOR.test(out)) out = out.replace(TRAILING_ANCHOR, '')
  out = out.replace(IMAGE, '$1').replace(INLINE_LINK, '$1').replace(REFERENCE_LINK, '$1')
  out = out.replaceAll('`', '').replace(EMPHASIS, '')
  out = dropUnderscores(out)
  // JS `\s` with `u` covers NBSP, U+202F (French typography before `:` `?`), thin spaces, U+3000, tabs.
  return out.replace(/\s+/gu, ' ').trim().toLowerCase().normalize('NFC')
}

/**
 * The `§` label form printed by kb_search and compared by kb_read (seed 000, DESIGN §8).
 *
 * One pass can uncover new syntax (`` `{#id}` `` becomes a trailing anchor once its backticks go,
 * `` `[a](b)` `` a link), and a printed label must normalise to itself or copying it
 * back into kb_read could miss. So the pass is repeated to a fixed point. This terminates: after the
 * first pass the text is lower-case and NFC, so every later pass that changes anything removes
 * characters; the bound below is only a guard.
 */
export function normalizeHeading(s: string): string {
  let current = normalizeOnce(s)
  for (let guard = current.length + 1; guard > 0; guard--) {
    const next = normalizeOnce(current)
    if (next === current) break
    current = next
  }
  return current
}

/**
 * The matching form for `section` requests: accents dropped (the seed's own example matches
 * `procedure de reconnexion sso` against `Procédure de …`), and typographic quotes folded to ASCII
 * because the corpora mix `l’état` and `l'état` freely and no caller can guess which one a heading uses.
 */
export function sectionKey(s: string): string {
  return foldKey(normalizeHeading(s))
}

/** sectionKey of an already normalised label (a Heading's `label`), without renormalising it. */
function foldKey(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .normalize('NFC')
}

/** The last heading whose line ≤ `line`; null when `line` is in the preamble. */
export function headingAt(headings: Heading[], line: number): Heading | null {
  let lo = 0
  let hi = headings.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (headings[mid].line <= line) lo = mid + 1
    else hi = mid
  }
  return lo === 0 ? null : headings[lo - 1]
}

/** Lines as the predecessor's `splitlines()` saw them: no line terminator, no phantom last line. */
function splitLines(text: string): string[] {
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
}

/** 0-based index, into `headings`, of the heading that closes the section opened by `headings[i]`, or -1. */
function closingHeading(headings: Heading[], i: number): number {
  for (let j = i + 1; j < headings.length; j++) if (headings[j].level <= headings[i].level) return j
  return -1
}

/**
 * The first section whose heading matches `request` (sectionKey equality), from its heading line to
 * the next heading of the same or a higher level.
 */
export function findSection(text: string, headings: Heading[], request: string): Section | null {
  const key = sectionKey(request)
  if (key === '') return null
  let index = -1
  let duplicates = 0
  for (let i = 0; i < headings.length; i++) {
    if (foldKey(headings[i].label) !== key) continue
    if (index === -1) index = i
    else duplicates++
  }
  if (index === -1) return null

  const heading = headings[index]
  const lines = splitLines(text)
  const closing = closingHeading(headings, index)
  // 0-based exclusive end; the heading line itself always stays, even on an empty last line.
  let end = Math.min(closing === -1 ? lines.length : headings[closing].line - 1, lines.length)
  while (end > heading.line && lines[end - 1].trim() === '') end--
  end = Math.max(end, heading.line)
  return {
    heading,
    startLine: heading.line,
    endLine: end,
    text: lines
      .slice(heading.line - 1, end)
      .join('\n')
      .trimEnd(),
    duplicates
  }
}

/** Code points, as the predecessor's `len()` counted and as DESIGN §8 counts lengths. */
function codePoints(s: string): number {
  let n = s.length
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) n--
  }
  return n
}

/**
 * Approximate size of each heading's section (heading line up to the next heading of the same or a
 * higher level): Σ(line length + 1). Prefix sums and a level stack keep it linear in the document,
 * since the TOC mode runs on the largest documents.
 */
export function headingTable(text: string, headings: Heading[]): HeadingSize[] {
  const lines = splitLines(text)
  const prefix = new Array<number>(lines.length + 1)
  prefix[0] = 0
  for (let i = 0; i < lines.length; i++) prefix[i + 1] = prefix[i] + codePoints(lines[i]) + 1

  // end[i] = 0-based exclusive line index where headings[i]'s section stops.
  const end = new Array<number>(headings.length).fill(lines.length)
  const open: number[] = []
  for (let i = 0; i < headings.length; i++) {
    while (open.length > 0 && headings[open[open.length - 1]].level >= headings[i].level) {
      end[open.pop() as number] = headings[i].line - 1
    }
    open.push(i)
  }
  const clamp = (n: number): number => Math.max(0, Math.min(n, lines.length))
  return headings.map((heading, i) => ({
    heading,
    size: Math.max(0, prefix[clamp(end[i])] - prefix[clamp(heading.line - 1)])
  }))
}

/** Frontmatter `title` when it is a non-empty string, else the first non-empty heading's raw text. */
export function documentTitle(data: Record<string, unknown> | null, headings: Heading[]): string | null {
  const title = data?.title
  if (typeof title === 'string' && title.trim() !== '') return title.trim()
  return headings.find((h) => h.raw !== '')?.raw ?? null
}
