import { afterAll, describe, expect, it } from 'vitest'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { connect, hubEnv } from './helpers/mcp'

/**
 * The one argument rule (src/mcp/args.ts), checked through the real server for
 * every tool × every parameter × every wrong kind. The table is derived from the
 * inputSchema that tools/list announces, so a new parameter, or a new bound on
 * one, gets its cases without anyone writing them; a schema construct this file
 * does not know fails the collection instead of being skipped.
 */

/** Distinctive values: none of them may ever be echoed in a message. */
const SENTINEL = 'ZZSENTINEL'
const BIG = 987654321
const NEVER_ECHOED = [SENTINEL, String(BIG), '1e+300', '1.5']

interface Schema {
  type?: string
  anyOf?: Schema[]
  items?: Schema
  enum?: string[]
  minimum?: number
  maximum?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  default?: unknown
  description?: string
}

interface ToolSchema {
  type: 'object'
  properties: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean
}

const dir = tempDir()
makeBundle(dir, 'alpha', {
  files: { 'knowledge/doc.md': '# Doc\n\nIntro.\n\n## Partie\n\ntexte reconnexion\n' }
})
const s = await connect(hubEnv(dir))
const { tools } = await s.client.listTools()

const PROPOSAL = {
  base: 'alpha',
  type: 'observation',
  concerns: 'un sujet',
  content: 'un contenu',
  sources: ['https://exemple.test/source'],
  confidence: 'medium',
  submitted_by: 'human:table'
}
// Filed once, so that kb_proposal_status can be called with every parameter.
const filed = await s.call('kb_propose', PROPOSAL)
const proposalId = /^id : (\S+)$/m.exec(filed.text)?.[1] ?? ''

/** Per tool: the fewest valid arguments (the base of every case), then every parameter valid. */
const VALID: Record<string, { minimal: Record<string, unknown>; full: Record<string, unknown> }> = {
  kb_list: { minimal: {}, full: { include_pending_concerns: true } },
  kb_search: {
    minimal: { base: 'alpha', query: 'reconnexion' },
    full: { base: ['alpha'], query: 'reconnexion', mode: 'regex', max_results: 3 }
  },
  kb_read: {
    minimal: { base: 'alpha', path: 'doc.md' },
    full: { base: 'alpha', path: 'doc.md', section: 'Partie', force: true }
  },
  kb_governance: { minimal: { base: 'alpha' }, full: { base: 'alpha' } },
  kb_propose: { minimal: PROPOSAL, full: PROPOSAL },
  kb_proposal_status: {
    minimal: { base: 'alpha', submitted_by: 'human:table' },
    full: { base: 'alpha', id: proposalId, submitted_by: 'human:table', status: 'pending', limit: 5 }
  },
  kb_hub_rescan: { minimal: {}, full: {} }
}

const ABSENT = Symbol('absent')

interface Case {
  tool: string
  param: string
  kind: string
  value: unknown
  /** The cause the message must name, after `paramètre '<at>' `. */
  cause: string
  /** The element at fault, when it is one (`sources[1]`). */
  at?: string
}

const SAMPLES: Record<string, unknown> = {
  number: BIG,
  boolean: true,
  array: [SENTINEL],
  object: { [SENTINEL]: SENTINEL },
  string: SENTINEL
}

/** JSON types a schema accepts at all (an integer is a JSON number). */
function accepted(sc: Schema): string[] {
  if (sc.anyOf) return sc.anyOf.flatMap(accepted)
  switch (sc.type) {
    case 'string':
    case 'boolean':
    case 'array':
      return [sc.type]
    case 'integer':
      return ['number']
    default:
      throw new Error(
        `schema not covered by this table: ${JSON.stringify(sc)} — extend mcp-arguments.test.ts`
      )
  }
}

/** Cases of a list (the `array` schema, or kb_search's list branch) and of its elements. */
function listCases(tool: string, param: string, sc: Schema, validItem: unknown): Case[] {
  const out: Case[] = []
  const at = `${param}[1]`
  if ((sc.minItems ?? 0) > 0) out.push({ tool, param, kind: '[]', value: [], cause: 'reçu vide' })
  if (sc.maxItems !== undefined) {
    const n = sc.maxItems + 1
    out.push({
      tool,
      param,
      kind: `${n} éléments`,
      value: Array.from({ length: n }, () => SENTINEL),
      cause: `reçu avec trop d'éléments (${n})`
    })
  }
  const item = sc.items ?? {}
  if (item.type !== 'string') throw new Error(`list items not covered: ${JSON.stringify(item)}`)
  const bad: [string, unknown, string][] = [
    ['élément null', null, 'reçu null'],
    ['élément ""', '', 'reçu vide'],
    ['élément "   "', '   ', 'reçu vide'],
    ['élément number', BIG, 'reçu de type number'],
    ['élément boolean', true, 'reçu de type boolean'],
    ['élément array', [SENTINEL], 'reçu de type array'],
    ['élément object', { [SENTINEL]: 1 }, 'reçu de type object']
  ]
  if (item.maxLength !== undefined)
    bad.push([
      'élément trop long',
      SENTINEL.padEnd(item.maxLength + 1, 'z'),
      `reçu trop long (${item.maxLength + 1} caractères)`
    ])
  for (const [kind, v, cause] of bad) out.push({ tool, param, kind, value: [validItem, v], cause, at })
  return out
}

