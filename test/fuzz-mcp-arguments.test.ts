import { afterAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { CallToolResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { connect, hubEnv } from './helpers/mcp'
import { assertOnlyProposals, snapshot } from './helpers/repo-invariants'
import { parsePlan } from '../src/engine/review/plan'

/**
 * Property-based arguments for every tool tools/list announces, against the real server over
 * stdio (one process for the whole file). Each parameter is absent, valid, of a wrong JSON type,
 * or a string built from hostile pieces (NUL, lone surrogates, RTL marks, combining characters,
 * 4-byte emoji, U+2028/U+2029, control characters, huge); unknown keys are added, some named
 * like prototype members. test/mcp-arguments.test.ts pins each refusal's exact text; this file
 * asserts what must hold for any input at all:
 *  - every call is answered within CALL_BOUND_MS, and the process is alive at the end;
 *  - every answer is a success (no `ERROR:` text) or `isError` with `ERROR: <CODE>: ` where CODE
 *    is one the contract lists — and never IO_ERROR, which means a real failure (arguments alone
 *    cannot cause one; an unexpected exception would surface as one);
 *  - INVALID_INPUT never echoes a value (every hostile string carries MARK; ripgrep's own message
 *    for an invalid regex is the contract's one exception, so a regex query is exempt);
 *  - both bases are byte-identical afterwards except for the proposals that succeeded: one commit
 *    each adding one file under proposals/pending/.
 */

const MARK = 'QZ7MARK'
const CALL_BOUND_MS = 20_000
const CODES = ['UNKNOWN_BASE', 'NOT_FOUND', 'INVALID_INPUT', 'BASE_BUSY', 'IO_ERROR']

const dir = tempDir()
const layout = {
  'knowledge/doc.md': '# Doc\n\nIntro.\n\n## Partie\n\ntexte reconnexion\n',
  'knowledge/sous/é-😀.md':
    '---\ntitle: "Émoji"\ntags: [a]\n---\n# Émoji\n\n## Section ü\n\nreconnexion ici\n',
  'proposals/pending/.gitkeep': '',
  'proposals/accepted/.gitkeep': '',
  'proposals/rejected/.gitkeep': ''
}
const roots = {
  alpha: makeBundle(dir, 'alpha', { files: layout }),
  beta: makeBundle(dir, 'beta', { files: layout })
}
const before = { alpha: snapshot(roots.alpha), beta: snapshot(roots.beta) }
const s = await connect(hubEnv(dir))
const pid = (s.client.transport as { pid?: number | null } | undefined)?.pid ?? null
const { tools } = await s.client.listTools()

/** Valid values per parameter (any tool): the calls that go deep, not only the refusals. */
const VALID: Record<string, unknown[]> = {
  base: ['alpha', 'beta', ' alpha '],
  include_pending_concerns: [true, false],
  query: ['reconnexion', 'texte intro', 'reconn[a-z]+', 'émoji ü'],
  mode: ['keyword', 'regex'],
  max_results: [1, 8, 25],
  path: ['doc.md', 'sous/é-😀.md', './doc.md', 'sous//é-😀.md'],
  section: ['Partie', '§ partie', 'section u', 'Doc'],
  force: [true, false],
  type: ['correction', 'observation', 'addition'],
  concerns: ['un sujet', 'procédure de reconnexion'],
  content: ['un contenu', '# Titre\n\ntexte\n'],
  sources: [['https://exemple.test/a'], ['a', 'b']],
  confidence: ['low', 'medium', 'high'],
  submitted_by: ['human:fuzz', 'agent:x'],
  id: ['prop-2026-01-01-abcd'],
  status: ['pending', 'accepted', 'rejected'],
  limit: [1, 5]
}
/** kb_search's `base` also takes a list or "*". */
const SEARCH_BASES = ['*', ['alpha', 'beta'], ['alpha', 'alpha']]

const HOSTILE = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  'a\uDC00b',
  '\u202E\u200F\u061C',
  'e\u0301\u0308\u20DD',
  '😀👩‍👩‍👧',
  '\u2028',
  '\u2029',
  '\r\n',
  '\n',
  '\t\u000b\u001b[31m',
  '../',
  '..\\..\\',
  '%2e%2e/',
  '${x}',
  '{{x}}',
  '\'"`',
  '\uFEFF',
  '\uFFFF',
  'ＡＬＰＨＡ',
  '*',
  ' '
]

/** A string that is never blank and always carries MARK. */
const hostileString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...HOSTILE),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom(...HOSTILE),
    fc.constantFrom('', '', '', 'x'.repeat(70_000))
  )
  .map(([a, b, c, huge]) => `${a}${b}${MARK}${c}${huge}`)

const jsonLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 0.5),
  hostileString
)
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    jsonLeaf,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('v'), { maxKeys: 3 })
  )
})).v

const ABSENT = Symbol('absent')
const UNKNOWN_KEYS = ['extra', 'BASE', 'base ', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '']

function paramArb(tool: string, param: string): fc.Arbitrary<unknown> {
  const valid = [...(VALID[param] ?? []), ...(tool === 'kb_search' && param === 'base' ? SEARCH_BASES : [])]
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(ABSENT) },
    { weight: 4, arbitrary: fc.constantFrom(...valid) },
    { weight: 3, arbitrary: hostileString },
    { weight: 2, arbitrary: jsonValue },
    { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, fc.constantFrom(...valid)), { maxLength: 12 }) }
  )
}

/**
 * Every parameter valid but one, which gets a hostile string: the calls that reach the engine
 * (a kb_propose with every other field right files a proposal with that string in it).
 */
function oneHostileArb(tool: string, params: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.tuple(...params.map((p) => fc.constantFrom(...(VALID[p] ?? [])))),
      fc.constantFrom(...params),
      hostileString,
      fc.boolean()
    )
    .map(([values, target, hostile, asList]) => {
      const args: Record<string, unknown> = Object.fromEntries(params.map((p, i) => [p, values[i]]))
      const v = args[target]
      args[target] =
        Array.isArray(v) || (asList && tool === 'kb_search' && target === 'base') ? [hostile] : hostile
      return args
    })
}

function argsArb(tool: string, params: string[]): fc.Arbitrary<Record<string, unknown>> {
  if (params.length === 0) return fuzzArb(tool, params)
  return fc.oneof(
    fuzzArb(tool, params),
    oneHostileArb(tool, params),
    fc.constant(Object.fromEntries(params.map((p) => [p, VALID[p][0]])))
  )
}

function fuzzArb(tool: string, params: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.tuple(...params.map((p) => paramArb(tool, p))),
      fc.array(fc.tuple(fc.constantFrom(...UNKNOWN_KEYS), jsonValue), { maxLength: 2 })
    )
    .map(([values, extra]) => {
      const args: Record<string, unknown> = {}
      params.forEach((p, i) => {
        if (values[i] !== ABSENT) args[p] = values[i]
      })
      // defineProperty: `args['__proto__'] = v` would set the prototype, not send a key.
      for (const [k, v] of extra)
        Object.defineProperty(args, k, { value: v, enumerable: true, writable: true, configurable: true })
      return args
    })
}

