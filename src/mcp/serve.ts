import { ConfigError } from '../engine/config'
import { configErrorExit } from '../engine/bootstrap/config-exit'
import { parseServeArgs } from './serve-args'
import type { Handover } from './quick-start'
import { serveStdio } from './stdio-server'

/**
 * `okf-hub serve` and the bundled server's entry: the arguments, then the door asked for. It sits
 * above both transports, so that neither imports the other.
 */

/** `handover`: what the bundled server's quick start read and answered (quick-start.ts), if it ran. */
export async function runServer(argv: string[], handover?: Handover): Promise<number> {
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
    await serveStdio(opts, handover)
    return 0
  } catch (e) {
    // The very helper of every okf-hub subcommand: one text, one exit code, whichever door.
    if (e instanceof ConfigError) return configErrorExit(e)
    throw e
  }
}
