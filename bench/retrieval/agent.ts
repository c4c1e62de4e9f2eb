/**
 * What an agent does with one retrieval question, measured in characters received: through the hub
 * (kb_search, then kb_read of the section its `§` label names) and through a plain grep (the files
 * holding every term, in path order, then the whole file opened).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { rgPath } from '@vscode/ripgrep'
import { headingAt, parseHeadings, sectionKey } from '../../src/engine/corpus/markdown'
import { splitFrontmatter } from '../../src/engine/corpus/frontmatter'
import type { Session } from '../lib'
import type { ResolvedQuestion } from './questions'

export const PREAMBLE = '(préambule)'
export const DEFAULT_MAX_RESULTS = 8

/** Characters as the budget counts them (code points). */
export function chars(s: string): number {
  let n = 0
  for (const _ of s) n++
  return n
}

export interface ParsedResult {
  path: string
  /** The `§` labels of its excerpts, in order. */
  labels: string[]
}

/** `### path — title` blocks and their `  Lx-y § label` lines. */
export function parseSearch(output: string): ParsedResult[] {
  const out: ParsedResult[] = []
  for (const line of output.split('\n')) {
    if (line.startsWith('### ')) {
      const rest = line.slice(4)
      const cut = rest.indexOf(' — ')
      out.push({ path: cut === -1 ? rest : rest.slice(0, cut), labels: [] })
      continue
    }
    const m = /^ {2}L\d+-\d+ § (.*)$/.exec(line)
    if (m && out.length > 0) out[out.length - 1].labels.push(m[1])
  }
  return out
}

export interface Outcome {
  /** The expected page is among the results. */
  found: boolean
  /** Rank of the expected page (1-based), or 0. */
  rank: number
  /** A `§` label under the expected page names the expected section (sectionKey equality). */
  sectionHit: boolean
  /** Plain grep only: one of the first three lines holding a term lies in the expected section. */
  sectionHitFirst3?: boolean
  /** The text read last contains the literal answer. */
  answerRead: boolean
  /** Characters of the search step's output(s). */
  searchChars: number
  /** Characters of the read step's output. */
  readChars: number
  /** What was read (path and section, or the whole file). */
  read: string
}

async function callText(s: Session, name: string, args: Record<string, unknown>): Promise<string> {
  const r = await s.client.callTool({ name, arguments: args })
  return (r.content as { text: string }[]).map((c) => c.text).join('')
}

/**
 * The hub: kb_search (default max_results), then kb_read of the expected page's matching label, else
 * of its first label other than the preamble; when the page is not listed, of the first result's.
 * A label-less result is read whole (kb_read without section: the document, or its heading table).
 */
export async function askHub(s: Session, base: string, rq: ResolvedQuestion): Promise<Outcome> {
  const q = rq.question
  const search = await callText(s, 'kb_search', { base, query: q.query })
  const results = parseSearch(search)
  const index = results.findIndex((r) => r.path === q.page)
  const want = sectionKey(q.section)
  const mine = index === -1 ? null : results[index]
  const sectionHit = mine !== null && mine.labels.some((l) => sectionKey(l) === want)
  const target = mine ?? results[0]
  let readText = ''
  let read = '—'
  if (target !== undefined) {
    const label = sectionHit
      ? (mine as ParsedResult).labels.find((l) => sectionKey(l) === want)
      : target.labels.find((l) => l !== PREAMBLE)
    const args: Record<string, unknown> = { base, path: target.path }
    if (label !== undefined) args.section = label
    readText = await callText(s, 'kb_read', args)
    read = label === undefined ? target.path : `${target.path} § ${label}`
  }
  return {
    found: index !== -1,
    rank: index + 1,
    sectionHit,
    answerRead: readText.includes(q.answer),
    searchChars: chars(search),
    readChars: chars(readText),
    read
  }
}

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] })
    const parts: Buffer[] = []
    p.stdout.on('data', (d: Buffer) => parts.push(d))
    p.on('error', reject)
    p.on('close', () => resolve(Buffer.concat(parts).toString('utf8')))
  })
}

