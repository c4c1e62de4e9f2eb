import { join } from 'node:path'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { execFile, execFileSync, spawn } from 'node:child_process'
import { createServer, type Socket } from 'node:net'
import { buildSync } from 'esbuild'
import {
  CACHE,
  ROOT,
  SERVER_JS,
  benchHome,
  compare,
  connectServer,
  median,
  now,
  record,
  runProcess,
  type Options
} from '../lib'
import { generateBase } from '../corpus'
import { eachLine } from '../../test/helpers/mcp'
import { dateBack } from '../../test/helpers/fixtures'
import { Client as ModernClient } from '@modelcontextprotocol/client'
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio'

const FS_SERVER = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js')

/** Issue 30: spawn → initialize → tools/list at or under this many times a bare `node -e ""`. */
export const COLD_START_TARGET = 1.5

/**
 * CPU time (user + sys, all threads) a live process has used so far, in ms, from /proc (Linux;
 * NaN elsewhere). Clock ticks of 10 ms: a mean over many starts, never one reading.
 */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return NaN
  }
}

/** A bare node's CPU for the same start, as it reports it before exiting. */
function bareNodeCpuMs(): Promise<number> {
  return new Promise((resolveP, reject) =>
    execFile(
      process.execPath,
      ['-e', 'const u = process.cpuUsage(); process.stdout.write(String((u.user + u.system) / 1000))'],
      (err, out) => (err ? reject(err) : resolveP(Number(out)))
    )
  )
}

/**
 * The Electron binary the desktop app registers (`ELECTRON_RUN_AS_NODE=1 <app> server.js`), or null:
 * OKF_BENCH_ELECTRON, else the one `npm install electron` put in node_modules/electron/dist. Never
 * `require('electron')`, which downloads a missing binary.
 */
function electronBinary(): string | null {
  if (process.env.OKF_BENCH_ELECTRON) return process.env.OKF_BENCH_ELECTRON
  const dir = join(ROOT, 'node_modules/electron')
  const pathFile = join(dir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const bin = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(bin) ? bin : null
}

/** A bare start of `command -e ""` with `env`, its output drained. */
function bareStart(command: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolveP, reject) =>
    execFile(command, ['-e', ''], { env }, (err) => (err ? reject(err) : resolveP()))
  )
}

/** One cold start as a host makes it: spawn, connect (initialize), tools/list, close. */
const listOnce =
  (env: Record<string, string>, command?: string, args?: string[]) => async (): Promise<void> => {
    const s = await connectServer(env, command, args)
    await s.client.listTools()
    await s.close()
  }

const RAW_INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'okf-bench', version: '0' } }
})
const RAW_LIST = `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`
/** A 2026-07-28 client: `server/discover`, then `tools/list`, each with the per-request envelope. */
const ENVELOPE = {
  _meta: {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'okf-bench', version: '0' },
    'io.modelcontextprotocol/clientCapabilities': {}
  }
}
const RAW_OPENINGS = {
  '2025-11-25': { first: RAW_INIT, list: RAW_LIST },
  '2026-07-28': {
    first: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: ENVELOPE }),
    list: `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: ENVELOPE })}\n`
  }
}

/**
 * spawn → `initialize` answered → `tools/list` answered, the host's side reduced to writing lines
 * and finding the answers' ids, with the server's CPU at that moment: what the server costs. The
 * SDK's own client spends 15–25 ms of its process per tools/list validating the answer and
 * compiling the tools' output schemas (2026-12-06, a warm server answering in ~1 ms), a cost of
 * that client, not of any server; the rows that compare servers through it are below.
 */
function rawStart(
  env: Record<string, string>,
  args = [SERVER_JS],
  era: keyof typeof RAW_OPENINGS = '2025-11-25'
): Promise<{ ms: number; cpu: number }> {
  const opening = RAW_OPENINGS[era]
  return new Promise((resolveP, reject) => {
    const t = now()
    const child = spawn(process.execPath, args, { env, cwd: '/', stdio: ['pipe', 'pipe', 'ignore'] })
    eachLine(child.stdout, (line) => {
      const m = JSON.parse(line) as { id?: unknown; result?: { tools?: unknown[] } }
      if (m.id === 1) {
        if (!m.result) reject(new Error(`${era} opening : ${line.slice(0, 200)}`))
        child.stdin.write(opening.list)
      } else if (m.id === 2) {
        const ms = now() - t
        if (!m.result?.tools?.length) reject(new Error(`tools/list : ${line.slice(0, 200)}`))
        const cpu = cpuMsOf(child.pid ?? -1)
        child.on('close', () => resolveP({ ms, cpu }))
        child.stdin.end()
      }
    })
    child.on('error', reject)
    child.stdin.write(`${opening.first}\n`)
  })
}

