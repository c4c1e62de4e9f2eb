import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import MarkdownIt from 'markdown-it'
import {
  blockHeadings,
  documentTitle,
  findSection,
  headingAt,
  headingTable,
  normalizeHeading,
  parseHeadings,
  resolveHeading,
  sectionKey,
  splitTitle,
  type Heading
} from './markdown'
import { splitFrontmatter } from './frontmatter'
import { headingListing } from './toc'

const raws = (text: string): string[] => parseHeadings(text).map((h) => h.raw)

describe('parseHeadings', () => {
  it('ignores headings inside fenced code (behaviours §7 example)', () => {
    expect(raws('# Vrai\n\n```md\n# Faux\n```\n\n## Autre vrai\n')).toEqual(['Vrai', 'Autre vrai'])
  })

  it('ignores ~~~ fences, indented code and HTML blocks', () => {
    const text = '~~~\n# Faux 1\n~~~\n\n    # Faux 2\n\n<div>\n# Faux 3\n</div>\n\n# Vrai\n'
    expect(raws(text)).toEqual(['Vrai'])
  })

  it('keeps an unclosed fence open to the end of the document', () => {
    expect(raws('# Vrai\n\n```\n# Faux\n')).toEqual(['Vrai'])
  })

  it('counts setext headings, level 1 with = and level 2 with -', () => {
    const hs = parseHeadings('Titre\n=====\n\ntexte\n\nSous-titre\n---\n\nplus\n')
    expect(hs.map((h) => [h.level, h.raw, h.line])).toEqual([
      [1, 'Titre', 1],
      [2, 'Sous-titre', 6]
    ])
  })

  it('joins a multi-line setext heading with a space', () => {
    expect(parseHeadings('Un titre\nsur deux lignes\n===\n')).toMatchObject([
      { level: 1, raw: 'Un titre sur deux lignes', line: 1 }
    ])
  })

  it('never reads the frontmatter: closing --- is not a setext underline, # comments are not headings', () => {
    const text = '---\n# commentaire YAML\ntitle: x\n---\ncorps\n\n# Vrai\n'
    expect(parseHeadings(text).map((h) => [h.raw, h.line])).toEqual([['Vrai', 7]])
    // Without the block being frontmatter, `title: x` + `---` would be a setext heading.
    expect(raws('intro\n---\ntitle: x\n---\n')).toEqual(['intro', 'title: x'])
  })

  it('requires a space after the #s, removes closing #s and keeps inline source', () => {
    expect(raws('#foo\n\n#\tbar\n\n####### sept\n')).toEqual(['bar'])
    expect(parseHeadings('## Titre ##\n### Autre ###   \n#### C# et F#\n')).toMatchObject([
      { level: 2, raw: 'Titre' },
      { level: 3, raw: 'Autre' },
      { level: 4, raw: 'C# et F#' }
    ])
    expect(raws('## Procédure de `reconnexion` **SSO** {/*sso*/}\n')).toEqual([
      'Procédure de `reconnexion` **SSO** {/*sso*/}'
    ])
  })

  it('keeps escaped and glued #s as heading text', () => {
    expect(raws('# foo \\#\n\n## C# #\n\n### bar#\n')).toEqual(['foo \\#', 'C#', 'bar#'])
  })

  it('hands out fresh objects on repeated calls (results are cached internally)', () => {
    const text = '# Cache\n\n## Deux\n'
    const first = parseHeadings(text)
    first[0].raw = 'modifié'
    first.pop()
    expect(parseHeadings(text).map((h) => h.raw)).toEqual(['Cache', 'Deux'])
  })

  it('accepts up to three spaces of indentation and empty headings', () => {
    expect(parseHeadings('   ### Indenté\n\n#\n')).toMatchObject([
      { level: 3, raw: 'Indenté', line: 1 },
      { level: 1, raw: '', line: 3, label: '' }
    ])
  })

  it('only counts top-level headings (not inside blockquotes or lists)', () => {
    expect(raws('> # Citation\n\n- # Liste\n\n# Vrai\n')).toEqual(['Vrai'])
  })

  it('numbers lines in the full text, with and without frontmatter', () => {
    const body = 'intro\n\n# Un\n\ntexte\n\n## Deux\n'
    expect(parseHeadings(body).map((h) => h.line)).toEqual([3, 7])
    const withFm = '---\ntitle: T\ndate: 2026-01-15\n---\n' + body
    expect(parseHeadings(withFm).map((h) => h.line)).toEqual([7, 11])
    const lines = withFm.split('\n')
    for (const h of parseHeadings(withFm)) expect(lines[h.line - 1]).toContain(h.raw)
  })

  it('numbers lines correctly with CRLF, astral characters and a BOM', () => {
    const text = '\uFEFF😀 intro 😀\r\n\r\n# Un 😀\r\n\r\nTitre\r\n---\r\n'
    expect(parseHeadings(text).map((h) => [h.raw, h.line, h.level])).toEqual([
      ['Un 😀', 3, 1],
      ['Titre', 5, 2]
    ])
  })

  it('returns nothing for a document without any heading', () => {
    expect(parseHeadings('')).toEqual([])
    expect(parseHeadings('juste du texte\n\n* liste\n')).toEqual([])
    expect(parseHeadings('---\ntitle: x\n---\n')).toEqual([])
  })

  it('labels every heading with its normalised form', () => {
    expect(parseHeadings('## Procédure de `reconnexion` SSO\n')[0].label).toBe('procédure de reconnexion sso')
  })
})

