import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { execFileSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { Base } from '../registry/base'
import { splitFrontmatter } from '../corpus/frontmatter'
import { parseHeadings } from '../corpus/markdown'
import { frontmatterDigest } from './digest'
import {
  clearDocumentCache,
  loadDocument,
  parseStats,
  scanOutline,
  splitLines,
  type LoadedDoc
} from './documents'
import { boostsOf, isReserved } from './rank'
import { ripgrepArgs, ripgrepPath, scanCorpus, unpackedPath } from './ripgrep'
import { allocateQuota, searchBases, threadsEach, type BaseSearchResult } from './search'
import { foldCase, keywordTerms, termsIn } from './terms'
import { makeCorpusBase } from '../../../test/helpers/fixtures'
import { hubRefusal } from '../../../test/helpers/refusal'

const roots: string[] = []
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true })
})

/** A base whose corpus is `<tmp>/knowledge`, holding `files` (corpus-relative path → text). */
function makeBase(files: Record<string, string>, name = 'test-base'): Base {
  const base = makeCorpusBase(files, name)
  roots.push(base.root)
  return base
}

async function one(
  base: Base,
  query: string,
  mode: 'keyword' | 'regex' = 'keyword',
  max = 8
): Promise<BaseSearchResult> {
  const [r] = await searchBases([base], query, mode, max)
  return r
}

const paths = (r: BaseSearchResult): string[] => r.results.map((d) => d.path)

describe('keyword mode: strict AND, then OR fallback', () => {
  it('returns only the documents holding every term', async () => {
    const base = makeBase({
      'a.md': 'reconnexion SSO en panne\n',
      'b.md': 'reconnexion seulement\n',
      'c.md': 'SSO seulement\n'
    })
    const r = await one(base, 'reconnexion SSO')
    expect(paths(r)).toEqual(['a.md'])
    expect(r.partial).toBe(false)
    expect(r.available).toBe(1)
  })

  it('the terms may sit anywhere in the file, on different lines', async () => {
    const base = makeBase({ 'a.md': '# Titre\n\nreconnexion\n\nplus loin\n\nSSO\n', 'b.md': 'SSO\n' })
    expect(paths(await one(base, 'reconnexion sso'))).toEqual(['a.md'])
  })

  it('falls back to OR, flagged partial, ranked by terms touched then density', async () => {
    const base = makeBase({
      'un.md': 'alpha\n' + 'x\n'.repeat(3),
      'deux.md': 'alpha et beta\n',
      // one term each: the denser document first
      'dense.md': 'gamma\n',
      'sparse.md': 'gamma\n' + 'rien\n'.repeat(20),
      'index.md': 'alpha beta\n'
    })
    const r = await one(base, 'alpha beta gamma')
    expect(r.partial).toBe(true)
    expect(paths(r)).toEqual(['deux.md', 'dense.md', 'un.md', 'sparse.md', 'index.md'])
  })

  it('no match at all: no result, not partial', async () => {
    const base = makeBase({ 'a.md': 'rien\n' })
    const r = await one(base, 'introuvable')
    expect(r.results).toEqual([])
    expect(r.partial).toBe(false)
    expect(r.available).toBe(0)
  })

  it('terms are literals: 3.2(beta) is not a regex', async () => {
    const base = makeBase({
      'lit.md': 'Version 3.2(beta) publiée\n',
      'autre.md': 'Version 3x2beta publiée\n',
      'proche.md': 'Version 3.2beta\n'
    })
    expect(paths(await one(base, '3.2(beta)'))).toEqual(['lit.md'])
  })

  it('is case-insensitive: uppercase found by lowercase', async () => {
    const base = makeBase({ 'a.md': 'RECONNEXION impossible\n' })
    expect(paths(await one(base, 'reconnexion'))).toEqual(['a.md'])
  })

  it('is case-insensitive beyond ASCII', async () => {
    const base = makeBase({ 'a.md': 'ÉTAT DE LA BASE\n', 'b.md': 'état de la base\n' })
    expect(paths(await one(base, 'état base'))).toEqual(['a.md', 'b.md'])
  })

  it('finds a Chinese document with a Chinese query', async () => {
    const base = makeBase({
      'zh/db.md': '# 数据库配置\n\n数据库连接池的大小由配置文件决定。\n',
      'zh/other.md': '# 缓存\n\n缓存连接。\n',
      'fr.md': 'base de données\n'
    })
    const r = await one(base, '数据库 连接')
    expect(paths(r)).toEqual(['zh/db.md'])
    expect(r.results[0].title).toBe('数据库配置')
    expect(r.results[0].snippets[0].label).toBe('数据库配置')
  })

  it('de-duplicates terms case-insensitively', () => {
    expect(keywordTerms('  SSO sso  Reconnexion\tSso reconnexion ')).toEqual(['SSO', 'Reconnexion'])
  })

  it('a blank keyword query finds nothing without running ripgrep', async () => {
    const base = makeBase({ 'a.md': 'x\n' })
    expect((await one(base, '   ')).results).toEqual([])
  })
})

describe('regex mode', () => {
  it('uses ripgrep regex syntax', async () => {
    const base = makeBase({
      'a.md': 'Voir incident #1234 du mois\n',
      'b.md': 'incident #12 seulement\n',
      'c.md': 'Incident #9876 et incident #5555\nincident #1111\n'
    })
    const r = await one(base, String.raw`incident #\d{4}`, 'regex')
    // more matching lines first
    expect(paths(r)).toEqual(['c.md', 'a.md'])
    expect(r.partial).toBe(false)
  })

  it('an invalid regex is INVALID_INPUT carrying ripgrep’s message', async () => {
    const base = makeBase({ 'a.md': 'x\n' })
    const e = await hubRefusal(one(base, '[a-', 'regex'))
    expect(e.code).toBe('INVALID_INPUT')
    expect(e.message).toMatch(/regex|unclosed/)
    expect(e.message).toBe(e.message.trim())
  })

  it('shows the first three hits', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => (i % 10 === 9 ? `code E${i + 1}` : 'texte'))
    const base = makeBase({ 'a.md': lines.join('\n') + '\n' })
    const r = await one(base, String.raw`E\d+`, 'regex')
    expect(r.results[0].snippets.map((s) => [s.start, s.end])).toEqual([
      [8, 12],
      [18, 22],
      [28, 32]
    ])
  })
})

