import MarkdownIt, { type Token } from 'markdown-it'
import { splitFrontmatter } from './frontmatter'

export interface Heading {
  /** 1..6 */
  level: number
  /** Inline source text, trimmed; ATX closing `#`s removed; a setext heading's lines joined by a space. */
  raw: string
  /** 1-based line number, in the full document text (frontmatter included), of the heading's first line. */
  line: number
  /** normalizeHeading(raw): the heading's title in `§` form, what a `section` request is compared with. */
  label: string
  /**
   * The site anchor the source gives the heading (`{#id}`, an attribute list's `#id`, MDX `{/*id*\/}`),
   * lower-cased; null without one.
   */
  anchor: string | null
  /**
   * The `§` label kb_search prints for this heading, and the one kb_read resolves first: `label` cut to
   * LABEL_MAX, made unique within the page when that title repeats (see `assignRefs`).
   */
  ref: string
}

export interface Section {
  heading: Heading
  /** 1-based, the heading line. */
  startLine: number
  /** 1-based inclusive; trailing blank lines excluded. */
  endLine: number
  /** Lines startLine..endLine joined with '\n', no trailing newline. */
  text: string
  /** Number of OTHER headings with the same title, when the request named a repeated title; else 0. */
  duplicates: number
  /** Those other headings' `ref`s, in document order: what to ask for to read one of them. */
  others: string[]
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

/** Keeps the headings unless the page is too large for the cache; says whether it kept them. */
function remember(text: string, headings: Heading[]): boolean {
  if (text.length > CACHE_CHARS / 8) return false
  cache.set(text, headings)
  cachedChars += text.length
  for (const key of cache.keys()) {
    if (cachedChars <= CACHE_CHARS) break
    cache.delete(key)
    cachedChars -= key.length
  }
  return true
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
  const known = cached(text)
  if (known) return known.map((h) => ({ ...h }))
  const fresh = parse(text)
  // A page too large to keep is nobody else's: its headings need no copy.
  return remember(text, fresh) ? fresh.map((h) => ({ ...h })) : fresh
}

function parse(text: string): Heading[] {
  const { body, bodyStartLine } = splitFrontmatter(text)
  if (!MAYBE_HEADING.test(body)) return []
  // markdown-it numbers lines on \r, \r\n and \n; the engine numbers them on \n only. A lone \r
  // becomes a space (same length, no new line); a BOM would hide a heading on the first line. The rest
  // is markdown-it's own normalisation (its core rule is not run: the parse below is the block parser's).
  const src = body
    .replace(/\r(?!\n)/g, ' ')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .replace(/\0/g, '\uFFFD')
  const headings: Heading[] = []
  for (const found of blockHeadings(src)) {
    const raw = found.content.replace(/[ \t]*\n[ \t]*/g, ' ').trim()
    const { title, anchor } = splitTitle(raw)
    // A heading made only of inline HTML normalises to nothing, and an empty label can be neither
    // printed after `§` nor asked for: its label is then its text as written (what kb_read's
    // listing of headings shows), which the printed form of a request reaches (`resolveHeading`).
    const label = normalizeTitle(title)
    headings.push({
      level: found.level,
      raw,
      line: bodyStartLine + found.line,
      label: label === '' ? printedForm(raw) : label,
      anchor,
      // Set by assignRefs, once every heading of the page is known.
      ref: ''
    })
  }
  return assignRefs(headings)
}

/** Lines per window of the block parse (a document shorter than this is parsed in one piece). */
const WINDOW_LINES = 4096

interface FoundHeading {
  level: number
  /** The heading's inline source, lines joined by `\n`. */
  content: string
  /** 0-based line in `src`. */
  line: number
}

/** Index just past the `n`-th `\n` at or after `from`, or src.length when there are fewer. */
function afterLines(src: string, from: number, n: number): number {
  let at = from
  for (let i = 0; i < n; i++) {
    const nl = src.indexOf('\n', at)
    if (nl === -1) return src.length
    at = nl + 1
  }
  return at
}

/**
 * The top-level headings of a normalised body, parsed a window of lines at a time.
 *
 * A whole-document parse holds every block's tokens and five numbers per line at once: ~30 bytes of
 * memory per byte of a heading-dense page, a 92 MB page took 60 s and 2.6 GB. A window holds
 * `lines` lines. Parsing from the first line of a top-level block gives that block and every later
 * one exactly as a whole parse does: at the document's top level nothing before a block's first line
 * changes how it or what follows is read (no container is open there, and the link definitions
 * collected before only matter to inline parsing, switched off here). Only a window's last top-level
 * block may have been cut by the window's end (an unclosed fence, a paragraph or list that goes on),
 * so the headings before it are kept and the next window starts at its first line; a window holding
 * a single block is doubled until that block ends inside it or the document does.
 */
export function blockHeadings(src: string, lines = WINDOW_LINES): FoundHeading[] {
  const md = blockParser()
  const env = {}
  const found: FoundHeading[] = []
  let from = 0
  let firstLine = 0
  let size = lines
  while (from < src.length) {
    const to = afterLines(src, from, size)
    const last = to >= src.length
    const tokens: Token[] = []
    md.block.parse(src.slice(from, to), md, env, tokens)
    let cut = Number.POSITIVE_INFINITY
    if (!last) {
      cut = 0
      for (let i = tokens.length - 1; i >= 0; i--) {
        const t = tokens[i]
        if (t.level === 0 && t.nesting !== -1 && t.map) {
          cut = t.map[0]
          break
        }
      }
      if (cut === 0) {
        size *= 2
        continue
      }
    }
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]
      // Only top-level headings: one nested in a blockquote or list item belongs to that block.
      if (t.type !== 'heading_open' || t.level !== 0 || !t.map || t.map[0] >= cut) continue
      const inline = tokens[i + 1]
      found.push({
        level: Number(t.tag.slice(1)),
        content: inline?.type === 'inline' ? inline.content : '',
        line: firstLine + t.map[0]
      })
    }
    if (last) break
    from = afterLines(src, from, cut)
    firstLine += cut
    size = lines
  }
  return found
}