describe('blockHeadings, a window of lines at a time', () => {
  // Lines that open, continue, close or interrupt every kind of block CommonMark has.
  const LINES = [
    '# h1',
    '## h2 ##',
    '   ### indented',
    '#glued',
    '\t# tab',
    'Setext',
    '===',
    '---',
    '***',
    'para',
    '  lazy continuation',
    '',
    '',
    '```',
    '```js',
    '~~~',
    '    code',
    '> quote',
    '> # quoted',
    '>',
    '- item',
    '- # listed',
    '1. item',
    '  - nested',
    '     deep',
    '<div>',
    '</div>',
    '<!-- c',
    '-->',
    '<script>',
    '</script>',
    '[ref]: /url',
    '[ref2]:',
    '  /two "lines"',
    '| a | b |'
  ]
  const whole = (src: string): { level: number; content: string; line: number }[] => {
    const md = new MarkdownIt('commonmark')
    md.disable(['inline'], true)
    const tokens = md.parse(src, {})
    return tokens.flatMap((t, i) =>
      t.type === 'heading_open' && t.level === 0 && t.map
        ? [{ level: Number(t.tag.slice(1)), content: tokens[i + 1].content, line: t.map[0] }]
        : []
    )
  }

  it('finds exactly what one parse of the whole document finds, whatever the window', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...LINES), { maxLength: 60 }),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        (lines, window, finalNewline) => {
          const src = lines.join('\n') + (finalNewline ? '\n' : '')
          expect(blockHeadings(src, window)).toEqual(whole(src))
        }
      ),
      { numRuns: 3000 }
    )
  })

  it('keeps a fence longer than the window open across windows', () => {
    const src = [
      '# before',
      '```',
      ...Array.from({ length: 50 }, (_, i) => `# not ${i}`),
      '```',
      '# after'
    ].join('\n')
    expect(blockHeadings(src, 4).map((h) => [h.content, h.line])).toEqual([
      ['before', 0],
      ['after', 53]
    ])
  })

  it('numbers the lines of a page longer than one default window in the whole text', () => {
    const page = Array.from({ length: 3000 }, (_, i) => `## Part ${i}\n\nText ${i}.\n`).join('\n')
    const headings = parseHeadings(`---\ntitle: t\n---\n${page}`)
    expect(headings).toHaveLength(3000)
    expect(headings[2999]).toMatchObject({ raw: 'Part 2999', line: 4 + 2999 * 4 })
  })
})

