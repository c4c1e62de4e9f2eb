import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeBundle, removeDir, tempDir, waitFor } from './helpers/fixtures'
import { connect, hubEnv, type Connected, type HubEnv } from './helpers/mcp'

const big = (n: number): string =>
  ['---', 'title: Gros', 'tags: [perf]', '---', '', '# Gros document', ''].join('\n') +
  Array.from(
    { length: n },
    (_, i) => `\n## Section ${i}\n\nunique-${i}\n${'remplissage '.repeat(80)}\n`
  ).join('')

describe('MCP server — read side over stdio', () => {
  let dir: string
  let h: HubEnv
  let s: Connected

  beforeAll(async () => {
    dir = tempDir()
    makeBundle(dir, 'alpha', {
      title: 'Base Alpha',
      description: 'Procédures   d’exploitation\nde la solution Alpha.',
      schema: 'fields:\n  last-verified: { type: date }\n',
      files: {
        'knowledge/sso.md':
          '---\ntitle: Procédure de reconnexion SSO\ntags: [sso]\nlast-verified: 2026-01-15\ntype: procedure\ndescription: secret\n---\n\n# Procédure SSO\n\nIntro.\n\n## Reconnexion\n\nCliquer sur « réauthentifier » dans le menu profil.\n\n## Déconnexion\n\nAutre chose.\n',
        'knowledge/a.md': '# A\n\nreconnexion SSO en panne\n',
        'knowledge/b.md': '# B\n\nreconnexion seulement\n',
        'knowledge/c.md': '# C\n\nSSO seulement\n',
        'knowledge/index.md': '# Index\n\nconnexion partout\n',
        'knowledge/log.md': '# Journal\n\nconnexion notée\n',
        'knowledge/conn.md': '# Connexion\n\nconnexion expliquée\n',
        'knowledge/beta.md': '# Version\n\nLa 3.2(beta) corrige tout. incident #4521 clos.\n',
        'knowledge/dup.md':
          '# Doublons\n\n## Notes\n\npremière\n\n## Notes\n\nseconde\n\n## Piège `relativePath` **confirmé**\n\ncontenu piège\n',
        'knowledge/gros.md': big(20),
        'knowledge/paquets.md':
          '# Paquets\n\n## Dependencies {#a-dependencies}\n\nreact, react-dom\n\n## Dependencies {#b-dependencies}\n\nvitest-seconde-liste\n\n## useState\n\n### Paramètres\n\nvaleur-initiale\n\n## useEffect\n\n### Paramètres\n\nfonction-effet\n',
        'knowledge/zh.md': '# 数据库连接\n\n如果数据库 连接失败，请检查配置。\n',
        'knowledge/CLAUDE.md': 'mot-temoin\n',
        'knowledge/proposals/p.md': 'mot-temoin\n',
        'knowledge/temoin.md': 'mot-temoin ici\n',
        'knowledge/liens.md': '# Liens\n\nVoir [bdd](beta:/env/bdd.md).\n',
        'source.xml.md': 'hors corpus\n'
      }
    })
    makeBundle(dir, 'clone-renomme', {
      name: 'beta',
      title: 'Base Beta',
      governance: '---\nstatus: draft\n---\n# Règles Beta\n',
      files: {
        'knowledge/env/bdd.md': '# BDD externe\n\nserveur bdd-ext\n',
        'knowledge/x.md': '# X\n\nreconnexion SSO en panne\n'
      }
    })
    const long = (i: number): string =>
      Array.from(
        { length: 30 },
        (_, l) => (l % 6 === 0 ? `cible ${i}.${l} ` : 'texte ') + 'mot '.repeat(70)
      ).join('\n')
    makeBundle(dir, 'volumineux', {
      files: Object.fromEntries(
        Array.from({ length: 25 }, (_, i) => [
          `knowledge/doc-${String(i).padStart(2, '0')}.md`,
          `# Doc ${i}\n\n${long(i)}\n`
        ])
      )
    })
    mkdirSync(join(dir, 'alpha', 'outside'), { recursive: true })
    symlinkSync(join(dir, 'alpha', 'GOVERNANCE.md'), join(dir, 'alpha', 'knowledge', 'fuite.md'))
    h = hubEnv(dir)
    s = await connect(h)
  })

  afterAll(async () => {
    await s?.close()
    removeDir(dir)
  })

  it('lists exactly the seven tools, descriptions naming the bases', async () => {
    const { tools } = await s.client.listTools()
    expect(tools.map((t) => t.name)).toEqual([
      'kb_list',
      'kb_search',
      'kb_read',
      'kb_governance',
      'kb_propose',
      'kb_proposal_status',
      'kb_hub_rescan'
    ])
    const list = tools.find((t) => t.name === 'kb_list')!
    expect(list.description).toContain(
      '- alpha — Base Alpha : Procédures d’exploitation de la solution Alpha.'
    )
    expect(list.description).toContain('- beta — Base Beta')
    expect(list.description).toContain('- volumineux — Base volumineux')
    for (const n of ['kb_search', 'kb_read', 'kb_governance', 'kb_propose', 'kb_proposal_status'])
      expect(tools.find((t) => t.name === n)!.description).toContain('alpha — Base Alpha')
  })

  it('kb_list: one block per base, by manifest name, normalised description', async () => {
    const out = await s.text('kb_list')
    expect(out).toContain(
      '## alpha — Base Alpha\nProcédures d’exploitation de la solution Alpha.\nversion : 1.0.0\ndocuments : 14 | propositions en attente : 0'
    )
    expect(out).toContain('## beta — Base Beta')
    expect(out).not.toContain('clone-renomme')
  })

  it('kb_search: strict AND first', async () => {
    const out = await s.text('kb_search', { base: 'alpha', query: 'reconnexion SSO' })
    expect(out).toMatch(/^\d+ résultat\(s\) dans 'alpha' pour : reconnexion SSO/)
    expect(out).toContain('### a.md — A')
    expect(out).not.toContain('### b.md')
    expect(out).not.toContain('résultats partiels')
  })

  it('kb_search: OR fallback with the contract notice', async () => {
    const out = await s.text('kb_search', { base: 'alpha', query: 'seulement panne-inexistante' })
    expect(out).toContain('[aucun document ne contient tous les termes — résultats partiels]')
    expect(out).toContain('### b.md')
    expect(out).toContain('### c.md')
  })

  it('kb_search: snippet label round-trips into kb_read', async () => {
    const out = await s.text('kb_search', { base: 'alpha', query: 'réauthentifier' })
    expect(out).toContain('### sso.md — Procédure de reconnexion SSO')
    expect(out).toContain(
      'frontmatter : {title: Procédure de reconnexion SSO, tags: [sso], last-verified: 2026-01-15}'
    )
    expect(out).not.toContain('secret')
    const m = /L\d+-\d+ § (.+)/.exec(out)!
    expect(m[1]).toBe('reconnexion')
    const sec = await s.text('kb_read', { base: 'alpha', path: 'sso.md', section: m[1] })
    expect(sec).toContain('# sso.md — section « Reconnexion »')
    expect(sec).toContain('réauthentifier')
    expect(sec).not.toContain('Autre chose')
  })

  it('kb_search: a repeated title prints a unique § label that kb_read follows to that very section', async () => {
    const cases: [string, string, string][] = [
      ['vitest-seconde-liste', 'dependencies {#b-dependencies}', 'react, react-dom'],
      ['fonction-effet', 'paramètres (useeffect)', 'valeur-initiale']
    ]
    for (const [query, label, elsewhere] of cases) {
      const out = await s.text('kb_search', { base: 'alpha', query })
      const m = /L\d+-\d+ § (.+)/.exec(out)!
      expect(m[1]).toBe(label)
      const sec = await s.text('kb_read', { base: 'alpha', path: 'paquets.md', section: m[1] })
      expect(sec).toContain(query)
      expect(sec).not.toContain(elsewhere)
      expect(sec).not.toContain('autres sections portent ce titre')
    }
    // The bare title: the first, the contract's line, then the labels of the others.
    const bare = await s.text('kb_read', { base: 'alpha', path: 'paquets.md', section: 'Paramètres' })
    expect(bare.split('\n').slice(0, 4)).toEqual([
      '# paquets.md — section « Paramètres »',
      '[1 autres sections portent ce titre]',
      "[pour lire l'une des autres, section : « paramètres (useeffect) »]",
      ''
    ])
    expect(bare).toContain('valeur-initiale')
    // The raw heading with its anchor reads that occurrence too.
    const raw = await s.text('kb_read', {
      base: 'alpha',
      path: 'paquets.md',
      section: 'Dependencies {#b-dependencies}'
    })
    expect(raw).toContain('vitest-seconde-liste')
  })

  it('kb_search: literal keywords, regex mode and ripgrep’s error', async () => {
    expect(await s.text('kb_search', { base: 'alpha', query: '3.2(beta)' })).toContain('### beta.md')
    expect(await s.text('kb_search', { base: 'alpha', query: 'incident #\\d{4}', mode: 'regex' })).toContain(
      '### beta.md'
    )
    const bad = await s.call('kb_search', { base: 'alpha', query: '[a-', mode: 'regex' })
    expect(bad.isError).toBe(true)
    expect(bad.text).toMatch(/^ERROR: INVALID_INPUT: .*(regex|unclosed)/s)
  })

  it('kb_search: index.md and log.md are demoted and the demotion is said', async () => {
    const out = await s.text('kb_search', { base: 'alpha', query: 'connexion' })
    const first = /### (\S+)/.exec(out)![1]
    expect(['index.md', 'log.md']).not.toContain(first)
    expect(out).toContain('sommaire(s) index.md/log.md en fin de liste — déclassés')
    expect(out.indexOf('### index.md')).toBeGreaterThan(out.indexOf('### conn.md'))
  })

  it('kb_search: output capped at 16,000 characters, cut on a whole result, a prefix of the ranking', async () => {
    const out = await s.text('kb_search', { base: 'volumineux', query: 'cible', max_results: 25 })
    expect(out.length).toBeLessThanOrEqual(16_000 + 300)
    const note = /\[résultats tronqués, (\d+) élément\(s\) omis — [^\]]+\]$/.exec(out)
    expect(note).not.toBeNull()
    const shown = [...out.matchAll(/^### (\S+)/gm)].map((m) => m[1])
    expect(shown.length + Number(note![1])).toBe(25)
    // Every shown result is whole: its last excerpt line is followed by the next header or the note.
    for (const block of out.split('\n### ').slice(1, -1)) expect(block).toMatch(/\n {11}\| [^\n]*$/)
    // Raising or lowering max_results never changes which results are shown once truncated.
    const fewer = await s.text('kb_search', { base: 'volumineux', query: 'cible', max_results: 20 })
    expect([...fewer.matchAll(/^### (\S+)/gm)].map((m) => m[1])).toEqual(shown)
  })

  it('kb_search: transverse exclusions', async () => {
    const out = await s.text('kb_search', { base: 'alpha', query: 'mot-temoin' })
    expect(out).toContain('### temoin.md')
    expect(out).not.toContain('CLAUDE.md')
    expect(out).not.toContain('proposals')
  })

  it('kb_search: a Chinese document found by a Chinese query', async () => {
    const out = await s.text('kb_search', { base: 'alpha', query: '数据库 连接' })
    expect(out).toContain('### zh.md — 数据库连接')
  })

  it('kb_search: several bases share max_results, grouped output', async () => {
    const out = await s.text('kb_search', {
      base: ['alpha', 'beta', 'alpha'],
      query: 'reconnexion SSO',
      max_results: 8
    })
    expect(out.split('\n')[0]).toBe('3 résultat(s) dans 2 base(s) pour : reconnexion SSO')
    expect(out).toContain("\n\n## Base : alpha\n2 résultat(s) dans 'alpha' pour : reconnexion SSO")
    expect(out).toContain('## Base : beta')
    const star = await s.text('kb_search', { base: '*', query: 'reconnexion', max_results: 2 })
    expect((star.match(/^### /gm) ?? []).length).toBe(2)
  })

  it('kb_search: bad arguments are INVALID_INPUT naming the cause and keys, never values', async () => {
    const none = await s.call('kb_search', {})
    expect(none.isError).toBe(true)
    expect(none.text).toContain("paramètre 'base' absent ; aucun paramètre reçu")
    const many = await s.call('kb_search', { base: 'alpha', query: 'x', max_results: 99 })
    expect(many.text).toBe(
      "ERROR: INVALID_INPUT: paramètre 'max_results' invalide (facultatif, entier de 1 à 25) — paramètre 'max_results' reçu hors bornes ; paramètres reçus : base, query, max_results"
    )
    const q = await s.call('kb_search', { base: 'alpha', query: 42 })
    expect(q.text).toBe(
      "ERROR: INVALID_INPUT: paramètre 'query' requis (chaîne non vide) — paramètre 'query' reçu de type number ; paramètres reçus : base, query"
    )
    const unknown = await s.call('kb_search', { base: ['alpha', 'fantome'], query: 'x' })
    expect(unknown.text).toMatch(
      /^ERROR: UNKNOWN_BASE: base 'fantome' inconnue\. Bases disponibles : alpha, beta, volumineux$/
    )
  })

  it('kb_read: whole document, duplicated and formatted headings', async () => {
    expect(await s.text('kb_read', { base: 'alpha', path: 'a.md' })).toBe('# A\n\nreconnexion SSO en panne\n')
    const dup = await s.text('kb_read', { base: 'alpha', path: 'dup.md', section: 'notes' })
    expect(dup).toContain('[1 autres sections portent ce titre]')
    expect(dup).toContain('première')
    expect(dup).not.toContain('seconde')
    const piege = await s.text('kb_read', {
      base: 'alpha',
      path: 'dup.md',
      section: 'piège relativepath confirmé'
    })
    expect(piege).toContain('contenu piège')
  })

  it('kb_read: big document gives its table of headings unless forced or a section is asked', async () => {
    const toc = await s.text('kb_read', { base: 'alpha', path: 'gros.md' })
    expect(toc).toContain('table des headings retournée à la place du contenu')
    expect(toc).toContain('title: Gros')
    expect(toc).toContain('  - Section 3  (~')
    expect(toc).not.toContain('remplissage')
    expect(await s.text('kb_read', { base: 'alpha', path: 'gros.md', force: true })).toContain('remplissage')
    const s7 = await s.text('kb_read', { base: 'alpha', path: 'gros.md', section: 'Section 7' })
    expect(s7).toContain('unique-7')
    expect(s7).not.toContain('unique-8')
  })

  it('kb_read: a missing section lists every heading', async () => {
    const r = await s.call('kb_read', { base: 'alpha', path: 'sso.md', section: 'Inexistante' })
    expect(r.isError).toBe(true)
    expect(r.text).toBe(
      "ERROR: NOT_FOUND: section 'Inexistante' introuvable dans 'sso.md'. Headings disponibles :\n- Procédure SSO  (~" +
        r.text.split('- Procédure SSO  (~')[1]
    )
    expect(r.text).toContain('  - Reconnexion  (~')
  })

  it('kb_read: an inter-base link reads the named base; an unknown prefix is a literal path', async () => {
    expect(await s.text('kb_read', { base: 'alpha', path: 'beta:/env/bdd.md' })).toContain('serveur bdd-ext')
    const r = await s.call('kb_read', { base: 'alpha', path: 'nulle-part:/env/bdd.md' })
    expect(r.text).toMatch(/^ERROR: NOT_FOUND:/)
  })

  it.each([
    ['../okf-bundle.yaml'],
    ['../../../../etc/passwd'],
    ['/etc/passwd'],
    ['sous/../../GOVERNANCE.md'],
    ['./../GOVERNANCE.md'],
    ['..\\GOVERNANCE.md'],
    ['fuite.md'],
    ['../proposals/pending/x.md'],
    ['CLAUDE.md']
  ])('kb_read refuses %s with NOT_FOUND and no content', async (path) => {
    const r = await s.call('kb_read', { base: 'alpha', path })
    expect(r.isError).toBe(true)
    expect(r.text).toMatch(/^ERROR: NOT_FOUND:/)
    expect(r.text).not.toContain('Règles de test')
    expect(r.text).not.toContain('root:')
    expect(r.text).not.toContain('existe à la racine du bundle')
  })

  it('kb_read: a bundle-root path says where the file really is', async () => {
    const r = await s.call('kb_read', { base: 'alpha', path: 'source.xml.md' })
    expect(r.text).toMatch(/^ERROR: NOT_FOUND: .*existe à la racine du bundle/)
    expect(r.text).not.toContain('hors corpus\n')
  })

  it('kb_governance: draft banner, schema block or its absence', async () => {
    const beta = await s.text('kb_governance', { base: 'beta' })
    expect(
      beta.startsWith(
        '[GOUVERNANCE EN BROUILLON — les règles peuvent évoluer, les propositions restent acceptées]\n\n# Gouvernance — beta (Base Beta)'
      )
    ).toBe(true)
    expect(beta).toContain('[aucun schema.yaml déclaré pour cette base]')
    const alpha = await s.text('kb_governance', { base: 'alpha' })
    expect(alpha).not.toContain('BROUILLON')
    expect(alpha).toContain('## schema.yaml (schéma de frontmatter)\n\n```yaml\nfields:')
  })

  it('UNKNOWN_BASE lists the valid bases after a silent rescan', async () => {
    const r = await s.call('kb_read', { base: 'fantome', path: 'x.md' })
    expect(r.text).toBe(
      "ERROR: UNKNOWN_BASE: base 'fantome' inconnue. Bases disponibles : alpha, beta, volumineux"
    )
    const log = readFileSync(h.logFile, 'utf8')
    expect(log).toContain('re-scan silencieux déclenché par UNKNOWN_BASE')
  })

  it('kb_hub_rescan reports the bases, single-instance note included', async () => {
    const out = await s.text('kb_hub_rescan')
    expect(out).toMatch(/^Découverte terminée : 3 base\(s\) enregistrée\(s\)\./)
    expect(out).toContain('PORTÉE MONO-INSTANCE')
  })

  it('logs to the hub log with timestamp and pid', () => {
    const log = readFileSync(h.logFile, 'utf8')
    expect(log).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \[pid:\d+\] INFO {4}démarrage/m)
  })
})

describe('MCP server — a base imported after start', () => {
  it('kb_list sees it (implicit rescan), tools/list_changed is sent and descriptions follow', async () => {
    const dir = tempDir()
    makeBundle(dir, 'premiere')
    const s = await connect(hubEnv(dir))
    try {
      await s.client.listTools()
      makeBundle(dir, 'tardive', { files: { 'knowledge/t.md': '# T\n\ntardif\n' } })
      const list = await s.text('kb_list')
      expect(list).toContain('## tardive — Base tardive')
      // The notification may arrive just after the response: wait for it.
      await waitFor(() => s.notifications.listChanged > 0)
      expect(s.notifications.listChanged).toBe(1)
      const { tools } = await s.client.listTools()
      expect(tools.find((t) => t.name === 'kb_list')!.description).toContain('- tardive — Base tardive')
      // No change, no notification.
      await s.text('kb_hub_rescan')
      // A notification the rescan queued goes out before the answer to a request sent after it.
      await s.client.ping()
      expect(s.notifications.listChanged).toBe(1)
    } finally {
      await s.close()
      removeDir(dir)
    }
  })

  it('kb_list rescans at most once per 5 s, and UNKNOWN_BASE has its own cooldown', async () => {
    const dir = tempDir()
    makeBundle(dir, 'premiere')
    const h = hubEnv(dir)
    const s = await connect(h)
    try {
      for (let i = 0; i < 3; i++) await s.text('kb_list')
      for (let i = 0; i < 2; i++) await s.call('kb_read', { base: 'fantome', path: 'x.md' })
      const log = readFileSync(h.logFile, 'utf8')
      const count = (needle: string) => log.split('\n').filter((l) => l.includes(needle)).length
      expect(count('re-scan silencieux déclenché par kb_list')).toBe(1)
      expect(count('re-scan silencieux ignoré (cooldown) — kb_list')).toBe(2)
      expect(count('re-scan silencieux déclenché par UNKNOWN_BASE')).toBe(1)
      expect(count('re-scan silencieux ignoré (cooldown) — UNKNOWN_BASE')).toBe(1)
    } finally {
      await s.close()
      removeDir(dir)
    }
  })

  it('an unknown base triggers one silent rescan and one retry, even right after a kb_list', async () => {
    const dir = tempDir()
    const s = await connect(hubEnv(dir))
    try {
      expect(await s.text('kb_list')).toMatch(/^Aucune base enregistrée/)
      makeBundle(dir, 'tardive', { files: { 'knowledge/t.md': '# T\n\ntardif\n' } })
      // Within kb_list's cooldown: only the UNKNOWN_BASE trigger can find it.
      expect(await s.text('kb_read', { base: 'tardive', path: 't.md' })).toContain('tardif')
      writeFileSync(join(dir, 'x'), '')
    } finally {
      await s.close()
      removeDir(dir)
    }
  })
})
