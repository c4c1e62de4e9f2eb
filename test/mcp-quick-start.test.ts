import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { dateBack, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { CLI_JS, SERVER_JS, assertBuilt, eachLine, hubEnv, type HubEnv } from './helpers/mcp'

/**
 * The bundled server's quick start (src/mcp/quick-start.ts, issue 30 §2): a start whose cache holds
 * answers `initialize` and `tools/list` before the SDK loads, with the very bytes the SDK would
 * have written, and hands everything else to it. Driven over raw stdio as a host does, each line
 * kept as written. A cache is only recorded over files whose mtime is settled (fingerprint.ts's
 * racy rule), so the fixtures' times are set in the past rather than waited for.
 */

const INIT = (version = '2025-11-25', id: number | string = 1): string =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'okf-test', version: '0' } }
  })
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })
const LIST = (id: number | string = 2): string => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' })
const KB_LIST = (id: number | string = 3): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'kb_list', arguments: {} } })

interface Session {
  /** Every line the server wrote, in order. */
  lines: string[]
  code: number | null
}

/**
 * One session as a host runs it: initialize, then (on its answer) initialized + tools/list, then (on
 * that answer, and after a tools/list_changed when `awaitChanged`) kb_list, then stdin closed.
 */
function session(
  h: HubEnv,
  opts: {
    env?: Record<string, string>
    version?: string
    awaitChanged?: boolean
    command?: string[]
    /** The folder the host starts the server in (`/` by default). */
    cwd?: string
  } = {}
): Promise<Session> {
  let called = false
  return run(
    h,
    opts.env ?? {},
    (m, send, end, lines) => {
      if (m.id === 1) send(`${INITIALIZED}\n${LIST()}\n`)
      const listed = lines.some((l) => (JSON.parse(l) as { id?: unknown }).id === 2)
      const changed = lines.some((l) => l.includes('notifications/tools/list_changed'))
      if (!called && listed && (!opts.awaitChanged || changed)) {
        called = true
        send(`${KB_LIST()}\n`)
      }
      if (m.id === 3) end()
    },
    `${INIT(opts.version)}\n`,
    false,
    opts.command,
    opts.cwd
  )
}

type OnLine = (
  m: { id?: unknown; method?: unknown },
  send: (s: string) => void,
  end: () => void,
  lines: string[]
) => void

function run(
  h: HubEnv,
  env: Record<string, string>,
  onLine: OnLine,
  first: string,
  endAfterFirst = false,
  command = [SERVER_JS],
  cwd = '/'
): Promise<Session> {
  assertBuilt()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, {
      env: { ...h.env, ...env },
      cwd,
      stdio: ['pipe', 'pipe', 'pipe']
    })
    const lines: string[] = []
    eachLine(child.stdout, (line) => {
      lines.push(line)
      onLine(
        JSON.parse(line) as { id?: unknown },
        (s) => child.stdin.write(s),
        () => child.stdin.end(),
        lines
      )
    })
    child.stderr.resume()
    child.on('error', reject)
    child.on('exit', (code) => resolve({ lines, code }))
    child.stdin.write(first)
    if (endAfterFirst) child.stdin.end()
  })
}

const log = (h: HubEnv): string => (existsSync(h.logFile) ? readFileSync(h.logFile, 'utf8') : '')
const quickLines = (h: HubEnv): number =>
  log(h)
    .split('\n')
    .filter((l) => l.includes('servis par le cache de démarrage')).length
const cacheFile = (h: HubEnv): string => join(h.userData, 'mcp-start.json')

