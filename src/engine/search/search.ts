import { availableParallelism } from 'node:os'
import type { Base } from '../registry/base'
import { invalidInput } from '../errors'
import { relieveMemorySoon } from '../memory'
import { frontmatterDigest } from './digest'
import { DocumentLoader, shownInfo, splitLines } from './documents'
import { allocateQuota } from './quota'
import { isReserved, rankKeyword, rankRegex } from './rank'
import { scanCorpus, type FileHits, type ScanOptions } from './ripgrep'
import { buildSnippets, keywordHits, type Snippet } from './snippets'
import { foldCase, keywordTerms } from './terms'

export { allocateQuota } from './quota'
export type { Snippet } from './snippets'

/**
 * kb_search's engine (seed 000, behaviours §10.2): ripgrep once per base, strict AND then OR
 * fallback (keyword) or one expression (regex), ranking, the global `max_results` shared between
 * bases, then excerpts and frontmatter digests for the documents that will be shown.
 */

export type SearchMode = 'keyword' | 'regex'

/** Matching files past which a search asks for a full garbage collection once it has replied. */
export const LARGE_SCAN_FILES = 1000

export interface DocResult {
  /** Corpus-relative, `/` separators. */
  path: string
  title: string | null
  /** One-line YAML flow mapping of title, tags and dates; null when none. */
  digest: string | null
  snippets: Snippet[]
  /** `index.md` or `log.md` (any directory): ranked after every other document. */
  reserved: boolean
}

export interface BaseSearchResult {
  base: string
  /** In ranking order, already cut to this base's share of `maxResults`. */
  results: DocResult[]
  /** The OR fallback was used (no document holds every term). */
  partial: boolean
  /** Candidates found before the cut. */
  available: number
  /** Files ripgrep matched that were gone or unreadable by the time they were shown (corpus paths). */
  skipped: string[]
}

interface RankedBase {
  base: Base
  ranked: FileHits[]
  partial: boolean
  loader: DocumentLoader
  /** Keyword mode: the folded terms (the excerpts are chosen from the text); null in regex mode. */
  foldedTerms: string[] | null
}

async function rankBase(
  base: Base,
  query: string,
  mode: SearchMode,
  maxResults: number,
  options: ScanOptions
): Promise<RankedBase> {
  const loader = new DocumentLoader()
  if (mode === 'regex') {
    const scan = await scanCorpus(base.corpusDir, 'regex', [query], options)
    return { base, ranked: rankRegex(scan), partial: false, loader, foldedTerms: null }
  }
  const terms = keywordTerms(query)
  if (terms.length === 0) return { base, ranked: [], partial: false, loader, foldedTerms: [] }
  const scan = await scanCorpus(base.corpusDir, 'keyword', terms, options)
  const { ranked, partial } = await rankKeyword(scan, terms, maxResults, loader)
  return { base, ranked, partial, loader, foldedTerms: terms.map(foldCase) }
}

/**
 * A shown document. Regex mode: the windows of ripgrep's first three hits. Keyword mode: of the lines
 * `keywordHits` chooses from the text (ripgrep's hits when it finds none).
 */
async function materialise(
  f: FileHits,
  loader: DocumentLoader,
  foldedTerms: string[] | null
): Promise<DocResult | null> {
  const doc = await loader.load(f.abs)
  if (doc === null) return null
  const { headings, title } = shownInfo(doc)
  const lines = splitLines(doc.text)
  let hits = f.hits
  if (foldedTerms !== null && foldedTerms.length > 0) {
    const chosen = keywordHits(lines, doc.info, headings, foldedTerms, title)
    if (chosen.length > 0) hits = chosen
  }
  return {
    path: f.rel,
    title,
    digest:
      doc.info.digest === undefined ? (doc.info.digest = frontmatterDigest(doc.info.data)) : doc.info.digest,
    snippets: buildSnippets(lines, doc.info, headings, hits),
    reserved: isReserved(f.rel)
  }
}

/** The first `quota` documents of the ranking that can still be read, and those that could not. */
async function showable(rb: RankedBase, quota: number): Promise<{ results: DocResult[]; skipped: string[] }> {
  const results: DocResult[] = []
  const skipped: string[] = []
  let next = 0
  while (results.length < quota && next < rb.ranked.length) {
    const batch = rb.ranked.slice(next, next + quota - results.length)
    next += batch.length
    const shown = await Promise.all(batch.map((f) => materialise(f, rb.loader, rb.foldedTerms)))
    shown.forEach((r, i) => (r === null ? skipped.push(batch[i].rel) : results.push(r)))
  }
  return { results, skipped }
}

/**
 * ripgrep's threads per process when `processes` run at once: its default for one; otherwise the
 * cores shared out, at least one each. Each ripgrep starts as many workers as the machine has cores,
 * and with five bases on two cores the extra threads' start-up and contention cost more than the
 * walk they parallelise (docs/PERFORMANCE.md, kb_search). Which files match does not depend on it.
 */
export function threadsEach(processes: number, cores = availableParallelism()): number | undefined {
  return processes <= 1 ? undefined : Math.max(1, Math.floor(cores / processes))
}

/**
 * Searches every base (in parallel, one ripgrep each) and returns one entry per base, in the order
 * given. `maxResults` is a global cap shared with `allocateQuota`.
 */
export async function searchBases(
  bases: Base[],
  query: string,
  mode: SearchMode,
  maxResults: number,
  options: ScanOptions = {}
): Promise<BaseSearchResult[]> {
  // ripgrep takes the query as an argument, and no process argument can hold a NUL: refused here
  // as the input fault it is, not left to fail the spawn as an IO_ERROR quoting the query.
  if (query.includes('\0'))
    throw invalidInput(
      "paramètre 'query' invalide (chaîne sans caractère NUL) — paramètre 'query' contient un caractère NUL"
    )
  const cap = Math.max(0, Math.floor(maxResults))
  const threads = threadsEach(bases.length)
  // Composed (NFC), as text files nearly always are: « e\u0301tat », typed on some keyboards or
  // pasted from a file name, would otherwise find none of the « état » a corpus holds.
  const q = query.normalize('NFC')
  const ranked = await Promise.all(bases.map((b) => rankBase(b, q, mode, cap, { threads, ...options })))
  const quotas = allocateQuota(
    ranked.map((r) => r.ranked.length),
    cap
  )
  // A query matching thousands of files leaves a large heap behind: collect it once, after replying.
  if (ranked.reduce((n, r) => n + r.ranked.length, 0) > LARGE_SCAN_FILES) relieveMemorySoon()
  return Promise.all(
    ranked.map(async (rb, i) => ({
      base: rb.base.name,
      ...(await showable(rb, quotas[i])),
      partial: rb.partial,
      available: rb.ranked.length
    }))
  )
}
