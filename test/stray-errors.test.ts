import { spawn, type ChildProcess } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { installStrayErrorPolicy, STRAY_EXCEPTION_EXIT } from '../src/engine/bootstrap/stray-errors'
import { memoryHubLog } from '../src/engine/hublog'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { assertBuilt, CLI_JS, hubEnv, SERVER_JS } from './helpers/mcp'

/**
 * Issue 28: an error no code caught, in each long-running door. A stray rejection is logged and
 * survived (the door answers its next request); a stray exception is logged and ends the process
 * with exit 70 — never a silent crash, never a silent swallow. The injection comes from a
 * `--require`d helper on SIGUSR2; every wait is on the process's own output or exit.
 */
const INJECT = join(__dirname, 'helpers', 'inject-stray.cjs')
const dirs: string[] = []
afterAll(() => dirs.forEach(removeDir))

describe('the policy', () => {
  it('logs a stray rejection with its stack and keeps the process', () => {
    const proc = new EventEmitter() as unknown as NodeJS.Process
    const log = memoryHubLog()
    const exits: number[] = []
    installStrayErrorPolicy(log, 'mcp', { proc, exit: (c) => exits.push(c), stderr: () => {} })
    proc.emit('unhandledRejection', new Error('disparue'), Promise.resolve())
    expect(exits).toEqual([])
    expect(log.lines.join('\n')).toMatch(/mcp : promesse rejetée sans gestionnaire.*Error: disparue/s)
  })

  it('logs a stray exception, closes the log and exits 70, once', () => {
    const proc = new EventEmitter() as unknown as NodeJS.Process
    const log = memoryHubLog()
    const exits: number[] = []
    const err: string[] = []
    installStrayErrorPolicy(log, 'ui', { proc, exit: (c) => exits.push(c), stderr: (l) => err.push(l) })
    proc.emit('uncaughtException', new Error('cassée'))
    proc.emit('uncaughtException', new Error('encore'))
    expect(exits).toEqual([STRAY_EXCEPTION_EXIT])
    expect(log.lines.join('\n')).toMatch(/ui : exception non rattrapée, arrêt du processus.*cassée/s)
    expect(log.lines.join('\n')).not.toContain('encore')
    expect(err).toHaveLength(1)
  })

  it('is removed by its returned function', () => {
    const proc = new EventEmitter() as unknown as NodeJS.Process
    const remove = installStrayErrorPolicy(memoryHubLog(), 'x', { proc, exit: () => {} })
    remove()
    expect(proc.listenerCount('unhandledRejection')).toBe(0)
    expect(proc.listenerCount('uncaughtException')).toBe(0)
  })
})

interface Door {
  child: ChildProcess
  stderr: () => string
  /** Resolves once stderr (the log mirrored by --verbose) holds `pattern`. */
  until(pattern: RegExp): Promise<void>
  exited: Promise<number | null>
}

function startDoor(args: string[], mode: 'rejection' | 'exception'): Door & { logFile: string } {
  assertBuilt()
  const basesDir = tempDir('okf-stray-bases-')
  dirs.push(basesDir)
  makeBundle(basesDir, 'alpha')
  const h = hubEnv(basesDir)
  dirs.push(h.userData)
  const child = spawn(process.execPath, args, {
    cwd: '/',
    env: { ...h.env, NODE_OPTIONS: `--require ${INJECT}`, OKF_TEST_STRAY: mode },
    stdio: ['pipe', 'pipe', 'pipe']
  })
  let err = ''
  const waiters: { pattern: RegExp; ok: () => void }[] = []
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString()
    for (const w of waiters.splice(0))
      if (w.pattern.test(err)) w.ok()
      else waiters.push(w)
  })
  const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)))
  return {
    child,
    logFile: h.logFile,
    stderr: () => err,
    exited,
    until: (pattern) =>
      new Promise<void>((ok, fail) => {
        if (pattern.test(err)) return ok()
        waiters.push({ pattern, ok })
        void exited.then((code) => fail(new Error(`exited (${code}) before ${pattern}\n${err}`)))
      })
  }
}

