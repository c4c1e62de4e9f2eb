import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import type { Base } from '../../engine/registry/base'
import { searchBases, type BaseSearchResult, type DocResult } from '../../engine/search/search'
import { renderSearch } from './search-text'
import { makeCorpusBase } from '../../../test/helpers/fixtures'

const roots: string[] = []
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true })
})

function makeBase(name: string, files: Record<string, string>): Base {
  const base = makeCorpusBase(files, name)
  roots.push(base.root)
  return base
}

async function run(
  bases: Base[],
  query: string,
  max = 8,
  mode: 'keyword' | 'regex' = 'keyword'
): Promise<string> {
  const results = await searchBases(bases, query, mode, max)
  return renderSearch(
    query,
    bases.map((b) => b.name),
    results,
    bases.length > 1
  )
}

const SSO = [
  '---',
  'title: Procédure de reconnexion SSO',
  'tags: [sso]',
  'last-verified: 2026-01-15',
  'type: procedure',
  '---',
  '',
  '# Procédure de reconnexion SSO',
  '',
  'Contexte.',
  '',
  '## Reconnexion',
  '',
  'Cliquer sur « réauthentifier » dans le menu profil.',
  '',
  'Puis recharger.',
  ''
].join('\n')

const PAD = ' '.repeat(11) + '| '

describe('renderSearch — one base', () => {
  it('renders the contract layout', async () => {
    const base = makeBase('solution-editeur-x', { 'procedures/sso.md': SSO })
    expect(await run([base], 'réauthentifier')).toBe(
      [
        "1 résultat(s) dans 'solution-editeur-x' pour : réauthentifier",
        '### procedures/sso.md — Procédure de reconnexion SSO',
        'frontmatter : {title: Procédure de reconnexion SSO, tags: [sso], last-verified: 2026-01-15}',
        '  L12-16 § reconnexion',
        PAD + '## Reconnexion',
        PAD,
        PAD + 'Cliquer sur « réauthentifier » dans le menu profil.',
        PAD,
        PAD + 'Puis recharger.'
      ].join('\n')
    )
  })

  it('no title, no digest', async () => {
    const base = makeBase('b', { 'notes/a.md': 'cible\n' })
    expect(await run([base], 'cible')).toBe(
      [
        "1 résultat(s) dans 'b' pour : cible",
        '### notes/a.md — (sans titre)',
        '  L1-1 § (préambule)',
        PAD + 'cible'
      ].join('\n')
    )
  })

  it('no result', async () => {
    const base = makeBase('solo', { 'a.md': 'rien\n' })
    expect(await run([base], 'introuvable')).toBe("Aucun résultat dans la base 'solo' pour : introuvable")
    const other = makeBase('autre', { 'a.md': 'rien\n' })
    expect(await run([base, other], 'introuvable')).toBe(
      "Aucun résultat dans les bases 'solo', 'autre' pour : introuvable"
    )
  })

  it('partial notice, then reserved notice, then results with the summaries last', async () => {
    const base = makeBase('b', {
      'a.md': 'reconnexion seulement\n',
      'index.md': '- reconnexion\n',
      'c.md': 'SSO seulement\n'
    })
    const out = await run([base], 'reconnexion SSO')
    const lines = out.split('\n')
    expect(lines.slice(0, 3)).toEqual([
      "3 résultat(s) dans 'b' pour : reconnexion SSO",
      '[aucun document ne contient tous les termes — résultats partiels]',
      '[1 sommaire(s) index.md/log.md en fin de liste — déclassés car ce sont des tables de matières, pas de la connaissance]'
    ])
    expect(lines.filter((l) => l.startsWith('### '))).toEqual([
      '### a.md — (sans titre)',
      '### c.md — (sans titre)',
      '### index.md — (sans titre)'
    ])
  })

  it('no notices for a plain AND hit', async () => {
    const base = makeBase('b', {
      'a.md': 'reconnexion SSO en panne\n',
      'b.md': 'reconnexion seulement\n',
      'c.md': 'SSO seulement\n'
    })
    const out = await run([base], 'reconnexion SSO')
    expect(out).not.toContain('résultats partiels')
    expect(out).not.toContain('déclassés')
    expect(out.split('\n').filter((l) => l.startsWith('### '))).toEqual(['### a.md — (sans titre)'])
  })
})

