import { configErrorExit } from '../engine/bootstrap/config-exit'
import { ConfigError, loadConfig, type HubConfig } from '../engine/config'
import { openHubLog, type HubLog } from '../engine/hublog'
import { cliMessages } from './locale'

/** Splits `--bases X`, `--config X` (and `--opt=X`) out of argv; returns the rest. */
export function takeHubOptions(argv: string[]): {
  bases?: string
  config?: string
  rest: string[]
  error?: string
} {
  const out: { bases?: string; config?: string; rest: string[]; error?: string } = { rest: [] }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const m = /^--(bases|config)(?:=(.*))?$/.exec(a)
    if (!m) {
      out.rest.push(a)
      continue
    }
    const v = m[2] !== undefined ? m[2] : argv[++i]
    if (v === undefined) return { ...out, error: cliMessages().main.needsValue(m[1]) }
    out[m[1] as 'bases' | 'config'] = v
  }
  return out
}

/**
 * The hub configuration and its log for a subcommand, or the exit code once the invalid
 * configuration is reported (exit 2, the server's own line; with `json`, the `CONFIG` error).
 */
export function openHubConfig(
  o: { bases?: string; config?: string },
  json = false
): number | { config: HubConfig; log: HubLog } {
  let config: HubConfig
  try {
    config = loadConfig({ bases: o.bases, config: o.config })
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e
    if (json) return failWith(true, 'CONFIG', e.message, 2)
    return configErrorExit(e)
  }
  return { config, log: openHubLog(config.logFile) }
}

/** One CLI failure: the `{ error }` JSON on stdout with `--json`, else `ERROR: CODE: message` on stderr. */
export function failWith(json: boolean, code: string, message: string, exit: number): number {
  if (json) process.stdout.write(JSON.stringify({ error: { code, message } }, null, 2) + '\n')
  else process.stderr.write(`ERROR: ${code}: ${message}\n`)
  return exit
}

export interface ParsedArgs<P> {
  parsed?: P
  error?: string
  help?: boolean
  json: boolean
}

/**
 * What every engine subcommand does before its own work: `--help`, usage errors (exit 64, the
 * usage on stderr, a `USAGE` error on stdout with `--json`), then the hub configuration (exit 2
 * through the same line as the server when invalid). Returns the exit code, or the parsed
 * arguments with the configuration and the hub log.
 */
export function prepareCommand<P extends { bases?: string; config?: string; json: boolean }>(
  name: string,
  usage: string,
  args: ParsedArgs<P>
): number | { p: P; config: HubConfig; log: HubLog } {
  if (args.help) {
    process.stdout.write(usage)
    return 0
  }
  if (!args.parsed) {
    const words = cliMessages().main
    const message = args.error ?? words.badUsage
    if (args.json) process.stdout.write(JSON.stringify({ error: { code: 'USAGE', message } }, null, 2) + '\n')
    process.stderr.write(`${words.usageLine(name, message)}\n\n${usage}`)
    return 64
  }
  const p = args.parsed
  const opened = openHubConfig(p, p.json)
  return typeof opened === 'number' ? opened : { p, ...opened }
}
