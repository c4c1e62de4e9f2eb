import type { DocumentLoader, LoadedDoc } from './documents'
import type { FileHits, ScanResult } from './ripgrep'
import { foldCase, termsIn } from './terms'

/**
 * Ranking of kb_search's candidates. Every order here is total and independent of `max_results`, so
 * that the documents shown are always a prefix of one ranking (seed 000: raising max_results never
 * makes a hidden result appear); ties end on the path.
 */

/** OKF reserved names: tables of contents, demoted behind every other document (any directory). */
export function isReserved(rel: string): boolean {
  const name = rel.slice(rel.lastIndexOf('/') + 1)
  return name === 'index.md' || name === 'log.md'
}

const byPath = (a: FileHits, b: FileHits): number => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0)

/** Regex mode: reserved last, more matching lines first, then path. */
export function rankRegex(scan: ScanResult): FileHits[] {
  const all = [...scan.files.values()]
  return all.sort(
    (a, b) =>
      Number(isReserved(a.rel)) - Number(isReserved(b.rel)) || b.matchedLines - a.matchedLines || byPath(a, b)
  )
}

// ---------------------------------------------------------------------------------------------
// Keyword mode, strict AND: BM25 over ripgrep's counts, then structure and proximity boosts.

export const BM25_K1 = 1.2
export const BM25_B = 0.75
/** Candidates (per group: regular, reserved) whose structure is read for the boosts. */
export const RERANK_POOL = 100
export const WEIGHT_TITLE = 1.0
export const WEIGHT_HEADING = 0.6
export const WEIGHT_LINE = 0.4
export const WEIGHT_SECTION = 0.2

export interface Bm25Stats {
  /** Documents in the collection (files ripgrep searched). */
  n: number
  /** Average document length in bytes. */
  avgdl: number
  /** Inverse document frequency of each term. */
  idf: number[]
}

export function bm25Stats(scan: ScanResult, termCount: number): Bm25Stats {
  const files = [...scan.files.values()]
  const n = Math.max(scan.filesSearched ?? 0, files.length, 1)
  let avgdl: number
  if (scan.filesSearched && scan.bytesSearched !== null) avgdl = scan.bytesSearched / scan.filesSearched
  else avgdl = files.reduce((s, f) => s + f.bytes, 0) / Math.max(files.length, 1)
  if (!(avgdl > 0)) avgdl = 1
  const idf: number[] = []
  for (let i = 0; i < termCount; i++) {
    const df = files.filter((f) => f.termLines[i] > 0).length
    idf.push(Math.log(1 + (n - df + 0.5) / (df + 0.5)))
  }
  return { n, avgdl, idf }
}

export function bm25(f: FileHits, stats: Bm25Stats): number {
  const norm = BM25_K1 * (1 - BM25_B + (BM25_B * Math.max(f.bytes, 1)) / stats.avgdl)
  let score = 0
  f.termCounts.forEach((tf, i) => {
    if (tf > 0) score += (stats.idf[i] * tf * (BM25_K1 + 1)) / (tf + norm)
  })
  return score
}

export interface Boosts {
  /** Share of the terms carried by the title. */
  title: number
  /** Largest share of the terms carried by one heading. */
  heading: number
  /** Largest share of the terms found together on one line. */
  line: number
  /** Largest share of the terms found together in one section. */
  section: number
}

/** Structure and proximity of the terms in one document (from its outline: no CommonMark parse). */
export function boostsOf(doc: LoadedDoc, f: FileHits, foldedTerms: string[]): Boosts {
  const q = foldedTerms.length
  const { info } = doc
  const title = info.outlineTitle === null ? 0 : termsIn(info.outlineTitle, foldedTerms).length / q
  let heading = 0
  for (const h of info.outline) {
    const share = termsIn(h.text, foldedTerms).length / q
    if (share > heading) heading = share
  }
  return {
    title,
    heading,
    line: q > 1 ? f.bestLineDistinct / q : 0,
    section: q > 1 ? sectionShare(doc, foldedTerms) : 0
  }
}

/**
 * Largest share of the terms found together in one section, sections as the § labels cut them: each
 * heading opens one, up to the next heading of any level. The text is folded once and each term
 * looked for through it, its occurrences placed by counting `\n`s: a term holds no whitespace, so it
 * never spans lines, and folding keeps every `\n` (the same as folding line by line, without a
 * string per line for each of the hundred documents re-scored).
 */
