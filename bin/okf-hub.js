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
require(entry)
