// Entry of the bundled MCP server (out/main/mcp/server.js): what a host such as
// Claude Desktop spawns. Never write to stdout here: it carries the protocol.
import { runServer } from './serve'

runServer(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`okf-hub: échec du serveur : ${e instanceof Error ? e.stack : String(e)}\n`)
    process.exit(1)
  }
)
