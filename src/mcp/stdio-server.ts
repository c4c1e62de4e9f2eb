import { ConfigError, type HubConfig } from '../engine/config'
import { LogTap } from './log-tap'
import { startEngine } from '../engine/bootstrap/start'
import { configErrorExit } from '../engine/bootstrap/config-exit'
import { Hub } from './hub'
import { HubStdioTransport } from './stdio-transport'
import { createMcpSession } from './protocol'

export { SERVER_NAME, SERVER_VERSION } from './protocol'

export interface ServeOptions {
  bases?: string
  config?: string
  verbose?: boolean
  /** `--http`: Streamable HTTP on 127.0.0.1 instead of stdio (http-server.ts). */
  http?: boolean
  /** `--port N` (with --http). */
  port?: number
}

/** Config, log and default bases (what every long-running door does first), then the MCP hub. */
export async function prepareHub(
  opts: ServeOptions,
  door = 'mcp'
): Promise<{ config: HubConfig; log: LogTap; hub: Hub; sync: import('../engine/sync/service').SyncService }> {
  const started = await startEngine({ ...opts, door })
  const config = started.config
  // Tapped so that the MCP sessions that ask (logging/setLevel) are sent its lines.
  const log = new LogTap(started.log)
  const hub = new Hub(config, log)
  // Team sync: a proposal filed here is pushed when its base has auto-push; a server also
  // fast-forwards its bases once it answers (the network code loads only for bases with a remote).
  const { SyncService } = await import('../engine/sync/service')
  const sync = new SyncService({ config, log })
  if (door.startsWith('mcp')) {
    const timer = setTimeout(() => sync.startAtLaunch(hub.ctx.registry.list()), SYNC_AT_START_DELAY_MS)
    timer.unref()
  }
  return { config, log, hub, sync }
}

/**
 * The start-up sync waits this long after the server is ready, so that loading the network code
 * never delays the host's `initialize` and `tools/list` (2 s is the ceiling).
 */
export const SYNC_AT_START_DELAY_MS = 300

/** Serves the MCP surface (protocol.ts) over stdio until the client closes stdin. */
export async function serveStdio(opts: ServeOptions): Promise<void> {
  const { log, hub } = await prepareHub(opts)
  const { server, dispose } = createMcpSession(hub, log)
  const transport = new HubStdioTransport(log)
  // A host stopping the server (the SDK's client sends SIGTERM 2 s after closing stdin) gets the
  // requests already received answered first: a kb_propose under way ends committed, its locks
  // released, instead of being cut between two writes. A second signal exits at once. `on`, not
  // `once`: proper-lockfile's signal-exit re-raises a signal it finds no other listener for.
  let signalled = false
  const stop = (sig: NodeJS.Signals): void => {
    if (signalled) process.exit(sig === 'SIGINT' ? 130 : 143)
    signalled = true
    transport.stop()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  await new Promise<void>((resolve, reject) => {
    transport.onclose = () => resolve()
    server.connect(transport).catch(reject)
  })
  dispose()
  log.info('arrêt')
  log.close()
}

/** Entry used by `out/main/mcp/server.js` and `okf-hub serve`. */
export function parseServeArgs(argv: string[]): ServeOptions | string {
  const opts: ServeOptions = {}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const value = (): string | undefined => {
      const eq = a.indexOf('=')
      if (eq >= 0) return a.slice(eq + 1)
      i++
      return argv[i]
    }
    if (a === '--bases' || a.startsWith('--bases=')) opts.bases = value()
    else if (a === '--config' || a.startsWith('--config=')) opts.config = value()
    else if (a === '--verbose') opts.verbose = true
    else if (a === '--http') opts.http = true
    else if (a === '--port' || a.startsWith('--port=')) {
      const v = value()
      if (v === undefined || !/^\d+$/.test(v) || Number(v) > 65535)
        return `--port attend un numéro de port (0 à 65535)`
      opts.port = Number(v)
    } else return `option inconnue : ${a}`
    if ((a === '--bases' || a === '--config') && opts[a === '--bases' ? 'bases' : 'config'] === undefined)
      return `${a} attend une valeur`
  }
  if (opts.port !== undefined && !opts.http) return '--port ne vaut qu’avec --http'
  return opts
}

export async function runServer(argv: string[]): Promise<number> {
  const opts = parseServeArgs(argv)
  if (typeof opts === 'string') {
    process.stderr.write(
      `okf-hub serve : ${opts}\nusage: okf-hub serve [--http [--port N]] [--bases DIR] [--config FILE] [--verbose]\n`
    )
    return 64
  }
  try {
    if (opts.http) {
      // The HTTP door loads only when asked: a stdio session never pays for it.
      const { serveHttp } = await import('./http-server')
      return await serveHttp(opts)
    }
    await serveStdio(opts)
    return 0
  } catch (e) {
    // The very helper of every okf-hub subcommand: one text, one exit code, whichever door.
    if (e instanceof ConfigError) return configErrorExit(e)
    throw e
  }
}
