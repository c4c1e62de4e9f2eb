import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

// Everything the server and the CLI load at run time is bundled, so a cold start
// resolves no node_modules (measured: ~100 ms bundled vs ~150 ms externalized).
// @vscode/ripgrep stays external: it locates its platform binary on disk.
const bundled = [
  '@modelcontextprotocol/sdk',
  // The SDK's Streamable HTTP transport (okf-hub serve --http); loaded only with --http.
  '@hono/node-server',
  'zod',
  'yaml',
  'markdown-it',
  'diff',
  'proper-lockfile',
  'isomorphic-git',
  'jsonc-parser'
]

export default defineConfig({
  main: {
    build: {
      externalizeDeps: { exclude: bundled },
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          'mcp/server': resolve(__dirname, 'src/mcp/server.ts'),
          'cli/okf-hub': resolve(__dirname, 'src/cli/main.ts')
        }
      }
    }
  },
  preload: {
    build: { rolldownOptions: { input: { index: resolve(__dirname, 'src/preload/index.ts') } } }
  },
  renderer: {
    resolve: { alias: { '@renderer': resolve(__dirname, 'src/renderer/src') } },
    plugins: [react()],
    // electron-vite leaves the renderer unminified by default: 2.9 MB of script to parse before
    // the first screen (bench/suites/ui.ts, docs/PERFORMANCE.md « Manager UI »).
    build: { minify: true }
  }
})
