import { headingAt, type Heading } from '../corpus/markdown'
import type { DocInfo } from './documents'
import { MAX_HITS, type Hit } from './ripgrep'
import { foldCase } from './terms'

/** An excerpt of a document around one or more hit lines. */
export interface Snippet {
  /** 1-based, inclusive. */
  start: number
  /** 1-based, inclusive. */
  end: number
  lines: string[]
  /**
   * The `§` label (the heading's `ref`: normalised, cut to markdown.ts's LABEL_MAX, unique within the page) of the
   * section holding the hit line that defines the window (not the window start); `(préambule)`
   * before any heading or inside the frontmatter.
   */
  label: string
}

export const CONTEXT_LINES = 2
/** A displayed excerpt line longer than this is cut (a minified line must not flood the output). */
export const SNIPPET_LINE_MAX = 1000
export const PREAMBLE = '(préambule)'

/** First `n - 1` code points + `…` when longer than `n` code points. */
export function truncateChars(s: string, n: number): string {
  if (s.length <= n) return s
  const chars = Array.from(s)
  return chars.length <= n ? s : chars.slice(0, n - 1).join('') + '…'
}

/**
 * The `§` label of a line: its section heading's `ref`, the very string kb_read resolves first
 * (`resolveHeading`), so a label copied from an excerpt reads that section and no other.
 */
export function labelAt(info: DocInfo, headings: Heading[], line: number): string {
  if (info.hasFrontmatter && line < info.bodyStartLine) return PREAMBLE
  const h = headingAt(headings, line)
  return h === null ? PREAMBLE : h.ref
}

/**
 * Windows of ±2 lines around the chosen hits (given in choice order, at most three), clamped to
 * the document, overlapping or adjacent windows merged, returned in document order. A merged
 * window is labelled by the first chosen of its hits.
 */
export function buildSnippets(lines: string[], info: DocInfo, headings: Heading[], hits: Hit[]): Snippet[] {
  const windows = hits
    .filter((h) => h.line >= 1 && h.line <= lines.length)
    .map((h, rank) => ({
      start: Math.max(1, h.line - CONTEXT_LINES),
      end: Math.min(lines.length, h.line + CONTEXT_LINES),
      rank,
      hit: h.line
    }))
    .sort((a, b) => a.start - b.start || a.rank - b.rank)
  const merged: typeof windows = []
  for (const w of windows) {
    const last = merged[merged.length - 1]
    if (last !== undefined && w.start <= last.end + 1) {
      last.end = Math.max(last.end, w.end)
      if (w.rank < last.rank) {
        last.rank = w.rank
        last.hit = w.hit
      }
    } else merged.push({ ...w })
  }
  return merged.map((w) => ({
    start: w.start,
    end: w.end,
    lines: lines.slice(w.start - 1, w.end).map((l) => truncateChars(l, SNIPPET_LINE_MAX)),
    label: labelAt(info, headings, w.hit)
  }))
}

const WORD_CHAR = /[\p{L}\p{N}]/u
const LOWER = /\p{Ll}/u
const UPPER = /\p{Lu}/u

/** True when the occurrence at `at` starts a word: after a non-letter, or at a camelCase hump. */
function startsWord(original: string, folded: string, at: number): boolean {
  if (at === 0) return true
  const before = folded[at - 1]
  if (before === '\0' || !WORD_CHAR.test(before)) return true
  return original.length === folded.length && UPPER.test(original[at]) && LOWER.test(original[at - 1])
}

/**
 * Indexes (ascending) of the folded terms a text carries. Longest terms first, each one's
 * occurrences masked once counted: `type` inside `TypeScript` is that word, not a second term. With
 * `wordStart`, an occurrence counts only where a word (or a camelCase hump) starts: `vite` inside
 * `éviter`, `use` inside `cause` are not the words asked for, while `état` in `états` and `Snapshot`
 * in `getSnapshot` are.
 */
