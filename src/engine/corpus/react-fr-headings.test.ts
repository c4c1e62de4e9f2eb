import { describe, it, expect } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { findSection, normalizeHeading, parseHeadings, sectionKey } from './markdown'

// The shared French React docs corpus: real MDX-flavoured headings (`{/*id*/}` anchors, backticks,
// NBSP before `:`/`?`, typographic quotes). A missing folder must fail, not skip: a silently skipped
// corpus test is how a label round-trip regression would ship.
const CORPUS = resolve(__dirname, '../../../../shared/corpora/react-fr/knowledge')

function markdownFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir).sort()) {
    const abs = join(dir, name)
    if (statSync(abs).isDirectory()) out.push(...markdownFiles(abs))
    else if (name.endsWith('.md')) out.push(abs)
  }
  return out
}

describe('react-fr corpus headings', () => {
  it('round-trips every printed § label through findSection', () => {
    expect(statSync(CORPUS).isDirectory()).toBe(true)
    const files = markdownFiles(CORPUS)
    expect(files.length).toBeGreaterThan(100)

    let total = 0
    const failures: string[] = []
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      const headings = parseHeadings(text)
      const lines = text.split('\n')
      for (const h of headings) {
        total++
        if (normalizeHeading(h.label) !== h.label)
          failures.push(`${file}:${h.line} label not stable: ${h.label}`)
        const key = sectionKey(h.raw)
        const first = headings.find((other) => sectionKey(other.raw) === key)
        const section = findSection(text, headings, h.label)
        if (section === null) failures.push(`${file}:${h.line} not found by its label: ${h.label}`)
        else if (sectionKey(section.heading.raw) !== key || section.heading !== first)
          failures.push(`${file}:${h.line} label ${h.label} found ${section.heading.raw}`)
        else if (
          section.startLine !== first.line ||
          !section.text.startsWith(lines[first.line - 1].trimEnd())
        )
          failures.push(`${file}:${h.line} section does not start at its heading line`)
      }
    }
    expect(failures).toEqual([])
    expect(total).toBeGreaterThan(1000)
  })

  it('strips the site anchors and keeps no markup in labels', () => {
    let anchored = 0
    for (const file of markdownFiles(CORPUS)) {
      for (const h of parseHeadings(readFileSync(file, 'utf8'))) {
        if (h.raw.includes('{/*')) anchored++
        expect(h.label, `${file}:${h.line}`).not.toMatch(/\{\/\*|\*\/\}|`|\*\*|\u00a0|\u202f/)
      }
    }
    expect(anchored).toBeGreaterThan(1000)
  })
})
