/**
 * The installers' configuration (build/electron-builder.yml), checked statically since `npm run dist`
 * cannot run here (electron-builder downloads Electron): identity and targets, the runAsNode fuse,
 * the icons, and — against the real build output — that `files` and `asarUnpack` match what must be
 * packaged and unpacked. The unpacked layout is then rebuilt from those very globs in a folder whose
 * path has a space, and the server is started from the path the registration writes
 * (serverCommand / packagedServerScript), with plain Node standing in for `ELECTRON_RUN_AS_NODE=1 <app>`.
 */
import { describe, expect, it } from 'vitest'
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { Minimatch } from 'minimatch'
import { parse as parseYaml } from 'yaml'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { removeDir, tempDir } from './helpers/fixtures'
import { ROOT, assertBuilt } from './helpers/mcp'
import { serverClosure } from '../scripts/mcpb'
import { packagedServerScript, serverCommand } from '../src/engine/registration/server-command'
import { PRODUCT_NAME } from '../src/engine/config'
import { TOOLS } from '../src/mcp/tools/index'

const CONFIG_FILE = join(ROOT, 'build', 'electron-builder.yml')
const RAW = readFileSync(CONFIG_FILE, 'utf8')

interface BuilderConfig {
  appId: string
  productName: string
  directories: { output: string; buildResources: string }
  files: string[]
  asar: boolean
  asarUnpack: string[]
  extraResources: { from: string; to: string }[]
  electronFuses: Record<string, boolean>
  mac: { target: string[]; icon: string }
  win: { target: string[]; icon: string }
  nsis: { oneClick: boolean; perMachine: boolean; allowToChangeInstallationDirectory: boolean }
  linux: { target: string[]; icon: string; executableName: string }
}
const config = parseYaml(RAW) as BuilderConfig

/** electron-builder's glob semantics: minimatch with dot files, the last matching pattern decides. */
function matcher(patterns: string[]): (rel: string) => boolean {
  const compiled = patterns.map((p) => new Minimatch(p, { dot: true }))
  return (rel) => {
    let included = false
    for (const m of compiled) if (m.match(rel) !== m.negate) included = !m.negate
    return included
  }
}

function walk(dir: string, base = dir): string[] {
  const out: string[] = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, e.name)
    if (e.isDirectory()) out.push(...walk(abs, base))
    else out.push(relative(base, abs).split('\\').join('/'))
  }
  return out
}

function pngSize(file: string): { width: number; height: number; rgba: boolean } {
  const b = readFileSync(file)
  expect(b.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), rgba: b[25] === 6 }
}

const rgInstalled = readdirSync(join(ROOT, 'node_modules', '@vscode')).filter((n) => n.startsWith('ripgrep-'))

