/**
 * The floor of a cold start with the MCP SDK on the start path: the SDK's stdio entry (both eras,
 * as src/mcp/stdio-server.ts uses it) serving nothing but `tools/list`, which answers the list
 * given as a JSON file (argv[2]: the hub's own list). No config, no bases, no engine. Bundled by
 * bench/suites/coldstart.ts as the server is (one CommonJS file, compile cache on), so that the
 * difference with okf-hub's start is the hub's own work and not how the SDK is loaded.
 */
import { readFileSync } from 'node:fs'
import { Server, type Tool } from '@modelcontextprotocol/server'
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio'

const tools = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Tool[]
serveStdio(
  () => {
    const server = new Server(
      { name: 'sdk-floor', version: '0' },
      { capabilities: { tools: { listChanged: true } } }
    )
    server.setRequestHandler('tools/list', async () => ({ tools }))
    return server
  },
  { legacy: 'serve', transport: new StdioServerTransport() }
)
