/**
 * The Claude Desktop extension: `scripts/mcpb.ts` stages and packs okf-hub.mcpb with the official
 * tooling (@anthropic-ai/mcpb); the official CLI validates the manifest and unpacks the archive;
 * the server then starts from the unpacked entry point on plain Node, cwd `/`, with the command and
 * environment the manifest's mcp_config gives once the official substitution (`${__dirname}`,
 * `${user_config.*}`) is applied — and answers initialize, tools/list, kb_list and kb_search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { removeDir, tempDir } from './helpers/fixtures'
import { assertBuilt } from './helpers/mcp'
import { BASES_ENV, BASES_KEY, ENTRY_POINT, buildMcpb, runMcpbCli, type McpbResult } from '../scripts/mcpb'
import { TOOLS } from '../src/mcp/tools/index'

interface Manifest {
  manifest_version: string
  name: string
  version: string
  icon: string
  server: {
    type: string
    entry_point: string
    mcp_config: { command: string; args: string[]; env: Record<string, string> }
  }
  user_config: Record<string, { type: string; required?: boolean; default?: string }>
  tools: { name: string; description: string }[]
  compatibility: { platforms: string[]; runtimes: { node: string } }
}

let work: string
let built: McpbResult
let unpacked: string
let manifest: Manifest

beforeAll(() => {
  assertBuilt()
  work = tempDir('okf-mcpb-')
  built = buildMcpb({
    out: join(work, 'okf-hub.mcpb'),
    staging: join(work, 'staging'),
    installedOnly: true,
    log: () => {}
  })
  unpacked = join(work, 'unpacked')
  const r = runMcpbCli(['unpack', built.mcpb as string, unpacked])
  if (r.status !== 0) throw new Error(`mcpb unpack: ${r.stdout}\n${r.stderr}`)
  manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as Manifest
})

afterAll(() => {
  if (work) removeDir(work)
})

/** mcp_config as Claude Desktop resolves it, through the official package's own function. */
async function resolvedConfig(basesDir: string | undefined) {
  const { getMcpConfigForManifest } = await import('@anthropic-ai/mcpb')
  const config = await getMcpConfigForManifest({
    manifest: manifest as never,
    extensionPath: unpacked,
    systemDirs: {},
    userConfig: basesDir === undefined ? {} : { [BASES_KEY]: basesDir },
    pathSeparator: '/'
  })
  if (!config) throw new Error('mcp_config not resolved')
  return config as { command: string; args: string[]; env?: Record<string, string> }
}

async function start(basesDir: string | undefined, home: string) {
  const config = await resolvedConfig(basesDir)
  // `node` is Claude's built-in Node: here, this very Node. The environment is the manifest's,
  // plus HOME pointed at a temp dir (a host always gives one; the developer's profile stays
  // untouched) and an empty PATH, proving the bundle needs nothing from the machine.
  expect(config.command).toBe('node')
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: config.args,
    env: { ...config.env, HOME: home, PATH: '' },
    cwd: '/',
    stderr: 'pipe'
  })
  let stderr = ''
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()))
  const client = new Client({ name: 'okf-mcpb-test', version: '0.0.0' })
  await client.connect(transport)
  const text = async (name: string, args: Record<string, unknown> = {}) => {
    const r = await client.callTool({ name, arguments: args })
    return (r.content as { text: string }[]).map((c) => c.text).join('')
  }
  return { client, text, stderr: () => stderr }
}