/** The stdio MCP server, spoken to in newline-delimited JSON-RPC. */
function rpc(door: Door): (msg: Record<string, unknown>) => Promise<Record<string, unknown>> {
  let out = ''
  const pending = new Map<number, (m: Record<string, unknown>) => void>()
  door.child.stdout!.on('data', (d: Buffer) => {
    out += d.toString()
    let nl: number
    while ((nl = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, nl)
      out = out.slice(nl + 1)
      const m = JSON.parse(line) as Record<string, unknown>
      if (typeof m.id === 'number') pending.get(m.id)?.(m)
    }
  })
  return (msg) =>
    new Promise((ok) => {
      pending.set(msg.id as number, ok)
      door.child.stdin!.write(JSON.stringify({ jsonrpc: '2.0', ...msg }) + '\n')
    })
}

async function initialize(send: ReturnType<typeof rpc>, door: Door): Promise<void> {
  await send({
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } }
  })
  door.child.stdin!.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n')
}

describe('the MCP server (stdio)', () => {
  it('survives a stray rejection: logged, and the next tool call answered', async () => {
    const door = startDoor([SERVER_JS, '--verbose'], 'rejection')
    const send = rpc(door)
    await initialize(send, door)
    door.child.kill('SIGUSR2')
    await door.until(
      /promesse rejetée sans gestionnaire \(processus maintenu\) : Error: injected stray rejection/
    )
    const r = await send({ id: 2, method: 'tools/call', params: { name: 'kb_list', arguments: {} } })
    expect(JSON.stringify(r.result)).toContain('alpha')
    expect(readFileSync(door.logFile, 'utf8')).toContain('injected stray rejection')
    door.child.stdin!.end()
    expect(await door.exited).toBe(0)
  })

  it('ends cleanly on a stray exception: logged, exit 70', async () => {
    const door = startDoor([SERVER_JS, '--verbose'], 'exception')
    await initialize(rpc(door), door)
    door.child.kill('SIGUSR2')
    expect(await door.exited).toBe(STRAY_EXCEPTION_EXIT)
    expect(readFileSync(door.logFile, 'utf8')).toMatch(
      /mcp : exception non rattrapée, arrêt du processus : Error: injected stray exception/
    )
    expect(door.stderr()).toContain('unexpected error, stopping')
  })
})

describe('okf-hub ui', () => {
  async function started(mode: 'rejection' | 'exception'): Promise<Door & { url: URL; logFile: string }> {
    const door = startDoor([CLI_JS, 'ui', '--no-open', '--port', '0', '--verbose'], mode)
    let out = ''
    const url = await new Promise<URL>((ok, fail) => {
      door.child.stdout!.on('data', (d: Buffer) => {
        out += d.toString()
        const m = /OKF Hub UI: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out)
        if (m) ok(new URL(m[1]))
      })
      void door.exited.then((code) =>
        fail(new Error(`okf-hub ui exited (${code})\n${out}\n${door.stderr()}`))
      )
    })
    return { ...door, url }
  }

  it('survives a stray rejection: logged, and the next API call answered', async () => {
    const door = await started('rejection')
    door.child.kill('SIGUSR2')
    await door.until(/ui : promesse rejetée sans gestionnaire/)
    const r = await fetch(new URL('/api/listBases', door.url.origin), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${door.url.searchParams.get('token')}`
      },
      body: JSON.stringify({ args: [] })
    })
    expect(r.status).toBe(200)
    expect(await r.text()).toContain('alpha')
    door.child.kill('SIGTERM')
    expect(await door.exited).toBe(0)
  })

  it('ends cleanly on a stray exception: logged, exit 70', async () => {
    const door = await started('exception')
    door.child.kill('SIGUSR2')
    expect(await door.exited).toBe(STRAY_EXCEPTION_EXIT)
    expect(readFileSync(door.logFile, 'utf8')).toMatch(/ui : exception non rattrapée, arrêt du processus/)
  })
})
