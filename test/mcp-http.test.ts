import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema
} from '@modelcontextprotocol/sdk/types.js'
import { makeBundle, removeDir, tempDir, waitFor } from './helpers/fixtures'
import { buildHubFixture } from './helpers/hub-fixture'
import { assertBuilt, CLI_JS, hubEnv, type HubEnv } from './helpers/mcp'

/**
 * `okf-hub serve --http`: the whole surface through the SDK's own Streamable HTTP client, and the
 * door's refusals (token, Origin, Host, body size) with raw requests.
 */

interface Running {
  child: ChildProcess
  url: string
  port: number
  stderr: () => string
  stop(): Promise<number | null>
}

async function startDoor(h: HubEnv, env: Record<string, string> = {}): Promise<Running> {
  assertBuilt()
  const child = spawn(process.execPath, [CLI_JS, 'serve', '--http', '--port', '0'], {
    env: { ...h.env, ...env },
    cwd: '/',
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let err = ''
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  // The address and the token come in two writes: wait for both lines (a busy machine delivered
  // the first alone, and the token was read from half the output).
  await waitFor(
    () => /sur (http:\/\/127\.0\.0\.1:\d+\/mcp)\n[\s\S]*jeton[^\n]*\n/.test(err) || child.exitCode !== null
  )
  const url = /sur (http:\/\/127\.0\.0\.1:(\d+)\/mcp)\n/.exec(err)
  if (!url) throw new Error(`door did not start: ${err}`)
  return {
    child,
    url: url[1],
    port: Number(url[2]),
    stderr: () => err,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', (code) => resolve(code))
        child.kill('SIGTERM')
      })
  }
}

interface RawAnswer {
  status: number
  body: string
  headers: Record<string, string | string[] | undefined>
}

/** A raw request, headers as given (Host included): what a browser page or another program could send. */
function raw(
  port: number,
  opts: {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
    /** For a stream the server keeps open: answer once the body holds this text. */
    closeAfter?: string
  }
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'POST',
        path: opts.path ?? '/mcp',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...opts.headers
        }
      },
      (res) => {
        let body = ''
        res.on('data', (d: Buffer) => {
          body += d.toString()
          if (opts.closeAfter !== undefined && body.includes(opts.closeAfter)) {
            resolve({ status: res.statusCode ?? 0, body, headers: res.headers })
            req.destroy()
          }
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
      }
    )
    req.on('error', reject)
    req.end(opts.body)
  })
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } }
})

const TOKEN = 'jeton-de-test-fixe-0123456789abcdef'