describe('okf-hub.mcpb', () => {
  it('validates with the official mcpb CLI', () => {
    const r = runMcpbCli(['validate', join(built.staging, 'manifest.json')])
    expect(r.stderr + r.stdout).toMatch(/Manifest schema validation passes/)
    expect(r.status).toBe(0)
    // The unpacked archive carries the same manifest.
    const again = runMcpbCli(['validate', join(unpacked, 'manifest.json')])
    expect(again.status).toBe(0)
  })

  it('declares a node server, a directory picker mapped to OKF_HUB_BASES, our seven tools and the platforms it covers', () => {
    expect(manifest.manifest_version).toBe('0.3')
    expect(manifest.server.type).toBe('node')
    expect(manifest.server.entry_point).toBe(ENTRY_POINT)
    expect(manifest.server.mcp_config.args).toEqual([`\${__dirname}/${ENTRY_POINT}`])
    expect(manifest.server.mcp_config.env).toEqual({ [BASES_ENV]: `\${user_config.${BASES_KEY}}` })
    expect(manifest.user_config[BASES_KEY]).toMatchObject({ type: 'directory', required: false, default: '' })
    expect(manifest.tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name))
    for (const t of manifest.tools) {
      const def = TOOLS.find((d) => d.name === t.name)
      expect(t.description.length).toBeGreaterThan(80)
      // Our own description, minus the per-session base listing the server appends.
      const ctx = { registry: { list: () => [] } } as never
      expect(def?.describe(ctx).startsWith(t.description)).toBe(true)
      expect(t.description).not.toMatch(/Aucune base n'est actuellement enregistrée/)
    }
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
      version: string
      engines: { node: string }
    }
    expect(manifest.version).toBe(pkg.version)
    expect(manifest.compatibility.runtimes.node).toBe(pkg.engines.node)
    const installed = readdirSync(join(__dirname, '..', 'node_modules', '@vscode'))
      .filter((n) => n.startsWith('ripgrep-'))
      .map((n) => n.slice('ripgrep-'.length))
      .sort()
    expect(built.ripgrep).toEqual(installed)
    expect(manifest.compatibility.platforms).toEqual(
      [...new Set(installed.map((t) => t.split('-')[0]))].sort()
    )
    const icon = readFileSync(join(unpacked, manifest.icon))
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([512, 512])
  })

  it('ships the server with exactly its chunks, the default bases and an executable ripgrep; nothing of the desktop app', () => {
    expect(existsSync(join(unpacked, ENTRY_POINT))).toBe(true)
    const main = join(unpacked, 'server', 'out', 'main')
    expect(readdirSync(main).sort()).toEqual(['chunks', 'mcp'])
    expect(existsSync(join(unpacked, 'server', 'out', 'renderer'))).toBe(false)
    expect(readdirSync(join(unpacked, 'server', 'resources', 'bases')).sort()).toEqual([
      'okf-hub-feedback',
      'okf-hub-guide'
    ])
    for (const target of built.ripgrep) {
      if (target.startsWith('win32-')) continue
      const rg = join(unpacked, 'server', 'node_modules', `@vscode/ripgrep-${target}`, 'bin', 'rg')
      expect(statSync(rg).mode & 0o111).toBe(0o111)
    }
  })

  it('starts from the unpacked entry point (plain node, cwd /, the manifest env) and serves the chosen bases dir', async () => {
    const bases = tempDir('okf-mcpb-bases-')
    const home = tempDir('okf-mcpb-home-')
    const s = await start(bases, home)
    try {
      const tools = await s.client.listTools()
      expect(tools.tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name))
      // The default bases came from the bundle's own resources into the chosen folder.
      const list = await s.text('kb_list')
      expect(list).toContain('## okf-hub-guide')
      expect(readdirSync(bases).sort()).toEqual(['okf-hub-feedback', 'okf-hub-guide'])
      // ripgrep from the bundle.
      const found = await s.text('kb_search', { base: 'okf-hub-guide', query: 'proposition' })
      expect(found).toMatch(/^\d+ résultat\(s\) dans 'okf-hub-guide' pour : proposition/)
    } finally {
      await s.client.close()
      removeDir(bases)
      removeDir(home)
    }
  })

  it('with the folder left empty, serves the desktop app’s own bases dir (<user data>/bases)', async () => {
    const home = tempDir('okf-mcpb-home-')
    const s = await start(undefined, home)
    try {
      expect(await s.text('kb_list')).toContain('## okf-hub-guide')
      const userData =
        process.platform === 'darwin'
          ? join(home, 'Library', 'Application Support', 'OKF Hub')
          : join(home, '.config', 'OKF Hub')
      expect(readdirSync(join(userData, 'bases')).sort()).toEqual(['okf-hub-feedback', 'okf-hub-guide'])
    } finally {
      await s.client.close()
      removeDir(home)
    }
  })
})
