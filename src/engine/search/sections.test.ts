import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import type { Base } from '../registry/base'
import { searchBases, type BaseSearchResult } from './search'
import { makeCorpusBase } from '../../../test/helpers/fixtures'

/**
 * Issue 29 item 4, « ranking that prefers the answer »: which section's § label a keyword search
 * prints, on small planted documents, and the contract's ordering rules around it. The section-level
 * variants tried for the item (docs/PERFORMANCE.md, « Section-level scoring: what was tried ») did not
 * beat the current scoring on the question sets; the measured miss shape is kept below as a known
 * limitation (`it.fails`: it turns red the day a scoring fixes it, to be flipped then).
 */

const roots: string[] = []
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true })
})

async function search(files: Record<string, string>, query: string): Promise<BaseSearchResult> {
  const base: Base = makeCorpusBase(files)
  roots.push(base.root)
  const [r] = await searchBases([base], query, 'keyword', 8)
  return r
}

const labels = (r: BaseSearchResult, path: string): string[] =>
  r.results.find((d) => d.path === path)?.snippets.map((s) => s.label) ?? []

const filler = (n: number, word = 'texte'): string[] => Array.from({ length: n }, (_, i) => `${word} ${i}.`)

describe('section scoring: the section holding the answer wins', () => {
  // The shape measured on the French React docs: a sub-section whose heading repeats the whole query,
  // over a code sample that does not discuss it, beat the section whose text answers.
  const page = [
    '# useCallback',
    '',
    '## Éviter les rendus superflus de composants',
    '',
    'Pour éviter les rendus superflus, enrobez la fonction avec useCallback et le composant avec memo.',
    ...filler(8),
    '',
    '### Éviter les rendus superflus avec useCallback et memo',
    '',
    '```js',
    'const handle = useCallback(() => {}, [])',
    ...filler(8, 'code'),
    '```',
    ''
  ].join('\n')

  it.fails(
    'known miss: a sub-heading repeating the whole query beats the body holding every term',
    async () => {
      const r = await search({ 'usecallback.md': page }, 'useCallback memo rendus superflus')
      expect(labels(r, 'usecallback.md')).toEqual(['éviter les rendus superflus de composants'])
    }
  )

  it('a heading carrying part of the query does not beat a line holding the whole query', async () => {
    const text = [
      '# Guide',
      '',
      '## Abonnement',
      '',
      ...filler(8),
      '',
      '## Événements',
      '',
      'Le nettoyage retire l’abonnement posé par useEffect.',
      ...filler(8),
      ''
    ].join('\n')
    const r = await search({ 'guide.md': text }, 'useEffect nettoyage abonnement')
    expect(labels(r, 'guide.md')).toEqual(['événements'])
  })

  it('a short section is taken at its heading (too little body to back it or deny it)', async () => {
    const text = [
      '# Effets',
      '',
      '## Gérer le double déclenchement en développement',
      '',
      'React monte chaque composant deux fois.',
      '',
      '### Pièges',
      '',
      'Un double déclenchement peut surprendre ; en développement seulement.',
      ...filler(8),
      ''
    ].join('\n')
    const r = await search({ 'effets.md': text }, 'double déclenchement développement')
    expect(labels(r, 'effets.md')).toEqual(['gérer le double déclenchement en développement'])
  })
})

describe('section scoring keeps the contract’s ordering rules', () => {
  it('AND before OR: a document holding every term only in a heading still beats partial matches', async () => {
    const r = await search(
      {
        'a.md': '# Rendus superflus\n\nUn texte sans les autres termes.\n',
        'b.md': '# Guide\n\nrendus rendus rendus\n',
        'c.md': '# Rendus superflus\n\nsuperflus seulement, et memo.\n'
      },
      'rendus superflus memo'
    )
    expect(r.partial).toBe(false)
    expect(r.results.map((d) => d.path)).toEqual(['c.md'])
  })

  it('OR fallback keeps its order when no document holds every term', async () => {
    const r = await search(
      { 'a.md': '# A\n\nalpha beta\n', 'b.md': '# B\n\nalpha\n', 'c.md': '# C\n\ngamma\n' },
      'alpha beta delta'
    )
    expect(r.partial).toBe(true)
    expect(r.results.map((d) => d.path)).toEqual(['a.md', 'b.md'])
  })

  it('index.md and log.md stay behind every other document, whatever their headings carry', async () => {
    const r = await search(
      {
        'index.md': '# Rendus superflus memo\n\n## Rendus superflus memo\n\nrendus superflus memo\n',
        'log.md': '# Rendus superflus memo\n\nrendus superflus memo\n',
        'sous/index.md': '# Rendus superflus memo\n\nrendus superflus memo\n',
        'guide.md': '# Guide\n\n' + filler(40).join('\n') + '\nmemo contre les rendus superflus\n'
      },
      'rendus superflus memo'
    )
    const shown = r.results.map((d) => d.path)
    expect(shown[0]).toBe('guide.md')
    expect([...shown.slice(1)].sort()).toEqual(['index.md', 'log.md', 'sous/index.md'])
    expect(r.results.map((d) => d.reserved)).toEqual([false, true, true, true])
  })
})
