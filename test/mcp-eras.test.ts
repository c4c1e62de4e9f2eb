import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema
} from '@modelcontextprotocol/sdk/types.js'
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttp
} from '@modelcontextprotocol/client'
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio'
import { makeBundle, removeDir, tempDir, waitFor } from './helpers/fixtures'
import { assertBuilt, CLI_JS, SERVER_JS, hubEnv, type HubEnv } from './helpers/mcp'

/**
 * Both protocol eras from one server (issue 26 item 2): a client of the SDK's v1 line negotiating
 * 2025-11-25 through `initialize`, and a client of the v2 line pinned to 2026-07-28 (`server/discover`,
 * the per-request envelope, `subscriptions/listen`), each listing the tools, calling one, reading a
 * resource and hearing of a change — over stdio (one connection per process, so one process per
 * client, the same build and bases) and over Streamable HTTP, both clients on the same process.
 * Changes are awaited as the notifications that announce them, never as time.
 */

const TOKEN = 'eras-test-token-0123456789abcdef'
const DOC = 'okf://alpha/guide.md'
const TOOL_ORDER = [
  'kb_list',
  'kb_search',
  'kb_read',
  'kb_governance',
  'kb_propose',
  'kb_proposal_status',
  'kb_hub_rescan'
]

/** Resolves on the next call of `fire`: a notification awaited as an event. */
function nextEvent(): { fired: Promise<void>; fire: () => void } {
  let fire!: () => void
  const fired = new Promise<void>((resolve) => (fire = resolve))
  return { fired, fire }
}

/** What each era's client must do, behind one shape. */
interface EraClient {
  toolNames(): Promise<string[]>
  callText(name: string, args: Record<string, unknown>): Promise<string>
  readText(uri: string): Promise<string>
  /** Armed before the change: settles on resources/updated for `uri` and tools/list_changed. */
  armNotifications(
    uri: string
  ): Promise<{ updated: Promise<void>; toolsChanged: Promise<void>; resourcesChanged: Promise<void> }>
  close(): Promise<void>
}

/** The three notifications a test awaits, re-armed before each change. */
class Heard {
  private events = { updated: nextEvent(), toolsChanged: nextEvent(), resourcesChanged: nextEvent() }
  readonly updated = (): void => this.events.updated.fire()
  readonly toolsChanged = (): void => this.events.toolsChanged.fire()
  readonly resourcesChanged = (): void => this.events.resourcesChanged.fire()
  rearm(): { updated: Promise<void>; toolsChanged: Promise<void>; resourcesChanged: Promise<void> } {
    this.events = { updated: nextEvent(), toolsChanged: nextEvent(), resourcesChanged: nextEvent() }
    return {
      updated: this.events.updated.fired,
      toolsChanged: this.events.toolsChanged.fired,
      resourcesChanged: this.events.resourcesChanged.fired
    }
  }
}

/** Listing, calling and reading are the same calls in both SDK lines. */
function calls(client: LegacyClient | ModernClient): Pick<EraClient, 'toolNames' | 'callText' | 'readText'> {
  return {
    toolNames: async () => (await client.listTools()).tools.map((t) => t.name),
    callText: async (name, args) => {
      const r = await client.callTool({ name, arguments: args })
      expect(r.isError).toBeFalsy()
      return (r.content as { text: string }[]).map((c) => c.text).join('')
    },
    readText: async (uri) => ((await client.readResource({ uri })).contents[0] as { text: string }).text
  }
}

function legacyEra(client: LegacyClient): EraClient {
  const heard = new Heard()
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, async () => heard.updated())
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => heard.toolsChanged())
  client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => heard.resourcesChanged())
  return {
    ...calls(client),
    armNotifications: async (uri) => {
      const armed = heard.rearm()
      await client.subscribeResource({ uri })
      return armed
    },
    close: () => client.close()
  }
}

function modernEra(client: ModernClient): EraClient {
  const heard = new Heard()
  client.setNotificationHandler('notifications/resources/updated', () => heard.updated())
  client.setNotificationHandler('notifications/tools/list_changed', () => heard.toolsChanged())
  client.setNotificationHandler('notifications/resources/list_changed', () => heard.resourcesChanged())
  return {
    ...calls(client),
    armNotifications: async (uri) => {
      const armed = heard.rearm()
      // Resolves once the server acknowledged the filter: from then on a change is delivered.
      const sub = await client.listen({
        toolsListChanged: true,
        resourcesListChanged: true,
        resourceSubscriptions: [uri]
      })
      expect(sub.honoredFilter.resourceSubscriptions).toEqual([uri])
      expect(sub.honoredFilter.toolsListChanged).toBe(true)
      return armed
    },
    close: () => client.close()
  }
}