describe('MCP server — the quick start', () => {
  const dirs: string[] = []
  let h: HubEnv
  let reference: Session

  beforeAll(async () => {
    const basesDir = tempDir()
    dirs.push(basesDir)
    // The tool call after the hand-over is kb_list: one base is all it needs.
    makeBundle(basesDir, 'alpha')
    h = hubEnv(basesDir)
    dirs.push(h.userData)
    dateBack(basesDir)
    dateBack(h.configFile)
    // What the SDK answers with the quick start off: the reference every start is held to.
    reference = await session(h, { env: { OKF_HUB_QUICK_START: '0' } })
  })
  afterAll(() => dirs.forEach(removeDir))

  it('with the quick start off, nothing is recorded', () => {
    expect(reference.code).toBe(0)
    expect(reference.lines).toHaveLength(3)
    expect(existsSync(cacheFile(h))).toBe(false)
  })

  it('records the SDK answers at a first start, then answers the next start from them, byte for byte', async () => {
    const first = await session(h)
    expect(first.lines).toEqual(reference.lines)
    expect(existsSync(cacheFile(h))).toBe(true)
    expect(quickLines(h)).toBe(0)

    const second = await session(h)
    expect(second.code).toBe(0)
    // initialize, tools/list and the tool call after the hand-over: the same bytes as the SDK's.
    expect(second.lines).toEqual(reference.lines)
    expect(quickLines(h)).toBe(1)
  })

  it('a base added since is not answered from the cache', async () => {
    makeBundle(h.basesDir, 'beta')
    dateBack(h.basesDir)
    const before = quickLines(h)
    const s = await session(h)
    expect(quickLines(h)).toBe(before)
    const tools = JSON.parse(s.lines[1]) as { result: { tools: { name: string; description: string }[] } }
    expect(tools.result.tools.find((t) => t.name === 'kb_search')?.description).toContain('beta')
    // …and the answers with it are recorded: the next start is quick again, with beta.
    const next = await session(h)
    expect(quickLines(h)).toBe(before + 1)
    expect(next.lines[1]).toBe(s.lines[1])
  })

  it('a configuration edited since is not answered from the cache', async () => {
    writeFileSync(h.configFile, `${readFileSync(h.configFile, 'utf8')}read-toc-threshold: 9000\n`)
    dateBack(h.configFile)
    const before = quickLines(h)
    await session(h)
    expect(quickLines(h)).toBe(before)
  })

  it('a list the checks could not see change is corrected: tools/list_changed, then the SDK list is recorded', async () => {
    await session(h) // recorded over the current configuration
    const cache = JSON.parse(readFileSync(cacheFile(h), 'utf8')) as {
      entries: { answers: Record<string, { toolsList: { result: { tools: { description: string }[] } } }> }[]
    }
    const tools = cache.entries[0].answers['2025-11-25'].toolsList.result.tools
    const truth = tools[0].description
    tools[0].description = 'périmé'
    writeFileSync(cacheFile(h), JSON.stringify(cache))

    const stale = await session(h, { awaitChanged: true })
    expect(JSON.parse(stale.lines[1]).result.tools[0].description).toBe('périmé')
    expect(stale.lines.filter((l) => l.includes('notifications/tools/list_changed'))).toHaveLength(1)
    expect(log(h)).toContain('les outils ont changé depuis la réponse du cache')

    const fixed = await session(h)
    expect(JSON.parse(fixed.lines[1]).result.tools[0].description).toBe(truth)
    expect(fixed.lines.some((l) => l.includes('list_changed'))).toBe(false)
  })

  it('another protocol version goes through the SDK, and is kept beside the first', async () => {
    const before = quickLines(h)
    const older = await session(h, { version: '2025-06-18' })
    expect(JSON.parse(older.lines[0]).result.protocolVersion).toBe('2025-06-18')
    expect(quickLines(h)).toBe(before)
    const cache = JSON.parse(readFileSync(cacheFile(h), 'utf8')) as { entries: { answers: object }[] }
    expect(Object.keys(cache.entries[0].answers).sort()).toEqual(['2025-06-18', '2025-11-25'])
    const again = await session(h, { version: '2025-06-18' })
    expect(again.lines).toEqual(older.lines)
    expect(quickLines(h)).toBe(before + 1)
  })

  it('`okf-hub serve`, what other hosts are told to run, starts the same way', async () => {
    await session(h)
    const before = quickLines(h)
    const s = await session(h, { command: [CLI_JS, 'serve'] })
    expect(s.code).toBe(0)
    expect(quickLines(h)).toBe(before + 1)
    expect(s.lines[0]).toBe(reference.lines[0])
  })

  it('a 2026-07-28 session (server/discover, enveloped tools/list) is answered quickly too, byte for byte', async () => {
    const envelope = (client = 'okf-test'): Record<string, unknown> => ({
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: client, version: '0' },
        'io.modelcontextprotocol/clientCapabilities': {}
      }
    })
    // A 2026-07-28 client need not wait for discover's answer: both requests go in one write, so
    // that what the quick start answers never depends on how fast this process reacts.
    const discover = (
      env: Record<string, string> = {},
      client?: string,
      listClient = client
    ): Promise<Session> =>
      run(
        h,
        env,
        (m, send, end) => {
          if (m.id === 2)
            send(
              `${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'kb_list', arguments: {}, ...envelope(client) } })}\n`
            )
          if (m.id === 3) end()
        },
        `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: envelope(client) })}\n` +
          `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: envelope(listClient) })}\n`
      )
    const answered = (what: string): number =>
      log(h)
        .split('\n')
        .filter((l) => l.endsWith(`démarrage rapide : ${what} servis par le cache de démarrage`)).length
    const truth = await discover({ OKF_HUB_QUICK_START: '0' })
    expect(truth.lines).toHaveLength(3)
    expect(JSON.parse(truth.lines[0]).result.supportedVersions).toEqual(['2026-07-28'])
    const before = quickLines(h)
    expect((await discover()).lines).toEqual(truth.lines) // recorded
    expect(quickLines(h)).toBe(before)
    expect((await discover()).lines).toEqual(truth.lines) // answered from the cache
    expect(quickLines(h)).toBe(before + 1)
    expect(answered('server/discover et tools/list')).toBe(1)
    // Another client's envelope is another opening: the long way, then kept beside the first.
    const other = await discover({}, 'autre-hôte')
    expect(quickLines(h)).toBe(before + 1)
    expect(JSON.parse(other.lines[1]).result.tools).toEqual(JSON.parse(truth.lines[1]).result.tools)
    expect((await discover()).lines).toEqual(truth.lines)
    expect(quickLines(h)).toBe(before + 2)
    // The recorded opening, then a list whose envelope differs from the one recorded: the SDK's.
    const mixed = await discover({}, undefined, 'autre-hôte')
    expect(mixed.lines).toEqual(truth.lines)
    expect(answered('server/discover')).toBe(1)
    expect(answered('server/discover et tools/list')).toBe(2)
  })

  it('two hosts that start it differently each keep their answers (one entry per start key)', async () => {
    const other = tempDir()
    dirs.push(other)
    const desktop = await session(h)
    const before = quickLines(h)
    // Another host, started from its own folder: its first start goes the long way and is recorded…
    const ide = await session(h, { cwd: other })
    expect(quickLines(h)).toBe(before)
    expect(ide.lines).toEqual(desktop.lines)
    // …beside the first host's, which is still answered quickly, and so is the second's from now on.
    expect((await session(h)).lines).toEqual(desktop.lines)
    expect(quickLines(h)).toBe(before + 1)
    expect((await session(h, { cwd: other })).lines).toEqual(desktop.lines)
    expect(quickLines(h)).toBe(before + 2)
    const cache = JSON.parse(readFileSync(cacheFile(h), 'utf8')) as { entries: { key: string }[] }
    expect(cache.entries).toHaveLength(2)
  })

  it("another build's entries are dropped at the next write (they can never be answered again)", async () => {
    await session(h)
    const file = JSON.parse(readFileSync(cacheFile(h), 'utf8')) as { entries: { key: string }[] }
    const ours = file.entries[0]
    const foreign = { ...ours, key: JSON.stringify({ ...JSON.parse(ours.key), build: 'an-older-build' }) }
    writeFileSync(cacheFile(h), JSON.stringify({ ...file, entries: [...file.entries, foreign] }))
    // A configuration edited: the next start goes the long way and writes its entry again.
    writeFileSync(h.configFile, `${readFileSync(h.configFile, 'utf8')}# rewritten\n`)
    dateBack(h.configFile)
    await session(h)
    const after = JSON.parse(readFileSync(cacheFile(h), 'utf8')) as { entries: { key: string }[] }
    expect(after.entries.map((e) => (JSON.parse(e.key) as { build: string }).build)).not.toContain(
      'an-older-build'
    )
    expect(after.entries.some((e) => e.key === ours.key)).toBe(true)
  })

  it('a cache of the first format (one start, version 1) is read as empty and replaced', async () => {
    const recorded = await session(h)
    const current = JSON.parse(readFileSync(cacheFile(h), 'utf8')) as { entries: object[] }
    writeFileSync(cacheFile(h), JSON.stringify({ version: 1, ...current.entries[0] }))
    const before = quickLines(h)
    expect((await session(h)).lines).toEqual(recorded.lines)
    expect(quickLines(h)).toBe(before)
    expect((JSON.parse(readFileSync(cacheFile(h), 'utf8')) as { version: number }).version).toBe(2)
  })

  it('an unreadable cache is not trusted', async () => {
    writeFileSync(cacheFile(h), '{"version":1,"key":')
    const before = quickLines(h)
    const s = await session(h)
    expect(s.code).toBe(0)
    expect(quickLines(h)).toBe(before)
    expect(() => JSON.parse(readFileSync(cacheFile(h), 'utf8'))).not.toThrow()
  })

  it('stdin closed right after initialize: answered once, and the process exits cleanly', async () => {
    await session(h)
    const before = quickLines(h)
    const s = await run(h, {}, () => {}, `${INIT()}\n${INITIALIZED}\n`, true)
    expect(s.code).toBe(0)
    expect(s.lines).toEqual([reference.lines[0]])
    expect(quickLines(h)).toBe(before + 1)
  })

  it('a first message other than initialize, and a malformed line after it, are the SDK answers', async () => {
    const ping = await run(
      h,
      {},
      (m, _s, end) => {
        if (m.id === 7) end()
      },
      `${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' })}\n`
    )
    expect(ping.code).toBe(0)
    expect(ping.lines).toHaveLength(1)
    const before = quickLines(h)
    const torn = await run(
      h,
      {},
      (m, send, end) => {
        if (m.id === 1) send('{"jsonrpc":"2.0","id":2,"method":\n')
        else end()
      },
      `${INIT()}\n`
    )
    expect(quickLines(h)).toBe(before + 1)
    expect(torn.lines[0]).toBe(reference.lines[0])
    expect(JSON.parse(torn.lines[1]).error.code).toBe(-32700)
  })
})

