import { ConfigError } from '../engine/config'
import { configErrorExit } from '../engine/bootstrap/config-exit'
import type { ServeOptions } from './hub-setup'
import { serveStdio } from './stdio-server'

/**
 * `okf-hub serve` and the bundled server's entry: the arguments, then the door asked for. It sits
 * above both transports, so that neither imports the other.
 */

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
