/**
 * In-process check of the excerpt choice on the expected page only (ranking of documents aside):
 * section-hit = a label chosen on the expected page is the expected section; chars = excerpt
 * characters + the section read. Fast enough to tune on questions.json (`npx tsx bench/retrieval/tune.ts`).
 */
import { join } from 'node:path'
import { loadDocument, shownInfo, splitLines } from '../../src/engine/search/documents'
import { buildSnippets, keywordHits } from '../../src/engine/search/snippets'
import { keywordTerms, foldCase } from '../../src/engine/search/terms'
import { findSection } from '../../src/engine/corpus/markdown'
import { loadQuestions, QUESTIONS_FILE, resolveQuestion } from './questions'
import { SOURCE } from './corpus'

async function main(): Promise<void> {
  const file = process.argv[2] ?? QUESTIONS_FILE
  const corpusDir = join(SOURCE, 'knowledge')
  let hit = 0
  let chars = 0
  let bytes = 0
  const qs = loadQuestions(file)
  for (const q of qs) {
    const rq = resolveQuestion(corpusDir, q)
    const doc = await loadDocument(join(corpusDir, q.page))
    if (doc === null) throw new Error(q.page)
    const { headings, title } = shownInfo(doc)
    const lines = splitLines(doc.text)
    const terms = keywordTerms(q.query).map(foldCase)
    const hits = keywordHits(lines, doc.info, headings, terms, title)
    const snippets = buildSnippets(lines, doc.info, headings, hits)
    const labels = snippets.map((s) => s.label)
    const ok = labels.includes(rq.label)
    if (ok) hit++
    const read = labels.find((l) => l === rq.label) ?? labels.find((l) => l !== '(préambule)') ?? ''
    const sec = read === '' ? null : findSection(doc.text, headings, read)
    chars +=
      snippets.reduce((n, s) => n + s.lines.join('\n').length + 20, 0) + (sec?.text.length ?? doc.text.length)
    bytes += rq.pageBytes
    if (!ok || process.env.VERBOSE)
      console.log(`${ok ? '✓' : '·'} ${q.query} → ${labels.join(' | ')}   [want ${rq.label}]`)
  }
  console.log(
    `section-hit ${(hit / qs.length).toFixed(3)} (${hit}/${qs.length})  expected-page chars/bytes ${(chars / bytes).toFixed(3)}`
  )
}
void main()