/** Every string in a value, recursively, keys included. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v)
  else if (Array.isArray(v)) for (const x of v) strings(x, out)
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.push(k)
      strings(x, out)
    }
  return out
}

const PROPOSAL = {
  base: 'alpha',
  type: 'observation',
  concerns: 'un sujet',
  content: 'un contenu',
  sources: ['https://exemple.test/a'],
  confidence: 'low',
  submitted_by: 'human:fuzz'
}

const proposed = { alpha: 0, beta: 0 }
const notes: string[] = []
const stats = { calls: 0, ok: 0, codes: {} as Record<string, number> }

async function callBounded(
  name: string,
  args: Record<string, unknown>
): Promise<{ text: string; isError: boolean }> {
  let timer: NodeJS.Timeout | undefined
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: no answer in ${CALL_BOUND_MS} ms`)), CALL_BOUND_MS)
  })
  try {
    return await Promise.race([s.call(name, args), bound])
  } finally {
    clearTimeout(timer)
  }
}

/** The properties every answer must have, whatever the arguments. */
function checkAnswer(
  name: string,
  args: Record<string, unknown>,
  r: { text: string; isError: boolean }
): void {
  stats.calls++
  if (!r.isError) {
    stats.ok++
    expect(r.text.startsWith('ERROR:'), r.text.slice(0, 300)).toBe(false)
    if (name === 'kb_propose') {
      const base = /^base : (\S+)$/m.exec(r.text)?.[1] as keyof typeof proposed | undefined
      expect(base && base in proposed, r.text).toBe(true)
      proposed[base!]++
    }
    return
  }
  const m = /^ERROR: ([A-Z_]+): /.exec(r.text)
  expect(m, r.text.slice(0, 300)).not.toBeNull()
  const code = m![1]
  expect(CODES).toContain(code)
  // Arguments alone never make a real failure: IO_ERROR here is an exception nobody planned for.
  expect(code, r.text.slice(0, 500)).not.toBe('IO_ERROR')
  stats.codes[code] = (stats.codes[code] ?? 0) + 1
  if (code === 'INVALID_INPUT') {
    // ripgrep's message for an invalid regex quotes the pattern: the contract wants it verbatim.
    const regexQuery = name === 'kb_search' && args.mode === 'regex' ? strings(args.query) : []
    if (!regexQuery.some((x) => x.includes(MARK)))
      expect(r.text, `INVALID_INPUT echoes a value: ${r.text.slice(0, 300)}`).not.toContain(MARK)
  }
}

