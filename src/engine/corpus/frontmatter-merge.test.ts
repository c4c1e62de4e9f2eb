import { describe, it, expect } from 'vitest'
import { isHubError } from '../errors'
import { frontmatterReadsBack, frontmatterRefusalMessage, mergeFrontmatter } from './frontmatter-merge'

const BODY = '\n# Environnement Blueway\n\nLe serveur de dev répond sur le port 8080.\n'
const REFERENCE =
  '---\n' +
  'id: fiche-environnement\n' +
  'title: "Environnement Blueway"\n' +
  'tags: [module:environnement, domaine:blueway, env:dev]\n' +
  'aliases: [environnement, env]\n' +
  'timestamp: 2026-08-27T12:00:00Z\n' +
  '# les facettes fermées sont décrites dans GOVERNANCE.md\n' +
  'statut: valide\n' +
  '---\n' +
  BODY

const doc = (block: string, body = '\ncorps\n'): string => `---\n${block}---\n${body}`

/** The lines of the frontmatter block of a merged text (between the `---` lines). */
function blockLines(text: string): string[] {
  const lines = text.split('\n')
  const close = lines.indexOf('---', 1)
  return lines.slice(1, close)
}

function bodyOf(text: string): string {
  const lines = text.split('\n')
  const close = lines.indexOf('---', 1)
  return lines.slice(close + 1).join('\n')
}

/** Runs `fn`, expects an INVALID_INPUT HubError, returns its message. */
function refusal(fn: () => unknown): string {
  try {
    fn()
  } catch (e) {
    expect(isHubError(e)).toBe(true)
    if (isHubError(e)) {
      expect(e.code).toBe('INVALID_INPUT')
      return e.message
    }
  }
  throw new Error('expected a refusal')
}

const TEMPLATE_TAIL =
  " : la préservation des champs non ciblés ne peut pas être garantie, rien n'a été modifié. Corriger le frontmatter à la source, ou passer par un autre chemin de résolution — recomposer le frontmatter via edits[].content recréerait le templating de chaînes interdit par le § 1.7."

