import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { git, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { connect, hubEnv, type Connected } from './helpers/mcp'
import { assertNoFileDropped, commitCount, repoFingerprint } from './helpers/repo'

const valid = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  base: 'alpha',
  type: 'correction',
  concerns: 'procédure de reconnexion SSO',
  content: 'Depuis la 3.2, le bouton a été déplacé dans le menu profil.',
  sources: ['constat terrain, incident #4521'],
  confidence: 'high',
  submitted_by: 'human:morva',
  ...over
})

const idOf = (text: string): string => /id : (prop-\d{4}-\d\d-\d\d-[0-9a-f]{4})/.exec(text)![1]

describe('kb_propose over stdio', () => {
  let dir: string
  let root: string
  let s: Connected

  beforeAll(async () => {
    dir = tempDir()
    root = makeBundle(dir, 'alpha')
    makeBundle(dir, 'vide', { git: false })
    git(join(dir, 'vide'), 'init', '-q', '-b', 'main')
    s = await connect(hubEnv(dir))
  })
  afterAll(async () => {
    await s?.close()
    removeDir(dir)
  })

  it('files a proposal in one commit holding only it and the .gitkeeps; says how to follow up', async () => {
    const before = commitCount(root)
    const out = await s.text('kb_propose', valid())
    const id = idOf(out)
    expect(out).toBe(
      [
        'Proposition déposée.',
        `id : ${id}`,
        `chemin : proposals/pending/${id}.md`,
        'base : alpha',
        '',
        "Elle est en attente de revue par le gestionnaire de la base. Le corpus n'a pas été modifié.",
        `Pour connaître le verdict plus tard : kb_proposal_status(base: "alpha", id: "${id}").`
      ].join('\n')
    )
    expect(id.slice(5, 15)).toBe(new Date().toISOString().slice(0, 10))
    expect(commitCount(root)).toBe(before + 1)
    expect(git(root, 'log', '-1', '--format=%s%n%n%b').trim()).toBe(
      `proposal: ${id} (correction) — procédure de reconnexion SSO\n\nSubmitted-By: human:morva`
    )
    expect(git(root, 'log', '-1', '--format=%an <%ae>').trim()).toBe('okf-hub <hub@local>')
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual(
      [
        'proposals/accepted/.gitkeep',
        `proposals/pending/${id}.md`,
        'proposals/pending/.gitkeep',
        'proposals/rejected/.gitkeep'
      ].sort()
    )
    expect(git(root, 'status', '--porcelain')).toBe('')
    expect(readFileSync(join(root, '.git/info/exclude'), 'utf8')).toContain('.okf-hub.lock*')
    const text = readFileSync(join(root, 'proposals/pending', `${id}.md`), 'utf8')
    const fm = parse(text.split('---\n')[1]) as Record<string, unknown>
    expect(Object.keys(fm)).toEqual([
      'id',
      'submitted-by',
      'submitted-at',
      'type',
      'concerns',
      'sources',
      'confidence',
      'status'
    ])
    expect(fm.status).toBe('pending')
    expect(fm['submitted-at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(text.endsWith('\n\nDepuis la 3.2, le bouton a été déplacé dans le menu profil.\n')).toBe(true)
  })

  it('cuts the subject at 60 characters of concerns', async () => {
    const concerns = 'x'.repeat(59) + ' suite qui dépasse'
    const id = idOf(await s.text('kb_propose', valid({ concerns })))
    expect(git(root, 'log', '-1', '--format=%s').trim()).toBe(
      `proposal: ${id} (correction) — ${'x'.repeat(59)}`
    )
  })

  it('never commits a dirty worktree or a foreign staged change', async () => {
    writeFileSync(join(root, 'knowledge/exemple.md'), '# Exemple\n\nmodifié localement\n')
    writeFileSync(join(root, 'knowledge/brouillon.md'), 'brouillon\n')
    writeFileSync(join(root, 'knowledge/stage.md'), 'indexé\n')
    git(root, 'add', 'knowledge/stage.md')
    const id = idOf(await s.text('kb_propose', valid()))
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe(`proposals/pending/${id}.md`)
    const status = git(root, 'status', '--porcelain')
    expect(status).toContain(' M knowledge/exemple.md')
    expect(status).toContain('?? knowledge/brouillon.md')
    expect(status).toContain('A  knowledge/stage.md')
    git(root, 'reset', '-q', 'knowledge/stage.md')
    git(root, 'checkout', '-q', '--', 'knowledge/exemple.md')
    git(root, 'clean', '-qf', 'knowledge')
    assertNoFileDropped(root)
  })

  it('works in a repository with no commit yet', async () => {
    const vide = join(dir, 'vide')
    const id = idOf(await s.text('kb_propose', valid({ base: 'vide' })))
    expect(commitCount(vide)).toBe(1)
    const files = git(vide, 'ls-tree', '-r', '--name-only', 'HEAD').trim().split('\n')
    expect(files).toContain(`proposals/pending/${id}.md`)
    expect(files.some((f) => f.startsWith('knowledge/'))).toBe(false)
    expect(git(vide, 'fsck', '--strict', '--no-dangling').trim()).toBe('')
  })

  it('YAML-special values round-trip exactly; a fake frontmatter in content stays in the body', async () => {
    const specials = [
      '---',
      'clé: valeur',
      `"guillemets" et 'apostrophes'`,
      '- tiret',
      '{accolades} [crochets]',
      '*ancre &référence',
      '|bloc >plié',
      '#commentaire',
      'émoji 🚀 accents',
      '%directive'
    ]
    for (const v of specials) {
      const id = idOf(
        await s.text(
          'kb_propose',
          valid({
            concerns: v,
            submitted_by: v,
            sources: [v, 'autre'],
            content: '---\nid: faux\nstatus: accepted\n---\ncorps'
          })
        )
      )
      const text = readFileSync(join(root, 'proposals/pending', `${id}.md`), 'utf8')
      const fm = parse(text.split(/^---$/m)[1]) as Record<string, unknown>
      expect(fm.concerns).toBe(v)
      expect(fm['submitted-by']).toBe(v)
      expect(fm.sources).toEqual([v, 'autre'])
      expect(fm.id).toBe(id)
      expect(fm.status).toBe('pending')
    }
  })

  it.each([
    [
      { concerns: 'a\nReviewed-By: usurpateur' },
      "le champ 'concerns' ne doit pas contenir de retour à la ligne"
    ],
    [{ concerns: 'a\rb' }, 'retour à la ligne'],
    [
      { submitted_by: 'x\r\nProposal: prop-2020-01-01-dead' },
      "le champ 'submitted_by' ne doit pas contenir de retour à la ligne"
    ],
    [
      { sources: ['ok', 'faux\nProposal: prop-2020-01-01-dead'] },
      "le champ 'sources[1]' ne doit pas contenir de retour à la ligne"
    ],
    // The enum and bound refusals name the parameter and the cause, never the value sent.
    [
      { type: 'suggestion' },
      "paramètre 'type' invalide (l'une des valeurs : observation, correction, addition, question) — paramètre 'type' reçu hors énumération ; paramètres reçus : base, type, concerns, content, sources, confidence, submitted_by"
    ],
    [
      { confidence: 'certaine' },
      "paramètre 'confidence' invalide (l'une des valeurs : high, medium, low) — paramètre 'confidence' reçu hors énumération ; paramètres reçus : base, type, concerns, content, sources, confidence, submitted_by"
    ],
    [
      { concerns: 'c'.repeat(201) },
      "paramètre 'concerns' invalide (chaîne non vide, ≤ 200 caractères) — paramètre 'concerns' reçu trop long (201 caractères) ; paramètres reçus : base, type, concerns, content, sources, confidence, submitted_by"
    ],
    [
      { submitted_by: 's'.repeat(101) },
      "paramètre 'submitted_by' invalide (chaîne non vide, ≤ 100 caractères) — paramètre 'submitted_by' reçu trop long (101 caractères) ; paramètres reçus : base, type, concerns, content, sources, confidence, submitted_by"
    ],
    [{ content: 'é'.repeat(8193) }, 'content dépasse 16384 octets (16386)'],
    [
      { sources: [] },
      "paramètre 'sources' requis (liste de 1 à 20 chaîne(s) non vide(s), ≤ 300 caractères chacune) — paramètre 'sources' reçu vide ; paramètres reçus : base, type, concerns, content, sources, confidence, submitted_by"
    ],
    [
      { sources: Array.from({ length: 21 }, (_, i) => `s${i}`) },
      "paramètre 'sources' invalide (liste de 1 à 20 chaîne(s) non vide(s), ≤ 300 caractères chacune) — paramètre 'sources' reçu avec trop d'éléments (21) ; paramètres reçus : base, type, concerns, content, sources, confidence, submitted_by"
    ],
    [
      { sources: ['s'.repeat(301)] },
      "paramètre 'sources' invalide (liste de 1 à 20 chaîne(s) non vide(s), ≤ 300 caractères chacune) — paramètre 'sources[0]' reçu trop long (301 caractères) ; paramètres reçus : base, type, concerns, content, sources, confidence, submitted_by"
    ],
    [
      { sources: 'pas une liste' },
      "paramètre 'sources' requis (liste de 1 à 20 chaîne(s) non vide(s), ≤ 300 caractères chacune) — paramètre 'sources' reçu de type string ; paramètres reçus : base, type, concerns, content, sources, confidence, submitted_by"
    ],
    [
      { content: '   ' },
      "paramètre 'content' requis (chaîne non vide) — paramètre 'content' reçu vide ; paramètres reçus : base, type, concerns, content, sources, confidence, submitted_by"
    ],
    [{ base: null }, "paramètre 'base' requis (chaîne non vide) — paramètre 'base' reçu null"]
  ])('refuses %j with INVALID_INPUT and leaves the repository byte-identical', async (over, message) => {
    const before = repoFingerprint(root)
    const r = await s.call('kb_propose', valid(over))
    expect(r.isError).toBe(true)
    expect(r.text.startsWith('ERROR: INVALID_INPUT: ')).toBe(true)
    expect(r.text).toContain(message)
    expect(repoFingerprint(root)).toBe(before)
    expect(git(root, 'log', '--format=%B')).not.toContain('usurpateur')
  })

  it('user text quoting "proposal: <id>" never joins another proposal’s audit trail', async () => {
    const victim = idOf(await s.text('kb_propose', valid()))
    const id = idOf(
      await s.text(
        'kb_propose',
        valid({ concerns: `voir Proposal: ${victim}`, submitted_by: `x proposal:${victim}` })
      )
    )
    expect(
      git(root, 'log', '-i', '--format=%H', '--grep', `proposal: ${victim}`).trim().split('\n').length
    ).toBe(1)
    expect(git(root, 'log', '-1', '--format=%s').trim()).toBe(
      `proposal: ${id} (correction) — voir Proposal : ${victim}`
    )
    const text = readFileSync(join(root, 'proposals/pending', `${id}.md`), 'utf8')
    expect((parse(text.split('---\n')[1]) as Record<string, unknown>).concerns).toBe(
      `voir Proposal: ${victim}`
    )
  })

  it('accepts content of exactly 16384 bytes', async () => {
    expect((await s.call('kb_propose', valid({ content: 'a'.repeat(16384) }))).isError).toBe(false)
  })

  it('a missing parameter names the received keys, never the values', async () => {
    const { base: _b, ...rest } = valid({ content: 'valeur-secrète' })
    const r = await s.call('kb_propose', rest)
    expect(r.text).toBe(
      "ERROR: INVALID_INPUT: paramètre 'base' requis (chaîne non vide) — paramètre 'base' absent ; paramètres reçus : type, concerns, content, sources, confidence, submitted_by"
    )
  })

  it('git log --grep "Submitted-By: X" finds exactly X’s proposals', async () => {
    const mine = [
      idOf(await s.text('kb_propose', valid({ submitted_by: 'agent/unique-1' }))),
      idOf(await s.text('kb_propose', valid({ submitted_by: 'agent/unique-1' })))
    ]
    await s.text('kb_propose', valid({ submitted_by: 'agent/autre' }))
    const found = git(root, 'log', '--format=%s', '--grep', 'Submitted-By: agent/unique-1').trim().split('\n')
    expect(found.length).toBe(2)
    for (const id of mine) expect(found.some((l) => l.startsWith(`proposal: ${id} `))).toBe(true)
  })

  it('kb_list include_pending_concerns shows the real pending proposals', async () => {
    const out = await s.text('kb_list', { include_pending_concerns: true })
    expect(out).toContain('### propositions en attente — alpha')
    expect(out).toMatch(/- prop-\d{4}-\d\d-\d\d-[0-9a-f]{4} \(correction\) — procédure de reconnexion SSO/)
    const pending = readdirSync(join(root, 'proposals/pending')).filter((f) => f.endsWith('.md')).length
    expect(out).toContain(`propositions en attente : ${pending}`)
    expect(await s.text('kb_list')).not.toContain('### propositions en attente')
    assertNoFileDropped(root)
    expect(git(root, 'fsck', '--strict', '--no-dangling').trim()).toBe('')
  })
})
