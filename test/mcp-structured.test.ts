import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { buildHubFixture, prop } from './helpers/hub-fixture'
import { connect, hubEnv, type Connected } from './helpers/mcp'

/**
 * The structured twins: five tools declare an outputSchema, every successful call carries a
 * structuredContent that validates against it and says what the text says (the budget's cut
 * included); errors keep isError and the text alone. The text itself is the golden test's.
 */

const STRUCTURED = ['kb_list', 'kb_search', 'kb_proposal_status', 'kb_propose', 'kb_hub_rescan']

describe('structured output of the tools', () => {
  let dir: string
  let s: Connected
  const schemas = new Map<string, JsonSchemaType>()
  const ajv = new AjvJsonSchemaValidator()

  beforeAll(async () => {
    dir = tempDir()
    buildHubFixture(dir)
    const many: Record<string, string> = {}
    for (let i = 0; i < 120; i++) {
      const id = `prop-2026-07-${String(1 + (i % 28)).padStart(2, '0')}-${(0x1000 + i).toString(16)}`
      many[`proposals/pending/${id}.md`] = prop({
        id,
        'submitted-by': 'agent/bavard',
        'submitted-at': `2026-07-01T00:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`,
        type: 'observation',
        concerns: `${i} ${'c'.repeat(190)}`
      })
    }
    makeBundle(dir, 'bavarde', { git: false, files: { 'knowledge/b.md': '# B\n', ...many } })
    s = await connect(hubEnv(dir))
    for (const t of (await s.client.listTools()).tools)
      if (t.outputSchema) schemas.set(t.name, t.outputSchema as JsonSchemaType)
  })

  afterAll(async () => {
    await s?.close()
    removeDir(dir)
  })

  /** A call whose twin must validate; returns the text and the twin. */
  async function twin(
    name: string,
    args: Record<string, unknown>
  ): Promise<{ text: string; data: Record<string, unknown> }> {
    const r = await s.client.callTool({ name, arguments: args })
    expect(r.isError, `${name} ${JSON.stringify(args)}`).not.toBe(true)
    const text = (r.content as { text: string }[])[0].text
    expect(r.structuredContent, `${name} structuredContent`).toBeDefined()
    const verdict = ajv.getValidator(schemas.get(name)!)(r.structuredContent)
    expect(verdict.errorMessage, `${name} ${JSON.stringify(args)}`).toBeUndefined()
    expect(verdict.valid).toBe(true)
    return { text, data: r.structuredContent as Record<string, unknown> }
  }

  it('exactly the five tools declare an object outputSchema; kb_read and kb_governance stay text only', () => {
    expect([...schemas.keys()].sort()).toEqual([...STRUCTURED].sort())
    for (const schema of schemas.values()) expect(schema.type).toBe('object')
  })

  it('the schemas are strict: a twin with an extra or a missing field fails them', () => {
    const v = ajv.getValidator(schemas.get('kb_propose')!)
    expect(v({ id: 'prop-x', path: 'p', base: 'b', status: 'pending' }).valid).toBe(true)
    expect(v({ id: 'prop-x', path: 'p', base: 'b', status: 'pending', extra: 1 }).valid).toBe(false)
    expect(v({ id: 'prop-x', path: 'p', base: 'b' }).valid).toBe(false)
    expect(v({ id: 'prop-x', path: 'p', base: 'b', status: 'accepted' }).valid).toBe(false)
  })

  it('kb_list: one entry per base block of the text, the concerns the text lists', async () => {
    const { text, data } = await twin('kb_list', {})
    const bases = data.bases as { name: string; documents: number; pending: number; version?: string }[]
    expect(bases.map((b) => b.name)).toEqual(['alpha', 'bavarde', 'beta', 'phoenix', 'volumineux'])
    for (const b of bases)
      expect(text).toContain(`documents : ${b.documents} | propositions en attente : ${b.pending}`)
    expect(bases.find((b) => b.name === 'phoenix')!.version).toBeUndefined()
    expect(data).toMatchObject({
      include_pending_concerns: false,
      pending_concerns: [],
      truncated: false,
      omitted: 0
    })
    const withConcerns = await twin('kb_list', { include_pending_concerns: true })
    const concerns = withConcerns.data.pending_concerns as {
      base: string
      id: string
      type: string
      concerns: string
    }[]
    expect(withConcerns.data.truncated).toBe(true)
    const omitted = withConcerns.data.omitted as number
    expect(withConcerns.text).toContain(`[résultats tronqués, ${omitted} élément(s) omis`)
    expect(concerns.length).toBeGreaterThan(0)
    for (const c of concerns) expect(withConcerns.text).toContain(`- ${c.id} (${c.type}) — ${c.concerns}`)
    const lines = withConcerns.text.split('\n').filter((l) => /^- .+ \(.+\) — /.test(l))
    expect(lines).toHaveLength(concerns.length)
  })

  it('kb_search: results and excerpts as the text shows them, single and multi-base', async () => {
    const one = await twin('kb_search', { base: 'alpha', query: 'réauthentifier' })
    expect(one.data).toMatchObject({
      query: 'réauthentifier',
      mode: 'keyword',
      bases: ['alpha'],
      total: 1,
      truncated: false
    })
    const r = (
      one.data.groups as {
        results: {
          path: string
          title: string
          frontmatter: string
          excerpts: { start: number; end: number; section: string; lines: string[] }[]
        }[]
      }[]
    )[0].results[0]
    expect(r).toMatchObject({ path: 'sso.md', title: 'Procédure de reconnexion SSO', reserved: false })
    expect(one.text).toContain(`frontmatter : ${r.frontmatter}`)
    const ex = r.excerpts[0]
    expect(one.text).toContain(`  L${ex.start}-${ex.end} § ${ex.section}`)
    expect(ex.section).toBe('reconnexion')
    for (const l of ex.lines) expect(one.text).toContain(`| ${l}`)

    const multi = await twin('kb_search', { base: '*', query: 'reconnexion' })
    const groups = multi.data.groups as { base: string; partial: boolean; results: { path: string }[] }[]
    expect(multi.data.bases).toEqual(['alpha', 'bavarde', 'beta', 'phoenix', 'volumineux'])
    expect(multi.data.total).toBe(groups.reduce((n, g) => n + g.results.length, 0))
    expect(
      multi.text.startsWith(`${multi.data.total as number} résultat(s) dans 5 base(s) pour : reconnexion`)
    ).toBe(true)
    for (const g of groups.filter((x) => x.results.length > 0))
      expect(multi.text).toContain(`## Base : ${g.base}`)

    const partial = await twin('kb_search', { base: 'alpha', query: 'seulement panne-inexistante' })
    expect((partial.data.groups as { partial: boolean }[])[0].partial).toBe(true)
    const none = await twin('kb_search', { base: 'alpha', query: 'zzzintrouvable', mode: 'regex' })
    expect(none.data).toMatchObject({ mode: 'regex', total: 0, truncated: false })
  })

  it('kb_search: a truncated text has a twin cut at the same result', async () => {
    const { text, data } = await twin('kb_search', { base: 'volumineux', query: 'mot', max_results: 25 })
    expect(data.truncated).toBe(true)
    const shown = (data.groups as { results: { path: string }[] }[])[0].results
    expect(text.match(/^### /gm)).toHaveLength(shown.length)
    expect(shown.length + (data.omitted as number)).toBe(25)
    for (const d of shown) expect(text).toContain(`### ${d.path} — `)
  })

  it('kb_proposal_status: the entries, their location as status, the notes as counts', async () => {
    const { text, data } = await twin('kb_proposal_status', { base: 'alpha', submitted_by: 'human:morva' })
    expect(data).toMatchObject({
      base: 'alpha',
      filters: { submitted_by: 'human:morva' },
      limit: 20,
      total: 4,
      not_listed: 0
    })
    const ps = data.proposals as {
      id: string
      status: string
      declared_status: string | null
      integrated_into: string[] | null
    }[]
    expect(ps.map((p) => [p.id, p.status])).toEqual([
      ['prop-2026-08-30-aaaa', 'pending'],
      ['prop-2026-08-29-bbbb', 'accepted'],
      ['prop-2026-08-28-cccc', 'rejected'],
      ['prop-2026-08-27-dddd', 'accepted']
    ])
    for (const p of ps) expect(text).toContain(`### ${p.id} — ${p.status}`)
    expect(ps[1].integrated_into).toEqual(['sso.md', 'procedures/reseau.md'])
    expect(ps[3].declared_status).toBe('pending')
    const limited = await twin('kb_proposal_status', { base: 'alpha', submitted_by: 'human:morva', limit: 1 })
    expect(limited.data).toMatchObject({ total: 4, not_listed: 3 })
    const empty = await twin('kb_proposal_status', { base: 'alpha', submitted_by: 'personne' })
    expect(empty.data).toMatchObject({ total: 0, proposals: [], unreadable: 1 })
    const cut = await twin('kb_proposal_status', { base: 'bavarde', submitted_by: 'agent/bavard', limit: 50 })
    expect(cut.data.truncated).toBe(true)
    expect((cut.data.proposals as unknown[]).length + (cut.data.omitted as number)).toBe(50)
    expect(cut.text.match(/^### /gm)).toHaveLength((cut.data.proposals as unknown[]).length)
  })

  it('kb_propose: id, path, base and pending, the same as the text', async () => {
    const { text, data } = await twin('kb_propose', {
      base: 'beta',
      type: 'question',
      concerns: 'quel port pour bdd-ext ?',
      content: 'Le port n’est documenté nulle part.',
      sources: ['beta:/env/bdd.md'],
      confidence: 'low',
      submitted_by: 'claude-code/test'
    })
    expect(data.status).toBe('pending')
    expect(data.base).toBe('beta')
    expect(text).toContain(`id : ${data.id as string}\nchemin : ${data.path as string}\nbase : beta`)
  })

  it('kb_hub_rescan: the report as lists', async () => {
    const { data } = await twin('kb_hub_rescan', {})
    expect(data).toMatchObject({
      bases: ['alpha', 'bavarde', 'beta', 'phoenix', 'volumineux'],
      added: [],
      removed: [],
      collisions: [{ name: 'alpha', kept: 'alpha', ignored: 'zzz-doublon' }],
      warnings: [
        {
          base: 'phoenix',
          warning: "bundle-spec '9.9' différent de la version supportée '0.1' — chargement tenté et réussi"
        }
      ]
    })
    expect((data.invalid as { dir: string }[]).map((i) => i.dir)).toEqual(['yaml-casse'])
  })

  it('errors keep isError and their text, with no structuredContent', async () => {
    for (const [name, args] of [
      ['kb_search', { base: 'inconnue', query: 'x' }],
      ['kb_list', { include_pending_concerns: 1 }],
      ['kb_proposal_status', { base: 'alpha' }],
      ['kb_propose', { base: 'alpha' }]
    ] as const) {
      const r = await s.client.callTool({ name, arguments: args })
      expect(r.isError).toBe(true)
      expect((r.content as { text: string }[])[0].text).toMatch(/^ERROR: [A-Z_]+: /)
      expect(r.structuredContent).toBeUndefined()
    }
  })
})