export function termsCarried(
  text: string,
  foldedTerms: string[],
  longestFirst: number[],
  wordStart: boolean
): number[] {
  let hay = foldCase(text)
  const out: number[] = []
  for (const i of longestFirst) {
    const t = foldedTerms[i]
    if (t === '' || !hay.includes(t)) continue
    if (wordStart) {
      let at = hay.indexOf(t)
      while (at !== -1 && !startsWord(text, hay, at)) at = hay.indexOf(t, at + 1)
      if (at === -1) continue
    }
    out.push(i)
    hay = hay.split(t).join('\0'.repeat(t.length))
  }
  return out.sort((a, b) => a - b)
}

/** Weight of a term the document's title carries, relative to its rarity weight. */
export const TITLE_TERM_WEIGHT = 0.5

/**
 * Keyword mode: the hit lines whose windows are shown (at most MAX_HITS, in choice order).
 *
 * Each line carrying a term is scored by the terms it carries plus the terms its section's heading
 * carries (the `§` label its window prints), each term weighted by its rarity in this document,
 * ln(1 + lines / lines carrying it), halved when the document's title carries it — the page's own
 * subject (`useState` in useState.md) says little about where in the page the answer is, a rarer
 * term pins the section. Only the lines with the best score are kept, earlier lines first on ties:
 * a window carrying less than the best one costs the agent characters without leading anywhere
 * better. Lines inside the frontmatter have no heading.
 *
 * Terms are matched at word starts; a document where no term starts a word is scored on plain
 * substrings (what ripgrep matched). Empty when no line carries a term by `String#toLowerCase` (a
 * match ripgrep made through a wider case fold): the caller then keeps ripgrep's own hits.
 */
export function keywordHits(
  lines: string[],
  info: DocInfo,
  headings: Heading[],
  foldedTerms: string[],
  title: string | null
): Hit[] {
  const atWordStart = chooseHits(lines, info, headings, foldedTerms, title, true)
  return atWordStart.length > 0 ? atWordStart : chooseHits(lines, info, headings, foldedTerms, title, false)
}

function chooseHits(
  lines: string[],
  info: DocInfo,
  headings: Heading[],
  foldedTerms: string[],
  title: string | null,
  wordStart: boolean
): Hit[] {
  const q = foldedTerms.length
  const longestFirst = foldedTerms
    .map((_, i) => i)
    .sort((a, b) => foldedTerms[b].length - foldedTerms[a].length || a - b)
  const carried = lines.map((l) => termsCarried(l, foldedTerms, longestFirst, wordStart))
  const linesWith = new Array<number>(q).fill(0)
  for (const ts of carried) for (const i of ts) linesWith[i]++
  const inTitle = title === null ? [] : termsCarried(title, foldedTerms, longestFirst, wordStart)
  const weight = linesWith.map(
    (n, i) => Math.log(1 + lines.length / Math.max(n, 1)) * (inTitle.includes(i) ? TITLE_TERM_WEIGHT : 1)
  )
  const headingTerms = new Map<Heading, number[]>()
  let best = -Infinity
  const scored: { line: number; distinct: number; score: number }[] = []
  carried.forEach((ts, index) => {
    if (ts.length === 0) return
    const line = index + 1
    const h = info.hasFrontmatter && line < info.bodyStartLine ? null : headingAt(headings, line)
    let hs: number[] = []
    if (h !== null) {
      const known = headingTerms.get(h)
      hs = known ?? termsCarried(h.raw, foldedTerms, longestFirst, wordStart)
      if (known === undefined) headingTerms.set(h, hs)
    }
    // Summed in term order: two lines carrying the same terms under the same heading score the same.
    let score = 0
    for (let i = 0; i < q; i++) score += (ts.includes(i) ? weight[i] : 0) + (hs.includes(i) ? weight[i] : 0)
    if (score > best) best = score
    scored.push({ line, distinct: ts.length, score })
  })
  const out: Hit[] = []
  for (const c of scored) {
    if (c.score !== best) continue
    out.push({ line: c.line, distinct: c.distinct })
    if (out.length === MAX_HITS) break
  }
  return out
}
