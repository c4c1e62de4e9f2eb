import { describe, it, expect } from 'vitest'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { findSection, normalizeHeading, parseHeadings, sectionKey } from './markdown'

// The shared French React docs corpus: real MDX-flavoured headings (`{/*id*/}` anchors, backticks,
// NBSP before `:`/`?`, typographic quotes). A missing folder must fail, not skip: a silently skipped
// corpus test is how a label round-trip regression would ship.
const CORPUS = resolve(__dirname, '../../../test/corpora/react-fr/knowledge')

function markdownFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir).sort()) {
    const abs = join(dir, name)
    if (statSync(abs).isDirectory()) out.push(...markdownFiles(abs))
    else if (name.endsWith('.md')) out.push(abs)
  }
  return out
}

const present = existsSync(CORPUS) && statSync(CORPUS).isDirectory()
const files = present ? markdownFiles(CORPUS) : []
// One test per file rather than one loop: micromark is slow (and slower still in the development
// build vitest resolves), so a single test over the whole corpus flirts with the timeout on a loaded machine.
let totalHeadings = 0
let anchoredHeadings = 0

describe('react-fr corpus headings', () => {
  it('finds the corpus', () => {
    expect(present, CORPUS).toBe(true)
    expect(files.length).toBeGreaterThan(100)
  })

  for (const file of files) {
    it(`round-trips every § label of ${relative(CORPUS, file)}`, () => {
      const text = readFileSync(file, 'utf8')
      const lines = text.split('\n')
      const headings = parseHeadings(text)
      const failures: string[] = []
      for (const h of headings) {
        totalHeadings++
        if (h.raw.includes('{/*')) anchoredHeadings++
        if (normalizeHeading(h.label) !== h.label) failures.push(`L${h.line} label not stable: ${h.label}`)
        if (/\{\/\*|\*\/\}|`|\*\*|\u00a0|\u202f/.test(h.label))
          failures.push(`L${h.line} markup left: ${h.label}`)
        const key = sectionKey(h.raw)
        const first = headings.find((other) => sectionKey(other.raw) === key)
        const section = findSection(text, headings, h.label)
        if (section === null) failures.push(`L${h.line} not found by its label: ${h.label}`)
        else if (sectionKey(section.heading.raw) !== key || section.heading !== first)
          failures.push(`L${h.line} label ${h.label} found ${section.heading.raw}`)
        else if (
          section.startLine !== first.line ||
          !section.text.startsWith(lines[first.line - 1].trimEnd())
        )
          failures.push(`L${h.line} section does not start at its heading line`)
      }
      expect(failures).toEqual([])
    })
  }

  it('covered more than 1000 headings, most with a site anchor', () => {
    expect(totalHeadings).toBeGreaterThan(1000)
    expect(anchoredHeadings).toBeGreaterThan(1000)
  })
})