describe('okf-hub serve --http: the whole surface through the SDK client', () => {
  let dir: string
  let h: HubEnv
  let door: Running
  let client: Client
  const seen = { tools: 0, resources: 0, updated: [] as string[] }

  beforeAll(async () => {
    dir = tempDir()
    buildHubFixture(dir)
    h = hubEnv(dir, { defaultBases: true })
    door = await startDoor(h, { OKF_HUB_HTTP_TOKEN: TOKEN })
    client = new Client({ name: 'okf-http-test', version: '0.0.0' })
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => void seen.tools++)
    client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => void seen.resources++)
    client.setNotificationHandler(
      ResourceUpdatedNotificationSchema,
      async (n) => void seen.updated.push(n.params.uri)
    )
    await client.connect(
      new StreamableHTTPClientTransport(new URL(door.url), {
        requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } }
      })
    )
  })

  afterAll(async () => {
    await client?.close()
    if (door) expect(await door.stop()).toBe(0)
    removeDir(dir)
  })

  it('prints the URL, and not a token it did not generate', () => {
    expect(door.stderr()).toContain(
      `okf-hub : serveur MCP (Streamable HTTP) sur http://127.0.0.1:${door.port}/mcp`
    )
    expect(door.stderr()).toContain('jeton : celui de OKF_HUB_HTTP_TOKEN')
    expect(door.stderr()).not.toContain(TOKEN)
  })

  it('tools: the same seven, the same texts, the structured twins', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual([
      'kb_list',
      'kb_search',
      'kb_read',
      'kb_governance',
      'kb_propose',
      'kb_proposal_status',
      'kb_hub_rescan'
    ])
    const search = await client.callTool({
      name: 'kb_search',
      arguments: { base: 'alpha', query: 'réauthentifier' }
    })
    const golden = readFileSync(join(__dirname, 'golden', 'kb_search.txt'), 'utf8')
    const block = golden
      .split('\n=== ')
      .find((b) => b.startsWith('kb_search {"base":"alpha","query":"réauthentifier"}'))!
    const expected = block.split('\n').slice(2).join('\n').replace(/\n$/, '')
    expect((search.content as { text: string }[])[0].text).toBe(expected)
    expect(search.structuredContent).toMatchObject({ total: 1, bases: ['alpha'] })
    const err = await client.callTool({ name: 'kb_read', arguments: { base: 'alpha', path: '../x' } })
    expect(err.isError).toBe(true)
    expect((err.content as { text: string }[])[0].text).toBe(
      "ERROR: NOT_FOUND: chemin '../x' hors du corpus de la base 'alpha'"
    )
    const filed = await client.callTool({
      name: 'kb_propose',
      arguments: {
        base: 'beta',
        type: 'observation',
        concerns: 'déposé par HTTP',
        content: 'contenu',
        sources: ['test http'],
        confidence: 'low',
        submitted_by: 'process:test-http'
      }
    })
    expect(filed.isError).not.toBe(true)
    expect(filed.structuredContent).toMatchObject({ base: 'beta', status: 'pending' })
  })

  it('resources: list, template, completion, read, refusal', async () => {
    const list = await client.listResources()
    expect(list.resources.map((r) => r.uri)).toContain('okf://alpha/sso.md')
    expect((await client.listResourceTemplates()).resourceTemplates[0].uriTemplate).toBe(
      'okf://{base}/{+path}'
    )
    const c = await client.complete({
      ref: { type: 'ref/resource', uri: 'okf://{base}/{+path}' },
      argument: { name: 'path', value: 'procedures/' },
      context: { arguments: { base: 'alpha' } }
    })
    expect(c.completion.values).toEqual(['procedures/reseau.md', 'procedures/vpn.md'])
    const read = await client.readResource({ uri: 'okf://alpha/procedures/reseau.md' })
    expect(read.contents[0]).toMatchObject({
      mimeType: 'text/markdown',
      text: '# Réseau\n\n## Proxy\n\nLe proxy est en 3128.\n'
    })
    await expect(client.readResource({ uri: 'okf://alpha/fuite.md' })).rejects.toMatchObject({ code: -32002 })
  })

  it('prompts: list, get with arguments from the served guide, completion', async () => {
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['consulter', 'contribuer'])
    const p = await client.getPrompt({ name: 'contribuer', arguments: { base: 'alpha', sujet: 'proxy' } })
    expect((p.messages[0].content as { text: string }).text).toContain('--- okf-hub-guide:/proposer.md ---')
    const c = await client.complete({
      ref: { type: 'ref/prompt', name: 'consulter' },
      argument: { name: 'base', value: 'b' }
    })
    expect(c.completion.values).toEqual(['beta'])
  })

  it('notifications reach the client over the session stream: list_changed, resources/updated', async () => {
    await client.subscribeResource({ uri: 'okf://alpha/a.md' })
    const tools0 = seen.tools
    const res0 = seen.resources
    makeBundle(dir, 'par-http', { title: 'Base par HTTP' })
    writeFileSync(join(dir, 'alpha', 'knowledge', 'a.md'), '# A\n\nmodifié.\n')
    await waitFor(
      () => seen.tools > tools0 && seen.resources > res0 && seen.updated.includes('okf://alpha/a.md')
    )
    const { tools } = await client.listTools()
    expect(tools[0].description).toContain('- par-http — Base par HTTP')
  })
})