describe('fuzzed arguments for every tool (fast-check, the real server over stdio)', () => {
  afterAll(async () => {
    await s.close()
    removeDir(dir)
  })

  it('every parameter tools/list announces has valid values here (a new one fails this file)', () => {
    expect(tools.length).toBe(7)
    for (const t of tools)
      for (const p of Object.keys((t.inputSchema as { properties: Record<string, unknown> }).properties))
        expect(VALID[p], `${t.name}.${p}`).toBeDefined()
  })

  it.each(tools.map((t) => [t.name, t] as const))(
    '%s: any arguments → a contract answer, in time, never echoing a value',
    async (name, tool) => {
      const params = Object.keys((tool.inputSchema as { properties: Record<string, unknown> }).properties)
      await fc.assert(
        fc.asyncProperty(argsArb(name, params), async (args) => {
          checkAnswer(name, args, await callBounded(name, args))
        }),
        { numRuns: name === 'kb_propose' ? 120 : 70, endOnFailure: true }
      )
    },
    180_000
  )

  it('unknown tool names, and arguments that are not an object', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (name) => {
        // A protocol error (-32602), not a tool result; the contract's words once, behind the
        // prefix the SDK's client adds to what it receives.
        const e = await callBounded(name, {}).then(
          () => null,
          (err: unknown) => err
        )
        expect(e).toBeInstanceOf(McpError)
        expect((e as McpError).code).toBe(-32602)
        expect((e as McpError).message).toBe(`MCP error -32602: NOT_FOUND: outil inconnu : ${name}`)
      }),
      { numRuns: 25 }
    )
    for (const bad of [[1, 2], 'texte', 42, true, null])
      for (const name of ['kb_read', 'kb_list']) {
        // The SDK's request schema refuses a non-object `arguments` (-32602) or our door reads none.
        const r = await s.client
          .request({ method: 'tools/call', params: { name, arguments: bad as never } }, CallToolResultSchema)
          .then(
            (x) => ({ ok: true as const, x }),
            (e: { code?: number; message?: string }) => {
              notes.push(`${name} ${JSON.stringify(bad)}: ${e.code} ${e.message}`)
              return { ok: false as const, code: e.code }
            }
          )
        if (r.ok) {
          const text = (r.x.content as { text: string }[]).map((c) => c.text).join('')
          checkAnswer(name, {}, { text, isError: r.x.isError === true })
        } else expect([-32602, -32603]).toContain(r.code)
      }
  })

  it('regressions: a NUL in a commit field or in a search query is INVALID_INPUT (it was a commit git fsck refuses, and an IO_ERROR quoting the query)', async () => {
    const head = snapshot(roots.alpha).head
    for (const [k, v] of [
      ['concerns', 'avant\u0000après'],
      ['submitted_by', 'human:\u0000x'],
      ['sources', ['a\u0000b']]
    ] as const) {
      const r = await s.call('kb_propose', { ...PROPOSAL, [k]: v })
      expect(r.text).toMatch(/^ERROR: INVALID_INPUT: .*caractère NUL/)
    }
    expect(snapshot(roots.alpha).head).toBe(head)
    for (const mode of ['keyword', 'regex']) {
      const r = await s.call('kb_search', { base: 'alpha', query: `re\u0000${MARK}`, mode })
      expect(r.text).toMatch(/^ERROR: INVALID_INPUT: paramètre 'query' invalide/)
      expect(r.text).not.toContain(MARK)
    }
    const plan = {
      summary: 'revue\u0000',
      reviewed_by: 'human:x',
      resolutions: [{ id: 'prop-2026-01-01-abcd', resolution: 'rejected', reason: 'non' }],
      edits: []
    }
    expect(() => parsePlan(plan)).toThrow(/caractère NUL/)
  })

  it('regressions: a control character in a commit field is INVALID_INPUT (an ANSI escape reached the terminal of whoever read git log or the inventory); a tab is kept', async () => {
    const head = snapshot(roots.alpha).head
    for (const [k, v, code] of [
      ['concerns', 'Titre \u001b[31mROUGE\u001b[0m', 'U+001B'],
      ['concerns', 'fenêtre \u001b]0;pwned\u0007', 'U+001B'],
      ['submitted_by', 'claude/\u009b32m', 'U+009B'],
      ['concerns', 'lu à l’envers \u202eevil', 'U+202E'],
      ['sources', ['https://x.example/\r\u001b[2K'], 'U+000D'],
      ['concerns', 'deux\u2028lignes', 'U+2028']
    ] as const) {
      const r = await s.call('kb_propose', { ...PROPOSAL, [k]: v })
      if (code === 'U+000D') expect(r.text).toMatch(/^ERROR: INVALID_INPUT: .*retour à la ligne/)
      else
        expect(r.text).toBe(
          `ERROR: INVALID_INPUT: le champ '${Array.isArray(v) ? 'sources[0]' : k}' ne doit pas contenir de caractère de contrôle (${code})`
        )
    }
    expect(snapshot(roots.alpha).head).toBe(head)
    const plan = {
      summary: 'revue \u001b[2J',
      reviewed_by: 'human:x',
      resolutions: [{ id: 'prop-2026-01-01-abcd', resolution: 'rejected', reason: 'non' }],
      edits: []
    }
    expect(() => parsePlan(plan)).toThrow(/summary ne doit pas contenir de caractère de contrôle \(U\+001B\)/)
    const tabbed = await s.call('kb_propose', { ...PROPOSAL, concerns: 'avec\tune tabulation' })
    expect(tabbed.isError).toBeFalsy()
    proposed.alpha++
  })

  it('afterwards: the process is alive and answers, the bases are as before but for the proposals filed', async () => {
    expect(pid).not.toBeNull()
    expect(() => process.kill(pid!, 0)).not.toThrow()
    expect(await s.text('kb_list', {})).toContain('## alpha')
    for (const b of ['alpha', 'beta'] as const) assertOnlyProposals(roots[b], before[b], proposed[b])
    // The generators reached both sides: successes, proposals filed, and each kind of refusal.
    expect(stats.ok).toBeGreaterThan(20)
    expect(proposed.alpha + proposed.beta).toBeGreaterThan(0)
    for (const code of ['INVALID_INPUT', 'NOT_FOUND', 'UNKNOWN_BASE'])
      expect(stats.codes[code] ?? 0, JSON.stringify(stats)).toBeGreaterThan(0)
    console.log(`fuzz-mcp-arguments: ${JSON.stringify({ ...stats, proposed })}\n${notes.join('\n')}`)
  })
})