const modernClient = (): ModernClient =>
  new ModernClient(
    { name: 'okf-test-2026', version: '0.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } }
  )

/** A document rewritten as an editor saves it (a new file renamed in: the fingerprint moves). */
function rewrite(dir: string, text: string): void {
  const file = join(dir, 'alpha', 'knowledge', 'guide.md')
  writeFileSync(`${file}.tmp`, text)
  renameSync(`${file}.tmp`, file)
}

/** Both clients through the same steps; the change happens once, both must hear it. */
async function bothEras(dir: string, legacy: EraClient, modern: EraClient, round: string): Promise<void> {
  for (const c of [legacy, modern]) {
    // Deterministic order: the same list, in the same order, to both eras.
    expect(await c.toolNames()).toEqual(TOOL_ORDER)
    expect(await c.callText('kb_search', { base: 'alpha', query: 'parapluie' })).toContain(
      "1 résultat(s) dans 'alpha' pour : parapluie"
    )
    expect(await c.readText(DOC)).toBe('# Guide\n\nle parapluie.\n')
  }
  const heard = await Promise.all([legacy.armNotifications(DOC), modern.armNotifications(DOC)])
  rewrite(dir, `# Guide\n\nle parapluie, ${round}.\n`)
  await Promise.all(heard.map((h) => h.updated))
  for (const c of [legacy, modern]) expect(await c.readText(DOC)).toBe(`# Guide\n\nle parapluie, ${round}.\n`)
  // A base added: the tools' descriptions name it and its documents are resources; both eras are
  // told both lists changed.
  makeBundle(dir, `beta-${round}`, { files: { 'knowledge/b.md': '# B\n\nbêta\n' } })
  await Promise.all(heard.flatMap((h) => [h.toolsChanged, h.resourcesChanged]))
  rewrite(dir, '# Guide\n\nle parapluie.\n')
}

describe('both protocol eras over stdio', () => {
  let dir: string
  let h: HubEnv
  let legacy: EraClient
  let modern: EraClient

  beforeAll(async () => {
    assertBuilt()
    dir = tempDir()
    makeBundle(dir, 'alpha', { files: { 'knowledge/guide.md': '# Guide\n\nle parapluie.\n' } })
    h = hubEnv(dir)
    const l = new LegacyClient({ name: 'okf-test-2025', version: '0.0.0' })
    await l.connect(new LegacyStdio({ command: process.execPath, args: [SERVER_JS], env: h.env, cwd: '/' }))
    expect(l.getServerVersion()?.name).toBe('okf-hub')
    legacy = legacyEra(l)
    const m = modernClient()
    await m.connect(new ModernStdio({ command: process.execPath, args: [SERVER_JS], env: h.env, cwd: '/' }))
    expect(m.getNegotiatedProtocolVersion?.()).toBe('2026-07-28')
    modern = modernEra(m)
  })

  afterAll(async () => {
    await legacy?.close()
    await modern?.close()
    removeDir(dir)
  })

  it('a 2025-11-25 client and a 2026-07-28 client list, call, read and are notified', async () => {
    await bothEras(dir, legacy, modern, 'stdio')
  })

  it('each era is picked by the opening message: 2025-06-18 and 2025-11-25 initialize, 2026-07-28 discover', () => {
    // The server answers every line it read, then exits at the end of its input.
    const answers = (lines: unknown[]): { id?: number; result?: Record<string, unknown> }[] => {
      const r = spawnSync(process.execPath, [SERVER_JS], {
        env: h.env,
        cwd: '/',
        input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
        encoding: 'utf8'
      })
      expect(r.status).toBe(0)
      return r.stdout
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as { id?: number; result?: Record<string, unknown> })
    }
    for (const version of ['2025-06-18', '2025-11-25']) {
      const [init] = answers([
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '0' } }
        }
      ])
      expect(init.result?.protocolVersion).toBe(version)
    }
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {}
    }
    const [discover, listed] = answers([
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope } },
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: envelope } }
    ])
    expect(discover.result?.supportedVersions).toEqual(['2026-07-28'])
    expect(discover.result?.instructions).toContain('Ce hub expose des bases de connaissance')
    expect((listed.result?.tools as { name: string }[]).map((t) => t.name)).toEqual(TOOL_ORDER)
    expect(listed.result?.ttlMs).toBe(1000)
    expect(listed.result?.cacheScope).toBe('private')
  })
})