describe('excerpts', () => {
  it('at most three windows per document', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ((i + 1) % 5 === 0 ? 'cible' : `ligne ${i + 1}`))
    const base = makeBase({ 'a.md': lines.join('\n') + '\n' })
    const [doc] = (await one(base, 'cible')).results
    expect(doc.snippets.length).toBeLessThanOrEqual(3)
    // hits 5, 10, 15: adjacent windows 3-7, 8-12, 13-17 merge into one
    expect(doc.snippets.map((s) => [s.start, s.end])).toEqual([[3, 17]])
    expect(doc.snippets[0].lines).toEqual(lines.slice(2, 17))
  })

  it('three separate windows when hits are apart', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ((i + 1) % 10 === 0 ? 'cible' : `ligne ${i + 1}`))
    const base = makeBase({ 'a.md': lines.join('\n') + '\n' })
    const [doc] = (await one(base, 'cible')).results
    expect(doc.snippets.map((s) => [s.start, s.end])).toEqual([
      [8, 12],
      [18, 22],
      [28, 32]
    ])
  })

  it('merges overlapping windows and clamps to the file', async () => {
    const base = makeBase({ 'a.md': 'cible\nx\ncible\ny\nz\nw\nv\n' })
    const [doc] = (await one(base, 'cible')).results
    expect(doc.snippets).toEqual([
      { start: 1, end: 5, lines: ['cible', 'x', 'cible', 'y', 'z'], label: '(préambule)' }
    ])
  })

  it('keyword mode: the windows whose lines carry the most distinct terms, shown in document order', async () => {
    const lines = Array.from({ length: 60 }, () => 'texte')
    lines[2] = 'alpha seul' // line 3
    lines[9] = 'beta seul' // line 10
    lines[19] = 'alpha et beta' // line 20
    lines[29] = 'alpha seul' // line 30
    lines[39] = 'beta puis alpha' // line 40
    lines[49] = 'alpha beta encore' // line 50
    const base = makeBase({ 'a.md': lines.join('\n') + '\n' })
    const [doc] = (await one(base, 'alpha beta')).results
    expect(doc.snippets.map((s) => [s.start, s.end])).toEqual([
      [18, 22],
      [38, 42],
      [48, 52]
    ])
  })

  it('ties on distinct terms: earlier lines first', async () => {
    const lines = Array.from({ length: 60 }, () => 'texte')
    for (const n of [5, 15, 25, 35, 45]) lines[n - 1] = 'alpha'
    const base = makeBase({ 'a.md': lines.join('\n') + '\n' })
    const [doc] = (await one(base, 'alpha')).results
    expect(doc.snippets.map((s) => s.start)).toEqual([3, 13, 23])
  })

  it('strips the \\r of CRLF lines', async () => {
    const base = makeBase({ 'a.md': '# Titre\r\n\r\ncible ici\r\n' })
    const [doc] = (await one(base, 'cible')).results
    expect(doc.snippets[0].lines).toEqual(['# Titre', '', 'cible ici'])
    expect(doc.snippets[0].label).toBe('titre')
  })

  it('cuts a huge line', async () => {
    const base = makeBase({ 'a.md': 'cible ' + 'x'.repeat(5000) + '\n' })
    const [doc] = (await one(base, 'cible')).results
    expect([...doc.snippets[0].lines[0]].length).toBe(1000)
    expect(doc.snippets[0].lines[0].endsWith('…')).toBe(true)
  })
})