describe('renderSearch — several bases', () => {
  it('groups by base, omits a base without results', async () => {
    const a = makeBase('solution-editeur-x', { 'procedures/sso.md': SSO })
    const vide = makeBase('vide', { 'x.md': 'rien\n' })
    const b = makeBase('okf-hub-guide', { 'guide.md': '# Guide\n\nréauthentifier\n' })
    expect(await run([a, vide, b], 'réauthentifier')).toBe(
      [
        '2 résultat(s) dans 3 base(s) pour : réauthentifier',
        '',
        '## Base : solution-editeur-x',
        "1 résultat(s) dans 'solution-editeur-x' pour : réauthentifier",
        '### procedures/sso.md — Procédure de reconnexion SSO',
        'frontmatter : {title: Procédure de reconnexion SSO, tags: [sso], last-verified: 2026-01-15}',
        '  L12-16 § reconnexion',
        PAD + '## Reconnexion',
        PAD,
        PAD + 'Cliquer sur « réauthentifier » dans le menu profil.',
        PAD,
        PAD + 'Puis recharger.',
        '',
        '## Base : okf-hub-guide',
        "1 résultat(s) dans 'okf-hub-guide' pour : réauthentifier",
        '### guide.md — Guide',
        '  L1-3 § guide',
        PAD + '# Guide',
        PAD,
        PAD + 'réauthentifier'
      ].join('\n')
    )
  })

  it('the partial notice belongs to its base', async () => {
    const a = makeBase('base-a', { 'a.md': 'alpha beta\n' })
    const b = makeBase('base-b', { 'b.md': 'alpha\n' })
    const out = await run([a, b], 'alpha beta')
    const [groupA, groupB] = out.split('## Base : ').slice(1)
    expect(groupA).not.toContain('résultats partiels')
    expect(groupB).toContain('[aucun document ne contient tous les termes — résultats partiels]')
  })

  it('the global cap is shared: at most max_results results in total', async () => {
    const five = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`d${i}.md`, 'partage\n']))
    const out = await run([makeBase('base-a', five), makeBase('base-b', five)], 'partage', 4)
    expect(out.split('\n')[0]).toBe('4 résultat(s) dans 2 base(s) pour : partage')
    expect(out.split('\n').filter((l) => l.startsWith('### '))).toHaveLength(4)
  })
})

function fakeDoc(path: string, size: number): DocResult {
  return {
    path,
    title: null,
    digest: null,
    reserved: false,
    snippets: [{ start: 1, end: 1, lines: ['x'.repeat(size)], label: '(préambule)' }]
  }
}

function fakeResults(docs: DocResult[]): BaseSearchResult[] {
  return [{ base: 'b', results: docs, partial: false, available: docs.length, skipped: [] }]
}

const NOTE = (n: number): string =>
  `[résultats tronqués, ${n} élément(s) omis — seule une reformulation de la requête change le classement ; max_results ne fait pas réapparaître un résultat masqué]`

describe('renderSearch — output cap', () => {
  it('stops at the first result that does not fit, for good', () => {
    const out = renderSearch(
      'q',
      ['b'],
      fakeResults([fakeDoc('a.md', 9000), fakeDoc('b.md', 9000), fakeDoc('c.md', 10)]),
      false
    )
    expect(out).toContain('### a.md')
    expect(out).not.toContain('### b.md')
    expect(out).not.toContain('### c.md')
    expect(out.endsWith('\n' + NOTE(2))).toBe(true)
    expect(out.startsWith("3 résultat(s) dans 'b' pour : q\n### a.md")).toBe(true)
  })

  it('the first result is shown even when larger than the cap', () => {
    const out = renderSearch('q', ['b'], fakeResults([fakeDoc('a.md', 20000), fakeDoc('b.md', 10)]), false)
    expect(out).toContain('### a.md')
    expect(out).not.toContain('### b.md')
    expect(out.endsWith(NOTE(1))).toBe(true)
  })

  it('no note when everything fits', () => {
    const out = renderSearch('q', ['b'], fakeResults([fakeDoc('a.md', 100), fakeDoc('b.md', 100)]), false)
    expect(out).not.toContain('tronqués')
  })

  it('headers of later bases are still written after a truncation', () => {
    const results: BaseSearchResult[] = [
      {
        base: 'a',
        results: [fakeDoc('a1.md', 9000), fakeDoc('a2.md', 9000)],
        partial: false,
        available: 2,
        skipped: []
      },
      { base: 'b', results: [fakeDoc('b1.md', 10)], partial: false, available: 1, skipped: [] }
    ]
    const out = renderSearch('q', ['a', 'b'], results, true)
    expect(out).toContain("1 résultat(s) dans 'b' pour : q")
    expect(out).not.toContain('### b1.md')
    expect(out.endsWith(NOTE(2))).toBe(true)
  })

  it('raising max_results never makes a hidden result appear (prefix of the ranking)', async () => {
    const long = 'cible ' + 'mot '.repeat(60)
    const files = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => {
        const lines = Array.from({ length: 40 }, (_, j) =>
          j % 10 === 4 ? long : `ligne ${j} ` + 'x'.repeat(150)
        )
        // more hits for earlier documents: a strict ranking
        for (let k = 0; k < 25 - i; k++) lines.push('cible')
        return [`doc-${String(i).padStart(2, '0')}.md`, lines.join('\n') + '\n']
      })
    )
    const base = makeBase('grosse', files)
    const shown = (out: string): string[] => out.split('\n').filter((l) => l.startsWith('### '))
    const at25 = await run([base], 'cible', 25)
    const at10 = await run([base], 'cible', 10)
    expect(at25).toContain('[résultats tronqués')
    expect(at25.length).toBeLessThan(24000)
    expect(shown(at25).length).toBeGreaterThan(0)
    expect(shown(at25)).toEqual(shown(at10))
    const omitted = (out: string): number => Number(/\[résultats tronqués, (\d+) élément/.exec(out)?.[1])
    expect(omitted(at25)).toBe(25 - shown(at25).length)
    expect(omitted(at10)).toBe(10 - shown(at10).length)
    const fewer = shown(await run([base], 'cible', 2))
    expect(shown(at25).slice(0, fewer.length)).toEqual(fewer)
  })
})
