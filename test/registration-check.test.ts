import { afterEach, describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkEntry, type ProbeResult, type ProbeSpec } from '../src/engine/registration/check'
import { memoryHubLog } from '../src/engine/hublog'
import { HubService } from '../src/engine/hub/service'
import { loadConfig } from '../src/engine/config'
import { probeServer } from '../src/probe/server-probe'
import { removeDir, tempDir, waitFor } from './helpers/fixtures'
import { SERVER_JS, assertBuilt, hubEnv } from './helpers/mcp'

// The registration check: what is refused before starting anything, the real MCP probe against
// the built server and against processes that are not it, and the HubService over it all.

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) removeDir(d)
})

const node = process.execPath
const never = async (): Promise<ProbeResult> => {
  throw new Error('the probe must not run')
}

describe('checkEntry before starting anything', () => {
  it('refuses what a host could not start, saying why', async () => {
    const cases: [unknown, RegExp][] = [
      ['node server.js', /n’est pas un objet/],
      [{ args: [] }, /n’a pas de commande/],
      [{ command: node, args: 'x.js' }, /ne sont pas une liste de textes/],
      [{ command: node, env: { A: 1 } }, /n’est pas un objet de textes/],
      [{ command: 'node', args: [SERVER_JS] }, /la commande « node » n’est pas un chemin absolu/],
      [{ command: '/nulle/part/node', args: [SERVER_JS] }, /la commande \/nulle\/part\/node n’existe plus/],
      [
        { command: node, args: ['/nulle/part/server.js'] },
        /le script du serveur \/nulle\/part\/server\.js n’existe plus/
      ]
    ]
    for (const [entry, why] of cases) {
      const r = await checkEntry(entry, never)
      expect(r.working).toBe(false)
      expect(r.problem).toMatch(why)
    }
  })

  it('passes the entry exactly: its args, its env only, cwd /', async () => {
    let seen: ProbeSpec | null = null
    const r = await checkEntry(
      { command: node, args: ['-e', '0'], env: { ONLY: 'this' } },
      async (spec) => {
        seen = spec
        return { ok: true, serverName: 'okf-hub', tools: ['kb_list', 'kb_search', 'kb_read'] }
      },
      { timeoutMs: 1234, platform: 'linux', env: { PATH: '/usr/bin', HOME: '/home/x' } }
    )
    expect(r).toEqual({ working: true, problem: null, detail: null })
    expect(seen).toEqual({
      command: node,
      args: ['-e', '0'],
      env: { ONLY: 'this' },
      cwd: '/',
      timeoutMs: 1234
    })
  })

  it('a server without our tools is not OKF Hub', async () => {
    const r = await checkEntry({ command: node, args: [] }, async () => ({
      ok: true,
      serverName: 'filesystem',
      tools: ['read_file', 'kb_list']
    }))
    expect(r.working).toBe(false)
    expect(r.problem).toContain(
      '(« filesystem ») qui ne propose pas les outils d’OKF Hub (kb_search, kb_read absents)'
    )
  })
})