describe('mergeFrontmatter — refusals (behaviours §15)', () => {
  it('uses the exact refusal template', () => {
    expect(frontmatterRefusalMessage('x')).toBe(`fusion de frontmatter refusée (x)${TEMPLATE_TAIL}`)
    const msg = refusal(() => mergeFrontmatter(doc('- un\n- deux\n'), { ajout: 'valeur' }))
    expect(msg).toBe(frontmatterRefusalMessage("le frontmatter n'est pas un mapping"))
    expect(msg).toContain('content')
    expect(msg).toContain('§ 1.7')
  })

  const table: Array<[string, string]> = [
    ['- un\n- deux\n', "n'est pas un mapping"],
    ['juste une chaîne\n', "n'est pas un mapping"],
    ['{a: 1, b: 2}\n', 'ambigu'],
    ['a: 1\na: 2\n', 'clés dupliquées'],
    ['socle: &s 1\nautre: *s\n', 'ancre'],
    ['fiche:\n  <<: {x: 1}\n', 'clé de fusion'],
    ['a: [1,\n', 'illisible'],
    ['a: !weird 3\n', 'illisible'],
    ['a:   1\nb: 2\n', 'normalisation résiduelle'],
    ['tags:\n      - a\n      - b\n', 'normalisation résiduelle']
  ]
  it.each(table)('block %j is refused with %j', (block, expected) => {
    const text = doc(block)
    const msg = refusal(() => mergeFrontmatter(text, { ajout: 'valeur' }))
    expect(msg).toContain(expected)
    expect(msg).toContain('§ 1.7')
  })

  it('refuses (never erases) an invalid YAML frontmatter', () => {
    const text = doc('title: Socle\ndescription: Le socle … chez nous : environnements, serveurs.\n')
    const msg = refusal(() => mergeFrontmatter(text, { ajout: 'valeur' }))
    expect(msg).toContain('frontmatter illisible : ')
    expect(msg.split('\n')).toHaveLength(1)
  })

  it('refuses a 9000-key block as too large', () => {
    let block = ''
    for (let i = 0; i < 9000; i++) block += `cle${String(i).padStart(4, '0')}: valeur\n`
    expect(refusal(() => mergeFrontmatter(doc(block), { ajout: 'v' }))).toContain(
      '(frontmatter trop volumineux)'
    )
  })

  it('refuses 24 levels of nesting', () => {
    let block = ''
    for (let i = 0; i < 24; i++) block += `${'  '.repeat(i)}n${i}:\n`
    block += `${'  '.repeat(24)}feuille: 1\n`
    expect(refusal(() => mergeFrontmatter(doc(block), { ajout: 'v' }))).toContain(
      '(frontmatter trop imbriqué)'
    )
    expect(
      refusal(() => mergeFrontmatter(doc(`a: ${'['.repeat(24)}${']'.repeat(24)}\n`), { b: 1 }))
    ).toContain('trop imbriqué')
    // 20 levels are fine
    let ok = ''
    for (let i = 0; i < 19; i++) ok += `${'  '.repeat(i)}n${i}:\n`
    ok += `${'  '.repeat(19)}feuille: 1\n`
    expect(mergeFrontmatter(doc(ok), { ajout: 'v' })).toBe(doc(ok + 'ajout: v\n'))
  })

  it('refuses more than 5000 YAML events as too complex', () => {
    const block = `a: [${new Array(5000).fill('0').join(',')}]\n`
    expect(refusal(() => mergeFrontmatter(doc(block), { b: 1 }))).toContain('(frontmatter trop complexe)')
  })

  it('names each structural reason exactly', () => {
    const cases: Array<[string, string]> = [
      ['socle: &s 1\nautre: *s\n', 'le frontmatter contient un alias YAML (`*ancre`)'],
      ['socle: &s 1\n', 'le frontmatter contient une ancre YAML (`&ancre`)'],
      ['fiche:\n  <<: {x: 1}\n', 'le frontmatter contient une clé de fusion (`<<`)'],
      ['a: 1\na: 2\n', 'clés dupliquées dans le frontmatter'],
      ["1: a\n'1': b\n", 'clés dupliquées dans le frontmatter'],
      ['a:\n  x: 1\n  y: 2\n  x: 3\n', 'clés dupliquées dans le frontmatter'],
      ['{a: 1, b: 2}\n', 'découpage du frontmatter ambigu (deux clés sur une même ligne)'],
      ['{a: 1}\n', 'découpage du frontmatter ambigu (clé non ancrée en colonne 0)'],
      ['{\na: 1, b: 2\n}\n', 'découpage du frontmatter ambigu (deux clés sur une même ligne)'],
      ['{\na: 1,\nb: 2\n}\n', 'découpage du frontmatter ambigu (clé non ancrée en colonne 0)'],
      ['a: 1\n!!str b: 2\n', 'découpage du frontmatter ambigu (clé non ancrée en colonne 0)'],
      ['  a: 1\n  b: 2\n', 'découpage du frontmatter ambigu (clé non ancrée en colonne 0)'],
      ['? a\n: 1\n', 'découpage du frontmatter ambigu (clé non ancrée en colonne 0)'],
      ['{}\n', "le frontmatter n'est pas un mapping en style bloc"],
      ['[a, b]: 1\n', 'le frontmatter contient une clé non scalaire'],
      ['~\n', "le frontmatter n'est pas un mapping"],
      ['a : 1\n', "normalisation résiduelle du frontmatter d'origine"],
      ['a:\n       b: 1\n', "normalisation résiduelle du frontmatter d'origine"],
      ['a:\tb\n', "normalisation résiduelle du frontmatter d'origine"]
    ]
    for (const [block, reason] of cases) {
      expect(
        refusal(() => mergeFrontmatter(doc(block), { ajout: 'v' })),
        block
      ).toBe(frontmatterRefusalMessage(reason))
    }
  })

  it('refuses a block mixing line endings', () => {
    const mixed = '---\r\na: 1\nb: 2\r\n---\r\n\r\ncorps\r\n'
    expect(refusal(() => mergeFrontmatter(mixed, { c: 3 }))).toContain(
      '(fins de ligne mixtes dans le frontmatter)'
    )
    const loneCr = '---\na: 1\rb: 2\n---\n'
    expect(refusal(() => mergeFrontmatter(loneCr, { c: 3 }))).toContain('fins de ligne mixtes')
  })

  it('refuses to drop a comment that lives inside a replaced entry', () => {
    const text = doc('tags:\n  - a\n  # b est retiré\n  - c\nstatut: ok\n')
    expect(refusal(() => mergeFrontmatter(text, { tags: ['x'] }))).toBe(
      frontmatterRefusalMessage('les commentaires du frontmatter ont changé')
    )
  })

  it('rejects invalid keys (decision: non-empty, one line, ≤ 1000 chars, printable, not `<<`)', () => {
    const text = doc('a: 1\n')
    expect(refusal(() => mergeFrontmatter(text, { '': 'x' }))).toBe("clé de frontmatter invalide : ''")
    expect(refusal(() => mergeFrontmatter(text, { 'a\nb': 'x' }))).toBe(
      "clé de frontmatter invalide : 'a\\nb'"
    )
    expect(refusal(() => mergeFrontmatter(text, { 'a\rb': 'x' }))).toBe(
      "clé de frontmatter invalide : 'a\\rb'"
    )
    expect(refusal(() => mergeFrontmatter(text, { '<<': 'x' }))).toBe("clé de frontmatter invalide : '<<'")
    expect(refusal(() => mergeFrontmatter(text, { '---': 'x' }))).toBe("clé de frontmatter invalide : '---'")
    expect(refusal(() => mergeFrontmatter(text, { 'a\u2028b': 'x' }))).toContain(
      'clé de frontmatter invalide : '
    )
    expect(refusal(() => mergeFrontmatter(text, { ['k'.repeat(1001)]: 'x' }))).toContain(
      'clé de frontmatter invalide'
    )
    // even with nothing else to do
    expect(refusal(() => mergeFrontmatter('# t\n', { '': 'x' }))).toBe("clé de frontmatter invalide : ''")
  })

  it('quotes keys that need it instead of refusing them', () => {
    const out = mergeFrontmatter(doc('a: 1\n'), { yes: 'x', 'b: c': 'y', '#d': 'z', 'clé é': 'w' })
    // `y` is a boolean for YAML 1.1 readers: quoted as a value too
    expect(blockLines(out)).toEqual(['a: 1', "'yes': x", "'b: c': 'y'", "'#d': z", 'clé é: w'])
    expect(frontmatterReadsBack(out)).toEqual({ a: 1, yes: 'x', 'b: c': 'y', '#d': 'z', 'clé é': 'w' })
  })

  it('rejects values that are not data', () => {
    const text = doc('a: 1\n')
    const cases: Array<[unknown, string]> = [
      [() => 1, 'function'],
      [undefined, 'undefined'],
      [Symbol('s'), 'symbol'],
      [10n, 'bigint'],
      [Number.NaN, 'number (NaN)'],
      [Number.POSITIVE_INFINITY, 'number (Infinity)'],
      [new Date(0), 'Date'],
      [new Map(), 'Map'],
      [{ nested: [1, () => 2] }, 'function'],
      ['a\uD800b', 'string (surrogate isolé)'],
      ['a\u2028b', 'string (caractère U+2028)'],
      ['a\u0085b', 'string (caractère U+0085)']
    ]
    for (const [value, type] of cases) {
      expect(refusal(() => mergeFrontmatter(text, { b: value }))).toBe(
        `valeur de frontmatter non sérialisable : ${type}`
      )
    }
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    expect(refusal(() => mergeFrontmatter(text, { b: cyclic }))).toBe(
      'valeur de frontmatter non sérialisable : object (référence circulaire)'
    )
    // the same object twice is not a cycle
    const shared = { x: 1 }
    expect(frontmatterReadsBack(mergeFrontmatter(text, { b: [shared, shared] }))).toEqual({
      a: 1,
      b: [{ x: 1 }, { x: 1 }]
    })
  })
})