/**
 * Every module the process loads, and a mark at each write to stdout, in one file in order (a
 * `--require` preload): what was loaded before the quick answers were written, with no timing.
 */
const TRACER = `
const { appendFileSync } = require('node:fs')
const { dirname, resolve } = require('node:path')
const Module = require('node:module')
const trace = process.env.QUICK_START_TRACE
const load = Module._load
Module._load = function (request, parent) {
  const id = request.startsWith('.') && parent ? resolve(dirname(parent.filename), request) : request
  appendFileSync(trace, id + '\\n')
  return load.apply(this, arguments)
}
const write = process.stdout.write.bind(process.stdout)
process.stdout.write = function (chunk, ...rest) {
  appendFileSync(trace, '>> ' + String(chunk).slice(0, 40) + '\\n')
  return write(chunk, ...rest)
}
`

/** What the quick start runs on: no library, none of the engine beyond these. */
const QUICK_START_MODULES = [
  'src/engine/fingerprint.ts',
  'src/engine/memory.ts',
  'src/engine/registry/bundle-names.ts',
  'src/engine/registry/freshness.ts',
  'src/engine/user-data.ts',
  'src/mcp/quick-start.ts',
  'src/mcp/serve-args.ts',
  'src/mcp/server.ts',
  'src/mcp/start-cache.ts'
]

