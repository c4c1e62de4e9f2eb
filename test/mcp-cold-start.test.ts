import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { ROOT, connect, hubEnv, type Connected, type HubEnv } from './helpers/mcp'

/**
 * What a host's start pays for (issue 30 §2, docs/PERFORMANCE.md « Cold start »), checked on the
 * built server as a host spawns it: the modules loaded up to the first `tools/list` leave out what
 * only a tool call needs, and those still load — and work — at that call. Every module the process
 * loads is written down by a `--require` preload (NODE_OPTIONS), in order, so the test reads which
 * were in before `tools/list` was answered and which came with each call — no timing involved.
 */

/** Loaded only by a call: its chunk must not be among the start's modules. */
const NOT_AT_START: [what: string, pattern: RegExp][] = [
  ['proper-lockfile (the base lock)', /\/chunks\/proper-lockfile-[\w-]+\.js$/],
  ['child_process (okf-hub lock)', /^node:child_process$/],
  ['isomorphic-git', /\/chunks\/isomorphic-git-[\w-]+\.js$/],
  ['the Streamable HTTP door', /\/chunks\/http-server-[\w-]+\.js$/]
]

const TRACER = `
const { appendFileSync } = require('node:fs')
const Module = require('node:module')
const load = Module._load
const seen = new Set()
Module._load = function (request, parent, isMain) {
  const id = request.startsWith('.') && parent ? require('node:path').resolve(require('node:path').dirname(parent.filename), request) : request
  if (!seen.has(id)) {
    seen.add(id)
    appendFileSync(process.env.OKF_TEST_MODULE_TRACE, id + '\\n')
  }
  return load.apply(this, arguments)
}
`

describe('MCP server — the cold start path', () => {
  const dirs: string[] = []
  let h: HubEnv
  let trace: string
  let s: Connected
  const loaded = (): string[] => readFileSync(trace, 'utf8').split('\n').filter(Boolean)

  beforeAll(async () => {
    const basesDir = tempDir()
    dirs.push(basesDir)
    makeBundle(basesDir, 'alpha', {
      files: { 'knowledge/sso.md': '# Procédure SSO\n\n## Reconnexion\n\nCliquer sur « réauthentifier ».\n' }
    })
    h = hubEnv(basesDir)
    dirs.push(h.userData)
    const tracer = join(h.userData, 'tracer.cjs')
    writeFileSync(tracer, TRACER)
    trace = join(h.userData, 'modules.txt')
    writeFileSync(trace, '')
    s = await connect(h, { NODE_OPTIONS: `--require ${tracer}`, OKF_TEST_MODULE_TRACE: trace })
  })
  afterAll(async () => {
    await s?.close()
    dirs.forEach(removeDir)
  })

  it('answers tools/list without loading what only a tool call needs', async () => {
    const { tools } = await s.client.listTools()
    expect(tools.map((t) => t.name)).toContain('kb_propose')
    const atStart = loaded()
    // The tracer saw the server itself: an empty list would prove nothing.
    expect(atStart.some((m) => m.endsWith('/mcp/server.js'))).toBe(true)
    for (const [what, pattern] of NOT_AT_START)
      expect(
        atStart.filter((m) => pattern.test(m)),
        `${what} loaded before tools/list`
      ).toEqual([])
  })

  it('loads the base lock at the first kb_propose, and the proposal is filed', async () => {
    const search = await s.call('kb_search', { base: 'alpha', query: 'réauthentifier' })
    expect(search.isError).toBe(false)
    expect(search.text).toContain('sso.md')
    const read = await s.call('kb_read', { base: 'alpha', path: 'sso.md' })
    expect(read.text).toContain('« réauthentifier »')
    const filed = await s.call('kb_propose', {
      base: 'alpha',
      type: 'observation',
      concerns: 'sso.md',
      content: 'La reconnexion demande aussi de vider le cache du navigateur.',
      sources: ['https://example.test/sso'],
      confidence: 'medium',
      submitted_by: 'agent/test'
    })
    expect(filed.isError, filed.text).toBe(false)
    expect(filed.text).toMatch(/id : prop-/)
    expect(loaded().some((m) => NOT_AT_START[0][1].test(m))).toBe(true)
  })
})

describe('the built main-process code', () => {
  it('is pure ASCII (one-byte source strings for V8), its French strings escaped, not lost', () => {
    const files: string[] = []
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true }))
        if (e.isDirectory()) walk(join(dir, e.name))
        else if (e.name.endsWith('.js')) files.push(join(dir, e.name))
    }
    walk(join(ROOT, 'out/main'))
    expect(files.length).toBeGreaterThan(5)
    for (const f of files)
      expect(
        readFileSync(f).some((byte) => byte > 0x7f),
        `${f} holds a non-ASCII character`
      ).toBe(false)
    // The contract's French reaches the wire intact (the golden test compares every tool's text
    // byte for byte); here, the entry's own messages, escaped in the file, are the same strings to V8.
    const entry = readFileSync(join(ROOT, 'out/main/mcp/server.js'), 'utf8')
    const literals = [...entry.matchAll(/`okf-hub: ([^`$]*)\$\{/g)].map((m) => m[1])
    expect(literals).toContain('\\u00E9chec du serveur : ')
    expect(literals.map((l) => JSON.parse(`"${l}"`) as string)).toContain('échec du serveur : ')
    expect(literals.map((l) => JSON.parse(`"${l}"`) as string)).toContain('démarrage rapide impossible (')
  })
})