describe('mergeFrontmatter — accepted behaviours (behaviours §15)', () => {
  it('returns the very same text when there is nothing to merge', () => {
    expect(mergeFrontmatter(REFERENCE, {})).toBe(REFERENCE)
    const broken = doc('a: [1,\n')
    expect(mergeFrontmatter(broken, {})).toBe(broken)
  })

  it('creates a frontmatter when there is none', () => {
    expect(mergeFrontmatter('# Titre\n\ncorps\n', { title: 'Titre', type: 'Reference' })).toBe(
      '---\ntitle: Titre\ntype: Reference\n---\n\n# Titre\n\ncorps\n'
    )
    expect(mergeFrontmatter('', { title: 'T' })).toBe('---\ntitle: T\n---\n\n')
    // an unclosed `---` is body (behaviours §7): the new block goes before it
    expect(mergeFrontmatter('---\nx\n', { title: 'T' })).toBe('---\ntitle: T\n---\n\n---\nx\n')
  })

  it('fills an empty delimited frontmatter', () => {
    expect(mergeFrontmatter('---\n---\n\ncorps\n', { title: 'T' })).toBe('---\ntitle: T\n---\n\ncorps\n')
    expect(mergeFrontmatter('---\n\n---\ncorps\n', { title: 'T' })).toBe('---\n\ntitle: T\n---\ncorps\n')
  })

  it('keeps a comments-only frontmatter and appends after it', () => {
    expect(mergeFrontmatter('---\n# à compléter\n---\ncorps\n', { title: 'T' })).toBe(
      '---\n# à compléter\ntitle: T\n---\ncorps\n'
    )
  })

  it('appends to the reference fixture without touching a byte of it', () => {
    const out = mergeFrontmatter(REFERENCE, { 'last-verified': '2026-09-16' })
    const before = blockLines(REFERENCE)
    const after = blockLines(out)
    expect(after.slice(0, before.length)).toEqual(before)
    expect(after).toHaveLength(before.length + 1)
    expect(after[after.length - 1]).toBe("last-verified: '2026-09-16'")
    expect(out).toBe(REFERENCE.replace('statut: valide\n', "statut: valide\nlast-verified: '2026-09-16'\n"))
    const data = frontmatterReadsBack(out)
    expect(data?.['last-verified']).toBe('2026-09-16')
    expect(data?.timestamp).toBe('2026-08-27T12:00:00Z')
    expect(bodyOf(out)).toBe(BODY)
    expect(out.endsWith(BODY)).toBe(true)
    expect(/^tags:\s*(.+)$/m.exec(out)?.[1]).toBe('[module:environnement, domaine:blueway, env:dev]')
  })

  it('keeps a targeted flow list in flow style, items with `:` unquoted', () => {
    const out = mergeFrontmatter(REFERENCE, { tags: ['module:securite', 'env:prod'] })
    expect(out).toBe(
      REFERENCE.replace(
        'tags: [module:environnement, domaine:blueway, env:dev]\n',
        'tags: [module:securite, env:prod]\n'
      )
    )
    expect(blockLines(out)).toContain('aliases: [environnement, env]')
  })

  it('replaces a scalar in place and keeps its neighbours', () => {
    const out = mergeFrontmatter(REFERENCE, { statut: 'obsolete' })
    expect(out).toBe(REFERENCE.replace('statut: valide\n', 'statut: obsolete\n'))
    expect(blockLines(out)).toContain('timestamp: 2026-08-27T12:00:00Z')
    expect(blockLines(out)).toContain('# les facettes fermées sont décrites dans GOVERNANCE.md')
  })

  it('replaces several keys and appends several, in the given order', () => {
    const out = mergeFrontmatter(REFERENCE, { z: 1, statut: 'x', a: 2, id: 'autre' })
    expect(blockLines(out)).toEqual([
      'id: autre',
      'title: "Environnement Blueway"',
      'tags: [module:environnement, domaine:blueway, env:dev]',
      'aliases: [environnement, env]',
      'timestamp: 2026-08-27T12:00:00Z',
      '# les facettes fermées sont décrites dans GOVERNANCE.md',
      'statut: x',
      'z: 1',
      'a: 2'
    ])
  })

  it('keeps a replaced plain date plain, so YAML 1.1 readers still read a date', () => {
    const src = doc('title: T\nlast-verified: 2026-12-02\nat: 2026-08-27T12:00:00Z\nv: 1.0\n')
    const out = mergeFrontmatter(src, {
      'last-verified': '2026-12-03',
      at: '2026-09-01T08:00:00Z',
      v: '2026-01-01'
    })
    expect(blockLines(out)).toEqual([
      'title: T',
      'last-verified: 2026-12-03',
      'at: 2026-09-01T08:00:00Z',
      // was not a timestamp: a date-shaped string replacing it is quoted as before
      "v: '2026-01-01'"
    ])
    // a plain date replaced by a string that is not a date is quoted as the library decides
    const other = mergeFrontmatter(src, { 'last-verified': 'yes' })
    expect(blockLines(other)[1]).toBe("last-verified: 'yes'")
    expect(frontmatterReadsBack(out)?.['last-verified']).toBe('2026-12-03')
  })

  it('keeps the quote style of a replaced one-line string', () => {
    const out = mergeFrontmatter(REFERENCE, { title: 'Nouveau titre' })
    expect(blockLines(out)[1]).toBe('title: "Nouveau titre"')
    const single = mergeFrontmatter(doc("t: 'a'\n"), { t: 'b' })
    expect(blockLines(single)).toEqual(["t: 'b'"])
  })

  it('keeps the end-of-line comment of a replaced key line', () => {
    const out = mergeFrontmatter(doc('a: 1   # aligné\nb: x # garde\n'), { b: ['p', 'q'] })
    expect(blockLines(out)).toEqual(['a: 1   # aligné', 'b: [p, q] # garde'])
    const deep = mergeFrontmatter(doc('b: x # garde\n'), { b: { k: { l: 1 } } })
    expect(blockLines(deep)).toEqual(['b: # garde', '  k:', '    l: 1'])
    expect(frontmatterReadsBack(deep)).toEqual({ b: { k: { l: 1 } } })
  })

  it('keeps a replaced block list in block style, with its indentation', () => {
    const indented = mergeFrontmatter(doc('tags:\n  - a\n  - b\nx: 1\n'), { tags: ['c', 'd'] })
    expect(blockLines(indented)).toEqual(['tags:', '  - c', '  - d', 'x: 1'])
    const flush = mergeFrontmatter(doc('tags:\n- a\n- b\nx: 1\n'), { tags: ['c'] })
    expect(blockLines(flush)).toEqual(['tags:', '- c', 'x: 1'])
  })

  it('writes new lists in flow style when flat, block style when deeper', () => {
    const out = mergeFrontmatter(doc('a: 1\n'), {
      tags: ['type:analyse', 'env:dev'],
      sources: [
        { id: 'releve', resource: 'https://exemple.test/releve.csv', last_modified: '2026-08-27T12:00:00Z' },
        { id: 'b', resource: 'x, y: [z] {w}', n: 3 }
      ],
      verified: [{ by: 'x', notes: ['a', 'b'] }],
      empty: [],
      emptyMap: {},
      meta: { x: 'on', list: ['a', 'b'] }
    })
    const lines = blockLines(out)
    expect(lines).toContain('tags: [type:analyse, env:dev]')
    const sources = lines.find((l) => l.startsWith('sources:')) ?? ''
    expect(sources.startsWith('sources: [{id: releve, ')).toBe(true)
    expect(sources.endsWith('}]')).toBe(true)
    expect(sources).toContain("resource: 'x, y: [z] {w}'")
    expect(lines).toContain('verified:')
    expect(lines).toContain('  - by: x')
    expect(lines).toContain('    notes: [a, b]')
    expect(lines).toContain('empty: []')
    expect(lines).toContain('emptyMap: {}')
    expect(lines).toContain('meta:')
    expect(lines).toContain("  x: 'on'")
    expect(lines).toContain('  list: [a, b]')
    expect(frontmatterReadsBack(out)).toEqual({
      a: 1,
      tags: ['type:analyse', 'env:dev'],
      sources: [
        { id: 'releve', resource: 'https://exemple.test/releve.csv', last_modified: '2026-08-27T12:00:00Z' },
        { id: 'b', resource: 'x, y: [z] {w}', n: 3 }
      ],
      verified: [{ by: 'x', notes: ['a', 'b'] }],
      empty: [],
      emptyMap: {},
      meta: { x: 'on', list: ['a', 'b'] }
    })
  })

  it('follows the frontmatter own indentation for new block collections', () => {
    const out = mergeFrontmatter(doc('meta:\n    a: 1\nl:\n- x\n'), { deep: { k: [{ a: [1, [2]] }] } })
    // indent 4; the library's "non-indented" sequences sit 2 columns in at that indent
    expect(blockLines(out).slice(4)).toEqual([
      'deep:',
      '    k:',
      '      - a:',
      '          - 1',
      '          - [2]'
    ])
    expect(frontmatterReadsBack(out)?.deep).toEqual({ k: [{ a: [1, [2]] }] })
  })

  describe('preserves the 12 representations of untouched fields', () => {
    const fixtures: Array<[string, string, string]> = [
      ['single quotes', "titre: 'Fiche d''exemple'\n", "cible: x\nfin: 'z'\n"],
      ['double quotes', 'titre: "Fiche \\"exemple\\"\\tok"\n', 'cible: x\nfin: "z"\n'],
      ['block list at indent 0', 'tags:\n- a\n- b\n', 'cible: x\nautres:\n- c\n'],
      ['block list at indent 2', 'tags:\n  - a\n  - b\n', 'cible: x\nautres:\n  - c\n'],
      [
        'literal scalar',
        'notes: |\n  ligne 1\n    indentée\n  # pas un commentaire\n\n',
        'cible: x\nfin: |+\n  garde\n\n'
      ],
      [
        'folded scalar',
        'resume: >-\n  un texte\n  plié sur\n\n  plusieurs lignes\n',
        'cible: x\nfin: >\n  a\n  b\n'
      ],
      ['end-of-line comments', 'id: a   # aligné\n', 'cible: x # garde\nstatut: ok # fin\n'],
      [
        'header comment, blank line, comment',
        '# En-tête\n\n# à propos de id\nid: a\n',
        '\n# avant cible\ncible: x\n'
      ],
      ['empty value', 'vide:\n', 'cible: x\nautre: ~\nencore: null\n'],
      [
        'nested mapping with flow list',
        'meta:\n  auteurs: [a, b]\n  version: 2\n',
        'cible: x\nsuite:\n  k: {x: 1}\n'
      ],
      ['quoted key', '"clé: spéciale": v\n\'autre clé\': w\n', "cible: x\n'yes': 1\n"],
      ['non-ASCII', 'titre: Événement à l\'été — ça marche\némoji: "🎉"\n', 'cible: x\nclé_é: ü\n'],
      [
        'list of mappings',
        'sources:\n  - id: a\n    url: https://exemple.test/a\n  - id: b\n',
        'cible: x\nliste:\n- k: 1\n  l: 2\n'
      ]
    ]
    it.each(fixtures)('%s', (_name, head, tail) => {
      const block = head + tail
      const text = doc(block, '\n# Corps\n\ntexte --- \n---\nfin\n')
      const before = frontmatterReadsBack(text)
      expect(before).not.toBeNull()

      // a new key: the block is kept as it is, the key is appended
      const added = mergeFrontmatter(text, { ajout: 'valeur' })
      expect(added).toBe(doc(block + 'ajout: valeur\n', '\n# Corps\n\ntexte --- \n---\nfin\n'))

      // a targeted key: only its line changes
      const replaced = mergeFrontmatter(text, { cible: ['m', 'yes'] })
      const keptTail = tail.replace(
        /^(\n?(?:# avant cible\n)?)cible: x( # garde)?\n/,
        (_m, pre: string, c?: string) => `${pre}cible: [m, 'yes']${c ?? ''}\n`
      )
      expect(replaced).toBe(doc(head + keptTail, '\n# Corps\n\ntexte --- \n---\nfin\n'))
      expect(frontmatterReadsBack(replaced)).toEqual({ ...before, cible: ['m', 'yes'] })
    })
  })

  it('writes every ambiguous string so that it reads back as a string', () => {
    const strings = [
      'yes',
      'no',
      'on',
      'off',
      'y',
      'n',
      'true',
      'false',
      'null',
      '~',
      '',
      '012',
      '1_000',
      '0x1f',
      '12:30',
      '2026-09-16',
      '2026-08-27T12:00:00Z',
      '.inf',
      '1.0',
      'Yes',
      'NO',
      '-.inf',
      '.nan',
      '0o12',
      '1e3',
      '+1',
      '0b101',
      '<<',
      '=',
      '-',
      '?',
      ':',
      '#',
      '@x',
      '`x',
      '%x',
      '!x',
      '&x',
      '*x',
      '|',
      '>',
      '- x',
      '? x',
      'a: b',
      'a #b',
      ' a',
      'a ',
      '---',
      '...',
      '--- x'
    ]
    const updates: Record<string, unknown> = {}
    strings.forEach((s, i) => (updates[`s${i}`] = s))
    updates.list = strings
    const out = mergeFrontmatter(doc('a: 1\n'), updates)
    const data = frontmatterReadsBack(out)
    strings.forEach((s, i) => expect(data?.[`s${i}`], s).toBe(s))
    expect(data?.list).toEqual(strings)
    for (const s of [
      'yes',
      'no',
      'on',
      'off',
      'y',
      'n',
      '012',
      '1_000',
      '12:30',
      '2026-09-16',
      '.inf',
      '1.0',
      '=',
      '<<'
    ]) {
      expect(blockLines(out)).toContain(`s${strings.indexOf(s)}: '${s}'`)
    }
    expect(blockLines(out).some((l) => l.trim() === '---')).toBe(false)
  })

  it('keeps the type of non-strings', () => {
    const values = {
      t: true,
      f: false,
      z: null,
      i: 3,
      x: 3.5,
      neg: -7,
      big: 1e21,
      l: ['a', 'yes'],
      m: { x: 'on' }
    }
    const out = mergeFrontmatter(doc('a: 1\n'), values)
    expect(frontmatterReadsBack(out)).toEqual({ a: 1, ...values })
    expect(blockLines(out)).toEqual([
      'a: 1',
      't: true',
      'f: false',
      'z: null',
      'i: 3',
      'x: 3.5',
      'neg: -7',
      'big: 1e+21',
      "l: [a, 'yes']",
      'm:',
      "  x: 'on'"
    ])
  })

  it('writes strings with line breaks double-quoted on one line', () => {
    const long = 'première ligne assez longue pour dépasser quarante caractères\nseconde ligne\n'
    const out = mergeFrontmatter(doc('a: 1\n'), { d: long, e: 'tab\there', f: 'nul\u0000' })
    expect(blockLines(out)).toEqual([
      'a: 1',
      'd: "première ligne assez longue pour dépasser quarante caractères\\nseconde ligne\\n"',
      'e: tab\there',
      'f: "nul\\0"'
    ])
    expect(frontmatterReadsBack(out)).toEqual({ a: 1, d: long, e: 'tab\there', f: 'nul\u0000' })
  })

  it('keeps a replaced literal block scalar literal', () => {
    const out = mergeFrontmatter(doc('n: |\n  a\nb: 1\n'), { n: 'x\ny\n' })
    expect(blockLines(out)).toEqual(['n: |', '  x', '  y', 'b: 1'])
    const risky = mergeFrontmatter(doc('n: |\n  a\nb: 1\n'), { n: 'x\n---\ny' })
    expect(blockLines(risky)).toEqual(['n: "x\\n---\\ny"', 'b: 1'])
  })

  it('reads injection payloads back verbatim as data', () => {
    const payloads = [
      'valeur\n---\nsuite: injectée',
      'x"\ninjecte: oui',
      "!!python/object/apply:os.system ['echo nope']",
      '*ancre',
      '&ancre 1',
      '[pas, une, liste',
      'a: b\nc: d',
      "x'\n---\n",
      '# commentaire',
      '---',
      '  ---  '
    ]
    const keysBefore = Object.keys(frontmatterReadsBack(REFERENCE) ?? {})
    for (const payload of payloads) {
      for (const value of [payload, [payload, 'ok'], { k: payload }]) {
        const out = mergeFrontmatter(REFERENCE, { note: value })
        const data = frontmatterReadsBack(out)
        expect(data?.note, payload).toEqual(value)
        expect(Object.keys(data ?? {})).toEqual([...keysBefore, 'note'])
        expect(bodyOf(out)).toBe(BODY)
        expect(out.endsWith(BODY)).toBe(true)
        expect(blockLines(out).some((l) => l.trim() === '---')).toBe(false)
        expect(blockLines(out).slice(0, 7)).toEqual(blockLines(REFERENCE))
      }
    }
  })

  it('keeps a CRLF document CRLF', () => {
    const crlf = REFERENCE.replace(/\n/g, '\r\n')
    const out = mergeFrontmatter(crlf, { 'last-verified': '2026-09-16', statut: 'obsolete' })
    expect(out).toBe(
      crlf.replace('statut: valide\r\n', "statut: obsolete\r\nlast-verified: '2026-09-16'\r\n")
    )
    expect(out.replace(/\r\n/g, '')).not.toContain('\n')
    const created = mergeFrontmatter('# T\r\n\r\ncorps\r\n', { title: 'T', tags: ['a'] })
    expect(created).toBe('---\r\ntitle: T\r\ntags: [a]\r\n---\r\n\r\n# T\r\n\r\ncorps\r\n')
    const literal = mergeFrontmatter('---\r\nn: |\r\n  a\r\n---\r\nx\r\n', { n: 'p\nq\n' })
    expect(literal).toBe('---\r\nn: |\r\n  p\r\n  q\r\n---\r\nx\r\n')
    expect(frontmatterReadsBack(literal)).toEqual({ n: 'p\nq\n' })
    // the body's own line endings are never looked at
    const mixedBody = '---\na: 1\n---\r\nx\ny\r\n'
    expect(mergeFrontmatter(mixedBody, { b: 2 })).toBe('---\na: 1\nb: 2\n---\r\nx\ny\r\n')
  })

  it('keeps a byte order mark first', () => {
    expect(mergeFrontmatter('\ufeff---\na: 1\n---\nx\n', { b: 2 })).toBe('\ufeff---\na: 1\nb: 2\n---\nx\n')
    expect(mergeFrontmatter('\ufeff# T\n', { b: 2 })).toBe('\ufeff---\nb: 2\n---\n\n# T\n')
  })

  it('keeps delimiter lines and a closing line at end of file as they are', () => {
    expect(mergeFrontmatter('--- \na: 1\n ---', { b: 2 })).toBe('--- \na: 1\nb: 2\n ---')
  })

  it('matches existing keys by their value and keeps their original text', () => {
    const out = mergeFrontmatter(doc('\'clé\': 1\n"k2": 2\n3: trois\nn: 4\n'), {
      clé: 'un',
      k2: 'deux',
      '3': 'III',
      n: 5
    })
    expect(blockLines(out)).toEqual(["'clé': un", '"k2": deux', '3: III', 'n: 5'])
    expect(frontmatterReadsBack(out)).toEqual({ clé: 'un', k2: 'deux', '3': 'III', n: 5 })
    // a new key that YAML 1.1 would read as a boolean is quoted
    expect(blockLines(mergeFrontmatter(doc('a: 1\n'), { n: 5 }))).toEqual(['a: 1', "'n': 5"])
  })

  it('keeps trailing comments and blank lines before the appended keys', () => {
    const out = mergeFrontmatter(doc('a: 1\n# fin\n\n'), { b: 2 })
    expect(out).toBe(doc('a: 1\n# fin\n\nb: 2\n'))
  })
})

describe('frontmatterReadsBack', () => {
  it('reads with the YAML 1.2 core schema', () => {
    expect(frontmatterReadsBack(doc('d: 2026-09-16\nb: yes\nn: 012\n'))).toEqual({
      d: '2026-09-16',
      b: 'yes',
      n: 12
    })
    expect(frontmatterReadsBack('# pas de frontmatter\n')).toBeNull()
    expect(frontmatterReadsBack(doc('- a\n'))).toBeNull()
    expect(frontmatterReadsBack(doc('a: [\n'))).toBeNull()
    expect(frontmatterReadsBack('---\n---\n')).toEqual({})
  })
})

// ---------------------------------------------------------------------------------------------
// Property-based: random frontmatters, one new key → every original line byte-identical

function prng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = [
  'alpha',
  'bêta',
  'gamma',
  'env:dev',
  'x-y',
  'a b c',
  '42',
  'oui',
  'été',
  'v1.2',
  'https://exemple.test/a?b=c'
]

function randomBlock(rnd: () => number): { block: string; keys: string[] } {
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]
  const word = (): string => pick(WORDS)
  const n = 1 + Math.floor(rnd() * 8)
  const keys: string[] = []
  let block = rnd() < 0.3 ? '# en-tête\n\n' : ''
  for (let i = 0; i < n; i++) {
    const key = `${pick(['id', 'titre', 'tags', 'clé', 'meta', 'notes', 'x'])}${i}`
    keys.push(key)
    if (rnd() < 0.2) block += pick(['# commentaire\n', '\n', '  # indenté\n', '#\n'])
    const eol = rnd() < 0.2 ? ` ${' '.repeat(Math.floor(rnd() * 3))}# c${i}` : ''
    switch (Math.floor(rnd() * 11)) {
      case 0:
        block += `${key}: ${word()
          .replace(/^42$/, 'quarante-deux')
          .replace(/^a b c$/, 'abc')}${eol}\n`
        break
      case 1:
        block += `${key}: '${word().replace(/'/g, "''")}'${eol}\n`
        break
      case 2:
        block += `${key}: "${word()}\\t${word()}"${eol}\n`
        break
      case 3:
        block += `${key}: [${word().replace(/[, ]/g, '')}, ${pick(['"x, y"', "'z'", '1', 'true'])}]${eol}\n`
        break
      case 4:
        block += `${key}:${eol}\n- ${word().replace(/^42$/, 'n')}\n- '${word()}'\n`
        break
      case 5:
        block += `${key}:${eol}\n  - ${word().replace(/^42$/, 'n')}\n  - {a: 1, b: [2]}\n`
        break
      case 6:
        block += `${key}: |${pick(['', '-', '+'])}\n  ${word()}\n    ${word()}\n  # ${word()}\n`
        break
      case 7:
        block += `${key}: >${pick(['', '-'])}\n  ${word()}\n  ${word()}\n\n  ${word()}\n`
        break
      case 8:
        block += `${key}:${eol}\n  sous: ${pick(['1', '~', '"q"', '[a, b]'])}\n  autre:\n    - k: v\n      l: [1]\n`
        break
      case 9:
        block += `${key}:${eol}\n`
        break
      default:
        block += `${key}: ${pick(['2026-08-27T12:00:00Z', '2026-09-16', '3.5', 'null', 'on', '0x1f', 'très long '.repeat(12).trim()])}${eol}\n`
    }
  }
  if (rnd() < 0.3) block += pick(['# fin\n', '\n', '# fin\n\n'])
  return { block, keys }
}

describe('mergeFrontmatter — property: untouched lines are byte-identical', () => {
  it('holds on generated frontmatters', () => {
    const rnd = prng(20260916)
    const values: unknown[] = [
      '2026-09-16',
      'yes',
      ['a:b', 'c'],
      { k: [1, { l: 'on' }] },
      null,
      7,
      'x\n---\ny',
      [{ id: 'a', n: 1 }]
    ]
    for (let round = 0; round < 60; round++) {
      const { block, keys } = randomBlock(rnd)
      const text = doc(block, '\n# Corps\n\nparagraphe\n')
      const before = frontmatterReadsBack(text)
      expect(before, block).not.toBeNull()
      const value = values[round % values.length]

      const out = mergeFrontmatter(text, { nouveau: value })
      const lines = blockLines(out)
      const origLines = blockLines(text)
      expect(lines.slice(0, origLines.length), block).toEqual(origLines)
      expect(frontmatterReadsBack(out), block).toEqual({ ...before, nouveau: value })
      expect(bodyOf(out)).toBe('\n# Corps\n\nparagraphe\n')

      // replacing one existing key keeps every other key's value and every line outside it
      const target = keys[Math.floor(rnd() * keys.length)]
      let replaced: string
      try {
        replaced = mergeFrontmatter(text, { [target]: value })
      } catch (e) {
        // only a comment living inside the target may stop it
        expect(isHubError(e) && e.message, block).toContain('les commentaires du frontmatter ont changé')
        continue
      }
      expect(frontmatterReadsBack(replaced), block).toEqual({ ...before, [target]: value })
      const after = blockLines(replaced)
      const untouched = origLines.filter((l) => !after.includes(l))
      // what disappeared is the target's own text only (its key line and its continuation lines)
      for (const l of untouched)
        expect(l.startsWith(`${target}:`) || /^[\s-]/.test(l) || l === '', `${block}\n→ ${l}`).toBe(true)
      for (const l of origLines) {
        if (/^[^\s#-]/.test(l) && !l.startsWith(`${target}:`)) expect(after, block).toContain(l)
        if (l.startsWith('#')) expect(after, block).toContain(l)
      }
    }
  })
})
