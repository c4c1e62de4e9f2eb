import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { connect, hubEnv, type Connected } from './helpers/mcp'
import { scanBasesDir } from '../src/engine/registry/discovery'

const manifest = (lines: string[]): string => lines.join('\n') + '\n'
const base = (name: string, extra: string[] = []): string[] => [
  'bundle-spec: "0.1"',
  `name: ${name}`,
  `title: Base ${name}`,
  'description: Une base.',
  'governance:',
  '  rules: GOVERNANCE.md',
  ...extra
]

describe('discovery and manifest validation, seen through kb_hub_rescan', () => {
  let dir: string
  let s: Connected
  let report: string

  beforeAll(async () => {
    dir = tempDir()
    makeBundle(dir, 'aaa-clone', { name: 'doublon' })
    makeBundle(dir, 'zzz-clone', { name: 'doublon' })
    makeBundle(dir, 'clone-renomme', { name: 'identite-reelle' })
    makeBundle(dir, 'phoenix', {
      manifest: manifest(base('phoenix').map((l) => l.replace('"0.1"', '"9.9"')))
    })
    makeBundle(dir, 'sans-regles', {
      manifest: manifest([
        'bundle-spec: "0.1"',
        'name: sans-regles',
        'title: T',
        'description: D',
        'governance: {}'
      ])
    })
    makeBundle(dir, 'spec-nombre', {
      manifest: manifest(base('spec-nombre').map((l) => l.replace('"0.1"', '0.1')))
    })
    makeBundle(dir, 'mauvais-nom', { manifest: manifest(base('Ma_Base')) })
    makeBundle(dir, 'titre-long', {
      manifest: manifest(
        base('titre-long').map((l) => (l.startsWith('title') ? `title: ${'t'.repeat(101)}` : l))
      )
    })
    makeBundle(dir, 'titre-multiligne', {
      manifest: manifest(
        base('titre-multiligne').map((l) => (l.startsWith('title') ? 'title: "ligne un\\nligne deux"' : l))
      )
    })
    const longDesc = 'phrase   avec\ndes    espaces\n\net des sauts. '.repeat(40).trim()
    makeBundle(dir, 'desc-longue', {
      manifest: manifest(
        base('desc-longue').map((l) =>
          l.startsWith('description') ? `description: ${JSON.stringify(longDesc)}` : l
        )
      )
    })
    makeBundle(dir, 'corpus-dehors', {
      manifest: manifest([...base('corpus-dehors'), 'corpus-dir: ../ailleurs'])
    })
    makeBundle(dir, 'corpus-racine', { manifest: manifest([...base('corpus-racine'), 'corpus-dir: .']) })
    makeBundle(dir, 'corpus-propositions', {
      manifest: manifest([...base('corpus-propositions'), 'corpus-dir: proposals'])
    })
    makeBundle(dir, 'corpus-absent', { manifest: manifest([...base('corpus-absent'), 'corpus-dir: docs']) })
    makeBundle(dir, 'regles-absentes', {
      manifest: manifest(
        base('regles-absentes').map((l) => l.replace('rules: GOVERNANCE.md', 'rules: ./ABSENT.md'))
      )
    })
    makeBundle(dir, 'yaml-casse', { manifest: 'name: [non fermé\n' })
    makeBundle(dir, 'champ-inconnu', { manifest: manifest([...base('champ-inconnu'), 'futur: { x: 1 }']) })
    makeBundle(dir, 'autre-corpus', {
      manifest: manifest([...base('autre-corpus'), 'corpus-dir: docs']),
      files: { 'docs/d.md': '# D\n\nmot-docs\n' }
    })
    mkdirSync(join(dir, '.cache', 'x'), { recursive: true })
    writeFileSync(join(dir, '.cache', 'okf-bundle.yaml'), manifest(base('cache')))
    mkdirSync(join(dir, 'pas-un-bundle'))
    s = await connect(hubEnv(dir))
    report = await s.text('kb_hub_rescan')
  })

  afterAll(async () => {
    await s?.close()
    removeDir(dir)
  })

  it('registers valid bundles by manifest name, first of a collision wins', () => {
    expect(report).toMatch(/^Découverte terminée : 6 base\(s\) enregistrée\(s\)\./)
    expect(report).toContain("- 'doublon' : 'aaa-clone' retenu, 'zzz-clone' ignoré")
    expect(report).toContain('identite-reelle')
    expect(report).not.toContain('cache')
    expect(report).not.toContain('pas-un-bundle')
  })

  it('an unknown bundle-spec loads with a warning; unknown fields are ignored', () => {
    expect(report).toContain(
      "- [phoenix] bundle-spec '9.9' différent de la version supportée '0.1' — chargement tenté et réussi"
    )
    expect(report).not.toContain('champ-inconnu :')
  })

  it.each([
    ['sans-regles', 'champ obligatoire manquant : governance.rules'],
    [
      'spec-nombre',
      'champ bundle-spec doit être une chaîne (reçu number : 0.1) — pensez aux guillemets en YAML'
    ],
    ['mauvais-nom', "name 'Ma_Base' non conforme au motif [a-z0-9-]+"],
    ['titre-long', 'title dépasse 100 caractères (101)'],
    ['titre-multiligne', 'title contient un retour à la ligne'],
    ['corpus-dehors', "corpus-dir '../ailleurs' sort du bundle"],
    ['corpus-racine', 'corpus-dir ne peut pas être la racine du bundle'],
    ['corpus-propositions', "corpus-dir 'proposals' est ou contient le répertoire proposals/"],
    ['corpus-absent', "corpus-dir 'docs' n'existe pas ou n'est pas un répertoire"],
    ['regles-absentes', "governance.rules './ABSENT.md' introuvable"],
    ['yaml-casse', 'okf-bundle.yaml non parseable']
  ])('%s is reported invalid: %s', (d, reason) => {
    expect(report).toContain(`- ${d} : ${reason}`)
  })

  it('each refusal carries its reason as data, which the UI words in the manager’s language', () => {
    const problems = Object.fromEntries(scanBasesDir(dir).invalid.map((i) => [i.dir, i.problem]))
    expect(problems).toMatchObject({
      'sans-regles': { code: 'field-missing', values: { field: 'governance.rules' } },
      'spec-nombre': { code: 'field-not-string', values: { field: 'bundle-spec', got: 'number' } },
      'mauvais-nom': { code: 'name-pattern', values: { name: 'Ma_Base' } },
      'titre-long': { code: 'title-too-long', values: { length: 101 } },
      'titre-multiligne': { code: 'title-newline' },
      'corpus-dehors': { code: 'path-escapes', values: { field: 'corpus-dir', path: '../ailleurs' } },
      'corpus-racine': { code: 'corpus-root' },
      'corpus-propositions': { code: 'corpus-in-proposals', values: { path: 'proposals' } },
      'corpus-absent': { code: 'corpus-missing', values: { path: 'docs' } },
      'regles-absentes': { code: 'rules-missing', values: { path: './ABSENT.md' } },
      'yaml-casse': { code: 'unparseable' }
    })
  })

  it('a long description is normalised and cut with a warning', async () => {
    expect(report).toMatch(
      /\[desc-longue\] description tronquée à 500 caractères \(longueur d'origine : \d+\)/
    )
    const list = await s.text('kb_list')
    const block = list.split('## desc-longue')[1].split('\n')[1]
    expect(block).not.toMatch(/ {2}/)
    expect([...block].length).toBeLessThanOrEqual(501)
    expect(block.endsWith('…')).toBe(true)
  })

  it('a custom corpus-dir is searched and read', async () => {
    expect(await s.text('kb_search', { base: 'autre-corpus', query: 'mot-docs' })).toContain('### d.md')
  })

  it('invalid bundles never block the others', async () => {
    expect(await s.text('kb_read', { base: 'identite-reelle', path: 'exemple.md' })).toContain(
      'Un document exemple'
    )
  })
})