describe('MCP server — the quick start loads almost nothing before its answers', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach(removeDir))

  it('writes initialize and tools/list with only its own chunks loaded: no SDK, no engine, no YAML', async () => {
    const basesDir = tempDir()
    dirs.push(basesDir)
    makeBundle(basesDir, 'alpha')
    const h = hubEnv(basesDir)
    dirs.push(h.userData)
    dateBack(basesDir)
    dateBack(h.configFile)
    await session(h) // records the cache
    // Not an OKF_ variable: those are part of what the cache is keyed on (start-cache.ts).
    const tracer = join(h.userData, 'tracer.cjs')
    writeFileSync(tracer, TRACER)
    const trace = join(h.userData, 'modules.txt')
    writeFileSync(trace, '')
    const s = await session(h, { env: { NODE_OPTIONS: `--require ${tracer}`, QUICK_START_TRACE: trace } })
    expect(s.code).toBe(0)
    const lines = readFileSync(trace, 'utf8').split('\n').filter(Boolean)
    const listed = lines.findIndex((l) => l.startsWith('>> {') && l.includes('"tools"'))
    expect(listed).toBeGreaterThan(0)
    const before = lines.slice(0, listed).filter((l) => !l.startsWith('>> ') && l.includes('/out/main/'))
    // The tracer saw the server's own files: an empty list would prove nothing.
    expect(before.some((m) => m.endsWith('/mcp/server.js'))).toBe(true)
    // The modules inside the files loaded, by the bundler's markers (`// src/…`, `// node_modules/…`).
    const modules = new Set(
      before.flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/^\/\/ ((?:src|node_modules)\/\S+)$/gm)].map((m) => m[1])
      )
    )
    expect([...modules].sort()).toEqual(QUICK_START_MODULES)
    // …and the rest loaded after it, for the call that followed.
    expect(lines.slice(listed).some((m) => /\/chunks\/serve-[\w-]+\.js$/.test(m))).toBe(true)
  })
})