// A link destination may hold one level of balanced parentheses: `[doc](https://x.test/a(b))`.
const DESTINATION = String.raw`\((?:[^()]|\([^()]*\))*\)`
const IMAGE = new RegExp(String.raw`!\[([^\]]*)\]` + DESTINATION, 'g')
const INLINE_LINK = new RegExp(String.raw`\[([^\]]*)\]` + DESTINATION, 'g')
const REFERENCE_LINK = /\[([^\]]*)\]\[[^\]]*\]/g
/**
 * A trailing attribute list: `{#id}` (Pandoc/Docusaurus), `{.notranslate lang=en}`, `{#id .class}`,
 * `{-}` (Pandoc's unnumbered), or MDX's `{/*id*\/}` (react.dev). They are instructions to the site
 * generator, never part of the title a reader sees or types. Only lists made of such attributes count:
 * `{children}` at the end of a heading is text.
 */
const ATTRIBUTE = String.raw`(?:#[^\s{}]+|\.[^\s{}]+|[A-Za-z_:][\w:.-]*=(?:"[^"]*"|'[^']*'|[^\s{}"']+)|-)`
const ATTRIBUTE_LIST = String.raw`\{[ \t]*${ATTRIBUTE}(?:[ \t]+${ATTRIBUTE})*[ \t]*\}`
const MDX_ANCHOR = String.raw`\{\/\*([^{}]*?)\*\/\}`
const TRAILING_ATTRIBUTES = new RegExp(String.raw`\s*(?:${ATTRIBUTE_LIST}|${MDX_ANCHOR})\s*$`, 'u')
const ID_ATTRIBUTE = /(?:^|[\s{])#([^\s{}]+)/u
/**
 * Raw inline HTML as CommonMark recognises it (comment, closing tag, open tag with attributes): the
 * reader sees its text content, not the tag. An `<img>`'s `alt` is that text.
 */
const HTML_ATTRIBUTE = String.raw`\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>\x60]+|'[^']*'|"[^"]*"))?`
const HTML_TAG = new RegExp(
  String.raw`<!--[\s\S]*?-->|<\/[A-Za-z][A-Za-z0-9-]*\s*>|<[A-Za-z][A-Za-z0-9-]*(?:${HTML_ATTRIBUTE})*\s*\/?>`,
  'g'
)
const ALT = /\salt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>\x60]+))/i
const EMPHASIS = /\*+|~~/g
const ALNUM = /[\p{L}\p{N}]/u

