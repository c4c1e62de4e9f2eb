import { readFile } from 'node:fs/promises'
import { ioError } from '../errors'
import {
  corpusPathOf,
  matchAttributor,
  overCorpus,
  plainOutput,
  ripgrepArgs,
  ripgrepBin,
  runRipgrep,
  type PrintedPath,
  type ScanOptions
} from './ripgrep'
import { composed, foldCase, keywordTerms, ripgrepSpellings } from './terms'

/**
 * Which documents hold every term of each of many keyword queries — kb_search's strict AND, without
 * its ranking — in one ripgrep run (a few past hundreds of queries) instead of one search per query. The Insights check asks it of
 * every gap's queries (hundreds), after every resolution; one search each cost ~350 ms at 10,000
 * documents (docs/PERFORMANCE.md, « Knowledge gaps »).
 *
 * The run carries every query's terms, with kb_search's own arguments and match attribution
 * (`matchAttributor`: a term inside a matched text counts). What one run for many queries can get
 * wrong: ripgrep reports leftmost-first, non-overlapping matches, so a term of one query can hide a
 * term of another that starts inside it (`react` matched in `reactions` consumes the `act…` that
 * `actions` needed). Such a term can only be missing from a file where one of its « partners » (a
 * term with a proper suffix that is its proper prefix) matched. Those files, and only for the
 * queries they could complete, are read and the terms looked for in the text: the answer is then
 * exactly « every term occurs in the document, case-insensitively ». A search of one query's own
 * terms agrees, except when its own terms overlap (`ab bc` in `abc`: its search sees one of the
 * two); a gap's check then errs toward finding, as a reader would.
 */

/** Pattern characters per ripgrep run: its command line stays far under Windows' 32,767. */
export const PROBE_RUN_CHARS = 16_000

/** A proper suffix of `a` is a proper prefix of `b` (`react`, `actions`). */
export function overlaps(a: string, b: string): boolean {
  for (let k = Math.min(a.length, b.length) - 1; k >= 1; k--) {
    const at = a.length - k
    let i = 0
    while (i < k && a.charCodeAt(at + i) === b.charCodeAt(i)) i++
    if (i === k) return true
  }
  return false
}

/** One ripgrep run's share: its terms (one spelling per folded form) and the queries they make. */
interface Run {
  spellings: string[]
  folded: string[]
  queries: { text: string; terms: number[] }[]
  chars: number
}

/** Queries packed in order into runs whose command line stays under the budget. */
export function probeRuns(queries: readonly string[]): { terms: string[]; queries: string[] }[] {
  return packRuns(queries).map((r) => ({ terms: r.spellings, queries: r.queries.map((q) => q.text) }))
}

/** What these terms take on ripgrep's command line: every spelling it is given (`ripgrepArgs`), each with its `-e`. */
export function commandChars(terms: readonly string[]): number {
  return ripgrepSpellings(terms).reduce((n, s) => n + s.length + 4, 0)
}

function packRuns(queries: readonly string[]): Run[] {
  const runs: Run[] = []
  let run: Run | null = null
  let index = new Map<string, number>()
  for (const text of queries) {
    const spellings = keywordTerms(text)
    // No process argument can hold a NUL: kb_search refuses such a query, so it finds nothing.
    if (spellings.length === 0 || text.includes('\0')) continue
    const size = commandChars(spellings)
    if (run === null || (run.chars + size > PROBE_RUN_CHARS && run.queries.length > 0)) {
      run = { spellings: [], folded: [], queries: [], chars: 0 }
      index = new Map()
      runs.push(run)
    }
    const r: Run = run
    const terms = spellings.map((s) => {
      const f = foldCase(s)
      let i = index.get(f)
      if (i === undefined) {
        i = r.spellings.push(s) - 1
        r.folded.push(f)
        r.chars += commandChars([s])
        index.set(f, i)
      }
      return i
    })
    r.queries.push({ text, terms })
  }
  return runs
}

/** Per term, the numbers of the files holding it (increasing), and the files' corpus paths. */
interface Presence {
  files: PrintedPath[]
  holders: number[][]
}

