import { describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { importCycles, importEdges, sourceFiles, type ImportEdge } from './helpers/imports'

const ROOT = join(__dirname, '..')
const MAP = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const abs = join(dir, n)
    if (statSync(abs).isDirectory()) return sources(abs)
    return /\.tsx?$/.test(n) && !n.endsWith('.test.ts') ? [relative(ROOT, abs)] : []
  })
}

// The structure document names every source file; a file it does not name, or a name with no
// file, means the map drifted from the territory.
describe('docs/ARCHITECTURE.md', () => {
  it('names every source file', () => {
    const missing = sources(join(ROOT, 'src')).filter((f) => !MAP.includes(`\`${f}\``))
    expect(missing).toEqual([])
  })

  it('names no file that is gone', () => {
    const named = [...MAP.matchAll(/`(src\/[^`\s]+\.tsx?)`/g)].map((m) => m[1])
    expect(named.length).toBeGreaterThan(50)
    expect(named.filter((f) => !existsSync(join(ROOT, f)))).toEqual([])
  })
})

/**
 * The forbidden arrows, held (issue 28): the engine imports no door; the MCP door imports neither
 * the desktop shell, the UI bridge, the renderer nor Electron; the renderer talks only to the
 * HubApi (no engine, no shell, no Node); the preload is the HubApi over IPC and nothing else; the
 * types that cross (`src/shared`) import nothing but each other. And no import cycle anywhere.
 */
describe('the import arrows', () => {
  const files = sourceFiles(ROOT, join(ROOT, 'src'))
  const edges = importEdges(ROOT, files)

  /** Which room a file or a package is in. */
  const room = (e: ImportEdge, side: 'from' | 'to'): string => {
    const f = side === 'from' ? e.from : e.to
    if (side === 'to' && e.kind === 'builtin') return 'node'
    if (side === 'to' && e.kind === 'package') {
      if (f === 'electron') return 'electron'
      if (f.startsWith('@modelcontextprotocol/')) return 'mcp-sdk'
      return 'package'
    }
    if (f.startsWith('src/renderer/')) return 'renderer'
    const m = /^src\/([^/]+)\//.exec(f)
    return m ? m[1] : f
  }

  const forbidden: Record<string, string[]> = {
    engine: [
      'mcp',
      'cli',
      'main',
      'preload',
      'renderer',
      'bridge',
      'loopback',
      'probe',
      'electron',
      'mcp-sdk'
    ],
    mcp: ['main', 'bridge', 'renderer', 'preload', 'cli', 'electron'],
    bridge: ['mcp', 'main', 'renderer', 'preload', 'cli', 'electron', 'mcp-sdk'],
    loopback: ['engine', 'mcp', 'main', 'renderer', 'preload', 'cli', 'bridge', 'electron', 'mcp-sdk'],
    probe: ['mcp', 'main', 'renderer', 'preload', 'cli', 'bridge', 'electron'],
    renderer: [
      'engine',
      'main',
      'mcp',
      'cli',
      'bridge',
      'loopback',
      'probe',
      'preload',
      'node',
      'electron',
      'mcp-sdk'
    ],
    main: ['mcp', 'renderer', 'cli', 'mcp-sdk'],
    cli: ['main', 'renderer', 'preload', 'electron'],
    shared: [
      'engine',
      'mcp',
      'cli',
      'main',
      'preload',
      'renderer',
      'bridge',
      'loopback',
      'probe',
      'node',
      'electron'
    ]
  }

  it('reads the real graph (a scanner that finds nothing proves nothing)', () => {
    expect(files.length).toBeGreaterThan(150)
    const has = (from: string, to: string): boolean => edges.some((e) => e.from === from && e.to === to)
    expect(has('src/mcp/stdio-server.ts', 'src/mcp/hub-setup.ts')).toBe(true)
    expect(has('src/preload/index.ts', 'electron')).toBe(true)
    expect(edges.some((e) => e.from === 'src/mcp/serve.ts' && e.to === 'src/mcp/http-server.ts')).toBe(true)
  })

  // No exception: the words the CLI shares with the UI (error kinds, sync alerts) live in
  // src/shared/words, which the UI's resources include.
  const allowed = new Set<string>()

  it('has no forbidden arrow', () => {
    const bad = edges
      .filter((e) => !allowed.has(`${e.from} → ${e.to}`))
      .filter((e) => forbidden[room(e, 'from')]?.includes(room(e, 'to')))
      .map((e) => `${e.from} → ${e.to}`)
    expect(bad).toEqual([])
  })

  it('lets the preload import only the shared types and Electron', () => {
    const bad = edges
      .filter(
        (e) => room(e, 'from') === 'preload' && !['shared', 'electron', 'preload'].includes(room(e, 'to'))
      )
      .map((e) => `${e.from} → ${e.to}`)
    expect(bad).toEqual([])
  })

  it('has no import cycle', () => {
    expect(importCycles(edges)).toEqual([])
  })

  it('catches what it is meant to catch', () => {
    // The rules run on a made-up graph: an engine file importing the MCP door and a cycle.
    const fake: ImportEdge[] = [
      { from: 'src/engine/a.ts', to: 'src/mcp/hub.ts', kind: 'file' },
      { from: 'src/mcp/x.ts', to: 'src/mcp/y.ts', kind: 'file' },
      { from: 'src/mcp/y.ts', to: 'src/mcp/x.ts', kind: 'file' },
      { from: 'src/renderer/src/a.tsx', to: 'node:fs', kind: 'builtin' }
    ]
    expect(fake.filter((e) => forbidden[room(e, 'from')]?.includes(room(e, 'to')))).toHaveLength(2)
    expect(importCycles(fake)).toEqual([['src/mcp/x.ts', 'src/mcp/y.ts']])
  })
})