describe('keyword excerpts: which lines are shown', () => {
  /** `n` lines of filler with the given lines (1-based) replaced. */
  const doc = (n: number, at: Record<number, string>): string =>
    Array.from({ length: n }, (_, i) => at[i + 1] ?? 'texte').join('\n') + '\n'
  const windows = async (files: Record<string, string>, query: string): Promise<number[][]> => {
    const [d] = (await one(makeBase(files), query)).results
    return d.snippets.map((s) => [s.start, s.end])
  }

  it('only the windows with the best score: a weaker line costs characters and leads nowhere better', async () => {
    const text = doc(40, { 5: 'alpha seul', 20: 'alpha et beta', 35: 'beta seul' })
    expect(await windows({ 'a.md': text }, 'alpha beta')).toEqual([[18, 22]])
  })

  it('the heading of the line counts: the section whose title carries the term wins', async () => {
    const text = doc(40, {
      5: 'cible ici',
      19: '## Régler la cible',
      21: 'cible là',
      30: '## Autre',
      35: 'cible encore'
    })
    const [d] = (await one(makeBase({ 'a.md': text }), 'cible')).results
    // Lines 19 (the heading itself) and 21 carry the term twice over, line + heading; 5 and 35 once.
    expect(d.snippets.map((s) => [s.start, s.end, s.label])).toEqual([[17, 23, 'régler la cible']])
  })

  it('a term rare in the document outweighs one found everywhere', async () => {
    const at: Record<number, string> = { 30: 'beta une fois' }
    for (const n of [3, 6, 9, 12, 15, 18, 21, 24]) at[n] = 'alpha partout'
    expect(await windows({ 'a.md': doc(40, at) }, 'alpha beta')).toEqual([[28, 32]])
  })

  it('a term of the document title weighs half: the page subject does not say where the answer is', async () => {
    const text = '---\ntitle: Alpha\n---\n' + doc(37, { 7: 'alpha', 17: 'beta', 27: 'beta' })
    // Without the title both terms would weigh the same and the first three lines would tie.
    expect(await windows({ 'a.md': text }, 'alpha beta')).toEqual([
      [18, 22],
      [28, 32]
    ])
  })

  it('terms count where a word starts: `vite` is not in `éviter`, `snapshot` is in `getSnapshot`', async () => {
    expect(await windows({ 'a.md': doc(40, { 5: 'il faut éviter ça', 20: 'aller vite' }) }, 'vite')).toEqual([
      [18, 22]
    ])
    expect(
      await windows({ 'a.md': doc(40, { 5: 'resnapshotting', 20: 'appeler getSnapshot()' }) }, 'snapshot')
    ).toEqual([[18, 22]])
    // Nowhere at a word start: the substrings ripgrep matched are shown all the same.
    expect(await windows({ 'a.md': doc(40, { 5: 'il faut éviter ça' }) }, 'vite')).toEqual([[3, 7]])
  })

  it('a term inside a longer term of the query is that word, not a second term', async () => {
    const text = doc(40, {
      5: 'TypeScript et JavaScript',
      20: 'le type vu par TypeScript',
      35: 'TypeScript encore'
    })
    expect(await windows({ 'a.md': text }, 'TypeScript type')).toEqual([[18, 22]])
  })

  it('a line only ripgrep’s wider case folding matched keeps ripgrep’s hit', async () => {
    expect(await windows({ 'a.md': 'meſſage\n', 'b.md': 'autre\n' }, 'message')).toEqual([[1, 1]])
  })

  it('the § label of an anchored heading with a non-breaking space is its normalised title', async () => {
    const text = "# Doc\n\n## Option 2\u00a0: réinitialiser l'état {/*option-2*/}\n\ncible\n"
    const [d] = (await one(makeBase({ 'a.md': text }), 'cible')).results
    expect(d.snippets.map((s) => s.label)).toEqual(["option 2 : réinitialiser l'état"])
  })
})

describe('section labels', () => {
  it('normalised heading of the section holding the hit line', async () => {
    const base = makeBase({ 'a.md': '# A\n\ntexte\n\n## Section deux\n\ncible\n' })
    const [doc] = (await one(base, 'cible')).results
    expect(doc.snippets).toEqual([
      { start: 5, end: 7, lines: ['## Section deux', '', 'cible'], label: 'section deux' }
    ])
  })

  it('follows the hit line, not the window start', async () => {
    const base = makeBase({ 'a.md': '## Un\n\ntexte\n## Reconnexion **SSO**\ncible\n' })
    const [doc] = (await one(base, 'cible')).results
    expect(doc.snippets[0].start).toBe(3)
    expect(doc.snippets[0].label).toBe('reconnexion sso')
  })

  it('(préambule) before any heading', async () => {
    const base = makeBase({ 'a.md': 'cible\n\n\n\n\n# Plus tard\n' })
    expect((await one(base, 'cible')).results[0].snippets[0].label).toBe('(préambule)')
  })

  it('(préambule) for a hit inside the frontmatter', async () => {
    const base = makeBase({ 'a.md': '---\ntitle: cible\n---\n# Titre\n\ntexte\n\n\n\n\n\ncible\n' })
    const [doc] = (await one(base, 'cible')).results
    expect(doc.snippets.map((s) => s.label)).toEqual(['(préambule)', 'titre'])
  })

  it('ignores a heading inside a code fence', async () => {
    const base = makeBase({ 'a.md': '# Vraie section\n\n```md\n# Faux heading\n```\n\ncible\n' })
    expect((await one(base, 'cible')).results[0].snippets[0].label).toBe('vraie section')
  })

  it('cuts a long label to 120 characters', async () => {
    const base = makeBase({ 'a.md': `# ${'mot '.repeat(60)}\n\ncible\n` })
    const label = (await one(base, 'cible')).results[0].snippets[0].label
    expect([...label].length).toBe(120)
    expect(label.endsWith('…')).toBe(true)
  })
})

describe('reserved names, exclusions', () => {
  it('index.md and log.md come after every other document', async () => {
    const base = makeBase({
      'index.md': 'connexion\n'.repeat(30),
      'guide/log.md': 'connexion\n'.repeat(30),
      'sso.md': '# SSO\n\nconnexion une fois dans un long texte\n' + 'bla\n'.repeat(200)
    })
    const r = await one(base, 'connexion')
    expect(paths(r)).toEqual(['sso.md', 'guide/log.md', 'index.md'])
    expect(r.results.map((d) => d.reserved)).toEqual([false, true, true])
  })

  it('regex mode demotes them too', async () => {
    const base = makeBase({ 'index.md': 'connexion\n'.repeat(30), 'sso.md': 'connexion\n' })
    expect(paths(await one(base, 'conn?exion', 'regex'))).toEqual(['sso.md', 'index.md'])
  })

  it('isReserved looks at the basename only', () => {
    expect(isReserved('index.md')).toBe(true)
    expect(isReserved('a/b/log.md')).toBe(true)
    expect(isReserved('a/index.md.md')).toBe(false)
    expect(isReserved('myindex.md')).toBe(false)
  })

  it('never returns excluded files nor follows symlinks out of the corpus', async () => {
    const base = makeBase({
      'a.md': 'mot-temoin\n',
      'CLAUDE.md': 'mot-temoin\n',
      'GOVERNANCE.md': 'mot-temoin\n',
      'sous/CLAUDE.md': 'mot-temoin\n',
      'proposals/p.md': 'mot-temoin\n',
      'sous/proposals/pending/q.md': 'mot-temoin\n',
      'notes.txt': 'mot-temoin\n'
    })
    writeFileSync(join(base.root, 'dehors.md'), 'mot-temoin\n')
    symlinkSync(join(base.root, 'dehors.md'), join(base.corpusDir, 'fuite.md'))
    mkdirSync(join(base.root, 'ailleurs'))
    writeFileSync(join(base.root, 'ailleurs', 'x.md'), 'mot-temoin\n')
    symlinkSync(join(base.root, 'ailleurs'), join(base.corpusDir, 'lien-dossier'))
    expect(paths(await one(base, 'mot-temoin'))).toEqual(['a.md'])
    expect(paths(await one(base, 'mot-t[e]moin', 'regex'))).toEqual(['a.md'])
  })
})