describe('both protocol eras over Streamable HTTP, one server process', () => {
  let dir: string
  let h: HubEnv
  let child: ChildProcess
  let url: URL
  let legacy: EraClient
  let modern: EraClient
  const headers = { Authorization: `Bearer ${TOKEN}` }

  beforeAll(async () => {
    assertBuilt()
    dir = tempDir()
    makeBundle(dir, 'alpha', { files: { 'knowledge/guide.md': '# Guide\n\nle parapluie.\n' } })
    h = hubEnv(dir)
    child = spawn(process.execPath, [CLI_JS, 'serve', '--http', '--port', '0'], {
      env: { ...h.env, OKF_HUB_HTTP_TOKEN: TOKEN },
      cwd: '/',
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let err = ''
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
    await waitFor(() => /sur http:\/\/127\.0\.0\.1:\d+\/mcp\n/.test(err) || child.exitCode !== null)
    const m = /sur (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/.exec(err)
    if (!m) throw new Error(`door did not start: ${err}`)
    url = new URL(m[1])
    const l = new LegacyClient({ name: 'okf-test-2025', version: '0.0.0' })
    await l.connect(new LegacyHttp(url, { requestInit: { headers } }))
    legacy = legacyEra(l)
    const c = modernClient()
    await c.connect(new ModernHttp(url, { requestInit: { headers } }))
    expect(c.getNegotiatedProtocolVersion?.()).toBe('2026-07-28')
    modern = modernEra(c)
  })

  afterAll(async () => {
    await legacy?.close()
    await modern?.close()
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
    removeDir(dir)
  })

  it('a 2025-11-25 client and a 2026-07-28 client list, call, read and are notified', async () => {
    await bothEras(dir, legacy, modern, 'http')
  })

  it('2026-07-28 requests are stateless: no session id, cache hints on the lists, the guard first', async () => {
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
      'io.modelcontextprotocol/clientCapabilities': {}
    }
    // 2026-07-28's standard headers repeat the method and the name (uri) the body carries.
    const name = (body: unknown): string | undefined =>
      (body as { params?: { uri?: string; name?: string } }).params?.uri ??
      (body as { params?: { name?: string } }).params?.name
    const post = (body: unknown, extra: Record<string, string> = {}): Promise<Response> =>
      fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'MCP-Protocol-Version': '2026-07-28',
          'Mcp-Method': (body as { method: string }).method,
          ...(name(body) !== undefined ? { 'Mcp-Name': name(body)! } : {}),
          ...headers,
          ...extra
        },
        body: JSON.stringify(body)
      })
    const listed = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope } })
    if (listed.status !== 200) throw new Error(await listed.text())
    expect(listed.status).toBe(200)
    expect(listed.headers.get('mcp-session-id')).toBeNull()
    const text = await listed.text()
    // auto mode answers a plain JSON body, or one SSE event carrying it
    const json = JSON.parse(text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1]) as {
      result: { tools: { name: string }[]; ttlMs: number; cacheScope: string }
    }
    expect(json.result.tools.map((t) => t.name)).toEqual(TOOL_ORDER)
    expect(json.result.ttlMs).toBe(1000)
    expect(json.result.cacheScope).toBe('private')
    const answer = async (r: Response): Promise<{ error?: { code: number; message: string } }> => {
      const t = await r.text()
      return JSON.parse(t.startsWith('{') ? t : /^data: (.*)$/m.exec(t)![1]) as {
        error?: { code: number; message: string }
      }
    }
    // This era's rules, not the 2025 ones: a missing resource is -32602 (2025 clients still get
    // -32002, test/mcp-resources.test.ts), and logging/setLevel does not exist.
    const missing = await answer(
      await post({
        jsonrpc: '2.0',
        id: 4,
        method: 'resources/read',
        params: { uri: 'okf://alpha/absent.md', _meta: envelope }
      })
    )
    expect(missing.error?.code).toBe(-32602)
    expect(missing.error?.message).toContain('NOT_FOUND: ')
    const setLevel = await answer(
      await post({
        jsonrpc: '2.0',
        id: 5,
        method: 'logging/setLevel',
        params: { level: 'info', _meta: envelope }
      })
    )
    expect(setLevel.error?.code).toBe(-32601)
    // The door's guard holds for this era too: no token, no answer.
    const refused = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/list'
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: envelope } })
    })
    expect(refused.status).toBe(401)
    const foreign = await post(
      { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: envelope } },
      { Origin: 'https://evil.example' }
    )
    expect(foreign.status).toBe(403)
  })
})
