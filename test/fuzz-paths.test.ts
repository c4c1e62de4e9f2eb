import { afterAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { lstatSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { connect, hubEnv } from './helpers/mcp'
import { repoFingerprint } from './helpers/repo'
import { confineEditPath } from '../src/engine/review/edits'
import { dirNameProblem } from '../src/engine/bases/names'
import { staticFile } from '../src/bridge/static-files'
import type { Base } from '../src/engine/registry/base'

/**
 * Path containment, fuzzed: paths built from `..` in every position, absolute POSIX, Windows
 * drive and UNC forms, backslashes, URL-encoded and double-encoded dots and slashes, Unicode
 * look-alikes (U+2024, U+FF0E, U+2215, U+FF0F), NFC/NFD spellings and case variants, against a
 * corpus holding symlinks and chains of symlinks to secrets outside it. Every secret carries
 * SECRET; no answer of any door may ever contain it.
 */

const SECRET = 'SECRET-8d41f0'
const dir = tempDir()
const outside = realpathSync(tempDir('okf-outside-'))
writeFileSync(join(outside, 'secret.md'), `# Secret\n\n${SECRET} dehors\n`)
mkdirSync(join(outside, 'dir'))
writeFileSync(join(outside, 'dir', 'inner.md'), `# Inner\n\n${SECRET} dossier\n`)
const root = makeBundle(dir, 'alpha', {
  files: {
    'knowledge/doc.md': '# Doc\n\n## Partie\n\ntexte visible\n',
    'knowledge/Café.md': '# Café\n\ntexte\n',
    'secret-root.md': `# Hors corpus\n\n${SECRET} racine\n`,
    'proposals/pending/.gitkeep': ''
  }
})
const corpus = join(root, 'knowledge')
// Symlinks out of the corpus: to a file, a directory, the bundle root, and a chain of two.
symlinkSync(join(outside, 'secret.md'), join(corpus, 'lien.md'))
symlinkSync(join(outside, 'dir'), join(corpus, 'lien-dir'))
symlinkSync(join(root, 'secret-root.md'), join(corpus, 'lien-racine.md'))
symlinkSync(join(corpus, 'lien.md'), join(corpus, 'chaine.md'))
symlinkSync('chaine.md', join(corpus, 'chaine2.md'))
symlinkSync('..', join(corpus, 'parent'))
// A proposal folder entry pointing out of the bundle.
symlinkSync(join(outside, 'secret.md'), join(root, 'proposals/pending/prop-2026-01-01-aaaa.md'))
const before = repoFingerprint(root)

const SEGMENTS = [
  '..',
  '.',
  '',
  '...',
  '%2e%2e',
  '%252e%252e',
  '.%2e',
  '\u2024\u2024',
  '\uFF0E\uFF0E',
  'knowledge',
  'KNOWLEDGE',
  'secret-root.md',
  'secret.md',
  'lien.md',
  'LIEN.MD',
  'lien-dir',
  'inner.md',
  'chaine.md',
  'chaine2.md',
  'lien-racine.md',
  'parent',
  'okf-bundle.yaml',
  'GOVERNANCE.md',
  '.git',
  'config',
  'proposals',
  'pending',
  'Cafe\u0301.md',
  'Café.md',
  'C:',
  'c:\\',
  outside.slice(1)
]
const SEPARATORS = ['/', '\\', '%2f', '%5c', '%252f', '\u2215', '\uFF0F', '//']
const PREFIXES = [
  '',
  '/',
  '\\\\server\\share\\',
  '//server/share/',
  'C:\\',
  'C:',
  'file://',
  '\\\\?\\',
  outside + '/'
]

const hostilePath = fc
  .tuple(
    fc.constantFrom(...PREFIXES),
    fc.array(fc.tuple(fc.constantFrom(...SEGMENTS), fc.constantFrom(...SEPARATORS)), {
      minLength: 1,
      maxLength: 6
    })
  )
  .map(([p, parts]) => p + parts.map(([s, sep], i) => (i === 0 ? s : sep + s)).join(''))
  .filter((p) => p.trim() !== '')

const s = await connect(hubEnv(dir))
const seen = { calls: 0, ok: 0 }

function noSecret(where: string, text: string): void {
  seen.calls++
  expect(text.includes(SECRET), `${where} leaked: ${text.slice(0, 300)}`).toBe(false)
}

describe('path containment, fuzzed across the doors', () => {
  afterAll(async () => {
    await s.close()
    removeDir(dir)
    removeDir(outside)
  })

  it('kb_read (path, then section), resources/read and kb_proposal_status never serve a byte from outside', async () => {
    // The fixture can leak: the secrets are really reachable by a naive join or a symlink follow.
    expect((await s.call('kb_read', { base: 'alpha', path: 'doc.md' })).text).toContain('texte visible')
    await fc.assert(
      fc.asyncProperty(hostilePath, async (path) => {
        const r = await s.call('kb_read', { base: 'alpha', path, force: true })
        noSecret(`kb_read ${JSON.stringify(path)}`, r.text)
        if (!r.isError) seen.ok++
        else expect(r.text).toMatch(/^ERROR: (NOT_FOUND|INVALID_INPUT): /)
        const sec = await s.call('kb_read', { base: 'alpha', path: 'doc.md', section: path })
        noSecret(`kb_read section ${JSON.stringify(path)}`, sec.text)
        const res = await s.client.readResource({ uri: `okf://alpha/${path}` }).then(
          (x) => JSON.stringify(x),
          (e: Error) => e.message
        )
        noSecret(`resources/read ${JSON.stringify(path)}`, res)
        const st = await s.call('kb_proposal_status', { base: 'alpha', id: path })
        noSecret(`kb_proposal_status ${JSON.stringify(path)}`, st.text)
      }),
      { numRuns: 150 }
    )
    // The link planted in proposals/pending/ is not listed either.
    noSecret('status', (await s.call('kb_proposal_status', { base: 'alpha', submitted_by: 'x' })).text)
    noSecret(
      'status id',
      (await s.call('kb_proposal_status', { base: 'alpha', id: 'prop-2026-01-01-aaaa' })).text
    )
    expect(repoFingerprint(root)).toBe(before)
  }, 120_000)

  it('kb_search for the secret finds nothing, and no result path leaves the corpus', async () => {
    for (const [query, mode] of [
      [SECRET, 'keyword'],
      ['SECRET-[0-9a-f]+', 'regex'],
      ['dehors', 'keyword'],
      ['texte', 'keyword']
    ]) {
      const r = await s.call('kb_search', { base: 'alpha', query, mode, max_results: 25 })
      // The answer names the query (the contract's « pour : <query> »): everything else is checked.
      const rest = r.text.split(query).join('')
      noSecret(`kb_search ${query}`, rest)
      expect(rest).not.toMatch(/dehors|racine|dossier/)
      for (const m of r.text.matchAll(/^### (\S+)/gm)) expect(['doc.md', 'Café.md']).toContain(m[1])
    }
  })

  it('review plan edit paths: refused, or confined to a plain .md path under corpus-dir', () => {
    const base = {
      name: 'alpha',
      dirName: 'alpha',
      root,
      corpusDir: corpus,
      corpusRel: 'knowledge',
      title: 'a',
      description: '',
      bundleSpec: '0.1',
      governancePath: join(root, 'GOVERNANCE.md'),
      governanceRel: 'GOVERNANCE.md'
    } as Base
    let accepted = 0
    fc.assert(
      fc.property(hostilePath, (path) => {
        let c
        try {
          c = confineEditPath(base, path)
        } catch (e) {
          expect((e as { code?: string }).code).toBe('INVALID_INPUT')
          return
        }
        accepted++
        expect(c.abs.startsWith(corpus + '/')).toBe(true)
        expect(c.repoPath.startsWith('knowledge/')).toBe(true)
        expect(c.rel.split('/')).not.toContain('..')
        expect(c.rel.endsWith('.md')).toBe(true)
        // No symlink on the way: writing through one would write outside (or replace the link).
        const segs = c.rel.split('/')
        for (let i = 1; i <= segs.length; i++) {
          const st = lstatSync(join(corpus, ...segs.slice(0, i)), { throwIfNoEntry: false })
          expect(st?.isSymbolicLink() ?? false, c.rel).toBe(false)
        }
      }),
      { numRuns: 1500 }
    )
    expect(confineEditPath(base, 'doc.md').rel).toBe('doc.md')
    void accepted
  })

  it('import names: a name a base directory may take is one plain segment, never a way out', () => {
    fc.assert(
      fc.property(hostilePath, (name) => {
        if (dirNameProblem(name) !== null) return
        expect(name).not.toMatch(/[/\\]/)
        expect(name.startsWith('.')).toBe(false)
        expect(name).not.toMatch(/^[a-zA-Z]:/)
      }),
      { numRuns: 1500 }
    )
    for (const n of ['..', '.', 'a/b', 'a\\b', 'C:', '\\\\server\\share', ''])
      expect(dirNameProblem(n), n).not.toBeNull()
  })

  it('the UI bridge’s static files: only files of the renderer folder', async () => {
    const renderer = realpathSync(tempDir('okf-renderer-'))
    try {
      writeFileSync(join(renderer, 'index.html'), '<!doctype html>')
      mkdirSync(join(renderer, 'assets'))
      writeFileSync(join(renderer, 'assets', 'app.js'), 'ok')
      symlinkSync(join(outside, 'secret.md'), join(renderer, 'assets', 'leak.js'))
      writeFileSync(join(outside, 'secret.js'), SECRET)
      symlinkSync(outside, join(renderer, 'assets', 'out'))
      expect((await staticFile(renderer, '/assets/app.js'))?.body.toString()).toBe('ok')
      const enc = (p: string) => [p, encodeURI(p), p.replace(/\./g, '%2e'), encodeURIComponent(p)]
      await fc.assert(
        fc.asyncProperty(
          hostilePath,
          fc.constantFrom('', '.js', '.html', '/secret.js', '/secret.md'),
          async (p, ext) => {
            for (const url of enc(`/${p}${ext}`)) {
              const f = await staticFile(renderer, url)
              if (f) {
                expect(f.body.toString()).not.toContain(SECRET)
                expect(['ok', '<!doctype html>']).toContain(f.body.toString())
              }
            }
          }
        ),
        { numRuns: 400 }
      )
      for (const url of [
        '/assets/leak.js',
        '/assets/out/secret.js',
        `/..${outside}/secret.js`,
        '/%2e%2e/secret.js'
      ])
        expect(await staticFile(renderer, url), url).toBeNull()
    } finally {
      removeDir(renderer)
    }
  })
})
