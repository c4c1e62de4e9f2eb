import { afterAll, describe, expect, it } from 'vitest'
import { mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, makeCorpusBase } from '../../../test/helpers/fixtures'
import { scanCorpus } from '../search/ripgrep'
import { searchBases } from '../search/search'
import { countDocuments } from './count'
import { isDocumentPath, isExcluded } from './document-rule'
import { listDocuments, resolveDocument } from './paths'
import { HubError } from '../errors'

const base = makeCorpusBase({
  'a.md': 'temoin\n',
  'docs/b.md': 'temoin\n',
  'docs/ignore.md': 'temoin\n',
  'docs/rgignore.md': 'temoin\n',
  'notes.txt': 'temoin\n',
  'MAJ.MD': 'temoin\n',
  '.github/x.md': 'temoin\n',
  '.hidden/y.md': 'temoin\n',
  'docs/.draft/z.md': 'temoin\n',
  '.cache.md': 'temoin\n',
  'CLAUDE.md': 'temoin\n',
  'sous/GOVERNANCE.md': 'temoin\n',
  'proposals/pending/p.md': 'temoin\n',
  // Every ignore file ripgrep would honour by default: none of them plays a part in the rule.
  '.gitignore': 'docs/ignore.md\n',
  '.ignore': 'a.md\n',
  'docs/.rgignore': 'rgignore.md\n'
})
afterAll(() => rmSync(base.root, { recursive: true, force: true }))
// A real repository around the corpus, so that ripgrep's .gitignore handling would be live.
git(base.root, 'init', '-q')
writeFileSync(join(base.root, '.gitignore'), 'knowledge/docs/b.md\n')
symlinkSync(join(base.corpusDir, 'a.md'), join(base.corpusDir, 'alias.md'))
mkdirSync(join(base.root, 'dehors'))
writeFileSync(join(base.root, 'dehors', 'o.md'), 'temoin\n')
symlinkSync(join(base.root, 'dehors'), join(base.corpusDir, 'lien-dossier'))
const past = new Date(Date.now() - 60_000)
for (const d of ['', 'docs', '.github', '.hidden', 'docs/.draft', 'sous', 'proposals', 'proposals/pending'])
  utimesSync(join(base.corpusDir, d), past, past)

const EXPECTED = ['a.md', 'docs/b.md', 'docs/ignore.md', 'docs/rgignore.md']

describe('one rule for what a document is, whichever door asks', () => {
  it('listing, counting and ripgrep (both output modes) see the same documents', async () => {
    expect(listDocuments(base)).toEqual(EXPECTED)
    expect(countDocuments(base)).toBe(EXPECTED.length)
    for (const mode of ['keyword', 'regex'] as const) {
      const scan = await scanCorpus(base.corpusDir, mode, mode === 'keyword' ? ['temoin'] : ['temo[i]n'])
      expect([...scan.files.keys()].sort(), mode).toEqual(EXPECTED)
      // ripgrep's own count of files searched: it never even opened the others.
      expect(scan.filesSearched, mode).toBe(EXPECTED.length)
    }
    const [r] = await searchBases([base], 'temoin', 'keyword', 25)
    expect(r.results.map((d) => d.path).sort()).toEqual(EXPECTED)
  })

  it('kb_read refuses what is not a document by its place, reads through a link inside the corpus', () => {
    for (const rel of ['.github/x.md', '.hidden/y.md', 'docs/.draft/z.md', '.cache.md']) {
      let err: unknown = null
      try {
        resolveDocument(base, rel)
      } catch (e) {
        err = e
      }
      expect(err, rel).toBeInstanceOf(HubError)
      expect((err as HubError).message, rel).toBe(`chemin '${rel}' exclu du corpus`)
    }
    expect(resolveDocument(base, 'alias.md').abs).toBe(join(base.corpusDir, 'a.md'))
  })

  it('a corpus-dir under a hidden folder is still searched and listed: only names inside it count', async () => {
    const dir = join(base.root, '.corpus-cache')
    mkdirSync(join(dir, 'sous'), { recursive: true })
    writeFileSync(join(dir, 'sous', 'd.md'), 'temoin\n')
    const hidden = { ...base, corpusDir: dir }
    expect(listDocuments(hidden)).toEqual(['sous/d.md'])
    expect([...(await scanCorpus(dir, 'keyword', ['temoin'])).files.keys()]).toEqual(['sous/d.md'])
  })

  it('a name holding a control character is no document, for every door (found by exploratory QA: a newline in a name forged a result line)', async () => {
    const hostile = makeCorpusBase({
      'ok.md': 'temoin\n',
      'bad\nname.md': '# NL\n\ntemoin\n',
      'esc\u001b[2J.md': 'temoin\n',
      'dossier\rcache/c.md': 'temoin\n'
    })
    try {
      expect(listDocuments(hostile)).toEqual(['ok.md'])
      expect(countDocuments(hostile)).toBe(1)
      for (const mode of ['keyword', 'regex'] as const) {
        const [r] = await searchBases([hostile], 'temoin', mode, 25)
        expect(
          r.results.map((d) => d.path),
          mode
        ).toEqual(['ok.md'])
      }
      expect(() => resolveDocument(hostile, 'bad\nname.md')).toThrow(HubError)
    } finally {
      rmSync(hostile.root, { recursive: true, force: true })
    }
  })

  it('by path alone', () => {
    expect(isDocumentPath('a/b.md')).toBe(true)
    expect(isDocumentPath('a/b.MD')).toBe(false)
    expect(isDocumentPath('a/.b.md')).toBe(false)
    expect(isDocumentPath('.a/b.md')).toBe(false)
    expect(isDocumentPath('x/proposals/b.md')).toBe(false)
    expect(isExcluded('x/schema.yaml')).toBe(true)
    expect(isExcluded('x/notes.txt')).toBe(false)
  })

  it('by path alone agrees with isExcluded on every combination of segments', () => {
    const segments = [
      'a',
      '.a',
      'proposals',
      '.git',
      '.okf-hub.lock.d',
      'proposals.md',
      'x.md',
      '',
      'é b',
      'a\nb'
    ]
    const files = [
      'b.md',
      'b\u001b[2J.md',
      '.b.md',
      'CLAUDE.md',
      'GOVERNANCE.md',
      'schema.yaml',
      'b.MD',
      'proposals',
      '.md',
      'md'
    ]
    let checked = 0
    for (const s1 of segments)
      for (const s2 of segments)
        for (const f of files)
          for (const rel of [f, `${s1}/${f}`, `${s1}/${s2}/${f}`, `/${s1}//${s2}/${f}`]) {
            expect(isDocumentPath(rel), rel).toBe(rel.endsWith('.md') && !isExcluded(rel))
            checked++
          }
    expect(checked).toBe(segments.length ** 2 * files.length * 4)
  })
})

