import { headingAt, type Heading } from '../corpus/markdown'
import type { DocInfo } from './documents'
import type { Hit } from './ripgrep'

/** An excerpt of a document around one or more hit lines. */
export interface Snippet {
  /** 1-based, inclusive. */
  start: number
  /** 1-based, inclusive. */
  end: number
  lines: string[]
  /**
   * Normalised heading of the section holding the hit line that defines the window (not the window
   * start), cut to 120 characters; `(préambule)` before any heading or inside the frontmatter.
   */
  label: string
}

export const CONTEXT_LINES = 2
export const LABEL_MAX = 120
/** A displayed excerpt line longer than this is cut (a minified line must not flood the output). */
export const SNIPPET_LINE_MAX = 1000
export const PREAMBLE = '(préambule)'

/** First `n - 1` code points + `…` when longer than `n` code points. */
export function truncateChars(s: string, n: number): string {
  if (s.length <= n) return s
  const chars = Array.from(s)
  return chars.length <= n ? s : chars.slice(0, n - 1).join('') + '…'
}

/** The `§` label of a line. */
export function labelAt(info: DocInfo, headings: Heading[], line: number): string {
  if (info.hasFrontmatter && line < info.bodyStartLine) return PREAMBLE
  const h = headingAt(headings, line)
  return h === null ? PREAMBLE : truncateChars(h.label, LABEL_MAX)
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