/** One ripgrep run over `dir` with kb_search's keyword arguments: which files hold which term. */
async function scanPresence(
  dir: string,
  terms: string[],
  bin: string,
  options: ScanOptions
): Promise<Presence> {
  const attribute = matchAttributor(terms)
  const files: PrintedPath[] = []
  const holders: number[][] = terms.map(() => [])
  const lastFile = new Array<number>(terms.length).fill(-1)
  let file = -1
  let searched = false

  const onOccurrence = (buf: Buffer, start: number, end: number): void => {
    let i = start
    while (i < end && buf[i] !== 58 /* : */) i++
    if (i === end) return
    const found = attribute(buf.toString('utf8', i + 1, end))
    // One term: ripgrep matched it, its own case folding included (as scanCorpus counts it).
    for (const k of found.length === 0 && terms.length === 1 ? [0] : found) {
      if (lastFile[k] === file) continue
      lastFile[k] = file
      holders[k].push(file)
    }
  }

  const run = (inDir: boolean): Promise<void | 'retry'> => {
    const pathOf = corpusPathOf(dir, inDir)
    const output = plainOutput({
      file: (printed) => {
        const p = pathOf(printed)
        file = p === null ? -1 : files.push(p) - 1
        return file >= 0
      },
      occurrence: onOccurrence,
      fileEnd: () => (file = -1),
      stat: (name) => (searched ||= name === 'files searched')
    })
    return runRipgrep({
      bin,
      args: ripgrepArgs(inDir ? '.' : dir, 'keyword', terms, options.threads),
      ...(inDir ? { cwd: dir } : {}),
      timeoutMs: options.timeoutMs,
      background: options.background,
      onStdout: output.push,
      onClose: output.end,
      completed: () => searched,
      failure: (text) => ioError(text)
    })
  }
  await overCorpus(true, run)
  return { files, holders }
}

/** Files as bits: one bit per file number of a run. */
type Bits = Uint32Array

function bitsOf(list: readonly number[], words: number): Bits {
  const b = new Uint32Array(words)
  for (const n of list) b[n >>> 5] |= 1 << (n & 31)
  return b
}

const has = (b: Bits, n: number): boolean => (b[n >>> 5] & (1 << (n & 31))) !== 0

function allOf(sets: readonly Bits[], words: number): Bits {
  const out = new Uint32Array(words).fill(0xffffffff)
  for (const b of sets) for (let w = 0; w < words; w++) out[w] &= b[w]
  return out
}

function membersOf(b: Bits, files: number): number[] {
  const out: number[] = []
  for (let n = 0; n < files; n++) if (has(b, n)) out.push(n)
  return out
}

/** Files read back at once by the check of hidden terms. */
const READ_AHEAD = 16

/** One run: every query's documents, those a partner could have hidden a term from read and checked. */
async function probeRun(
  dir: string,
  run: Run,
  bin: string,
  options: ProbeOptions,
  out: Map<string, string[]>
): Promise<void> {
  const { files, holders } = await scanPresence(dir, run.spellings, bin, options)
  const upTo = options.upTo ?? Infinity
  const words = (files.length + 31) >>> 5
  const held = holders.map((h) => bitsOf(h, words))
  // Where each term is, or could be hidden: its own files and its partners'.
  const reach = run.folded.map((t, i) => {
    const partners = run.folded.flatMap((x, j) => (j !== i && overlaps(x, t) ? [j] : []))
    if (partners.length === 0) return held[i]
    const r = held[i].slice()
    for (const j of partners) for (let w = 0; w < words; w++) r[w] |= held[j][w]
    return r
  })
  let pending: { query: Run['queries'][number]; found: string[]; maybe: Bits }[] = []
  for (const query of run.queries) {
    const sure = allOf(
      query.terms.map((i) => held[i]),
      words
    )
    const found = membersOf(sure, files.length).map((n) => files[n].rel)
    out.set(query.text, found)
    if (found.length > upTo) continue
    const maybe = allOf(
      query.terms.map((i) => reach[i]),
      words
    ).map((v, w) => v & ~sure[w])
    if (maybe.some((v) => v !== 0)) pending.push({ query, found, maybe })
  }
  for (let n = 0; n < files.length && pending.length > 0; n += READ_AHEAD) {
    const batch = Array.from({ length: Math.min(READ_AHEAD, files.length - n) }, (_, k) => n + k).filter(
      (f) => pending.some((p) => has(p.maybe, f))
    )
    // A file that cannot be read now (gone since ripgrep read it) holds nothing a search would show.
    const texts = await Promise.all(
      batch.map((f) =>
        readFile(files[f].abs, 'utf8').then(
          (t) => foldCase(composed(t)),
          () => null
        )
      )
    )
    batch.forEach((f, k) => {
      const text = texts[k]
      if (text === null) return
      for (const p of pending)
        if (has(p.maybe, f) && p.query.terms.every((i) => has(held[i], f) || text.includes(run.folded[i])))
          p.found.push(files[f].rel)
    })
    pending = pending.filter((p) => p.found.length <= upTo)
  }
}

export interface ProbeOptions extends ScanOptions {
  /**
   * Only whether a query holds in more than this many documents matters past it: its list is then
   * longer than `upTo` but may not be whole (no file is read back for it).
   */
  upTo?: number
}

/**
 * For each query, the corpus paths of the documents holding every one of its terms (a query with no
 * term: none), in no particular order. Runs, when the queries need more than one, go one after the
 * other, each with ripgrep's own threads.
 */
export async function documentsWithEveryTerm(
  dir: string,
  queries: readonly string[],
  options: ProbeOptions = {}
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(queries.map((q) => [q, []]))
  const runs = packRuns([...new Set(queries)])
  if (runs.length === 0) return out
  const bin = await ripgrepBin(options)
  for (const run of runs) await probeRun(dir, run, bin, options, out)
  return out
}
