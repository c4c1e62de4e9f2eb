import type { ConfigError } from '../config'

/** The exit code of an invalid configuration, for every process the hub runs (`okf-hub lock` documents it). */
export const CONFIG_ERROR_EXIT = 2

/**
 * How a process door reports an invalid configuration (hub-config.yaml, bases dir): one line on
 * stderr, exit 2 — the same for every `okf-hub` subcommand and for the MCP server, whether a host
 * spawns `out/main/mcp/server.js` or `okf-hub serve`, so an operator sees one text whichever door
 * met it. It lives here, beside `startEngine` which raises the ConfigError, rather than in
 * src/cli: the MCP door must not import the CLI, nor the CLI's lock or review the MCP server.
 * The desktop app shows the same message in a dialog instead (it has no stderr to speak of).
 */
export function configErrorExit(e: ConfigError): number {
  process.stderr.write(`okf-hub: configuration invalide : ${e.message}\n`)
  return CONFIG_ERROR_EXIT
}