/** `_` runs go, except between two letters/digits, where they are part of a word (`kb_read`). */
function dropUnderscores(s: string): string {
  return s.replace(/_+/g, (run: string, at: number) =>
    at > 0 && ALNUM.test(s[at - 1]) && ALNUM.test(s[at + run.length] ?? '') ? run : ''
  )
}

/**
 * Applies `f` to the parts of `s` outside code spans (CommonMark: a backtick run closed by the next
 * run of the same length; an unclosed run is literal). `` `<form>` `` is a heading about the element,
 * not a tag to drop.
 */
function outsideCode(s: string, f: (part: string) => string): string {
  let out = ''
  let from = 0
  let i = 0
  while (i < s.length) {
    const c = s[i]
    if (c === '\\') {
      i += 2
      continue
    }
    if (c !== '`') {
      i++
      continue
    }
    let j = i
    while (s[j] === '`') j++
    let close = -1
    for (let k = j; k < s.length;) {
      if (s[k] !== '`') {
        k++
        continue
      }
      let m = k
      while (s[m] === '`') m++
      if (m - k === j - i) {
        close = m
        break
      }
      k = m
    }
    if (close === -1) {
      i = j
      continue
    }
    out += f(s.slice(from, i)) + s.slice(i, close)
    from = i = close
  }
  return out + f(s.slice(from))
}

function dropHtml(part: string): string {
  return part.replace(HTML_TAG, (tag: string) => {
    if (!/^<img\b/i.test(tag)) return ''
    const alt = ALT.exec(tag)
    return alt ? (alt[1] ?? alt[2] ?? alt[3] ?? '') : ''
  })
}

/**
 * A heading's inline source split into the title a reader sees (inline HTML outside code spans and
 * trailing attribute lists dropped) and the anchor id one of those lists gave it.
 */
export function splitTitle(raw: string): { title: string; anchor: string | null } {
  let out = outsideCode(raw, dropHtml)
  let anchor: string | null = null
  for (let m = TRAILING_ATTRIBUTES.exec(out); m !== null; m = TRAILING_ATTRIBUTES.exec(out)) {
    // The list nearest the text wins: it is the last one removed.
    const list = m[0].trim()
    const id = list.startsWith('{/*') ? (m[1] ?? '').trim() : (ID_ATTRIBUTE.exec(list)?.[1] ?? '')
    // An MDX comment with spaces is a comment, not an id.
    if (id !== '' && !/\s/u.test(id)) anchor = id.toLowerCase().normalize('NFC')
    out = out.slice(0, m.index)
  }
  return { title: out, anchor }
}

function normalizeOnce(s: string): string {
  let out = s
  // Anchors first: `{/*id*/}` contains `*` that the emphasis step would otherwise half-eat.
  while (TRAILING_ATTRIBUTES.test(out)) out = out.replace(TRAILING_ATTRIBUTES, '')
  out = out.replace(IMAGE, '$1').replace(INLINE_LINK, '$1').replace(REFERENCE_LINK, '$1')
  out = out.replaceAll('`', '').replace(EMPHASIS, '')
  out = dropUnderscores(out)
  // JS `\s` with `u` covers NBSP, U+202F (French typography before `:` `?`), thin spaces, U+3000, tabs.
  return out.replace(/\s+/gu, ' ').trim().toLowerCase().normalize('NFC')
}