describe('frontmatter digest', () => {
  it('keeps title, tags and dates only', async () => {
    const base = makeBase({
      'sso.md':
        '---\ntitle: Procédure de reconnexion SSO\ntype: procedure\ndescription: secret\ntags: [sso]\nlast-verified: 2026-01-15\nowner: equipe\n---\n\n# Procédure\n\ncible\n'
    })
    const [doc] = (await one(base, 'cible')).results
    expect(doc.digest).toBe('{title: Procédure de reconnexion SSO, tags: [sso], last-verified: 2026-01-15}')
    expect(doc.title).toBe('Procédure de reconnexion SSO')
  })

  it('null when nothing is kept; title then falls back to the first heading', async () => {
    const base = makeBase({
      'a.md': '---\ntype: note\ndescription: d\n---\n# Premier titre\n\ncible\n',
      'b.md': 'cible\n'
    })
    const r = await one(base, 'cible')
    expect(r.results.map((d) => [d.path, d.title, d.digest]).sort()).toEqual([
      ['a.md', 'Premier titre', null],
      ['b.md', null, null]
    ])
  })

  it('date keys by name or by value, dated lists, reduced mappings', () => {
    const data = {
      title: 'T',
      type: 'x',
      resource: 'http://x.test',
      updated_at: 'hier',
      created: '2025-01-01',
      'stale-after': 30,
      reviewed: '2026-02-03T10:00:00Z',
      jalons: ['2026-01-01', '2026-02-01'],
      mots: ['a', 'b'],
      generated: { by: 'human:x', at: '2026-08-14T12:00:00Z' },
      sources: [
        { id: 's1', resource: 'http://a.test', last_modified: '2026-01-02' },
        { id: 's2', resource: 'http://b.test' }
      ],
      description: 'jamais'
    }
    expect(frontmatterDigest(data)).toBe(
      '{title: T, updated_at: hier, created: 2025-01-01, stale-after: 30, reviewed: 2026-02-03T10:00:00Z, jalons: [2026-01-01, 2026-02-01], generated: {at: 2026-08-14T12:00:00Z}, sources: [{id: s1, last_modified: 2026-01-02}]}'
    )
    expect(frontmatterDigest({ type: 'x', description: 'y' })).toBeNull()
    expect(frontmatterDigest(null)).toBeNull()
    expect(frontmatterDigest({ title: 'Sur\ndeux lignes', tags: ['a: b'] })).toBe(
      '{title: Sur deux lignes, tags: ["a: b"]}'
    )
  })
})

