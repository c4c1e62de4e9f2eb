// Entry of the bundled MCP server (out/main/mcp/server.js): what a host such as
// Claude Desktop spawns. Never write to stdout here: it carries the protocol.
import * as nodeModule from 'node:module'
import { preferSmallHeap } from '../engine/memory'

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

void import('./serve')
  .then(({ runServer }) => runServer(process.argv.slice(2)))
  .then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`okf-hub: échec du serveur : ${e instanceof Error ? e.stack : String(e)}\n`)
      process.exit(1)
    }
  )