describe('a file name written decomposed (NFD, as macOS tools write names)', () => {
  it('reads back under the composed spelling an agent types, and names the file as it is on disk', async () => {
    const nfd = (s: string): string => s.normalize('NFD')
    const b = makeCorpusBase({ [nfd('réf/état.md')]: '# État\n\ntexte\n', 'e.md': '# e\n' })
    const onDisk = nfd('réf/état.md')
    expect(resolveDocument(b, 'réf/état.md')).toEqual({ abs: join(b.corpusDir, onDisk), rel: onDisk })
    expect(resolveDocument(b, onDisk).rel).toBe(onDisk)
    // What the search prints is what the read takes, in either spelling.
    const [r] = await searchBases([b], 'texte', 'keyword', 8)
    expect(r.results.map((d) => d.path)).toEqual([onDisk])
    // Still nothing outside, nothing that is not there, and no guess between two spellings.
    expect(() => resolveDocument(b, 'réf/../../état.md')).toThrow(HubError)
    expect(() => resolveDocument(b, 'réf/absent.md')).toThrow(HubError)
    // The exact name wins when both spellings are there.
    mkdirSync(join(b.corpusDir, 'deux'))
    writeFileSync(join(b.corpusDir, 'deux', nfd('é.md')), 'x\n')
    writeFileSync(join(b.corpusDir, 'deux', 'é.md'), 'y\n')
    expect(resolveDocument(b, 'deux/é.md').rel).toBe('deux/é.md')
    expect(resolveDocument(b, nfd('deux/é.md')).rel).toBe(nfd('deux/é.md'))
    // Two other spellings of « ḗ » (decomposed, half composed) and the composed one asked: no guess.
    writeFileSync(join(b.corpusDir, 'deux', 'e\u0304\u0301.md'), 'a\n')
    writeFileSync(join(b.corpusDir, 'deux', '\u0113\u0301.md'), 'b\n')
    expect(() => resolveDocument(b, 'deux/\u1e17.md')).toThrow(HubError)
    rmSync(b.root, { recursive: true, force: true })
  })
})

describe('a document path that names nothing', () => {
  it('is refused naming the documents of that name elsewhere, in another case, or with .md left off', () => {
    const b = makeCorpusBase({
      'procedures/sso.md': '# SSO\n',
      'archive/2024/SSO.md': '# old\n',
      'guides/intro.md': '# Intro\n',
      'notes/sso.md.txt': 'not a document\n'
    })
    const refusal = (rel: string): string => {
      try {
        resolveDocument(b, rel)
      } catch (e) {
        expect((e as HubError).code).toBe('NOT_FOUND')
        return (e as HubError).message
      }
      throw new Error(`${rel} resolved`)
    }
    expect(refusal('sso.md')).toBe(
      "document 'sso.md' introuvable dans la base 'test-base' — documents de ce nom : archive/2024/SSO.md, procedures/sso.md"
    )
    expect(refusal('Procedures/SSO')).toContain(
      'documents de ce nom : archive/2024/SSO.md, procedures/sso.md'
    )
    expect(refusal('guides/intro')).toContain('documents de ce nom : guides/intro.md')
    // Nothing alike: the refusal as the contract words it.
    expect(refusal('absent.md')).toBe("document 'absent.md' introuvable dans la base 'test-base'")
    // An escape names nothing of the corpus.
    expect(refusal('../procedures/sso.md')).toBe(
      "chemin '../procedures/sso.md' hors du corpus de la base 'test-base'"
    )
    rmSync(b.root, { recursive: true, force: true })
  })
})

describe('a file name with a typographic apostrophe', () => {
  it('reads back typed with a typewriter one, and the other way round', () => {
    const b = makeCorpusBase({ 'l’état.md': '# État\n', "guide d'accueil.md": '# Accueil\n' })
    expect(resolveDocument(b, "l'état.md").rel).toBe('l’état.md')
    expect(resolveDocument(b, 'guide d’accueil.md').rel).toBe("guide d'accueil.md")
    rmSync(b.root, { recursive: true, force: true })
  })
})