describe('ranking inside the AND set', () => {
  it('a document whose heading carries the terms ranks above a long text mentioning them once', async () => {
    const filler = 'Un paragraphe sans rapport avec le sujet, pour allonger le document.\n'
    const base = makeBase({
      'a-long.md':
        '# Journal\n\n' +
        filler.repeat(150) +
        'On cite la rotation des certificats une fois.\n' +
        filler.repeat(150),
      'z-rotation.md':
        '# Rotation des certificats\n\nProcédure : renouveler chaque certificat avant expiration.\n'
    })
    expect(paths(await one(base, 'rotation certificats'))).toEqual(['z-rotation.md', 'a-long.md'])
  })

  it('at equal length and counts, the heading decides', async () => {
    const pad = 'texte neutre\n'.repeat(10)
    const base = makeBase({
      'a-corps.md': '# Notes\n\n' + pad + 'rotation des certificats\n',
      'z-titre.md': '# Notes\n\n## Rotation des certificats\n' + pad
    })
    expect(paths(await one(base, 'rotation certificats'))).toEqual(['z-titre.md', 'a-corps.md'])
  })

  it('terms close together rank above terms scattered', async () => {
    const pad = 'texte neutre\n'.repeat(10)
    const base = makeBase({
      'a-epars.md': '# Notes\n\nalpha ici\n' + pad + '# Autre\n\nbeta là\n',
      'z-ensemble.md': '# Notes\n\nalpha et beta\n' + pad + '# Autre\n\nrien\n'
    })
    expect(paths(await one(base, 'alpha beta'))).toEqual(['z-ensemble.md', 'a-epars.md'])
  })

  it('the section boost: the share of the terms found together in one section, as the § labels cut them', async () => {
    const doc = async (text: string): Promise<LoadedDoc> => {
      const base = makeBase({ 'd.md': text })
      const d = await loadDocument(join(base.corpusDir, 'd.md'))
      if (d === null) throw new Error('unreadable')
      return d
    }
    const f = (await scanCorpus(makeBase({ 'x.md': 'x\n' }).corpusDir, 'keyword', ['x'])).files.get('x.md')
    if (f === undefined) throw new Error('no scan')
    const terms = ['alpha', 'beta', 'gamma']
    const share = async (text: string): Promise<number> => boostsOf(await doc(text), f, terms).section
    // Preamble, then two sections; CRLF lines; a heading holding a term opens its section.
    expect(await share('alpha\r\nbeta\r\n# Un\r\ngamma\r\n# Deux\r\nalpha\r\n')).toBeCloseTo(2 / 3)
    expect(await share('# Un\nALPHA\n\nbêta beta\n## Deux\ngamma\n')).toBeCloseTo(2 / 3)
    expect(await share('# Un\nalpha\n## Deux gamma\nbeta\n')).toBeCloseTo(2 / 3)
    expect(await share('# Un\nalpha\n## Deux\nbeta gamma alpha\n')).toBe(1)
    expect(await share('# Un\nalpha\n## Deux\nbeta\n## Trois\ngamma')).toBeCloseTo(1 / 3)
    // Setext heading; a `#` line inside a code fence opens nothing.
    expect(await share('Titre\n=====\nalpha\n```\n# pas un titre\n```\nbeta gamma\n')).toBe(1)
    expect(await share('rien\n')).toBe(0)
  })

  it.skipIf(process.platform === 'win32')(
    'a FIFO named like a document is not read (no hang), a document is',
    async () => {
      const base = makeBase({ 'a.md': '# A\n\ntexte\n' })
      const fifo = join(base.corpusDir, 'tube.md')
      execFileSync('mkfifo', [fifo])
      expect(await loadDocument(fifo)).toBeNull()
      expect((await loadDocument(join(base.corpusDir, 'a.md')))?.text).toBe('# A\n\ntexte\n')
      expect(await loadDocument(join(base.corpusDir, 'absent.md'))).toBeNull()
      expect(await loadDocument(base.corpusDir)).toBeNull()
    }
  )

  it('more occurrences rank higher; ties end on the path', async () => {
    const base = makeBase({
      'b.md': 'panne\n',
      'a.md': 'panne\n',
      'c.md': 'panne panne panne\n'
    })
    expect(paths(await one(base, 'panne'))).toEqual(['c.md', 'a.md', 'b.md'])
  })

  it('repeated queries do not re-parse unchanged documents', async () => {
    const base = makeBase({ 'a.md': '# A\n\ncible\n', 'b.md': '# B\n\ncible\n' })
    // Past the racy window: a file written just now is never trusted by its stat (next test).
    const past = new Date(Date.now() - 60_000)
    for (const f of ['a.md', 'b.md']) utimesSync(join(base.corpusDir, f), past, past)
    clearDocumentCache()
    await one(base, 'cible')
    const after = parseStats.parses
    await one(base, 'cible')
    expect(parseStats.parses).toBe(after)
    writeFileSync(join(base.corpusDir, 'a.md'), '# A modifié\n\ncible cible\n')
    const r = await one(base, 'cible')
    expect(parseStats.parses).toBe(after + 1)
    expect(r.results[0].title).toBe('A modifié')
  })

  it('a rewrite of the same size within the same mtime is seen (racy-mtime rule)', async () => {
    const base = makeBase({ 'a.md': '# Alpha\n\ncible\n' })
    const abs = join(base.corpusDir, 'a.md')
    // A coarse clock: both versions carry the very same mtime, a whole second. The clock is the
    // test's own (faked Date), so the first searches are taken half a second after that tick —
    // inside the racy window however busy the machine is — and the later ones ten seconds after.
    const tick = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000)
    utimesSync(abs, tick, tick)
    clearDocumentCache()
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(tick.getTime() + 500)
      expect((await one(base, 'cible')).results[0].title).toBe('Alpha')
      writeFileSync(abs, '# Bravo\n\ncible\n')
      utimesSync(abs, tick, tick)
      expect(statSync(abs).mtimeMs).toBe(tick.getTime())
      expect((await one(base, 'cible')).results[0].title).toBe('Bravo')
      // Asked later, once the window has passed, the entry recorded within it is still not trusted:
      // the verdict is the one of when it was recorded.
      writeFileSync(abs, '# Delta\n\ncible\n')
      utimesSync(abs, tick, tick)
      vi.setSystemTime(tick.getTime() + 10_000)
      expect((await one(base, 'cible')).results[0].title).toBe('Delta')
      // Recorded now, well past the window: trusted from here on, no parse.
      const parses = parseStats.parses
      await one(base, 'cible')
      await one(base, 'cible')
      expect(parseStats.parses).toBe(parses)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('multi-base quotas', () => {
  it.each([
    [[10, 10], 8, [4, 4]],
    [[1, 10], 8, [1, 7]],
    [[0, 5], 8, [0, 5]],
    [[5, 5], 0, [0, 0]],
    [[1, 1, 10], 6, [1, 1, 4]],
    [[10, 10], 3, [2, 1]],
    [[], 8, []]
  ])('allocateQuota(%j, %i) = %j', (available, total, expected) => {
    expect(allocateQuota(available, total)).toEqual(expected)
  })

  it('max_results is a global cap shared between bases', async () => {
    const five = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`d${i}.md`, 'partage\n']))
    const a = makeBase(five, 'base-a')
    const b = makeBase(five, 'base-b')
    const r = await searchBases([a, b], 'partage', 'keyword', 4)
    expect(r.map((x) => [x.base, x.results.length, x.available])).toEqual([
      ['base-a', 2, 5],
      ['base-b', 2, 5]
    ])
    const small = makeBase({ 'seul.md': 'partage\n' }, 'base-small')
    const r2 = await searchBases([small, b], 'partage', 'keyword', 4)
    expect(r2.map((x) => x.results.length)).toEqual([1, 3])
  })

  it('the partial flag is per base', async () => {
    const a = makeBase({ 'a.md': 'alpha beta\n' }, 'base-a')
    const b = makeBase({ 'b.md': 'alpha\n' }, 'base-b')
    const r = await searchBases([a, b], 'alpha beta', 'keyword', 8)
    expect(r.map((x) => x.partial)).toEqual([false, true])
  })
})