describe('build/electron-builder.yml', () => {
  it('names the app, its installers and a stable install path', () => {
    expect(config.appId).toMatch(/^[a-z][a-z0-9]*(\.[a-z][a-z0-9-]*){2,}$/)
    // Electron's userData folder is named after productName: the engine computes the same folder.
    expect(config.productName).toBe(PRODUCT_NAME)
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      productName: string
      scripts: Record<string, string>
      dependencies: Record<string, string>
      devDependencies: Record<string, string>
      author?: string
      desktopName?: string
    }
    expect(pkg.productName).toBe(PRODUCT_NAME)
    expect(pkg.scripts.dist).toBe(
      'electron-vite build && electron-builder --config build/electron-builder.yml'
    )
    // Pinned, so that the pack test and a release build the same way.
    expect(pkg.devDependencies['electron-builder']).toMatch(/^\d+\.\d+\.\d+$/)
    // electron-builder reads these: the deb's maintainer field and the AppImage's desktop entry.
    expect(pkg.author).toBeTruthy()
    expect(pkg.desktopName).toBe(`${config.linux.executableName}.desktop`)
    expect(config.mac.target).toEqual(['dmg'])
    expect(config.win.target).toEqual(['nsis'])
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    // Per-user, one click, fixed folder: the executable path stays the same across updates.
    expect(config.nsis).toMatchObject({
      oneClick: true,
      perMachine: false,
      allowToChangeInstallationDirectory: false
    })
    expect(config.linux.executableName).toMatch(/^[a-z0-9-]+$/)
    expect(config.asar).toBe(true)
    // ripgrep is a production dependency, so electron-builder packages it (then unpacks it).
    expect(Object.keys(pkg.dependencies)).toContain('@vscode/ripgrep')
  })

  it('leaves the runAsNode fuse enabled, and says why', () => {
    expect(config.electronFuses.runAsNode).toBe(true)
    const before = RAW.slice(0, RAW.indexOf('runAsNode: true'))
    const comment = before.slice(before.lastIndexOf('electronFuses:'))
    expect(comment).toMatch(/registration depends on this fuse/i)
    expect(comment).toContain('ELECTRON_RUN_AS_NODE=1')
  })

  it('has its icons: an SVG source and a 1024×1024 PNG with transparency (512×512 for the .mcpb)', () => {
    for (const icon of [config.mac.icon, config.win.icon, config.linux.icon]) {
      expect(icon).toBe('resources/icon.png')
      expect(pngSize(join(ROOT, icon))).toEqual({ width: 1024, height: 1024, rgba: true })
    }
    expect(pngSize(join(ROOT, 'resources', 'icon-512.png'))).toEqual({ width: 512, height: 512, rgba: true })
    const svg = readFileSync(join(ROOT, 'resources', 'icon.svg'), 'utf8')
    expect(svg).toMatch(/<svg[^>]*viewBox="0 0 1024 1024"/)
  })

  it('packages the build output and unpacks the server, its chunks and ripgrep', () => {
    assertBuilt()
    const packaged = matcher(config.files)
    const unpacked = matcher(config.asarUnpack)
    const built = ['main', 'preload', 'renderer'].flatMap((d) =>
      walk(join(ROOT, 'out', d)).map((f) => `out/${d}/${f}`)
    )
    expect(built.length).toBeGreaterThan(10)
    for (const f of built) expect({ f, packaged: packaged(f) }).toEqual({ f, packaged: true })
    expect(packaged('package.json')).toBe(true)
    // Sources, tests and resources stay out of the asar (resources come as extraResources).
    for (const f of [
      'src/mcp/server.ts',
      'test/mcpb.test.ts',
      'resources/bases/okf-hub-guide/okf-bundle.yaml',
      'out/mcpb/manifest.json'
    ])
      expect({ f, packaged: packaged(f) }).toEqual({ f, packaged: false })

    const closure = serverClosure(join(ROOT, 'out', 'main')).map((r) => `out/main/${r}`)
    expect(closure).toContain('out/main/mcp/server.js')
    expect(closure.length).toBeGreaterThan(3)
    for (const f of closure) expect({ f, unpacked: unpacked(f) }).toEqual({ f, unpacked: true })
    const rgFiles = ['@vscode/ripgrep', ...rgInstalled.map((n) => `@vscode/${n}`)].flatMap((p) =>
      walk(join(ROOT, 'node_modules', p)).map((f) => `node_modules/${p}/${f}`)
    )
    expect(rgFiles).toContain('node_modules/@vscode/ripgrep/lib/index.js')
    expect(rgFiles.some((f) => /^node_modules\/@vscode\/ripgrep-[^/]+\/bin\/rg(\.exe)?$/.test(f))).toBe(true)
    for (const f of rgFiles) expect({ f, unpacked: unpacked(f) }).toEqual({ f, unpacked: true })
    // Nothing else of node_modules is pulled out of the asar.
    expect(unpacked('node_modules/yaml/package.json')).toBe(false)
  })

  it('ships the default bases, the template and the skill where resourcesDir() finds them', () => {
    const byFrom = new Map(config.extraResources.map((e) => [e.from, e.to]))
    for (const dir of ['resources/bases', 'resources/templates', 'resources/skills']) {
      expect(existsSync(join(ROOT, dir))).toBe(true)
      expect(byFrom.get(dir)).toBe(dir)
    }
    // electron-builder drops `.gitignore`/`.gitkeep` files: the template keeps its own as `gitignore`.
    const shipped = config.extraResources.flatMap((e) => walk(join(ROOT, e.from)))
    expect(shipped.filter((f) => /(^|\/)\.git(ignore|keep|attributes)$/.test(f))).toEqual([])
  })

  it('the server path the registration writes exists in the unpacked layout and starts (also as an AppImage)', async () => {
    assertBuilt()
    const unpacked = matcher(config.asarUnpack)
    const packaged = matcher(config.files)
    const work = tempDir('okf-dist-')
    // The installed app's resources folder, under a path with a space and non-ASCII characters.
    const resources = join(work, 'Applications', 'OKF Hub é', 'resources')
    try {
      mkdirSync(resources, { recursive: true })
      writeFileSync(join(resources, 'app.asar'), '') // the archive: plain Node cannot read into it
      const candidates = [
        ...walk(join(ROOT, 'out')).map((f) => `out/${f}`),
        ...['@vscode/ripgrep', ...rgInstalled.map((n) => `@vscode/${n}`)].flatMap((p) =>
          walk(join(ROOT, 'node_modules', p)).map((f) => `node_modules/${p}/${f}`)
        )
      ]
      let copied = 0
      for (const rel of candidates) {
        const inApp = rel.startsWith('node_modules/') || packaged(rel)
        if (!inApp || !unpacked(rel)) continue
        const to = join(resources, 'app.asar.unpacked', ...rel.split('/'))
        mkdirSync(dirname(to), { recursive: true })
        cpSync(join(ROOT, rel), to)
        copied++
      }
      expect(copied).toBeGreaterThan(5)
      for (const e of config.extraResources)
        cpSync(join(ROOT, e.from), join(resources, e.to), { recursive: true })

      expect(existsSync(packagedServerScript(resources))).toBe(true)
      const command = serverCommand({
        kind: 'packaged',
        execPath: process.execPath,
        resourcesPath: resources
      })
      expect(command.args).toEqual([packagedServerScript(resources)])
      expect(command.env).toEqual({ ELECTRON_RUN_AS_NODE: '1' })
      await startsAndServes(command.args, command.env, work, 'app')

      const appImage = serverCommand({
        kind: 'packaged',
        execPath: '/tmp/.mount_okf/okf-hub',
        resourcesPath: '/tmp/.mount_okf/resources',
        appImage: join(work, 'OKF Hub.AppImage')
      })
      expect(appImage.command).toBe(join(work, 'OKF Hub.AppImage'))
      // The AppImage runtime sets APPDIR to its mount point, the folder holding resources/.
      await startsAndServes(appImage.args, { ...appImage.env, APPDIR: dirname(resources) }, work, 'appimage')
    } finally {
      removeDir(work)
    }
  })
})

