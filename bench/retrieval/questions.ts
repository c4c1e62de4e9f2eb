/**
 * The retrieval question set (bench/retrieval/questions.json) and its mechanical check: every
 * question names a page of the react-fr corpus, one of its headings (raw text, as written, anchors
 * and non-breaking spaces included), and a literal answer snippet that sits directly under that
 * heading — in the part of the section before any sub-heading, i.e. where the `§` label of the
 * answer's line is that heading's label.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  findSection,
  headingAt,
  normalizeHeading,
  parseHeadings,
  sectionKey,
  type Heading
} from '../../src/engine/corpus/markdown'

export interface Question {
  /** What an agent would send to kb_search: 2–4 terms. */
  query: string
  /** Corpus-relative path of the page holding the answer. */
  page: string
  /** The heading's raw text as written in the page (`Heading.raw`). */
  section: string
  /** Which heading of exactly that raw text holds the answer when the page repeats it (1-based; default 1). */
  occurrence?: number
  /** A literal snippet of the section that answers the question. */
  answer: string
}

export const QUESTIONS_FILE = join(__dirname, 'questions.json')
/** Written after the snippet choice was tuned on questions.json: a check that it generalises. */
export const HOLDOUT_FILE = join(__dirname, 'holdout.json')

export function loadQuestions(file = QUESTIONS_FILE): Question[] {
  return JSON.parse(readFileSync(file, 'utf8')) as Question[]
}

export interface ResolvedQuestion {
  question: Question
  /** The heading holding the answer (null for an unchecked external question). */
  heading: Heading | null
  /** The `§` label a hit under that heading carries (its `ref`: unique within the page). */
  label: string
  /** Number of headings of the page with the same sectionKey (1 = unique). */
  sameKey: number
  /**
   * kb_read(section = label) does not return this heading. Printed labels are unique within a page,
   * so this no longer happens; kept so that a regression shows in the benchmark's notes.
   */
  shadowed: boolean
  /** Bytes of the whole page. */
  pageBytes: number
  /** 1-based line of the answer. */
  answerLine: number
}

/** Lines as the engine numbers them. */
function lines(text: string): string[] {
  const ls = text.split('\n')
  if (ls.length > 1 && ls[ls.length - 1] === '') ls.pop()
  return ls.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
}

/**
 * Resolves a question against the corpus; throws with every problem found. Checks: the query has
 * 2–4 terms; the page exists and holds every term (case-insensitive: what a literal search needs); a heading of exactly that raw text exists and findSection finds a
 * section by it; the answer is inside that section's text (findSection's own, unless an earlier
 * heading shadows it), on a line whose nearest heading is the section's own.
 */
export function resolveQuestion(corpusDir: string, q: Question): ResolvedQuestion {
  const problems: string[] = []
  const words = q.query.trim().split(/\s+/u)
  if (words.length < 2 || words.length > 4) problems.push(`query of ${words.length} terms (2–4 expected)`)
  let text: string
  try {
    text = readFileSync(join(corpusDir, q.page), 'utf8')
  } catch {
    throw new Error(`${q.query}: page ${q.page} not found`)
  }
  const folded = text.toLowerCase()
  const absent = words.filter((w) => !folded.includes(w.toLowerCase()))
  if (absent.length > 0)
    problems.push(`term(s) absent from the page, no literal search can find it: ${absent.join(', ')}`)
  const headings = parseHeadings(text)
  const same = headings.filter((h) => h.raw === q.section)
  const occurrence = q.occurrence ?? 1
  const heading = same[occurrence - 1]
  if (heading === undefined)
    throw new Error(`${q.query}: no heading #${occurrence} '${q.section}' in ${q.page}`)
  const first = findSection(text, headings, q.section)
  if (first === null) problems.push(`findSection does not find '${q.section}'`)
  const read = findSection(text, headings, heading.ref)
  const shadowed = read?.heading.line !== heading.line
  const ls = lines(text)
  const index = headings.findIndex((h) => h.line === heading.line)
  let end = ls.length
  for (let j = index + 1; j < headings.length; j++)
    if (headings[j].level <= heading.level) {
      end = headings[j].line - 1
      break
    }
  let answerLine = -1
  for (let l = heading.line; l <= end; l++) {
    if (ls[l - 1].includes(q.answer) && headingAt(headings, l)?.line === heading.line) {
      answerLine = l
      break
    }
  }
  if (answerLine === -1) problems.push(`answer '${q.answer}' not directly under '${q.section}'`)
  if (!shadowed && read !== null && !read.text.includes(q.answer))
    problems.push(`answer not in findSection's text`)
  if (problems.length > 0) throw new Error(`${q.query} (${q.page}): ${problems.join('; ')}`)
  const key = sectionKey(heading.raw)
  return {
    question: q,
    heading,
    label: heading.ref,
    sameKey: headings.filter((h) => sectionKey(h.raw) === key).length,
    shadowed,
    pageBytes: Buffer.byteLength(text, 'utf8'),
    answerLine
  }
}

/**
 * For a question set kept outside the project (another author's conventions): the page must exist;
 * anything else the strict check would reject is reported, not fatal.
 */
export function resolveLenient(
  corpusDir: string,
  q: Question
): { resolved: ResolvedQuestion; problem: string | null } {
  const page = q.page.replace(/^knowledge\//, '')
  const fixed = page === q.page ? q : { ...q, page }
  try {
    return { resolved: resolveQuestion(corpusDir, fixed), problem: null }
  } catch (e) {
    const text = readFileSync(join(corpusDir, fixed.page), 'utf8')
    return {
      resolved: {
        question: fixed,
        heading: null,
        label: normalizeHeading(fixed.section),
        sameKey: 1,
        shadowed: false,
        pageBytes: Buffer.byteLength(text, 'utf8'),
        answerLine: -1
      },
      problem: (e as Error).message
    }
  }
}