/** `rg -i -F -l` of each term, intersected, corpus-relative, in path order. */
export async function grepAnd(corpusDir: string, query: string): Promise<string[]> {
  const terms = [...new Set(query.split(/\s+/u).filter((t) => t !== ''))]
  let files: Set<string> | undefined
  for (const t of terms) {
    const out = await run(rgPath, [
      '-i',
      '-F',
      '-l',
      '--no-config',
      '--glob',
      '*.md',
      '-e',
      t,
      '--',
      corpusDir
    ])
    const rel = new Set(
      out
        .split('\n')
        .filter((l) => l !== '')
        .map((l) =>
          l
            .slice(corpusDir.length + 1)
            .split('\\')
            .join('/')
        )
    )
    const before: Set<string> | undefined = files
    files = before === undefined ? rel : new Set([...before].filter((f) => rel.has(f)))
  }
  return [...(files ?? [])].sort()
}

/** The normalised `§` labels of the first `n` lines of `text` holding any term (case-insensitive). */
export function firstHitLabels(text: string, query: string, n: number): string[] {
  const terms = query
    .split(/\s+/u)
    .filter((t) => t !== '')
    .map((t) => t.toLowerCase())
  const lines = text.split('\n')
  const headings = parseHeadings(text)
  const { bodyStartLine, raw } = splitFrontmatter(text)
  const out: string[] = []
  for (let i = 0; i < lines.length && out.length < n; i++) {
    const l = lines[i].toLowerCase()
    if (!terms.some((t) => l.includes(t))) continue
    if (raw !== null && i + 1 < bodyStartLine) out.push(PREAMBLE)
    else out.push(headingAt(headings, i + 1)?.ref ?? PREAMBLE)
  }
  return out
}

/**
 * Plain grep: the first `DEFAULT_MAX_RESULTS` files holding every term, in path order (the listing is
 * what the agent receives first), then the whole expected page if listed, else the first file. Its
 * section-hit is the section of the first line of the page holding a term (what `grep -m1` shows);
 * `sectionHitFirst3` also accepts the second and third such lines (`grep -m3`).
 */
export async function askGrep(corpusDir: string, rq: ResolvedQuestion): Promise<Outcome> {
  const q = rq.question
  const listed = (await grepAnd(corpusDir, q.query)).slice(0, DEFAULT_MAX_RESULTS)
  const listing = listed.map((f) => join(corpusDir, f)).join('\n')
  const index = listed.indexOf(q.page)
  const target = index === -1 ? listed[0] : q.page
  const text = target === undefined ? '' : readFileSync(join(corpusDir, target), 'utf8')
  const labels = index === -1 ? [] : firstHitLabels(text, q.query, 3)
  const want = sectionKey(q.section)
  return {
    found: index !== -1,
    rank: index + 1,
    sectionHit: labels.length > 0 && sectionKey(labels[0]) === want,
    sectionHitFirst3: labels.some((l) => sectionKey(l) === want),
    answerRead: text.includes(q.answer),
    searchChars: chars(listing),
    readChars: chars(text),
    read: target ?? '—'
  }
}

export interface Totals {
  questions: number
  recall: number
  sectionHit: number
  /** Plain grep: share of questions where one of the first three hit lines is in the section. */
  sectionHitFirst3: number
  answerRead: number
  searchChars: number
  readChars: number
  pageBytes: number
  /** (Σ search + read characters) ÷ Σ bytes of the expected pages. */
  economy: number
}

export function totals(outcomes: Outcome[], rqs: ResolvedQuestion[]): Totals {
  const n = outcomes.length
  const sum = (f: (o: Outcome) => number): number => outcomes.reduce((s, o) => s + f(o), 0)
  const pageBytes = rqs.reduce((s, r) => s + r.pageBytes, 0)
  const searchChars = sum((o) => o.searchChars)
  const readChars = sum((o) => o.readChars)
  return {
    questions: n,
    recall: sum((o) => Number(o.found)) / n,
    sectionHit: sum((o) => Number(o.sectionHit)) / n,
    sectionHitFirst3: sum((o) => Number(o.sectionHitFirst3 ?? false)) / n,
    answerRead: sum((o) => Number(o.answerRead)) / n,
    searchChars,
    readChars,
    pageBytes,
    economy: (searchChars + readChars) / pageBytes
  }
}
