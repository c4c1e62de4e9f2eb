import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'

// Everything the server and the CLI load at run time is bundled, so a cold start
// resolves no node_modules (measured: ~100 ms bundled vs ~150 ms externalized).
// @vscode/ripgrep stays external: it locates its platform binary on disk.
const bundled = [
  '@modelcontextprotocol/sdk',
  // The v2 line serves both protocol eras (2025 initialize, 2026-07-28 server/discover).
  '@modelcontextprotocol/server',
  '@modelcontextprotocol/core',
  // The SDK's Streamable HTTP transport (okf-hub serve --http); loaded only with --http.
  '@hono/node-server',
  'zod',
  'yaml',
  'markdown-it',
  'diff',
  'proper-lockfile',
  'isomorphic-git',
  'jsonc-parser',
  // Insights' stemmers (the app, okf-hub ui and okf-hub insights).
  '@orama/stemmers'
]

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136+) on the chunks whose
 * code nearly all runs once loaded: their functions are compiled on the streaming thread while
 * the file downloads, instead of one at a time on the main thread at first call — 1,049 lazy
 * compilations, ~95 ms of a traced page load before the inventory's rows (docs/PERFORMANCE.md
 * « Manager UI »). The hint must be the file's first line, and the minifier drops comments.
 */
const EAGER_CHUNKS = new Set(['boot', 'PlanScreen'])
function compileHints(): Plugin {
  return {
    name: 'okf-compile-hints',
    apply: 'build',
    enforce: 'post',
    // On disk, once written: Vite's preload helper is prepended to the app chunk in its own
    // generateBundle, after any plugin's.
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !EAGER_CHUNKS.has(file.name) || !options.dir) continue
        const path = join(options.dir, file.fileName)
        writeFileSync(path, `//# allFunctionsCalledOnLoad\n${readFileSync(path, 'utf8')}`)
      }
    }
  }
}

/**
 * This build's identity, written into the server's code: the MCP server's start cache answers only
 * for the build that recorded it (src/mcp/start-cache.ts), since tool texts change with the code.
 */
const BUILD_ID = `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`

export default defineConfig({
  main: {
    define: { __OKF_BUILD_ID__: JSON.stringify(BUILD_ID) },
    build: {
      externalizeDeps: { exclude: bundled },
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          'mcp/server': resolve(__dirname, 'src/mcp/server.ts'),
          'cli/okf-hub': resolve(__dirname, 'src/cli/main.ts')
        },
        // Pure-ASCII chunks: Node reads an ASCII file into a one-byte string about twice as fast as
        // one holding a French accent or a typographic space, and V8 scans it faster; a server
        // start reads every byte of the chunks it loads (docs/PERFORMANCE.md « Cold start »). Strings
        // keep their values (escaped); the libraries' JSDoc, prose that nothing reads at run time,
        // is dropped — licence comments stay.
        output: { charset: 'ascii', comments: { legal: true, annotation: true, jsdoc: false } }
      }
    }
  },
  preload: {
    build: { rolldownOptions: { input: { index: resolve(__dirname, 'src/preload/index.ts') } } }
  },
  renderer: {
    resolve: { alias: { '@renderer': resolve(__dirname, 'src/renderer/src') } },
    plugins: [react(), compileHints()],
    // electron-vite leaves the renderer unminified by default: 2.9 MB of script to parse before
    // the first screen (bench/suites/ui.ts, docs/PERFORMANCE.md « Manager UI »).
    build: { minify: true }
  }
})
