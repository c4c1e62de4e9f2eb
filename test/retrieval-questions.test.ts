import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findSection, normalizeHeading, parseHeadings, sectionKey } from '../src/engine/corpus/markdown'
import { HOLDOUT_FILE, loadQuestions, QUESTIONS_FILE, resolveQuestion } from '../bench/retrieval/questions'

// The retrieval benchmark's questions (bench/suites/retrieval.ts) checked mechanically against the
// shared French React docs: a missing corpus must fail, not skip.
const CORPUS = resolve(__dirname, 'corpora/react-fr/knowledge')
const present = existsSync(CORPUS) && statSync(CORPUS).isDirectory()

describe('retrieval questions', () => {
  it('finds the corpus', () => {
    expect(present, CORPUS).toBe(true)
  })

  const sets: [string, string, number][] = [
    ['questions.json', QUESTIONS_FILE, 40],
    ['holdout.json', HOLDOUT_FILE, 30]
  ]
  for (const [name, file, minimum] of sets) {
    const questions = loadQuestions(file)

    it(`${name}: at least ${minimum} questions, no duplicate query, varied pages`, () => {
      expect(questions.length).toBeGreaterThanOrEqual(minimum)
      expect(new Set(questions.map((q) => q.query.toLowerCase())).size).toBe(questions.length)
      const folders = new Set(questions.map((q) => q.page.split('/')[0]))
      expect(folders.size).toBeGreaterThanOrEqual(4)
    })

    it(`${name}: every page, section and answer checks out`, () => {
      const failures: string[] = []
      for (const q of questions) {
        try {
          const r = resolveQuestion(CORPUS, q)
          // The label kb_search would print under that heading leads kb_read to a section of that title.
          const text = readFileSync(join(CORPUS, q.page), 'utf8')
          const section = findSection(text, parseHeadings(text), r.label)
          if (section === null || sectionKey(section.heading.raw) !== sectionKey(q.section))
            failures.push(`${q.query}: label '${r.label}' does not round-trip`)
          if (!r.shadowed && !section?.text.includes(q.answer))
            failures.push(`${q.query}: answer not read back`)
        } catch (e) {
          failures.push((e as Error).message)
        }
      }
      expect(failures).toEqual([])
    })
  }

  it('the two sets share no question', () => {
    const own = new Set(loadQuestions(QUESTIONS_FILE).map((q) => `${q.page}#${q.section}`))
    const shared = loadQuestions(HOLDOUT_FILE).filter((q) => own.has(`${q.page}#${q.section}`))
    expect(shared.map((q) => q.query)).toEqual([])
  })

  it('a label copied from a result finds its section whatever the anchor and the space before the colon', () => {
    const text = readFileSync(join(CORPUS, 'learn/preserving-and-resetting-state.md'), 'utf8')
    const headings = parseHeadings(text)
    const raw = headings.find((h) => h.raw.startsWith('Option 2'))?.raw ?? ''
    // As written: a non-breaking space before the colon, a trailing MDX anchor.
    expect(raw).toBe(
      "Option 2\u00a0: réinitialiser l'état avec une clé {/*option-2-resetting-state-with-a-key*/}"
    )
    expect(normalizeHeading(raw)).toBe("option 2 : réinitialiser l'état avec une clé")
    for (const typed of [
      "Option 2 : réinitialiser l'état avec une clé",
      "Option 2\u00a0: réinitialiser l'état avec une clé",
      'Option 2\u202f: réinitialiser l’état avec une clé {#option-2-resetting-state-with-a-key}',
      "option 2 : reinitialiser l'etat avec une cle"
    ])
      expect(findSection(text, headings, typed)?.heading.raw, typed).toBe(raw)
  })
})