describe('ripgrep process', () => {
  it('argument vector', () => {
    const args = ripgrepArgs('/c', 'keyword', ['a', '-b'])
    // Keyword mode: occurrences only (`path\0line:match`), never whole lines as JSON.
    expect(args.slice(0, 7)).toEqual([
      '--only-matching',
      '--line-number',
      '--heading',
      '--null',
      '--stats',
      '--color',
      'never'
    ])
    expect(args.slice(7, 16)).toEqual([
      '--ignore-case',
      '--no-ignore',
      '--no-hidden',
      '--no-follow',
      '--no-config',
      '--glob',
      '*.md',
      '--glob',
      '!.*'
    ])
    expect(args).toContain('!CLAUDE.md')
    expect(args).toContain('!proposals/')
    expect(args).not.toContain('--hidden')
    expect(args).not.toContain('--follow')
    expect(args.slice(-7)).toEqual(['--fixed-strings', '-e', '-b', '-e', 'a', '--', '/c'])
    expect(args).not.toContain('--threads')
    expect(ripgrepArgs('/c', 'keyword', ['a'], 1).slice(7, 9)).toEqual(['--threads', '1'])
    const regex = ripgrepArgs('/c', 'regex', ['x+'])
    expect(regex[0]).toBe('--json')
    expect(regex).not.toContain('--fixed-strings')
    expect(regex.slice(-4)).toEqual(['-e', 'x+', '--', '/c'])
  })

  it('several bases at once share the cores between their ripgrep processes', () => {
    expect(threadsEach(1, 2)).toBeUndefined()
    expect(threadsEach(2, 2)).toBe(1)
    expect(threadsEach(5, 2)).toBe(1)
    expect(threadsEach(2, 8)).toBe(4)
    expect(threadsEach(3, 8)).toBe(2)
  })

  it.skipIf(process.platform === 'win32')(
    'searchBases gives each base’s ripgrep its share of threads',
    async () => {
      const a = makeBase({ 'a.md': 'partage\n' }, 'base-a')
      const b = makeBase({ 'b.md': 'partage\n' }, 'base-b')
      const log = join(a.root, 'args.log')
      const spy = join(a.root, 'rg-espion')
      writeFileSync(spy, `#!/bin/sh\necho "$*" >> '${log}'\nexec '${await ripgrepPath()}' "$@"\n`)
      chmodSync(spy, 0o755)
      const both = await searchBases([a, b], 'partage', 'keyword', 8, { rgPath: spy })
      expect(both.map((r) => r.results.length)).toEqual([1, 1])
      const runs = readFileSync(log, 'utf8').trim().split('\n')
      expect(runs).toHaveLength(2)
      for (const run of runs) expect(run).toContain(`--threads ${threadsEach(2)}`)
      await searchBases([a], 'partage', 'keyword', 8, { rgPath: spy })
      expect(readFileSync(log, 'utf8').trim().split('\n')[2]).not.toContain('--threads')
    }
  )

  it.skipIf(process.platform === 'win32')(
    'keyword mode runs ripgrep inside the corpus, over `.`',
    async () => {
      const base = makeBase({ 'a/b.md': 'partage\n', 'c.md': 'partage partage\n' })
      const log = join(base.root, 'cwd.log')
      const spy = join(base.root, 'rg-espion')
      writeFileSync(
        spy,
        `#!/bin/sh\npwd >> '${log}'\necho "$*" >> '${log}'\nexec '${await ripgrepPath()}' "$@"\n`
      )
      chmodSync(spy, 0o755)
      const scan = await scanCorpus(base.corpusDir, 'keyword', ['partage'], { rgPath: spy })
      const [cwd, args] = readFileSync(log, 'utf8').trim().split('\n')
      expect(cwd).toBe(base.corpusDir)
      expect(args.endsWith(' -- .')).toBe(true)
      expect([...scan.files.keys()].sort()).toEqual(['a/b.md', 'c.md'])
      expect(scan.files.get('a/b.md')?.abs).toBe(join(base.corpusDir, 'a', 'b.md'))
      expect(scan.files.get('c.md')?.termCounts).toEqual([2])
      expect(scan.files.get('c.md')?.bytes).toBe('partage partage\n'.length)
    }
  )

  it('a corpus directory with spaces and non-ASCII characters in its path', async () => {
    const base = makeBase({})
    const corpusDir = join(base.root, 'mon corpus — été 日本')
    mkdirSync(join(corpusDir, 'sous dossier'), { recursive: true })
    writeFileSync(join(corpusDir, 'sous dossier', 'page é.md'), '# Titre\n\npartage ici\n')
    const r = await one({ ...base, corpusDir }, 'partage')
    expect(paths(r)).toEqual(['sous dossier/page é.md'])
    expect(r.results[0].snippets[0].lines.join('\n')).toContain('partage ici')
  })

  it('a corpus directory gone since the base was registered: no result, as before', async () => {
    const base = makeBase({ 'a.md': 'partage\n' })
    const other = makeBase({ 'b.md': 'partage\n' }, 'other')
    rmSync(base.corpusDir, { recursive: true, force: true })
    const r = await searchBases([base, other], 'partage', 'keyword', 8)
    expect(r.map((x) => [x.base, paths(x)])).toEqual([
      ['test-base', []],
      ['other', ['b.md']]
    ])
  })

  it('binary path unpacked from the asar', () => {
    expect(unpackedPath('/A/app.asar/node_modules/rg')).toBe('/A/app.asar.unpacked/node_modules/rg')
    expect(unpackedPath('/A/app.asar.unpacked/rg')).toBe('/A/app.asar.unpacked/rg')
    expect(unpackedPath('/usr/lib/rg')).toBe('/usr/lib/rg')
  })

  it('a binary that cannot be spawned is IO_ERROR', async () => {
    const base = makeBase({ 'a.md': 'x\n' })
    const e = await hubRefusal(
      searchBases([base], 'x', 'keyword', 8, { rgPath: join(base.root, 'pas-de-rg') })
    )
    expect(e.code).toBe('IO_ERROR')
    expect(e.message).toMatch(/^ripgrep n'a pas pu être lancé : /)
  })

  it.skipIf(process.platform === 'win32')('a ripgrep that hangs is IO_ERROR after the timeout', async () => {
    const base = makeBase({ 'a.md': 'x\n' })
    const fake = join(base.root, 'rg-lent')
    writeFileSync(fake, '#!/bin/sh\nexec sleep 10\n')
    chmodSync(fake, 0o755)
    const e = await hubRefusal(searchBases([base], 'x', 'keyword', 8, { rgPath: fake, timeoutMs: 200 }))
    expect(e.code).toBe('IO_ERROR')
    expect(e.message).toBe('ripgrep a dépassé 30 s')
  })

  it.skipIf(process.platform === 'win32')('a silent failure says its exit code', async () => {
    const base = makeBase({ 'a.md': 'x\n' })
    const fake = join(base.root, 'rg-casse')
    writeFileSync(fake, '#!/bin/sh\nexit 3\n')
    chmodSync(fake, 0o755)
    const e = await hubRefusal(searchBases([base], 'x', 'regex', 8, { rgPath: fake }))
    expect(e.code).toBe('INVALID_INPUT')
    expect(e.message).toBe('ripgrep a échoué (code 3)')
  })
})

describe('term matching', () => {
  it('termsIn is case-insensitive and Unicode-aware', () => {
    const t = ['sso', 'état', '数据库'].map(foldCase)
    expect(termsIn('Le SSO et l’ÉTAT du 数据库', t)).toEqual([0, 1, 2])
    expect(termsIn('rien', t)).toEqual([])
  })

  it('a line ripgrep matched through simple case folding still counts (long s)', async () => {
    // U+017F folds to `s` for ripgrep, but its toLowerCase is itself.
    const base = makeBase({ 'a.md': 'meſſage\n', 'b.md': 'message et autre\n' })
    const r = await one(base, 'message autre')
    expect(paths(r)).toEqual(['b.md'])
    expect(paths(await one(base, 'message'))).toEqual(['a.md', 'b.md'])
  })
})

describe('large outputs', () => {
  it('a file matching on every line keeps exact per-term counts and its best hits', async () => {
    const base = makeBase({ 'a.md': 'alpha beta alpha\n'.repeat(100), 'b.md': 'x\n' })
    const scan = await scanCorpus(base.corpusDir, 'keyword', ['alpha', 'beta'])
    const f = scan.files.get('a.md')
    expect(f?.matchedLines).toBe(100)
    expect(f?.matches).toBe(300)
    expect(f?.termCounts).toEqual([200, 100])
    expect(f?.termLines).toEqual([100, 100])
    expect(f?.hits.map((h) => h.line)).toEqual([1, 2, 3])
    expect(f?.bytes).toBe('alpha beta alpha\n'.length * 100)
    expect(scan.filesSearched).toBe(2)
    expect(scan.bytesSearched).toBe('alpha beta alpha\n'.length * 100 + 2)
  })

  it('an output of many chunks, non-ASCII paths and terms: every file and count exact', async () => {
    // ~150 KB of `-o` output: lines, paths and multi-byte characters are cut by the pipe's chunks.
    const files: Record<string, string> = {}
    const expected = new Map<string, [number, number]>()
    for (let i = 0; i < 120; i++) {
      const rel = `dossier-é${i % 7}/page-${'日本語'.repeat(1 + (i % 5))}-${i}.md`
      const n = 1 + (i % 9)
      files[rel] = `# Titre ${i}\n` + 'Édition déjà édition\nRésumé déjà\n'.repeat(40 * n)
      expected.set(rel, [80 * n, 80 * n]) // édition: 2 per first line; déjà: 1 per line
    }
    const base = makeBase(files)
    const scan = await scanCorpus(base.corpusDir, 'keyword', ['édition', 'déjà'])
    expect(scan.files.size).toBe(120)
    for (const [rel, [edition, deja]] of expected) {
      const f = scan.files.get(rel)
      expect(f?.abs, rel).toBe(join(base.corpusDir, rel))
      expect(f?.termCounts, rel).toEqual([edition, deja])
      expect(f?.matchedLines, rel).toBe(deja)
    }
    expect(scan.filesSearched).toBe(120)
  })

  it('a term contained in another term’s match counts for both', async () => {
    const base = makeBase({ 'a.md': 'ReactDOM seul\n' })
    const f = (await scanCorpus(base.corpusDir, 'keyword', ['react', 'reactdom'])).files.get('a.md')
    expect(f?.termsTouched).toBe(2)
    expect(f?.hits[0].distinct).toBe(2)
  })

  it('keeps parsing until the best hits carry every term', async () => {
    const lines: string[] = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? 'alpha' : 'beta'))
    lines[150] = 'alpha beta' // line 151
    const base = makeBase({ 'a.md': lines.join('\n') + '\n' })
    const scan = await scanCorpus(base.corpusDir, 'keyword', ['alpha', 'beta'])
    expect(scan.files.get('a.md')?.hits.map((h) => [h.line, h.distinct])).toEqual([
      [151, 2],
      [1, 1],
      [2, 1]
    ])
  })

  it('regex mode parses only the first hits but counts every matching line', async () => {
    const base = makeBase({ 'a.md': 'e1\n'.repeat(500) })
    const scan = await scanCorpus(base.corpusDir, 'regex', [String.raw`e\d`])
    const f = scan.files.get('a.md')
    expect(f?.parsedLines).toBe(3)
    expect(f?.matchedLines).toBe(500)
  })
})