describe('the MCP probe (real processes)', () => {
  it('the built server, started with a minimal env and cwd /, answers initialize + tools/list', async () => {
    assertBuilt()
    const bases = tempDir('okf-check-bases-')
    dirs.push(bases)
    const h = hubEnv(bases)
    dirs.push(h.userData)
    const r = await checkEntry(
      { command: node, args: [SERVER_JS], env: { OKF_HUB_USER_DATA: h.userData } },
      probeServer
    )
    expect(r).toEqual({ working: true, problem: null, detail: null })
  })

  it('a process that exits: its code and the last line it wrote on stderr', async () => {
    const dir = tempDir('okf-check-')
    dirs.push(dir)
    const script = join(dir, 'crash.js')
    writeFileSync(
      script,
      "process.stderr.write('loading…\\nError: Cannot find module \\'zod\\'\\n'); process.exit(3)\n"
    )
    const r = await checkEntry({ command: node, args: [script] }, probeServer)
    expect(r).toEqual({
      working: false,
      problem: "le serveur s’est arrêté sans répondre (code 3) : « Error: Cannot find module 'zod' »",
      detail: {
        kind: 'host-server-exited',
        params: { how: 'code 3', detail: "Error: Cannot find module 'zod'" }
      }
    })
  })

  it('a process that never answers: the timeout, and the process is gone afterwards', async () => {
    const dir = tempDir('okf-check-')
    dirs.push(dir)
    const pidFile = join(dir, 'pid')
    const script = join(dir, 'mute.js')
    writeFileSync(
      script,
      `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); process.stderr.write('en attente\\n'); setInterval(() => {}, 1000)\n`
    )
    const t0 = Date.now()
    const r = await checkEntry({ command: node, args: [script] }, probeServer, { timeoutMs: 800 })
    expect(Date.now() - t0).toBeGreaterThanOrEqual(800)
    expect(r).toEqual({
      working: false,
      problem:
        'le serveur n’a pas répondu à initialize + tools/list en 1 s (dernier message : « en attente »)',
      detail: { kind: 'host-server-timeout', params: { seconds: 1, detail: 'en attente' } }
    })
    const pid = Number((await import('node:fs')).readFileSync(pidFile, 'utf8'))
    // The probe kills what it started: the process goes (the test's timeout bounds the wait).
    await waitFor(() => {
      try {
        process.kill(pid, 0)
        return false
      } catch {
        return true
      }
    })
  })

  it('an entry relying on PATH or on variables it does not carry fails here as in the host', async () => {
    const dir = tempDir('okf-check-')
    dirs.push(dir)
    const script = join(dir, 'needs-env.js')
    writeFileSync(
      script,
      "if (!process.env.SECRET_DIR) { console.error('SECRET_DIR manquant'); process.exit(1) }\n"
    )
    process.env.SECRET_DIR = '/tmp'
    try {
      const r = await checkEntry({ command: node, args: [script] }, probeServer)
      expect(r.problem).toBe('le serveur s’est arrêté sans répondre (code 1) : « SECRET_DIR manquant »')
    } finally {
      delete process.env.SECRET_DIR
    }
  })
})

describe('HubService registrations', () => {
  it('registrations(check), register, unregister over an injected home; concurrent checks share one run', async () => {
    assertBuilt()
    const root = tempDir('okf-check-svc-')
    dirs.push(root)
    const home = join(root, 'home')
    mkdirSync(join(home, '.cursor'), { recursive: true })
    const bases = join(root, 'bases')
    mkdirSync(bases)
    const h = hubEnv(bases)
    dirs.push(h.userData)
    const config = loadConfig({ env: h.env })
    let probes = 0
    const service = new HubService({
      config,
      log: memoryHubLog(),
      transport: 'web',
      version: '0.0.0',
      hostEnv: { platform: 'linux', home, env: { HOME: home } },
      serverCommand: { kind: 'node', execPath: node, script: SERVER_JS },
      probeServer: async (spec) => {
        probes++
        return probeServer(spec)
      }
    })
    const none = await service.registrations()
    expect(none.map((r) => [r.host, r.installed, r.present, r.working])).toEqual([
      ['claude-desktop', false, false, null],
      ['claude-code', false, false, null],
      ['cursor', true, false, null],
      ['vscode', false, false, null]
    ])
    const reg = await service.register('cursor')
    expect(reg).toMatchObject({
      host: 'cursor',
      present: true,
      configFile: join(home, '.cursor', 'mcp.json'),
      backup: null
    })
    const [a, b] = await Promise.all([service.registrations(true), service.registrations(true)])
    expect(a).toBe(b)
    expect(probes).toBe(1)
    expect(a.find((r) => r.host === 'cursor')).toMatchObject({ present: true, working: true, problem: null })
    const un = await service.unregister('cursor')
    expect(un).toMatchObject({ present: false })
    expect(un.backup).toMatch(/backups\/hosts\/cursor\//)
    service.watcher.stop()
  })
})