function casesFor(tool: string, schema: ToolSchema): Case[] {
  const out: Case[] = []
  const required = schema.required ?? []
  for (const [param, sc] of Object.entries(schema.properties)) {
    const types = accepted(sc)
    const push = (kind: string, value: unknown, cause: string): void => {
      out.push({ tool, param, kind, value, cause })
    }
    if (required.includes(param)) push('absent', ABSENT, 'absent')
    push('null', null, 'reçu null')
    const blank = types.includes('string') ? 'reçu vide' : 'reçu de type string'
    push('""', '', blank)
    push('"   "', '   ', blank)
    for (const [t, v] of Object.entries(SAMPLES))
      if (!types.includes(t)) push(`de type ${t}`, v, `reçu de type ${t}`)
    const branches = sc.anyOf ?? [sc]
    for (const b of branches) {
      if (b.type === 'integer') {
        if (b.minimum === undefined || b.maximum === undefined)
          throw new Error(`unbounded integer not covered: ${param}`)
        push('1.5', 1.5, 'reçu un nombre non entier')
        push('minimum - 1', b.minimum - 1, 'reçu hors bornes')
        push('maximum + 1', b.maximum + 1, 'reçu hors bornes')
        push('énorme', BIG, 'reçu hors bornes')
        push('1e300', 1e300, 'reçu hors bornes')
        push('très négatif', -BIG, 'reçu hors bornes')
      }
      if (b.type === 'string') {
        if (b.enum) push('hors énumération', SENTINEL, 'reçu hors énumération')
        if (b.maxLength !== undefined)
          push(
            'trop long',
            SENTINEL.padEnd(b.maxLength + 1, 'z'),
            `reçu trop long (${b.maxLength + 1} caractères)`
          )
      }
      if (b.type === 'array') {
        const full = VALID[tool].full[param]
        const validItem = Array.isArray(full) ? full[0] : VALID[tool].minimal[param]
        out.push(...listCases(tool, param, b, validItem))
      }
    }
  }
  return out
}

const CASES = tools.flatMap((t) => casesFor(t.name, t.inputSchema as ToolSchema))

function argsOf(c: Case): Record<string, unknown> {
  const args: Record<string, unknown> = { ...VALID[c.tool].minimal }
  if (c.value === ABSENT) delete args[c.param]
  else args[c.param] = c.value
  return args
}

const keysText = (args: Record<string, unknown>): string =>
  Object.keys(args).length === 0
    ? 'aucun paramètre reçu'
    : `paramètres reçus : ${Object.keys(args).join(', ')}`

describe('every tool × every parameter × every wrong kind → INVALID_INPUT (cause, received keys, no value)', () => {
  afterAll(async () => {
    await s.close()
    removeDir(dir)
  })

  it('the table covers every tool and every parameter tools/list announces', () => {
    expect(filed.isError).toBe(false)
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(VALID).sort())
    for (const t of tools) {
      const props = Object.keys((t.inputSchema as ToolSchema).properties)
      // `full` names every parameter: a new one needs a valid value here, and gets its cases.
      expect(Object.keys(VALID[t.name].full).sort(), t.name).toEqual([...props].sort())
      for (const p of props) {
        const kinds = CASES.filter((c) => c.tool === t.name && c.param === p).map((c) => c.kind)
        expect(kinds, `${t.name}.${p}`).toEqual(expect.arrayContaining(['null', '""', '"   "']))
      }
    }
    expect(CASES.length).toBeGreaterThan(150)
  })

  it.each(tools.flatMap((t) => [[t.name, 'minimal'] as const, [t.name, 'full'] as const]))(
    '%s with %s valid arguments succeeds',
    async (tool, which) => {
      const r = await s.call(tool, VALID[tool][which])
      expect(r.text.startsWith('ERROR:'), r.text).toBe(false)
      expect(r.isError).toBe(false)
    }
  )

  it.each(CASES.map((c) => [`${c.tool}.${c.param}`, c.kind, c] as const))('%s %s', async (_n, _k, c) => {
    const args = argsOf(c)
    const r = await s.call(c.tool, args)
    expect(r.isError, r.text).toBe(true)
    expect(r.text.startsWith(`ERROR: INVALID_INPUT: paramètre '${c.param}' `), r.text).toBe(true)
    expect(r.text).toMatch(/^ERROR: INVALID_INPUT: paramètre '[^']+' (requis|invalide) \(/)
    expect(r.text).toContain(` — paramètre '${c.at ?? c.param}' ${c.cause} ; `)
    expect(r.text.endsWith(` ; ${keysText(args)}`), r.text).toBe(true)
    for (const v of NEVER_ECHOED) expect(r.text).not.toContain(v)
  })

  it('the contract’s example, word for word, for a call without any argument', async () => {
    for (const tool of ['kb_read', 'kb_governance', 'kb_propose', 'kb_proposal_status'])
      expect((await s.call(tool, {})).text).toBe(
        "ERROR: INVALID_INPUT: paramètre 'base' requis (chaîne non vide) — paramètre 'base' absent ; aucun paramètre reçu"
      )
  })

  it('the measured defects: kb_read section 42, kb_propose without content', async () => {
    const read = await s.call('kb_read', { base: 'alpha', path: 'doc.md', section: 42 })
    expect(read.text).toBe(
      "ERROR: INVALID_INPUT: paramètre 'section' invalide (facultatif, chaîne non vide) — paramètre 'section' reçu de type number ; paramètres reçus : base, path, section"
    )
    const { content: _c, ...rest } = PROPOSAL
    expect((await s.call('kb_propose', rest)).text).toBe(
      "ERROR: INVALID_INPUT: paramètre 'content' requis (chaîne non vide) — paramètre 'content' absent ; paramètres reçus : base, type, concerns, sources, confidence, submitted_by"
    )
  })
})