describe('ranking outline (line scan)', () => {
  it('ATX and setext headings, not inside fences, after the frontmatter', () => {
    const text = [
      '---',
      '# commentaire yaml',
      '---',
      '# Titre ##',
      '',
      '```md',
      '# Faux',
      '```',
      'Sous-titre',
      'suite',
      '---',
      '    # code indenté',
      '#pas-un-titre',
      '- item',
      '---',
      '~~~',
      '## faux aussi',
      '~~~',
      '### Fin'
    ].join('\n')
    expect(scanOutline(splitLines(text), 4)).toEqual([
      { line: 4, text: 'Titre' },
      { line: 9, text: 'Sous-titre suite' },
      { line: 19, text: 'Fin' }
    ])
  })
})

describe('ranking outline agrees with the CommonMark parse on a real corpus', () => {
  const CORPUS = resolve(__dirname, '../../../test/corpora/react-fr/knowledge')
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((n) => {
        const abs = join(dir, n)
        return statSync(abs).isDirectory() ? walk(abs) : n.endsWith('.md') ? [abs] : []
      })

  it('same heading lines on every react-fr page', () => {
    expect(existsSync(CORPUS), CORPUS).toBe(true)
    const files = walk(CORPUS)
    expect(files.length).toBeGreaterThan(100)
    const differ = files.filter((f) => {
      const text = readFileSync(f, 'utf8')
      const parsed = parseHeadings(text).map((h) => h.line)
      const scanned = scanOutline(splitLines(text), splitFrontmatter(text).bodyStartLine).map((h) => h.line)
      return parsed.join(',') !== scanned.join(',')
    })
    expect(differ).toEqual([])
  })
})