/** Spawns like a host (cwd `/`, the entry's env, HOME in a temp dir, empty PATH), initialize + tools/list + kb_list + kb_search. */
async function startsAndServes(args: string[], env: Record<string, string>, work: string, label: string) {
  const bases = join(work, `bases-${label}`)
  // A bases folder named by OKF_HUB_BASES must exist (only the default one is created).
  mkdirSync(bases, { recursive: true })
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    env: { ...env, OKF_HUB_BASES: bases, HOME: join(work, `home-${label}`), PATH: '' },
    cwd: '/',
    stderr: 'pipe'
  })
  let stderr = ''
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()))
  const client = new Client({ name: 'okf-installers-test', version: '0.0.0' })
  try {
    await client.connect(transport)
    const tools = await client.listTools()
    expect(tools.tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name))
    const text = async (name: string, a: Record<string, unknown> = {}) =>
      ((await client.callTool({ name, arguments: a })).content as { text: string }[])
        .map((c) => c.text)
        .join('')
    // Default bases installed from <resources>/resources/bases, found from app.asar.unpacked.
    expect(await text('kb_list')).toContain('## okf-hub-guide')
    expect(statSync(join(bases, 'okf-hub-guide')).isDirectory()).toBe(true)
    // ripgrep resolved from the unpacked node_modules.
    expect(await text('kb_search', { base: 'okf-hub-guide', query: 'proposition' })).toMatch(
      /^\d+ résultat\(s\) dans 'okf-hub-guide'/
    )
  } catch (e) {
    throw new Error(`${label}: ${(e as Error).message}\nstderr: ${stderr}`, { cause: e })
  } finally {
    await client.close()
  }
}