describe('normalizeHeading', () => {
  it.each([
    ['`kb_read` et **gras**', 'kb_read et gras'],
    ['*Procédure* de _reconnexion_', 'procédure de reconnexion'],
    ['Voir [la doc](https://exemple.test/a(b))', 'voir la doc'],
    ['![schéma](img.png) architecture', 'schéma architecture'],
    ['~~obsolète~~ Actuel', 'obsolète actuel'],
    ['  Espaces    multiples  ', 'espaces multiples']
  ])('behaviours §7: %s', (input, expected) => {
    expect(normalizeHeading(input)).toBe(expected)
  })

  it('handles reference links, strong emphasis and underscore runs', () => {
    expect(normalizeHeading('Voir [la doc][ref] et [autre][]')).toBe('voir la doc et autre')
    expect(normalizeHeading('***très*** __fort__ ___x___')).toBe('très fort x')
    expect(normalizeHeading('snake_case_name et __init__ et fin_')).toBe('snake_case_name et init et fin')
    expect(normalizeHeading('a__b')).toBe('a__b')
    expect(normalizeHeading('Étape_2')).toBe('étape_2')
  })

  it('removes trailing heading-ID anchors', () => {
    expect(normalizeHeading("Réinitialiser l'état {/*reset-state*/}")).toBe("réinitialiser l'état")
    expect(normalizeHeading("Réinitialiser l'état {#reset-state}")).toBe("réinitialiser l'état")
    expect(normalizeHeading('*React docs keynote* {/*react-docs-keynote*/}')).toBe('react docs keynote')
    expect(normalizeHeading('Objet {#a} au milieu')).toBe('objet {#a} au milieu')
  })

  it('treats every Unicode space as a space', () => {
    expect(normalizeHeading('Option 2\u00a0: réinitialiser')).toBe('option 2 : réinitialiser')
    expect(normalizeHeading('Pourquoi\u202f?')).toBe('pourquoi ?')
    expect(normalizeHeading('a\u2009b\u2007c\u3000d\te')).toBe('a b c d e')
  })

  it('keeps accents and lower-cases', () => {
    expect(normalizeHeading('ÉTAPE Procédure')).toBe('étape procédure')
  })

  it('is idempotent, including when one pass uncovers new syntax', () => {
    const samples = [
      '`kb_read` et **gras**',
      'Titre `{#id}`',
      '*[lien](u)*',
      '`_x_`',
      '**`__init__`**',
      'J\'ai une erreur : *"Functions are not valid as a React child."*',
      'Opérateur (ternaire) conditionnel (`? :`)',
      '[![img](a.png)](b)',
      '  ~~~triple~~~  '
    ]
    for (const s of samples) {
      const once = normalizeHeading(s)
      expect(normalizeHeading(once), s).toBe(once)
    }
    expect(normalizeHeading('Titre `{#id}`')).toBe('titre')
    expect(normalizeHeading('[![img](a.png)](b)')).toBe('img')
  })
})

describe('sectionKey', () => {
  it('matches regardless of accents, case and inline formatting', () => {
    expect(sectionKey('procedure de reconnexion sso')).toBe(
      sectionKey('## Procédure de `reconnexion` SSO'.slice(3))
    )
    expect(sectionKey('Procédure')).toBe('procedure')
  })

  it('folds typographic quotes', () => {
    expect(sectionKey('L’état : la mémoire d’un composant')).toBe(
      sectionKey("L'état : la memoire d'un composant")
    )
    expect(sectionKey('“x”')).toBe('"x"')
  })
})

const DOC = '# A\n\naaa\n\n## B\n\nbbb\n\n### C\n\nccc\n\n## D\n\nddd\n'

