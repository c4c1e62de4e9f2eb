// Entry of the bundled MCP server (out/main/mcp/server.js): what a host such as
// Claude Desktop spawns. Never write to stdout here: it carries the protocol.
import * as nodeModule from 'node:module'
import { preferSmallHeap } from '../engine/memory'
import { quickStart, quickStartEnabled, type Handover } from './quick-start'
import { parseServeArgs } from './serve-args'

// The heap policy before the bundle loads: the young generation stays at its initial size only if
// it is bounded before the start-up's allocations have grown it (memory.ts; startEngine says it
// again for the other ways in).
preferSmallHeap('growth')

// A host spawns the server at every session: V8's on-disk compile cache (Node ≥ 22.1; absent from
// older Nodes and some Electron builds, then skipped) spares each start the parse and compile of the
// bundle. It must be on before the bundle is required, hence the dynamic import below. The cache
// lives in the OS temp folder, keyed by Node's version and each file's content; NODE_DISABLE_COMPILE_CACHE=1
// turns it off.
const withCache = nodeModule as { enableCompileCache?: () => unknown }
withCache.enableCompileCache?.()

// A host waits for initialize and tools/list before anything else: when the start cache holds this
// start's answers, they are written before the SDK and the engine load (quick-start.ts), and what
// was read meanwhile is handed to them. The HTTP door and OKF_HUB_QUICK_START=0 go the long way.
const argv = process.argv.slice(2)
const asked = parseServeArgs(argv)
// Arguments runServer refuses get its usage text, never an answer first.
const quick: Promise<Handover | undefined> =
  typeof asked === 'string' || asked.http || !quickStartEnabled(process.env)
    ? Promise.resolve(undefined)
    : Promise.resolve()
        .then(() => quickStart(argv, process.env))
        .catch((e: unknown) => {
          // Only a speed-up: the start goes the long way, and says why on stderr (the host's log).
          process.stderr.write(
            `okf-hub: démarrage rapide impossible (${e instanceof Error ? e.message : String(e)}) — démarrage normal\n`
          )
          return undefined
        })

void quick
  .then(async (handover) => {
    const { runServer } = await import('./serve')
    return runServer(argv, handover)
  })
  .then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`okf-hub: échec du serveur : ${e instanceof Error ? e.stack : String(e)}\n`)
      process.exit(1)
    }
  )
