// `okf-hub ui` — the manager's UI in a browser: the same renderer and HubApi as the desktop app,
// over the loopback HTTP bridge. Parses argv, starts the engine and the bridge, prints the URL.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { hostname, networkInterfaces } from 'node:os'
import { join, resolve } from 'node:path'
import { ConfigError } from '../engine/config'
import { startEngine } from '../engine/bootstrap/start'
import { HubService } from '../engine/hub/service'
import { startBridge } from '../bridge/http-server'
import { chooseBind } from '../loopback/guard'
import { nodeServerFacts } from '../engine/registration/server-command'
import { probeServer } from '../probe/server-probe'
import { configErrorExit } from '../engine/bootstrap/config-exit'
import { takeHubOptions } from './options'
import { version } from '../../package.json'
import { cliMessages } from './locale'
import { onStopSignal } from '../engine/bootstrap/stop-signals'

/** The usage in the user's language (`locale.ts`). */
export const uiUsage = (): string => cliMessages().ui.usage

/** The `Host` names a forced remote bind answers to: the address itself, or every local one. */
function remoteHostNames(host: string): string[] {
  const literal = (a: string): string => (a.includes(':') ? `[${a}]` : a)
  if (host !== '0.0.0.0' && host !== '::') return [literal(host)]
  const addresses = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => host === '::' || a.family === 'IPv4')
    .map((a) => literal(a.address))
  return [...addresses, hostname()]
}

/** Where the built renderer is: next to the built CLI (`out/main/cli` → `out/renderer`). */
export function rendererDir(): string | null {
  const candidates = [resolve(__dirname, '../../renderer'), resolve(__dirname, '../../out/renderer')]
  return candidates.find((d) => existsSync(join(d, 'index.html'))) ?? null
}

function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]]
  try {
    const child = spawn(cmd, args, { detached: true, stdio: 'ignore' })
    child.on('error', () => process.stderr.write(`${cliMessages().ui.browserMissing(cmd)}\n`))
    child.unref()
  } catch {
    process.stderr.write(`${cliMessages().ui.browserFailed}\n`)
  }
}

export async function runUi(argv: string[]): Promise<number> {
  const m = cliMessages().ui
  const o = takeHubOptions(argv)
  let port = 0
  let host = '127.0.0.1'
  let allowRemote = false
  let open = true
  let verbose = false
  const usage = (msg: string): number => {
    process.stderr.write(`${m.said(msg)}\n\n${m.usage}`)
    return 64
  }
  if (o.error) return usage(o.error)
  for (let i = 0; i < o.rest.length; i++) {
    const a = o.rest[i]
    if (a === '--no-open') open = false
    else if (a === '--verbose') verbose = true
    else if (a === '--allow-remote') allowRemote = true
    else if (a === '--host' || a.startsWith('--host=')) {
      const v = a === '--host' ? o.rest[++i] : a.slice('--host='.length)
      if (v === undefined) return usage(m.hostNeedsValue)
      host = v
    } else if (a === '--help' || a === '-h') {
      process.stdout.write(m.usage)
      return 0
    } else if (a === '--port' || a.startsWith('--port=')) {
      const v = a === '--port' ? o.rest[++i] : a.slice('--port='.length)
      const n = Number(v)
      if (!Number.isInteger(n) || n < 0 || n > 65535) return usage(m.portRange)
      port = n
    } else return usage(m.unknownArgument(a))
  }
  const bind = chooseBind(host, allowRemote)
  if (!bind.ok) {
    process.stderr.write(
      `${bind.refused === 'invalid' ? m.hostInvalid(bind.host) : m.hostNotLoopback(bind.host)}\n`
    )
    return 64
  }
  const dir = rendererDir()
  if (!dir) {
    process.stderr.write(`${m.notBuilt}\n`)
    return 5
  }
  let engine
  try {
    engine = await startEngine({ bases: o.bases, config: o.config, verbose, door: 'ui' })
  } catch (e) {
    if (e instanceof ConfigError) return configErrorExit(e)
    throw e
  }
  const { config, log } = engine
  const service = new HubService({
    config,
    log,
    transport: 'web',
    version,
    serverCommand: nodeServerFacts(),
    probeServer
  })
  let bridge
  try {
    bridge = await startBridge({
      service,
      log,
      rendererDir: dir,
      port,
      host: bind.host,
      extraHosts: bind.remote ? remoteHostNames(bind.host) : bind.host === '::1' ? ['[::1]'] : []
    })
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    const where = `${bind.host}:${port}`
    process.stderr.write(
      `${err.code === 'EADDRINUSE' ? m.portInUse(where) : m.listenFailed(where, err.code ?? err.message)}\n`
    )
    return 5
  }
  if (bind.remote) {
    process.stderr.write(`${m.remoteWarning(bind.host)}\n`)
    log.warning(
      `ui : ATTENTION : écoute sur ${bind.host}, accessible depuis le réseau, en HTTP non chiffré (--allow-remote)`
    )
  }
  process.stdout.write(`OKF Hub UI: ${bridge.url}\n`)
  process.stdout.write(`${m.basesLine(config.basesDir)}\n`)
  if (open) openBrowser(bridge.url)
  service.startBackgroundSync()
  await new Promise<void>((done) => onStopSignal(() => done()))
  await bridge.close()
  log.info('arrêt (ui)')
  log.close()
  return 0
}