describe('findSection', () => {
  it('extracts up to the next heading of level ≤ (behaviours §7 example)', () => {
    const section = findSection(DOC, parseHeadings(DOC), 'B')
    expect(section).not.toBeNull()
    expect(section?.text).toContain('bbb')
    expect(section?.text).toContain('ccc')
    expect(section?.text).not.toContain('ddd')
    expect(section?.text).toBe('## B\n\nbbb\n\n### C\n\nccc')
    expect(section?.startLine).toBe(5)
    expect(section?.endLine).toBe(11)
    expect(section?.duplicates).toBe(0)
  })

  it('extracts the last section to the end of the text, trailing blanks excluded', () => {
    const section = findSection(DOC + '\n\n  \n', parseHeadings(DOC), 'd')
    expect(section?.text).toBe('## D\n\nddd')
    expect(section?.endLine).toBe(15)
    const lone = '# Seul\n\n\n'
    expect(findSection(lone, parseHeadings(lone), 'seul')).toMatchObject({
      text: '# Seul',
      startLine: 1,
      endLine: 1
    })
  })

  it('matches accent- and format-insensitively', () => {
    const text = '# Doc\n\n## Procédure de `reconnexion` SSO\n\nCliquer.\n\n## Autre\n'
    const section = findSection(text, parseHeadings(text), 'procedure de reconnexion sso')
    expect(section?.heading.raw).toBe('Procédure de `reconnexion` SSO')
    expect(section?.text).toBe('## Procédure de `reconnexion` SSO\n\nCliquer.')
    const viaLabel = findSection(text, parseHeadings(text), 'procédure de reconnexion sso')
    expect(viaLabel?.heading.line).toBe(3)
  })

  it('returns the first of duplicated headings and counts the others', () => {
    const text = '# Doc\n\n## Notes\n\npremier\n\n## Autre\n\n## notes\n\nsecond\n\n### *Notes*\n'
    const section = findSection(text, parseHeadings(text), 'Notes')
    expect(section?.text).toContain('premier')
    expect(section?.text).not.toContain('second')
    expect(section?.duplicates).toBe(2)
  })

  it('returns null for a blank or unknown request', () => {
    const hs = parseHeadings(DOC)
    expect(findSection(DOC, hs, '')).toBeNull()
    expect(findSection(DOC, hs, '   ')).toBeNull()
    expect(findSection(DOC, hs, '**')).toBeNull()
    expect(findSection(DOC, hs, 'Z')).toBeNull()
    const empty = '# \n\ntexte\n'
    expect(findSection(empty, parseHeadings(empty), '')).toBeNull()
  })

  it('uses full-text line numbers when there is frontmatter', () => {
    const text = '---\ntitle: T\n---\n# A\n\naaa\n\n# B\n\nbbb\n'
    expect(findSection(text, parseHeadings(text), 'a')).toMatchObject({
      startLine: 4,
      endLine: 6,
      text: '# A\n\naaa'
    })
  })

  it('returns CRLF sections without carriage returns', () => {
    const text = '# A\r\n\r\naaa\r\n\r\n# B\r\n'
    expect(findSection(text, parseHeadings(text), 'A')?.text).toBe('# A\n\naaa')
  })
})

describe('headingTable', () => {
  it('sizes each section as Σ(line length + 1) up to the next heading of level ≤', () => {
    const table = headingTable(DOC, parseHeadings(DOC))
    expect(table.map((r) => [r.heading.raw, r.size])).toEqual([
      // '# A'(4) '' (1) 'aaa'(4) '' (1) + B..ddd: everything
      ['A', DOC.length],
      // '## B\n\nbbb\n\n### C\n\nccc\n\n' = 5+1+4+1+6+1+4+1
      ['B', 23],
      ['C', 12],
      ['D', 10]
    ])
  })

  it('counts code points, not UTF-16 units, and ignores CR', () => {
    const text = '# 😀\r\nx\r\n'
    expect(headingTable(text, parseHeadings(text))[0].size).toBe(6)
  })

  it('is empty without headings', () => {
    expect(headingTable('texte\n', [])).toEqual([])
  })

  it('sizes sections as the lines they hold, whatever the line ends, surrogates and last line', () => {
    // The definition, spelled the slow way: one string per line.
    const bySplit = (text: string, headings: Heading[]): number[] => {
      const lines = text.split('\n')
      if (lines[lines.length - 1] === '') lines.pop()
      const size = (l: string): number => Array.from(l.endsWith('\r') ? l.slice(0, -1) : l).length + 1
      return headings.map((h, i) => {
        const next = headings.findIndex((o, j) => j > i && o.level <= h.level)
        const end = next === -1 ? lines.length : headings[next].line - 1
        return lines.slice(h.line - 1, end).reduce((n, l) => n + size(l), 0)
      })
    }
    const piece = fc.constantFrom('# A', '## B', '### C', 'x', '😀', '\r', '\n', '\r\n', ' ', 'é')
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('')
        const headings = parseHeadings(text)
        expect(headingTable(text, headings).map((r) => r.size)).toEqual(bySplit(text, headings))
      }),
      { numRuns: 2000 }
    )
  })
})

describe('headingAt', () => {
  const hs = parseHeadings('intro\n\n# Un\n\ntexte\n\n## Deux\n\nfin\n')

  it('returns null in the preamble', () => {
    expect(headingAt(hs, 1)).toBeNull()
    expect(headingAt(hs, 2)).toBeNull()
    expect(headingAt([], 10)).toBeNull()
  })

  it('returns the last heading at or before the line', () => {
    expect(headingAt(hs, 3)?.raw).toBe('Un')
    expect(headingAt(hs, 6)?.raw).toBe('Un')
    expect(headingAt(hs, 7)?.raw).toBe('Deux')
    expect(headingAt(hs, 100)?.raw).toBe('Deux')
  })
})