describe('okf-hub serve --http: refusals', () => {
  let dir: string
  let h: HubEnv
  let door: Running
  let token: string

  beforeAll(async () => {
    dir = tempDir()
    makeBundle(dir, 'alpha')
    h = hubEnv(dir)
    door = await startDoor(h)
    const m = /jeton de cette session \(en-tête Authorization: Bearer …\) : (\S+)\n/.exec(door.stderr())
    if (!m) throw new Error(door.stderr())
    token = m[1]
  })

  afterAll(async () => {
    if (door) expect(await door.stop()).toBe(0)
    removeDir(dir)
  })

  const auth = (): Record<string, string> => ({ Authorization: `Bearer ${token}` })

  it('a generated token is printed on stderr once, long and random, and never logged', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const ok = await raw(door.port, { headers: auth(), body: INITIALIZE })
    expect(ok.status).toBe(200)
    expect(ok.headers['mcp-session-id']).toBeTruthy()
    expect(readFileSync(h.logFile, 'utf8')).not.toContain(token)
  })

  it('no token, a wrong token, another scheme: 401 with WWW-Authenticate', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { Authorization: 'Bearer mauvais-jeton' },
      { Authorization: `Basic ${token}` },
      { Authorization: `Bearer ${token}x` }
    ]) {
      const r = await raw(door.port, { headers, body: INITIALIZE })
      expect(r.status).toBe(401)
      expect(r.headers['www-authenticate']).toBe('Bearer realm="okf-hub"')
      expect(JSON.parse(r.body).error.message).toContain('jeton requis')
    }
  })

  it('a foreign Origin is refused (403), even with the token; a loopback Origin of this port is fine', async () => {
    const r = await raw(door.port, {
      headers: { ...auth(), Origin: 'https://evil.example' },
      body: INITIALIZE
    })
    expect(r.status).toBe(403)
    const other = await raw(door.port, {
      headers: { ...auth(), Origin: 'http://127.0.0.1:1' },
      body: INITIALIZE
    })
    expect(other.status).toBe(403)
    const own = await raw(door.port, {
      headers: { ...auth(), Origin: `http://localhost:${door.port}` },
      body: INITIALIZE
    })
    expect(own.status).toBe(200)
  })

  it('a foreign Host (DNS rebinding) is refused (421), even with the token', async () => {
    const r = await raw(door.port, {
      headers: { ...auth(), Host: `evil.example:${door.port}` },
      body: INITIALIZE
    })
    expect(r.status).toBe(421)
    const wrongPort = await raw(door.port, { headers: { ...auth(), Host: '127.0.0.1:80' }, body: INITIALIZE })
    expect(wrongPort.status).toBe(421)
  })

  it('an oversized body is refused (413) before any parse', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
      params: { x: 'x'.repeat(1024 * 1024 + 10) }
    })
    const r = await raw(door.port, { headers: auth(), body: big })
    expect(r.status).toBe(413)
    expect(JSON.parse(r.body).error.message).toContain('requête trop volumineuse (plus de 1048576 octets)')
  })

  it('event streams open with a priming event and a retry field; a cut stream is resumed from Last-Event-ID', async () => {
    const init = (version: string) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '0' } }
      })
    const opened = await raw(door.port, { headers: auth(), body: init('2025-11-25') })
    expect(opened.status).toBe(200)
    expect(opened.body).toMatch(/^id: \S+\nretry: 1000\ndata: \n\n/)
    const session = String(opened.headers['mcp-session-id'])
    const headers = { ...auth(), 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' }
    const listed = await raw(door.port, {
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })
    })
    const priming = /^id: (\S+)\nretry: 1000\ndata: \n\n/.exec(listed.body)
    expect(priming).not.toBeNull()
    expect(listed.body).toContain('"kb_list"')
    // Resumed after the priming event: the answer of that stream is replayed.
    const resumed = await raw(door.port, {
      method: 'GET',
      headers: { ...headers, Accept: 'text/event-stream', 'last-event-id': priming![1] },
      closeAfter: '"kb_list"'
    })
    expect(resumed.status).toBe(200)
    expect(resumed.body).toContain('"id":2')
    // A client of 2025-06-18 cannot read an empty event: none is sent to it.
    const old = await raw(door.port, { headers: auth(), body: init('2025-06-18') })
    expect(old.body.startsWith('event: message\n')).toBe(true)
  })

  it('malformed JSON is a JSON-RPC parse error; an unknown session is 404; other paths are 404', async () => {
    const bad = await raw(door.port, {
      headers: auth(),
      body: '{"jsonrpc": "2.0", "id": 1, "method": "tools/list"'
    })
    expect(bad.status).toBe(400)
    expect(JSON.parse(bad.body).error.code).toBe(-32700)
    const unknown = await raw(door.port, {
      headers: { ...auth(), 'mcp-session-id': 'inconnue' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })
    })
    expect(unknown.status).toBe(404)
    const noSession = await raw(door.port, {
      headers: auth(),
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })
    })
    expect(noSession.status).toBe(400)
    expect((await raw(door.port, { path: '/', method: 'GET', headers: auth() })).status).toBe(404)
  })

  it('a chosen token too short is refused at start (exit 2), without serving', () => {
    const r = spawnSync(process.execPath, [CLI_JS, 'serve', '--http', '--port', '0'], {
      env: { ...h.env, OKF_HUB_HTTP_TOKEN: 'court' },
      encoding: 'utf8',
      timeout: 15_000
    })
    expect(r.status).toBe(2)
    expect(r.stderr).toContain('OKF_HUB_HTTP_TOKEN trop court (16 caractères au moins)')
    expect(r.stderr).not.toContain('court\n')
  })

  it('--port without --http is a usage error', () => {
    const r = spawnSync(process.execPath, [CLI_JS, 'serve', '--port', '8000'], {
      env: h.env,
      encoding: 'utf8',
      timeout: 15_000
    })
    expect(r.status).toBe(64)
    expect(r.stderr).toContain('--port ne vaut qu’avec --http')
  })
})