/**
 * The contract's normalisation (seed 000, DESIGN §8) of a title already split from its markup.
 *
 * One pass can uncover new syntax (`` `{#id}` `` becomes a trailing anchor once its backticks go,
 * `` `[a](b)` `` a link), so the pass is repeated to a fixed point. This terminates: after the
 * first pass the text is lower-case and NFC, so every later pass that changes anything removes
 * characters; the bound below is only a guard. Inline HTML is dropped before, once, outside code
 * spans only: the text of `` `<form>` `` must survive the later passes, so a label is not always its
 * own normal form — which is why kb_read resolves a printed label as printed first (`resolveHeading`).
 */
function normalizeTitle(title: string): string {
  let current = normalizeOnce(title)
  for (let guard = current.length + 1; guard > 0; guard--) {
    const next = normalizeOnce(current)
    if (next === current) break
    current = next
  }
  return current
}

/** The `§` normal form of a heading's (or a request's) text: title markup and anchors dropped, then the contract's normalisation. */
export function normalizeHeading(s: string): string {
  return normalizeTitle(splitTitle(s).title)
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

/** A request as printed by kb_search (spaces, case, accents and quotes aside): no markup removed. */
/** A text as printed, compared: spaces collapsed, lower case, NFC — no markup dropped. */
function printedForm(s: string): string {
  return s.replace(/\s+/gu, ' ').trim().toLowerCase().normalize('NFC')
}

function printedKey(s: string): string {
  return foldKey(printedForm(s))
}

/** Longest `§` label printed, in code points (longer ones end in `…`). */
export const LABEL_MAX = 120
/** Longest parent title (code points) inside a `titre (parent)` label. */
const PARENT_MAX = 40
/** Longest anchor id (code points) inside a `titre {#id}` label. */
const ANCHOR_MAX = 60

/** First `n - 1` code points + `…` when longer than `n` code points. */
function cut(s: string, n: number): string {
  if (s.length <= n) return s
  const chars = Array.from(s)
  return chars.length <= n ? s : chars.slice(0, n - 1).join('') + '…'
}

/** `label` and a disambiguating suffix, the whole within LABEL_MAX: the title is cut, never the suffix. */
function withSuffix(label: string, suffix: string): string {
  if (label === '') return suffix
  return `${cut(label, Math.max(LABEL_MAX - Array.from(suffix).length - 1, 20))} ${suffix}`
}

/**
 * Every heading's `ref`, the label kb_search prints and kb_read resolves first. A heading whose
 * printed title is its page's only one keeps it as is (the contract's `§ reconnexion`). When a title
 * repeats (Component.md has fifteen « Paramètres »), each occurrence gets, in this order, the first
 * form unique in the page:
 *   - `titre {#ancre}` — its own anchor, as the source would spell it in Pandoc form;
 *   - `titre (parent)` — the title of the heading it sits under;
 *   - `titre (n)` — its rank among the headings of that title (1 = first), bumped past any taken form.
 * A form is unique when no other occurrence still unlabelled would print it and no heading of the page
 * already prints it (a bare title stays reserved for « the first, with the others named »): two
 * « Paramètres » under two « useState » both fall through to their rank.
 * Grouping is on the printed (cut) title: two long titles alike in their first 119 characters would
 * otherwise print the same label.
 */
function assignRefs(headings: Heading[]): Heading[] {
  const bare = headings.map((h) => cut(h.label, LABEL_MAX))
  const keys = bare.map(foldKey)
  // Most titles are unique: a repeated one is the rare case, so only it gets an array.
  const firsts = new Map<string, number>()
  const groups = new Map<string, number[]>()
  keys.forEach((key, i) => {
    const first = firsts.get(key)
    if (first === undefined) firsts.set(key, i)
    else {
      const g = groups.get(key)
      if (g) g.push(i)
      else groups.set(key, [first, i])
    }
  })
  const parents: (number | null)[] = []
  const open: number[] = []
  headings.forEach((h, i) => {
    while (open.length > 0 && headings[open[open.length - 1]].level >= h.level) open.pop()
    parents.push(open.length > 0 ? open[open.length - 1] : null)
    open.push(i)
  })
  const taken = new Set(keys)
  const refs = bare
  // In page order of each title's first occurrence: a group's labels take names the next cannot.
  for (const group of [...groups.values()].sort((a, b) => a[0] - b[0])) {
    const anchorForm = (i: number): string | null => {
      const a = headings[i].anchor
      return a === null ? null : withSuffix(headings[i].label, `{#${cut(a, ANCHOR_MAX)}}`)
    }
    const parentForm = (i: number): string | null => {
      const p = parents[i]
      return p === null || headings[p].label === ''
        ? null
        : withSuffix(headings[i].label, `(${cut(headings[p].label, PARENT_MAX)})`)
    }
    // Form by form, among the occurrences still unlabelled: an occurrence that got its anchor form
    // does not compete for its parent form (`## Notes {#n1}` and `## Notes` under one parent).
    let pending = group
    for (const form of [anchorForm, parentForm]) {
      const forms = new Map(pending.map((i) => [i, form(i)]))
      const uses = new Map<string, number>()
      for (const f of forms.values()) if (f !== null) uses.set(foldKey(f), (uses.get(foldKey(f)) ?? 0) + 1)
      pending = pending.filter((i) => {
        const f = forms.get(i) ?? null
        if (f === null || uses.get(foldKey(f)) !== 1 || taken.has(foldKey(f))) return true
        refs[i] = f
        taken.add(foldKey(f))
        return false
      })
    }
    for (const i of pending) {
      let n = group.indexOf(i) + 1
      while (taken.has(foldKey(withSuffix(headings[i].label, `(${n})`)))) n++
      refs[i] = withSuffix(headings[i].label, `(${n})`)
      taken.add(foldKey(refs[i]))
    }
  }
  headings.forEach((h, i) => {
    h.ref = refs[i]
  })
  return headings
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

export interface Resolved {
  /** 0-based index into the headings. */
  index: number
  duplicates: number
  others: string[]
}

/**
 * Which heading a `section` request names, the one resolution behind kb_read and the review edits:
 *   1. a printed `§` label (`ref`), as kb_search printed it — case, spaces, accents and quotes aside;
 *      a label is not always its own normal form (`` `<form>` `` prints `<form>`), so it is looked up
 *      before any normalisation;
 *   2. an anchor (`titre {#ancre}`, the raw heading with its `{/*ancre*\/}`, or `{#ancre}` alone): the
 *      heading carrying that anchor, provided its title matches when one is given;
 *   3. a title (the contract's normalised comparison): the first heading of that title, with the
 *      number and the labels of the others.
 * Null when nothing matches, or for a blank request.
 */
export function resolveHeading(headings: Heading[], request: string): Resolved | null {
  const printed = printedKey(request)
  if (printed === '') return null
  const byRef = headings.findIndex((h) => foldKey(h.ref) === printed)
  if (byRef !== -1) return { index: byRef, duplicates: 0, others: [] }

  const { title, anchor } = splitTitle(request)
  const titleKey = foldKey(normalizeTitle(title))
  if (anchor !== null) {
    const anchored = headings.findIndex(
      (h) => h.anchor === anchor && (titleKey === '' || foldKey(h.label) === titleKey)
    )
    if (anchored !== -1) return { index: anchored, duplicates: 0, others: [] }
  }

  const keys = new Set([titleKey, printed].filter((k) => k !== ''))
  const index = headings.findIndex((h) => keys.has(foldKey(h.label)))
  if (index === -1) return null
  const key = foldKey(headings[index].label)
  const others = headings.filter((h, i) => i !== index && foldKey(h.label) === key).map((h) => h.ref)
  return { index, duplicates: others.length, others }
}

/**
 * The section `request` names (`resolveHeading`), from its heading line to the next heading of the
 * same or a higher level.
 */
export function findSection(text: string, headings: Heading[], request: string): Section | null {
  const found = resolveHeading(headings, request)
  if (found === null) return null
  const { index, duplicates, others } = found

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
    duplicates,
    others
  }
}

/** The `§` label kb_search prints for a line before any heading (frontmatter included). */
export const PREAMBLE_LABEL = '(préambule)'

/**
 * The preamble as a section, for kb_read: the lines before the first heading (the frontmatter
 * included, since kb_search labels a hit there `(préambule)` too), trailing blank lines dropped.
 * Asked for by the printed label — case, spaces and accents aside (`(preambule)` reaches it) — and
 * only when no heading answers that request first: a heading titled « (préambule) » keeps its
 * label. Null when the document opens on a heading (there is no preamble to read).
 */
export function findPreamble(text: string, headings: Heading[], request: string): Section | null {
  if (printedKey(request) !== foldKey(PREAMBLE_LABEL)) return null
  const lines = splitLines(text)
  let end = Math.min(headings.length > 0 ? headings[0].line - 1 : lines.length, lines.length)
  while (end > 0 && lines[end - 1].trim() === '') end--
  if (end === 0) return null
  const heading: Heading = {
    level: 0,
    raw: PREAMBLE_LABEL,
    line: 1,
    label: PREAMBLE_LABEL,
    anchor: null,
    ref: PREAMBLE_LABEL
  }
  return {
    heading,
    startLine: 1,
    endLine: end,
    text: lines.slice(0, end).join('\n').trimEnd(),
    duplicates: 0,
    others: []
  }
}

/**
 * Approximate size of each heading's section (heading line up to the next heading of the same or a
 * higher level): Σ(line length in code points, as DESIGN §8 counts lengths, + 1). Prefix sums and a level stack keep it linear in the document,
 * since the TOC mode runs on the largest documents.
 */
export function headingTable(text: string, headings: Heading[]): HeadingSize[] {
  const prefix = linePrefixSizes(text)
  const lineCount = prefix.length - 1

  // end[i] = 0-based exclusive line index where headings[i]'s section stops.
  const end = new Array<number>(headings.length).fill(lineCount)
  const open: number[] = []
  for (let i = 0; i < headings.length; i++) {
    while (open.length > 0 && headings[open[open.length - 1]].level >= headings[i].level) {
      end[open.pop() as number] = headings[i].line - 1
    }
    open.push(i)
  }
  const clamp = (n: number): number => Math.max(0, Math.min(n, lineCount))
  return headings.map((heading, i) => ({
    heading,
    size: Math.max(0, prefix[clamp(end[i])] - prefix[clamp(heading.line - 1)])
  }))
}

/**
 * prefix[i] = Σ(code points + 1) of lines 0..i-1 (split on `\n`, a line's trailing `\r` left out, no
 * line after a final `\n`). Counted in one pass over the text without splitting it: the TOC mode runs
 * on the largest documents, where a string per line cost more than the rest of the table.
 */
function linePrefixSizes(text: string): Uint32Array {
  let newlines = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) newlines++
  const lines = text === '' || text.endsWith('\n') ? newlines : newlines + 1
  // A string holds fewer than 2^30 code units, so every sum fits.
  const prefix = new Uint32Array(lines + 1)
  let line = 0
  let size = 0
  for (let i = 0; i <= text.length && line < lines; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 10
    if (c !== 10) {
      // A high surrogate and its low one are one code point.
      if (c < 0xd800 || c > 0xdbff) size++
      continue
    }
    if (i > 0 && text.charCodeAt(i - 1) === 13 && size > 0) size--
    prefix[line + 1] = prefix[line] + size + 1
    line++
    size = 0
  }
  return prefix
}

/** Frontmatter `title` when it is a non-empty string, else the first non-empty heading's raw text. */
export function documentTitle(data: Record<string, unknown> | null, headings: Heading[]): string | null {
  const title = data?.title
  if (typeof title === 'string' && title.trim() !== '') return title.trim()
  return headings.find((h) => h.raw !== '')?.raw ?? null
}