describe('documentTitle', () => {
  const h = (raw: string): Heading => ({
    level: 1,
    raw,
    line: 1,
    label: normalizeHeading(raw),
    anchor: null,
    ref: normalizeHeading(raw)
  })

  it('prefers a non-empty frontmatter title, trimmed', () => {
    expect(documentTitle({ title: '  Mon titre ' }, [h('Autre')])).toBe('Mon titre')
  })

  it('falls back to the first heading', () => {
    expect(documentTitle({ title: '   ' }, [h('Premier'), h('Second')])).toBe('Premier')
    expect(documentTitle({ title: 42 }, [h('Premier')])).toBe('Premier')
    expect(documentTitle(null, [h(''), h('Plein')])).toBe('Plein')
  })

  it('is null without title nor heading', () => {
    expect(documentTitle(null, [])).toBeNull()
    expect(documentTitle({}, [])).toBeNull()
  })

  it('works end to end on the behaviours §7 examples', () => {
    const a = '---\ntitle: Mon titre\ntags: [a]\n---\n\n# Autre\n\ntexte\n'
    expect(documentTitle(splitFrontmatter(a).data, parseHeadings(a))).toBe('Mon titre')
    const b = '---\n: : :\n  - [\n---\n\n# Titre\n'
    expect(documentTitle(splitFrontmatter(b).data, parseHeadings(b))).toBe('Titre')
  })
})

describe('heading markup: attribute lists, inline HTML, MDX anchors', () => {
  it('drops any trailing attribute list, keeping its id as the anchor', () => {
    const text = '# Doc\n\n## `NAME` check {.notranslate lang=en}\n\ncorps\n'
    const [, h] = parseHeadings(text)
    expect(h.label).toBe('name check')
    expect(h.ref).toBe('name check')
    expect(h.anchor).toBeNull()
    for (const asked of ['`NAME` check', 'NAME check', '`NAME` check {.notranslate lang=en}', 'name check'])
      expect(findSection(text, parseHeadings(text), asked)?.heading.line, asked).toBe(3)
    expect(splitTitle('Titre {#mon-id .cls key="a b"}')).toEqual({ title: 'Titre', anchor: 'mon-id' })
    expect(splitTitle('Titre {-}').title).toBe('Titre')
    expect(splitTitle('Titre {/*reset-state*/}')).toEqual({ title: 'Titre', anchor: 'reset-state' })
    expect(splitTitle('Titre {/* un commentaire */}')).toEqual({ title: 'Titre', anchor: null })
    // Text, not attributes: kept.
    expect(normalizeHeading('Les props {children}')).toBe('les props {children}')
  })

  it('drops inline HTML tags, keeping their text and an image’s alt text', () => {
    const text = '# Doc\n\n## Widgets <img width="35" class="icon" alt="" src="/img/widgets.svg">\n\ncorps\n'
    const [, h] = parseHeadings(text)
    expect(h.label).toBe('widgets')
    expect(findSection(text, parseHeadings(text), 'Widgets')?.heading.line).toBe(3)
    expect(findSection(text, parseHeadings(text), h.raw)?.heading.line).toBe(3)
    expect(normalizeHeading('Logo <img src="l.png" alt="Marque X"/> officiel')).toBe('logo marque x officiel')
    expect(normalizeHeading('Un <b>gras</b> et <!-- note --> fin<br>')).toBe('un gras et fin')
  })

  it('keeps what code spans say: `<form>` is text, and its printed label reads it back', () => {
    const text = "# Doc\n\n## Hors d'un `<form>` {/*outside-form*/}\n\ncorps\n"
    const [, h] = parseHeadings(text)
    expect(h.label).toBe("hors d'un <form>")
    expect(h.anchor).toBe('outside-form')
    expect(findSection(text, parseHeadings(text), h.ref)?.heading.line).toBe(3)
    expect(findSection(text, parseHeadings(text), h.raw)?.heading.line).toBe(3)
  })
})

