import { ConfigError } from '../engine/config'
import { prepareHub } from '../mcp/hub-setup'
import { configErrorExit } from '../engine/bootstrap/config-exit'
import { takeHubOptions } from './options'
import { inert } from './inert'
import { cliMessages } from './locale'

/** `okf-hub tool <kb_tool> ['<json>']`: the MCP code path, text on stdout, exit 1 on isError. */
export async function runTool(argv: string[]): Promise<number> {
  const o = takeHubOptions(argv)
  const [name, json, ...extra] = o.rest
  const m = cliMessages().main
  if (name === '--help' || name === '-h') {
    process.stdout.write(m.toolUsage)
    return 0
  }
  if (o.error || !name || extra.length > 0) {
    process.stderr.write(`${o.error ? `${m.usageLine('tool', o.error)}\n` : ''}${m.toolUsage}`)
    return 64
  }
  let args: unknown = {}
  if (json !== undefined) {
    try {
      args = JSON.parse(json)
    } catch (e) {
      process.stderr.write(`${m.badToolArguments((e as Error).message)}\n`)
      return 64
    }
  }
  try {
    const { hub, log, sync } = await prepareHub({ bases: o.bases, config: o.config }, 'tool')
    const out = await hub.callTool(name, args)
    // What a base holds is untrusted: in a terminal, its control characters are shown, never obeyed.
    process.stdout.write(inert(out.text.endsWith('\n') ? out.text : out.text + '\n'))
    // A proposal filed into a base with auto-push is pushed before this one-shot process ends.
    await sync.idle()
    log.close()
    return out.isError ? 1 : 0
  } catch (e) {
    if (e instanceof ConfigError) return configErrorExit(e)
    throw e
  }
}