function sectionShare(doc: LoadedDoc, foldedTerms: string[]): number {
  const hay = foldCase(doc.text)
  const starts = doc.info.outline.map((h) => h.line)
  // Section of a 1-based line: how many headings start at or before it (0: before any heading).
  const present = new Map<number, Set<number>>()
  foldedTerms.forEach((t, k) => {
    if (t === '') return
    let line = 1
    let nextNl = hay.indexOf('\n')
    let section = 0
    for (let at = hay.indexOf(t); at !== -1; at = hay.indexOf(t, at + t.length)) {
      while (nextNl !== -1 && nextNl < at) {
        line++
        nextNl = hay.indexOf('\n', nextNl + 1)
      }
      while (section < starts.length && starts[section] <= line) section++
      let set = present.get(section)
      if (set === undefined) present.set(section, (set = new Set<number>()))
      set.add(k)
    }
  })
  let best = 0
  for (const set of present.values()) if (set.size > best) best = set.size
  return best / foldedTerms.length
}

export function boostFactor(b: Boosts): number {
  return (
    1 +
    WEIGHT_TITLE * b.title +
    WEIGHT_HEADING * b.heading +
    WEIGHT_LINE * b.line +
    WEIGHT_SECTION * b.section
  )
}

interface Scored {
  f: FileHits
  score: number
}

const byScore = (a: Scored, b: Scored): number => b.score - a.score || byPath(a.f, b.f)

/**
 * One group (regular or reserved documents): BM25 for all, then the best RERANK_POOL re-scored with
 * their structure. Boosts only multiply, so the re-scored pool stays ahead of the rest.
 */
async function rankAndGroup(
  group: FileHits[],
  stats: Bm25Stats,
  foldedTerms: string[],
  loader: DocumentLoader
): Promise<FileHits[]> {
  const scored = group.map((f) => ({ f, score: bm25(f, stats) })).sort(byScore)
  const pool = scored.slice(0, RERANK_POOL)
  await Promise.all(
    pool.map(async (s) => {
      const doc = await loader.load(s.f.abs)
      if (doc !== null) s.score *= boostFactor(boostsOf(doc, s.f, foldedTerms))
    })
  )
  pool.sort(byScore)
  return [...pool, ...scored.slice(RERANK_POOL)].map((s) => s.f)
}

export interface KeywordRanking {
  ranked: FileHits[]
  /** True when no document holds every term and the OR fallback was used. */
  partial: boolean
}

/**
 * Keyword mode. Strict AND first; when no document holds every term, OR fallback ranked by
 * (reserved last, terms touched desc, density desc, matches desc, path).
 *
 * `needed` only bounds work that cannot change what is shown: the reserved group is re-scored only
 * when it can be reached, and densities are computed only for the OR groups that reach the first
 * `needed` places.
 */
export async function rankKeyword(
  scan: ScanResult,
  terms: string[],
  needed: number,
  loader: DocumentLoader
): Promise<KeywordRanking> {
  const all = [...scan.files.values()]
  const q = terms.length
  const foldedTerms = terms.map(foldCase)
  const and = all.filter((f) => f.termsTouched === q)
  if (and.length > 0) {
    const stats = bm25Stats(scan, q)
    const regular = and.filter((f) => !isReserved(f.rel))
    const reserved = and.filter((f) => isReserved(f.rel))
    const head = await rankAndGroup(regular, stats, foldedTerms, loader)
    const tail =
      head.length < needed
        ? await rankAndGroup(reserved, stats, foldedTerms, loader)
        : reserved
            .map((f) => ({ f, score: bm25(f, stats) }))
            .sort(byScore)
            .map((s) => s.f)
    return { ranked: [...head, ...tail], partial: false }
  }
  return { ranked: await rankOr(all, needed, loader), partial: all.length > 0 }
}

const matchesOf = (f: FileHits): number => f.termLines.reduce((s, n) => s + n, 0)

async function rankOr(all: FileHits[], needed: number, loader: DocumentLoader): Promise<FileHits[]> {
  const groupKey = (f: FileHits): number => Number(isReserved(f.rel)) * 1e6 - f.termsTouched
  const sorted = [...all].sort(
    (a, b) => groupKey(a) - groupKey(b) || matchesOf(b) - matchesOf(a) || byPath(a, b)
  )
  // Groups of equal (reserved, terms touched), in order; densities for those reaching `needed`.
  const density = new Map<FileHits, number>()
  let start = 0
  while (start < sorted.length && start < needed) {
    let end = start
    while (end < sorted.length && groupKey(sorted[end]) === groupKey(sorted[start])) end++
    const group = sorted.slice(start, end)
    await Promise.all(
      group.map(async (f) => {
        const lines = await loader.lineCount(f.abs)
        density.set(f, lines === null ? 0 : f.matchedLines / lines)
      })
    )
    group.sort(
      (a, b) => (density.get(b) ?? 0) - (density.get(a) ?? 0) || matchesOf(b) - matchesOf(a) || byPath(a, b)
    )
    sorted.splice(start, group.length, ...group)
    start = end
  }
  return sorted
}