/** The SDK-only server (bench/coldstart-floor.ts) bundled as the real one is, compile cache on. */
function buildFloor(tools: unknown[]): string[] {
  const dir = join(CACHE, 'coldstart-floor')
  mkdirSync(dir, { recursive: true })
  buildSync({
    entryPoints: [join(ROOT, 'bench/coldstart-floor.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    charset: 'ascii',
    outfile: join(dir, 'floor-bundle.js'),
    logLevel: 'error'
  })
  writeFileSync(
    join(dir, 'floor.js'),
    "require('node:module').enableCompileCache?.()\nrequire('./floor-bundle.js')\n"
  )
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools))
  return [join(dir, 'floor.js'), join(dir, 'tools.json')]
}

/** spawn → initialize → tools/list, against a bare `node -e ""` and server-filesystem on the same folder. */
export default async function coldstart(o: Options): Promise<void> {
  const basesDir = join(CACHE, 'coldstart')
  mkdirSync(basesDir, { recursive: true })
  const base = generateBase(basesDir, 'petite', 50, 7)
  const home = benchHome('coldstart', basesDir)
  // The state of a user's machine between two sessions: the start cache records nothing over a
  // file changed in the last 2 s (src/mcp/start-cache.ts), and the bench's files may be new.
  dateBack(basesDir)
  dateBack(home.env.OKF_HUB_CONFIG)
  const ours = listOnce(home.env)
  // The long way: what a start pays when its start cache does not hold (the first after an update,
  // a base or the configuration changed), and what every start paid before the quick start.
  const longEnv = { ...home.env, OKF_HUB_QUICK_START: '0' }

  // The figure, and where it goes: okf-hub's server, the MCP SDK alone serving the same
  // list (the part of the start no change to the hub can take off), a bare node. Alternated in one
  // loop (same load for all); CPU per start alongside, which other work on the machine moves less.
  const first = await connectServer(home.env)
  const floorArgs = buildFloor((await first.client.listTools()).tools)
  await first.close()
  const start = (args?: string[], env = home.env): Promise<{ ms: number; cpu: number }> => rawStart(env, args)
  const runs = o.smoke ? 1 : o.quick ? 9 : 21
  const hub = { ms: [] as number[], cpu: [] as number[] }
  const long = { ms: [] as number[], cpu: [] as number[] }
  const floor = { ms: [] as number[], cpu: [] as number[] }
  const bare = { ms: [] as number[], cpu: [] as number[] }
  const modern = { ms: [] as number[], cpu: [] as number[] }
  const modernStart = (): Promise<{ ms: number; cpu: number }> => rawStart(home.env, undefined, '2026-07-28')
  await start()
  await start(floorArgs)
  // The first start of each opening goes the long way and records it (start-cache.ts).
  await modernStart()
  for (let i = 0; i < runs; i++) {
    const h = await start()
    hub.ms.push(h.ms)
    hub.cpu.push(h.cpu)
    const d = await modernStart()
    modern.ms.push(d.ms)
    modern.cpu.push(d.cpu)
    const l = await start(undefined, longEnv)
    long.ms.push(l.ms)
    long.cpu.push(l.cpu)
    const f = await start(floorArgs)
    floor.ms.push(f.ms)
    floor.cpu.push(f.cpu)
    const t = now()
    await runProcess(process.execPath, ['-e', ''])
    bare.ms.push(now() - t)
    bare.cpu.push(await bareNodeCpuMs())
  }
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length
  const row = (name: string, a: typeof hub, ref: typeof hub, label: string, target?: number): void => {
    const oursMs = median(a.ms)
    const referenceMs = median(ref.ms)
    record({
      bench: 'coldstart',
      case: name,
      oursMs,
      reference: label,
      referenceMs,
      ratio: oursMs / referenceMs,
      target,
      extra: {
        cpu: `${mean(a.cpu).toFixed(0)}/${mean(ref.cpu).toFixed(0)}ms`,
        cpuRatio: (mean(a.cpu) / mean(ref.cpu)).toFixed(2)
      }
    })
  }
  // The quick start's CPU is read when tools/list is answered: the SDK and the engine load after it.
  row('okf-hub server → tools/list', hub, bare, 'node -e ""', COLD_START_TARGET)
  row(
    'okf-hub server, 2026-07-28 (server/discover) → tools/list',
    modern,
    bare,
    'node -e ""',
    COLD_START_TARGET
  )
  row('okf-hub server, quick start off → tools/list', long, bare, 'node -e ""')
  row('MCP SDK alone, same list → tools/list', floor, bare, 'node -e ""')
  row('okf-hub server, quick start off → tools/list', long, floor, 'MCP SDK alone')

  // What the quick start moves rather than saves: the SDK loads after tools/list, so a tool call
  // made at once waits for it. Spawn → tools/list → kb_list answered, both ways, alternated.
  const listThenCall = (env: Record<string, string>) => async (): Promise<void> => {
    const s = await connectServer(env)
    await s.client.listTools()
    await s.call('kb_list', {})
    await s.close()
  }
  await compare(
    'coldstart',
    'okf-hub server → tools/list → first kb_list answered',
    listThenCall(home.env),
    { label: 'quick start off', fn: listThenCall(longEnv) },
    o
  )

  // The desktop app's registration runs the server with its own executable in Node mode: the same
  // figure against that executable's bare start, where an Electron binary is at hand.
  const electron = electronBinary()
  if (!electron) {
    console.log(
      '  ELECTRON_RUN_AS_NODE: not measured (no Electron binary in node_modules/electron/dist; OKF_BENCH_ELECTRON=<binary> to measure)'
    )
  } else {
    const env = { ...home.env, ELECTRON_RUN_AS_NODE: '1' }
    await compare(
      'coldstart',
      'ELECTRON_RUN_AS_NODE server → tools/list',
      listOnce(env, electron),
      { label: 'ELECTRON_RUN_AS_NODE electron -e ""', fn: () => bareStart(electron, env) },
      { ...o, runs },
      COLD_START_TARGET
    )
  }

  await compare(
    'coldstart',
    'okf-hub server → tools/list',
    ours,
    {
      label: 'server-filesystem',
      fn: listOnce(home.env, process.execPath, [FS_SERVER, basesDir])
    },
    o
  )

  // Both protocol eras (issue 26): a client pinned to 2026-07-28 (server/discover, then tools/list
  // with the per-request envelope) against the 2025-11-25 one (initialize, then tools/list).
  await compare(
    'coldstart',
    'okf-hub server, 2026-07-28 client → tools/list',
    async () => {
      const c = new ModernClient(
        { name: 'okf-bench', version: '0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } }
      )
      await c.connect(
        new ModernStdio({
          command: process.execPath,
          args: [SERVER_JS],
          cwd: '/',
          env: home.env,
          stderr: 'ignore'
        })
      )
      await c.listTools()
      await c.close()
    },
    { label: '2025-11-25 client', fn: ours },
    o
  )

  // Team sync (issue 12): the same base as a clone whose remote accepts connections and never
  // answers — the worst remote for a start-up — against the same server with no remote at all.
  const silentSockets: Socket[] = []
  const silent = createServer((sock) => silentSockets.push(sock))
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()))
  const port = (silent.address() as { port: number }).port
  const remoteDir = join(CACHE, 'coldstart-remote')
  mkdirSync(remoteDir, { recursive: true })
  const clone = join(remoteDir, 'petite')
  if (!existsSync(clone)) execFileSync('git', ['clone', '-q', base.root, clone])
  execFileSync('git', ['-C', clone, 'remote', 'set-url', 'origin', `http://127.0.0.1:${port}/base.git`])
  const remoteHome = benchHome('coldstart-remote', remoteDir)
  try {
    await compare(
      'coldstart',
      'server, remote never answers → tools/list',
      listOnce(remoteHome.env),
      { label: 'same base, no remote', fn: listOnce(home.env) },
      o,
      1.1
    )
  } finally {
    for (const sock of silentSockets) sock.destroy()
    await new Promise<void>((r) => silent.close(() => r()))
  }
}
