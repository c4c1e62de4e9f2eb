import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeBundle, removeDir, tempDir, writeFiles } from './helpers/fixtures'
import { connect, hubEnv, type Connected } from './helpers/mcp'

const prop = (fm: Record<string, string | string[]>, body = 'corps'): string =>
  '---\n' +
  Object.entries(fm)
    .map(([k, v]) =>
      Array.isArray(v) ? `${k}:\n${v.map((x) => `  - ${x}`).join('\n')}` : `${k}: ${JSON.stringify(v)}`
    )
    .join('\n') +
  `\n---\n\n${body}\n`

describe('kb_proposal_status', () => {
  let dir: string
  let s: Connected

  beforeAll(async () => {
    dir = tempDir()
    const root = makeBundle(dir, 'alpha', {
      files: {
        'knowledge/exemple.md': '# Exemple\n',
        'proposals/pending/prop-2026-08-30-aaaa.md': prop({
          id: 'prop-2026-08-30-aaaa',
          'submitted-by': 'human:morva',
          'submitted-at': '2026-08-30T09:12:00Z',
          type: 'correction',
          concerns: 'procédure de reconnexion SSO',
          status: 'pending'
        }),
        'proposals/accepted/prop-2026-08-29-bbbb.md': prop({
          id: 'prop-2026-08-29-bbbb',
          'submitted-by': 'Human:Morva',
          'submitted-at': '2026-08-29T16:40:00Z',
          type: 'addition',
          concerns: 'nouveau port',
          status: 'accepted',
          resolution: 'accepted',
          'resolved-at': '2026-08-31T14:02:11Z',
          'integrated-into': ['exemple.md', 'autre.md']
        }),
        'proposals/rejected/prop-2026-08-28-cccc.md': prop({
          id: 'prop-2026-08-28-cccc',
          'submitted-by': 'human:morva',
          'submitted-at': '2026-08-28T10:00:00Z',
          type: 'observation',
          concerns: 'bouton déplacé',
          status: 'rejected',
          resolution: 'rejected',
          'resolved-at': '2026-08-31T14:02:11Z',
          'rejection-reason': 'hors périmètre de la base'
        }),
        'proposals/accepted/prop-2026-08-27-dddd.md': prop({
          id: 'prop-2026-08-27-dddd',
          'submitted-by': 'human:morva',
          'submitted-at': '2026-08-27T10:00:00Z',
          type: 'observation',
          concerns: 'incohérent',
          status: 'pending'
        }),
        'proposals/pending/prop-2026-08-26-eeee.md': prop({
          id: 'prop-2026-08-26-eeee',
          'submitted-by': 'human:morva',
          type: 'question',
          concerns: 'sans date'
        }),
        'proposals/pending/casse.md': '---\n: : : pas du YAML\n---\n\ncorps\n',
        'proposals/pending/vide.md': 'pas de frontmatter\n'
      }
    })
    mkdirSync(join(dir, 'ailleurs'))
    writeFileSync(
      join(dir, 'ailleurs', 'secret.md'),
      prop({ id: 'secret', 'submitted-by': 'human:morva', concerns: 'fuite' })
    )
    symlinkSync(join(dir, 'ailleurs', 'secret.md'), join(root, 'proposals/pending/evade.md'))
    const many: Record<string, string> = {}
    for (let i = 0; i < 50; i++) {
      const id = `prop-2026-07-${String(1 + (i % 28)).padStart(2, '0')}-${(0x1000 + i).toString(16)}`
      many[`proposals/pending/${id}.md`] = prop(
        {
          id,
          'submitted-by': 'agent/bavard',
          'submitted-at': `2026-07-01T00:00:${String(i).padStart(2, '0')}Z`,
          type: 'observation',
          concerns: 'c'.repeat(200)
        },
        'x'
      )
    }
    writeFiles(root, many)
    s = await connect(hubEnv(dir))
  })
  afterAll(async () => {
    await s?.close()
    removeDir(dir)
  })

  it('requires id or submitted_by', async () => {
    const r = await s.call('kb_proposal_status', { base: 'alpha' })
    expect(r.text).toBe(
      "ERROR: INVALID_INPUT: fournissez au moins 'id' (une proposition précise) ou 'submitted_by' (tout ce qu'un contributeur a déposé) ; paramètres reçus : base"
    )
  })

  it('a pending proposal by id', async () => {
    const out = await s.text('kb_proposal_status', { base: 'alpha', id: 'prop-2026-08-30-aaaa' })
    expect(out).toBe(
      [
        "1 proposition(s) dans 'alpha' pour : id=prop-2026-08-30-aaaa",
        '[2 fichier(s) illisible(s) ignoré(s)]',
        '### prop-2026-08-30-aaaa — pending',
        'type : correction | concerns : procédure de reconnexion SSO',
        'soumise : 2026-08-30T09:12:00Z par human:morva',
        'résolution : en attente de revue par le gestionnaire'
      ].join('\n')
    )
  })

  it('by contributor, case-insensitive, newest first, undated last, with accepted and rejected details', async () => {
    const out = await s.text('kb_proposal_status', { base: 'alpha', submitted_by: 'HUMAN:morva' })
    expect(out.split('\n')[0]).toBe("5 proposition(s) dans 'alpha' pour : submitted_by=HUMAN:morva")
    const order = [...out.matchAll(/^### (\S+)/gm)].map((m) => m[1])
    expect(order).toEqual([
      'prop-2026-08-30-aaaa',
      'prop-2026-08-29-bbbb',
      'prop-2026-08-28-cccc',
      'prop-2026-08-27-dddd',
      'prop-2026-08-26-eeee'
    ])
    expect(out).toContain(
      'résolue : 2026-08-31T14:02:11Z — accepted\nintegrated-into : exemple.md, autre.md (lisibles via kb_read)'
    )
    expect(out).toContain('rejection-reason : hors périmètre de la base')
    expect(out).toContain('soumise : (date inconnue) par human:morva')
    expect(out).not.toContain('corps')
  })

  it('the location wins over the status field, and says so', async () => {
    const out = await s.text('kb_proposal_status', { base: 'alpha', id: 'prop-2026-08-27-dddd' })
    expect(out).toContain('### prop-2026-08-27-dddd — accepted')
    expect(out).toContain(
      "[incohérence status/emplacement : frontmatter `status: pending`, emplacement `accepted` — l'emplacement fait foi]"
    )
  })

  it('status restricts the folders read; NOT_FOUND names the scope', async () => {
    const out = await s.text('kb_proposal_status', {
      base: 'alpha',
      submitted_by: 'human:morva',
      status: 'rejected'
    })
    expect(out.split('\n')[0]).toBe(
      "1 proposition(s) dans 'alpha' pour : submitted_by=human:morva, status=rejected"
    )
    const nf = await s.call('kb_proposal_status', {
      base: 'alpha',
      id: 'prop-2026-08-30-aaaa',
      status: 'accepted'
    })
    expect(nf.text).toBe(
      "ERROR: NOT_FOUND: proposition 'prop-2026-08-30-aaaa' introuvable dans le répertoire 'accepted' de proposals/ pour la base 'alpha'"
    )
    const none = await s.call('kb_proposal_status', { base: 'alpha', id: 'prop-2000-01-01-0000' })
    expect(none.text).toBe(
      "ERROR: NOT_FOUND: proposition 'prop-2000-01-01-0000' introuvable dans aucun des trois répertoires de proposals/ pour la base 'alpha'"
    )
  })

  it('an unknown contributor is an empty result, not an error', async () => {
    const r = await s.call('kb_proposal_status', { base: 'alpha', submitted_by: 'personne' })
    expect(r.isError).toBe(false)
    expect(r.text).toBe(
      "Aucune proposition dans 'alpha' pour : submitted_by=personne.\n[2 fichier(s) illisible(s) ignoré(s)]"
    )
  })

  it('more than limit: the older ones are announced', async () => {
    const out = await s.text('kb_proposal_status', { base: 'alpha', submitted_by: 'human:morva', limit: 2 })
    expect(out).toContain('[3 plus ancienne(s) non listée(s) — augmentez limit]')
    expect((out.match(/^### /gm) ?? []).length).toBe(2)
    for (const limit of [0, 51, 2.5, '3'])
      expect((await s.call('kb_proposal_status', { base: 'alpha', submitted_by: 'x', limit })).text).toMatch(
        /^ERROR: INVALID_INPUT: paramètre 'limit'/
      )
  })

  it('symlinks out of the bundle are ignored', async () => {
    const r = await s.call('kb_proposal_status', { base: 'alpha', id: 'secret' })
    expect(r.text).toMatch(/^ERROR: NOT_FOUND:/)
  })

  it('the output is capped at 16,000 characters on a whole entry', async () => {
    const out = await s.text('kb_proposal_status', { base: 'alpha', submitted_by: 'agent/bavard', limit: 50 })
    expect(out.length).toBeLessThanOrEqual(16_000 + 200)
    expect(out).toMatch(
      /\[résultats tronqués, \d+ élément\(s\) omis — affinez les filtres ou réduisez limit\]$/
    )
    const entries = out.split('\n### ').slice(1)
    for (const e of entries.slice(0, -1)) expect(e).toContain('résolution : en attente')
  })

  it('a bad status value is INVALID_INPUT, without echoing it', async () => {
    expect((await s.call('kb_proposal_status', { base: 'alpha', id: 'x', status: 'done' })).text).toBe(
      "ERROR: INVALID_INPUT: paramètre 'status' invalide (facultatif, l'une des valeurs : pending, accepted, rejected) — paramètre 'status' reçu hors énumération ; paramètres reçus : base, id, status"
    )
  })
})
