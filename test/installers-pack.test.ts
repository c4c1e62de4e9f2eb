/**
 * The desktop app packed for real (issue 30): electron-builder `--linux dir` with the repository's
 * own configuration (build/electron-builder.yml, schema-validated by electron-builder itself, every
 * target's section included) and a stand-in for the Electron binary, which cannot be downloaded on
 * these machines: Node's own executable under Electron's name (`electronDist`). The stand-in has
 * no fuse sentinel, so the fuses are left to the static check (installers.test.ts).
 *
 * Then what a user downloads: the asar holds the app and nothing of node_modules but ripgrep's
 * resolver (everything else is bundled into out/), and the MCP server starts from the unpacked
 * path registration writes — `ELECTRON_RUN_AS_NODE=1 <app> <resources>/app.asar.unpacked/…/server.js`
 * — and searches with the ripgrep binary shipped beside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml'
import { listPackage } from '@electron/asar'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { ROOT, assertBuilt, hubEnv } from './helpers/mcp'

const dirs: string[] = []
afterAll(() => dirs.forEach(removeDir))

let unpacked = ''
let packOutput = ''

beforeAll(() => {
  assertBuilt()
  const work = tempDir('okf-pack-')
  dirs.push(work)
  const dist = join(work, 'electron-dist')
  mkdirSync(dist)
  copyFileSync(process.execPath, join(dist, 'electron'))
  const electronVersion = (
    JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }
  ).version
  writeFileSync(join(dist, 'version'), `v${electronVersion}`)
  const config = parseYaml(readFileSync(join(ROOT, 'build/electron-builder.yml'), 'utf8')) as Record<
    string,
    unknown
  >
  delete config.electronFuses
  config.electronDist = dist
  config.electronVersion = electronVersion
  config.directories = { ...(config.directories as object), output: join(work, 'dist') }
  const configFile = join(work, 'electron-builder.yml')
  writeFileSync(configFile, stringifyYaml(config))
  const cli = join(ROOT, 'node_modules/electron-builder/cli.js')
  const r = spawnSync(
    process.execPath,
    [cli, '--projectDir', ROOT, '--config', configFile, '--linux', 'dir', '--publish', 'never'],
    {
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_BUILDER_CACHE: join(work, 'cache'), CI: 'true' }
    }
  )
  packOutput = `${r.stdout}\n${r.stderr}`
  if (r.status !== 0) throw new Error(`electron-builder failed (${r.status}):\n${packOutput}`)
  unpacked = join(work, 'dist', 'linux-unpacked')
}, 240_000)

describe('the packed desktop app (linux dir)', () => {
  it('packs with no complaint about the package’s identity', () => {
    expect(packOutput).not.toMatch(/author is miss/i)
    expect(packOutput).not.toMatch(/homepage/i)
    expect(existsSync(join(unpacked, 'okf-hub'))).toBe(true)
  })

  it('ships only what runs: no bundled dependency in the asar', () => {
    const asar = join(unpacked, 'resources', 'app.asar')
    const files = listPackage(asar, { isPack: false })
    const modules = new Set(
      files.flatMap((f) => /^\/node_modules\/(@[^/]+\/[^/]+|[^@/][^/]*)/.exec(f)?.[1] ?? [])
    )
    expect(modules.size).toBeGreaterThan(0)
    // Only ripgrep's resolver and its platform binary, which find the binary on disk.
    for (const m of modules) expect(m).toMatch(/^@vscode\/ripgrep(-[a-z0-9-]+)?$/)
    expect(files).toContain('/out/main/index.js')
    expect(files).toContain('/out/renderer/index.html')
    // ~18 MB with every production dependency; the app itself is about 1.5 MB.
    expect(statSync(asar).size).toBeLessThan(4 * 1024 * 1024)
  })

  it('starts the MCP server from the path registration writes, and searches with the shipped ripgrep', async () => {
    const server = join(unpacked, 'resources', 'app.asar.unpacked', 'out', 'main', 'mcp', 'server.js')
    expect(existsSync(server)).toBe(true)
    const basesDir = tempDir('okf-pack-bases-')
    dirs.push(basesDir)
    makeBundle(basesDir, 'alpha', { files: { 'knowledge/note.md': '# Note\n\nle mot cible est ici\n' } })
    const h = hubEnv(basesDir)
    dirs.push(h.userData)
    const transport = new StdioClientTransport({
      command: join(unpacked, 'okf-hub'),
      args: [server],
      // An empty PATH: no ripgrep or node of the machine's can stand in for the shipped ones.
      env: { ...h.env, PATH: '', ELECTRON_RUN_AS_NODE: '1' },
      cwd: '/',
      stderr: 'pipe'
    })
    const client = new Client({ name: 'okf-pack-test', version: '0' })
    await client.connect(transport)
    try {
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toContain('kb_search')
      const r = await client.callTool({ name: 'kb_search', arguments: { base: 'alpha', query: 'cible' } })
      expect(r.isError).not.toBe(true)
      expect(JSON.stringify(r.content)).toContain('note.md')
    } finally {
      await client.close()
    }
  })
})
