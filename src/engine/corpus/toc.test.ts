import { describe, expect, it } from 'vitest'
import { headingTable, parseHeadings } from './markdown'
import { headingListing, LISTED_HEADINGS_MAX } from './toc'

const listing = (text: string): string[] =>
  headingListing(headingTable(text, parseHeadings(text))).split('\n')

describe('the headings listing', () => {
  it('names every heading of an ordinary document', () => {
    const lines = listing('# A\n\n## B\n\ntexte\n\n## C\n')
    expect(lines).toEqual(['- A  (~23 octets)', '  - B  (~13 octets)', '  - C  (~5 octets)'])
  })

  it('stays bounded on a document of thousands of headings: the outline first, then what was left out (found by exploratory QA: a 5 MB table)', () => {
    const parts: string[] = []
    for (let i = 0; i < 40; i++) {
      parts.push(`# Partie ${i}\n`)
      for (let j = 0; j < 100; j++) parts.push(`## Entrée ${i}.${j}\n\nx\n`)
    }
    const lines = listing(parts.join('\n'))
    expect(lines).toHaveLength(41)
    expect(lines.slice(0, 40).every((l) => l.startsWith('- Partie '))).toBe(true)
    expect(lines[40]).toBe(
      '[… 4000 headings de niveau plus profond que 1 non listés : lisez une section pour voir les siens]'
    )
  })

  it('cuts even the first level when it alone is too long', () => {
    const text = Array.from({ length: LISTED_HEADINGS_MAX + 20 }, (_, i) => `# H${i}\n`).join('\n')
    const lines = listing(text)
    expect(lines).toHaveLength(LISTED_HEADINGS_MAX + 1)
    expect(lines.at(-1)).toBe('[… 20 autres headings non listés : lisez une section pour voir la suite]')
  })
})
