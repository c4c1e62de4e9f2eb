import { describe, it, expect } from 'vitest'
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Base } from '../registry/base'
import { loadDocument, shownInfo } from '../search/documents'
import { labelAt, PREAMBLE } from '../search/snippets'
import { listDocuments } from './paths'
import { readDocument } from './read'

// The French React docs corpus committed under test/corpora: real MDX-flavoured headings (`{/*id*/}`
// anchors, backticks, `<form>` in code spans, NBSP before `:`/`?`, typographic quotes, « Paramètres »
// fifteen times in Component.md). A missing folder must fail, not skip: a silently skipped corpus test
// is how a label round-trip regression would ship.
const ROOT = resolve(__dirname, '../../../test/corpora/react-fr')
const present = existsSync(join(ROOT, 'knowledge')) && statSync(join(ROOT, 'knowledge')).isDirectory()
const base = present
  ? ({
      name: 'react-fr',
      dirName: 'react-fr',
      root: realpathSync(ROOT),
      corpusDir: realpathSync(join(ROOT, 'knowledge')),
      corpusRel: 'knowledge'
    } as Base)
  : null
// Through the corpus rule itself: the pages a search can land on are the pages listed.
const pages = base ? listDocuments(base) : []

let totalHeadings = 0
let repeatedTitles = 0

describe('react-fr corpus: every § label kb_search prints reads back its own section in kb_read', () => {
  it('finds the corpus', () => {
    expect(present, ROOT).toBe(true)
    expect(pages.length).toBeGreaterThan(100)
  })

  // One test per page: a failure names the page.
  for (const page of pages) {
    it(page, async () => {
      const b = base as Base
      const doc = await loadDocument(join(b.corpusDir, page))
      expect(doc).not.toBeNull()
      if (doc === null) return
      const { headings } = shownInfo(doc)
      const lines = readFileSync(join(b.corpusDir, page), 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\n')
      const failures: string[] = []
      for (const h of headings) {
        totalHeadings++
        if (h.ref !== h.label) repeatedTitles++
        if (/\{\/\*|\*\/\}|`|\*\*|\u00a0|\u202f/.test(h.label))
          failures.push(`L${h.line} markup left: ${h.label}`)
        // What kb_search prints for a hit on the heading line (the same function its excerpts use)…
        const label = labelAt(doc.info, headings, h.line)
        if (label === PREAMBLE) {
          failures.push(`L${h.line} labelled as preamble`)
          continue
        }
        // …copied as is into kb_read's engine.
        const r = readDocument(b, page, { section: label, tocThreshold: 8192 })
        if (r.kind !== 'section') failures.push(`L${h.line} '${label}' did not read a section`)
        else if (r.section.startLine !== h.line || r.section.heading.line !== h.line)
          failures.push(`L${h.line} '${label}' read L${r.section.startLine} (${r.section.heading.raw})`)
        else if (!r.section.text.startsWith(lines[h.line - 1].replace(/\r$/, '').trimEnd()))
          failures.push(`L${h.line} section does not start at its heading line`)
        else if (r.section.duplicates !== 0)
          failures.push(`L${h.line} '${label}' is not unique (${r.section.duplicates} others)`)
      }
      expect(failures).toEqual([])
    })
  }

  it('covered every heading, repeated titles included', () => {
    // 172 pages, 2058 headings, 121 of them under a title their page repeats (all anchored).
    expect(totalHeadings).toBeGreaterThan(2000)
    expect(repeatedTitles).toBeGreaterThan(100)
  })
})
