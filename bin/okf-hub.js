#!/usr/bin/env node
// The CLI is built by `npm ci` (prepare) into out/; this shim only locates it.
const { existsSync } = require('node:fs')
const { join } = require('node:path')
const entry = join(__dirname, '..', 'out', 'main', 'cli', 'okf-hub.js')
if (!existsSync(entry)) {
  process.stderr.write(
    'okf-hub: build missing — run `npm run build` (or `npm ci`) in ' + join(__dirname, '..') + '\n'
  )
  process.exit(70)
}
// V8's on-disk compile cache (Node >= 22.1; skipped where absent): later starts skip compiling the
// bundle. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
const nodeModule = require('node:module')
if (typeof nodeModule.enableCompileCache === 'function') nodeModule.enableCompileCache()
// `okf-hub serve` over stdio is what a host spawns at every session: it starts through the bundled
// server's own entry, whose quick start answers initialize and tools/list before the rest loads
// (src/mcp/quick-start.ts) — the same server as `out/main/mcp/server.js`, given the same options.
// `--http`, `--help` and every other subcommand go through the CLI.
const args = process.argv.slice(2)
if (args[0] === 'serve' && !args.some((a) => a === '--http' || a === '--help' || a === '-h')) {
  process.argv.splice(2, 1)
  require(join(__dirname, '..', 'out', 'main', 'mcp', 'server.js'))
} else require(entry)