describe('repeated titles: one unique § label per occurrence', () => {
  const refs = (text: string): string[] => parseHeadings(text).map((h) => h.ref)

  it('uses the anchor when the source gives one, and kb_read follows it', () => {
    const text =
      '# Paquets\n\n## Dependencies {#a-dependencies}\n\npremier\n\n## Dependencies {#b-dependencies}\n\nsecond\n'
    const hs = parseHeadings(text)
    expect(refs(text)).toEqual([
      'paquets',
      'dependencies {#a-dependencies}',
      'dependencies {#b-dependencies}'
    ])
    for (const asked of [
      'dependencies {#b-dependencies}',
      'Dependencies {#b-dependencies}',
      'Dependencies {/*b-dependencies*/}',
      '{#b-dependencies}'
    ]) {
      const s = findSection(text, hs, asked)
      expect(s?.heading.line, asked).toBe(7)
      expect(s?.duplicates, asked).toBe(0)
      expect(s?.text, asked).toContain('second')
    }
    // The bare title: the first, with the others named.
    const bare = findSection(text, hs, 'dependencies')
    expect(bare?.heading.line).toBe(3)
    expect(bare?.duplicates).toBe(1)
    expect(bare?.others).toEqual(['dependencies {#b-dependencies}'])
    // A wrong anchor falls back to the title.
    expect(findSection(text, hs, 'Dependencies {#z}')?.heading.line).toBe(3)
  })

  it('uses the parent heading without an anchor', () => {
    const text = '# API\n\n## useState\n\n### Paramètres\n\nétat\n\n## useEffect\n\n### Paramètres\n\neffet\n'
    expect(refs(text)).toEqual([
      'api',
      'usestate',
      'paramètres (usestate)',
      'useeffect',
      'paramètres (useeffect)'
    ])
    const hs = parseHeadings(text)
    expect(findSection(text, hs, 'paramètres (useeffect)')?.text).toBe('### Paramètres\n\neffet')
    expect(findSection(text, hs, 'Parametres (useEffect)')?.heading.line).toBe(11)
    const bare = findSection(text, hs, 'Paramètres')
    expect([bare?.heading.line, bare?.duplicates, bare?.others]).toEqual([5, 1, ['paramètres (useeffect)']])
  })

  it('falls back to the rank when the parent title repeats too, past any label already taken', () => {
    const text =
      '## useState\n\n### Paramètres\n\nun\n\n## useState\n\n### Paramètres\n\ndeux\n\n## Notes (2)\n'
    expect(refs(text)).toEqual([
      'usestate (1)',
      'paramètres (1)',
      'usestate (2)',
      'paramètres (2)',
      'notes (2)'
    ])
    const taken = '## Notes\n\nun\n\n## Notes\n\ndeux\n\n## Notes (2)\n\ntrois\n'
    expect(refs(taken)).toEqual(['notes (1)', 'notes (3)', 'notes (2)'])
    const hs = parseHeadings(taken)
    expect(findSection(taken, hs, 'notes (3)')?.text).toBe('## Notes\n\ndeux')
    expect(findSection(taken, hs, 'notes (2)')?.text).toBe('## Notes (2)\n\ntrois')
    // Anchored and plain occurrences mixed: each takes its own first unique form.
    const mixed = '# A\n\n## Notes {#n1}\n\n## Notes\n'
    expect(refs(mixed)).toEqual(['a', 'notes {#n1}', 'notes (a)'])
  })

  it('keeps every label unique and resolvable, cut ones included', () => {
    const long = 'Un titre très long '.repeat(8)
    const text = `# Doc\n\n## ${long}fin A\n\n## ${long}fin B\n\n## ${long}fin A\n`
    const hs = parseHeadings(text)
    const printed = hs.map((h) => h.ref)
    expect(new Set(printed).size).toBe(printed.length)
    for (const h of hs) {
      expect([...h.ref].length).toBeLessThanOrEqual(120)
      expect(resolveHeading(hs, h.ref)?.index, h.ref).toBe(hs.indexOf(h))
    }
  })

  it('the headings listing shows the unique labels of repeated titles only', () => {
    const text =
      '# Paquets\n\n## Dependencies {#a-dependencies}\n\nx\n\n## Dependencies {#b-dependencies}\n\ny\n'
    const listing = headingListing(headingTable(text, parseHeadings(text)))
    expect(listing).toBe(
      [
        '- Paquets  (~86 octets)',
        '  - Dependencies {#a-dependencies}  (~38 octets) § dependencies {#a-dependencies}',
        '  - Dependencies {#b-dependencies}  (~37 octets) § dependencies {#b-dependencies}'
      ].join('\n')
    )
  })
})
