/**
 * `okf-hub serve`'s arguments, in a module of their own: the bundled server's quick start
 * (quick-start.ts) reads `--config` from them before the engine is loaded.
 */

export interface ServeOptions {
  bases?: string
  config?: string
  verbose?: boolean
  /** `--http`: Streamable HTTP on 127.0.0.1 instead of stdio (http-server.ts). */
  http?: boolean
  /** `--port N` (with --http). */
  port?: number
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