describe('a decomposed query (found by exploratory QA: « e\u0301tat » found nothing)', () => {
  it('finds what its composed form finds, in keyword and regex modes', async () => {
    const base = makeBase({ 'etat.md': '# L’état\n\nL’état est un instantané.\n' })
    const decomposed = 'e\u0301tat instantane\u0301'
    expect(decomposed).not.toBe(decomposed.normalize('NFC'))
    const [kw] = await searchBases([base], decomposed, 'keyword', 8)
    expect(kw.partial).toBe(false)
    expect(kw.results.map((r) => r.path)).toEqual(['etat.md'])
    const [rx] = await searchBases([base], 'e\u0301tat est', 'regex', 8)
    expect(rx.results.map((r) => r.path)).toEqual(['etat.md'])
    expect(keywordTerms('E\u0301TAT')).toEqual(['ÉTAT'])
  })
})

describe('a decomposed document (NFD, as some macOS tools save text)', () => {
  const nfd = (s: string): string => s.normalize('NFD')

  it('is found by a composed query, ranked and shown like its composed twin, line numbers kept', async () => {
    const text =
      '# Gestion de l’état\n\nIntro.\n\n## Réducteur\n\nLa mise à jour de l’état passe par un réducteur.\n'
    const base = makeBase({ 'nfd.md': nfd(text), 'nfc.md': text.replace('Gestion', 'Tenue') })
    expect(readFileSync(join(base.corpusDir, 'nfd.md'), 'utf8')).not.toContain('é')
    const r = await one(base, 'réducteur état')
    expect(r.partial).toBe(false)
    expect(paths(r).sort()).toEqual(['nfc.md', 'nfd.md'])
    const shown = r.results.find((d) => d.path === 'nfd.md')
    const twin = r.results.find((d) => d.path === 'nfc.md')
    expect(shown?.title).toBe('Gestion de l’état')
    expect(shown?.snippets.map((s) => [s.label, s.start, s.end])).toEqual(
      twin?.snippets.map((s) => [s.label, s.start, s.end])
    )
    expect(shown?.snippets[0].lines.join('\n')).toContain('La mise à jour de l’état passe par un réducteur.')
    // Upper case, decomposed in the file: still the same word.
    const upper = makeBase({ 'maj.md': nfd('# ÉTAT\n\nÉTAT GÉNÉRAL.\n') })
    expect(paths(await one(upper, 'état général'))).toEqual(['maj.md'])
  })

  it('counts for the strict AND: a document holding one term composed and the other decomposed has both', async () => {
    const base = makeBase({
      'mixte.md': `# Mixte\n\nUn ${nfd('réducteur')} et un état.\n`,
      'seul.md': '# Seul\n\nUn état.\n'
    })
    const r = await one(base, 'réducteur état')
    expect(r.partial).toBe(false)
    expect(paths(r)).toEqual(['mixte.md'])
  })

  it('is looked for in both spellings by ripgrep, and only when they differ', () => {
    const args = ripgrepArgs('/c', 'keyword', ['état', 'plain'])
    const patterns = args.flatMap((a, i) => (args[i - 1] === '-e' ? [a] : []))
    expect(patterns.sort()).toEqual(['e\u0301tat', 'plain', 'état'].sort())
  })
})

describe("apostrophes written either way (l'état, l’état)", () => {
  it('a query with one spelling finds the documents written with the other, for the strict AND', async () => {
    const base = makeBase({
      'typo.md': '# Typo\n\nLa mise à jour de l’état local.\n',
      'droit.md': "# Droit\n\nLa mise à jour de l'état local.\n",
      'mixte.md': "# Mixte\n\nCe qu’aujourd'hui on appelle l’état local.\n",
      'autre.md': '# Autre\n\nUn état sans article, local.\n'
    })
    for (const q of ["l'état local", 'l’état local', 'lʼétat local']) {
      const r = await one(base, q)
      expect(r.partial, q).toBe(false)
      expect(paths(r).sort(), q).toEqual(['droit.md', 'mixte.md', 'typo.md'])
    }
    const r = await one(base, "qu'aujourd’hui")
    expect(paths(r)).toEqual(['mixte.md'])
    expect(r.results[0].snippets[0].lines.join('\n')).toContain("Ce qu’aujourd'hui on appelle")
  })

  it('ripgrep is given every spelling of a term with apostrophes, and only such terms get more than one', () => {
    const args = ripgrepArgs('/c', 'keyword', ["qu'aujourd'hui", 'plain'])
    const patterns = args.flatMap((a, i) => (args[i - 1] === '-e' ? [a] : []))
    expect(patterns).toContain("qu’aujourd'hui")
    expect(patterns).toContain("qu'aujourd’hui")
    expect(patterns.filter((p) => p !== 'plain')).toHaveLength(9)
    expect(foldCase('L’ÉTAT')).toBe("l'état")
  })
})
