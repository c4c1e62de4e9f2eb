// `npm run mcpb` → okf-hub.mcpb, the Claude Desktop extension (MCP Bundle). Run after the build
// (`npm run mcpb` builds first): stages the bundled server with the chunks it requires, the
// default bases it installs at run time, ripgrep for each platform, a manifest whose tool list
// comes from our tool definitions, then packs with the official CLI (@anthropic-ai/mcpb).
//
//   tsx scripts/mcpb.ts [--out FILE] [--staging DIR] [--installed-only]
//
// ripgrep: the binaries installed in node_modules are always included; the macOS and Windows ones
// (Claude Desktop's platforms) are fetched with `npm pack` when missing, checked against the
// integrity recorded in package-lock.json and cached in node_modules/.cache/okf-hub-mcpb.
// `--installed-only` skips the fetch: the bundle then declares only the platforms it covers.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { TOOLS } from '../src/mcp/tools/index'
import { type HubContext } from '../src/mcp/tool'
import { describeWithBases } from '../src/mcp/bases-block'

export const ROOT = resolve(__dirname, '..')
/** Where the server sits inside the bundle, relative to its root. */
export const ENTRY_POINT = 'server/out/main/mcp/server.js'
/** The user_config key of the bases dir, and the environment variable it becomes. */
export const BASES_KEY = 'bases_dir'
export const BASES_ENV = 'OKF_HUB_BASES'
/** Claude Desktop runs on these; a bundle for it needs their ripgrep. */
export const CLAUDE_DESKTOP_TARGETS = ['darwin-arm64', 'darwin-x64', 'win32-x64', 'win32-arm64'] as const

const RG = '@vscode/ripgrep'

export interface McpbOptions {
  out?: string
  staging?: string
  /** Only the ripgrep binaries already in node_modules (no `npm pack`). */
  installedOnly?: boolean
  /** Skip `mcpb pack` (the staging folder only). */
  noPack?: boolean
  log?: (line: string) => void
}

export interface McpbResult {
  staging: string
  mcpb: string | null
  /** `platform-arch` of every ripgrep binary included. */
  ripgrep: string[]
  /** Claude Desktop targets without a ripgrep binary (kb_search fails there). */
  missing: string[]
  platforms: string[]
  files: string[]
}

type PackageJson = {
  name: string
  version: string
  description?: string
  license?: string
  engines?: { node?: string }
  os?: string[]
  cpu?: string[]
  optionalDependencies?: Record<string, string>
  bin?: string | Record<string, string>
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T

/** Every chunk `out/main/mcp/server.js` requires, transitively (relative requires of the bundle). */
export function serverClosure(outMain: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string): void => {
    const rel = relative(outMain, file)
    if (seen.has(rel)) return
    if (!existsSync(file)) throw new Error(`${rel} manquant (requis par le serveur) : relancez npm run build`)
    seen.add(rel)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/\brequire\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g))
      visit(resolve(dirname(file), m[1]))
  }
  visit(join(outMain, 'mcp', 'server.js'))
  return [...seen].sort()
}

/** A tool's description without the base listing (which the server computes at every tools/list). */
export function staticDescriptions(): { name: string; description: string }[] {
  const ctx = { registry: { list: () => [] } } as unknown as HubContext
  const empty = describeWithBases('', '', []).text
  return TOOLS.map((t) => {
    const d = t.describe(ctx)
    return { name: t.name, description: (d.endsWith(empty) ? d.slice(0, -empty.length) : d).trim() }
  })
}

function sriOf(file: string): string {
  return 'sha512-' + createHash('sha512').update(readFileSync(file)).digest('base64')
}

/** `npm pack` of one platform package, checked against package-lock.json, extracted in the cache. */
function fetchRipgrep(pkg: string, version: string, log: (l: string) => void): string {
  const cache = join(ROOT, 'node_modules', '.cache', 'okf-hub-mcpb', `${pkg.replace('/', '+')}-${version}`)
  const extracted = join(cache, 'package')
  if (existsSync(join(extracted, 'package.json'))) return extracted
  const lock = readJson<{ packages: Record<string, { version?: string; integrity?: string }> }>(
    join(ROOT, 'package-lock.json')
  )
  const locked = lock.packages[`node_modules/${pkg}`]
  if (!locked?.integrity || locked.version !== version)
    throw new Error(
      `${pkg}@${version} absent de package-lock.json : impossible de vérifier le paquet téléchargé`
    )
  rmSync(cache, { recursive: true, force: true })
  mkdirSync(cache, { recursive: true })
  log(`téléchargement de ${pkg}@${version} (npm pack)`)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const r = spawnSync(
    npm,
    ['pack', `${pkg}@${version}`, '--pack-destination', cache, '--json', '--ignore-scripts'],
    {
      encoding: 'utf8',
      shell: process.platform === 'win32'
    }
  )
  if (r.status !== 0)
    throw new Error(`npm pack ${pkg}@${version} a échoué : ${r.stderr.trim().split('\n').pop()}`)
  const [info] = JSON.parse(r.stdout) as { filename: string }[]
  const tgz = join(cache, info.filename)
  if (sriOf(tgz) !== locked.integrity) {
    rmSync(cache, { recursive: true, force: true })
    throw new Error(
      `${pkg}@${version} : l'empreinte du paquet téléchargé ne correspond pas à package-lock.json`
    )
  }
  const x = spawnSync('tar', ['-xzf', tgz, '-C', cache], { encoding: 'utf8' })
  if (x.status !== 0) throw new Error(`extraction de ${tgz} impossible : ${x.stderr}`)
  return extracted
}

function copyInto(staging: string, from: string, to: string): void {
  cpSync(from, join(staging, to), { recursive: true })
}

export function buildMcpb(opts: McpbOptions = {}): McpbResult {
  const log = opts.log ?? ((l: string) => process.stdout.write(l + '\n'))
  const pkg = readJson<PackageJson>(join(ROOT, 'package.json'))
  const outMain = join(ROOT, 'out', 'main')
  if (!existsSync(join(outMain, 'mcp', 'server.js')))
    throw new Error('out/main/mcp/server.js manquant : lancez npm run build (npm run mcpb le fait)')
  const staging = resolve(opts.staging ?? join(ROOT, 'out', 'mcpb'))
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })

  // The server and exactly the chunks it requires; a package.json pins CommonJS for them, whatever
  // folder Claude unpacks the bundle into.
  const closure = serverClosure(outMain)
  for (const rel of closure) copyInto(staging, join(outMain, rel), join('server', 'out', 'main', rel))
  writeFileSync(
    join(staging, 'server', 'package.json'),
    JSON.stringify(
      { name: 'okf-hub-mcpb-server', version: pkg.version, private: true, type: 'commonjs' },
      null,
      2
    ) + '\n'
  )
  // The default bases, found at run time by resourcesDir() as `<server>/resources/bases`.
  copyInto(staging, join(ROOT, 'resources', 'bases'), join('server', 'resources', 'bases'))

  // ripgrep: the resolver package and one package per platform binary.
  const rgDir = join(ROOT, 'node_modules', RG)
  const rgPkg = readJson<PackageJson>(join(rgDir, 'package.json'))
  const rgTarget = join('server', 'node_modules', RG)
  for (const f of ['package.json', 'lib', 'LICENSE']) copyInto(staging, join(rgDir, f), join(rgTarget, f))
  const included: string[] = []
  const wanted = new Set<string>(opts.installedOnly ? [] : CLAUDE_DESKTOP_TARGETS)
  for (const [name, version] of Object.entries(rgPkg.optionalDependencies ?? {})) {
    const target = name.slice(`${RG}-`.length)
    let dir = join(ROOT, 'node_modules', name)
    if (!existsSync(join(dir, 'package.json'))) {
      if (!wanted.has(target)) continue
      dir = fetchRipgrep(name, version, log)
    }
    const binary = join(dir, 'bin', target.startsWith('win32-') ? 'rg.exe' : 'rg')
    if (!existsSync(binary)) throw new Error(`${name} : binaire ${binary} absent`)
    for (const f of ['package.json', 'bin', 'LICENSE'])
      if (existsSync(join(dir, f))) copyInto(staging, join(dir, f), join('server', 'node_modules', name, f))
    if (!target.startsWith('win32-'))
      chmodSync(join(staging, 'server', 'node_modules', name, 'bin', 'rg'), 0o755)
    included.push(target)
  }
  included.sort()
  const missing = CLAUDE_DESKTOP_TARGETS.filter((t) => !included.includes(t))
  const platforms = [...new Set(included.map((t) => t.split('-')[0]))].sort()
  if (platforms.length === 0) throw new Error('aucun binaire ripgrep disponible : npm ci, puis relancez')

  cpSync(join(ROOT, 'resources', 'icon-512.png'), join(staging, 'icon.png'))
  const manifest = {
    manifest_version: '0.3',
    name: 'okf-hub',
    display_name: 'OKF Hub',
    version: pkg.version,
    description:
      'Bases de connaissance en markdown, versionnées par git, que les agents consultent et enrichissent par propositions, sous gouvernance humaine.',
    long_description:
      "OKF Hub sert à Claude les bases de connaissance d'un dossier local : chaque base est un dépôt git de documents markdown, avec ses règles d'intégration. Claude liste les bases, cherche et lit les sections utiles, consulte les règles et dépose des propositions ; un humain les révise dans l'application OKF Hub ou avec `okf-hub review`, et chaque décision devient un commit.\n\nChoisissez le dossier des bases, ou laissez le champ vide pour utiliser celui de l'application OKF Hub. Les bases livrées `okf-hub-guide` et `okf-hub-feedback` y sont installées au premier démarrage.",
    author: { name: 'OKF Hub' },
    license: pkg.license ?? 'MIT',
    icon: 'icon.png',
    keywords: ['knowledge base', 'markdown', 'git', 'governance', 'mcp'],
    server: {
      type: 'node',
      entry_point: ENTRY_POINT,
      mcp_config: {
        command: 'node',
        args: [`\${__dirname}/${ENTRY_POINT}`],
        env: { [BASES_ENV]: `\${user_config.${BASES_KEY}}` }
      }
    },
    user_config: {
      [BASES_KEY]: {
        type: 'directory',
        title: 'Dossier des bases',
        description:
          "Le dossier où vivent vos bases (un sous-dossier par base). Laissez vide pour partager celui de l'application OKF Hub (le dossier « bases » de ses données utilisateur).",
        required: false,
        default: ''
      }
    },
    tools: staticDescriptions(),
    compatibility: {
      platforms,
      runtimes: { node: pkg.engines?.node ?? '>=20.19.0' }
    }
  }
  writeFileSync(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n')

  const files = listFiles(staging)
  log(`staging : ${staging} (${files.length} fichiers) — ripgrep : ${included.join(', ')}`)
  if (missing.length > 0)
    log(`ATTENTION : pas de ripgrep pour ${missing.join(', ')} — kb_search y échouera (IO_ERROR)`)
  let mcpb: string | null = null
  if (!opts.noPack) {
    mcpb = resolve(opts.out ?? join(ROOT, 'okf-hub.mcpb'))
    rmSync(mcpb, { force: true })
    const r = runMcpbCli(['pack', staging, mcpb])
    if (r.status !== 0 || !existsSync(mcpb))
      throw new Error(`mcpb pack a échoué (${r.status}) :\n${r.stdout}\n${r.stderr}`)
    log(`${mcpb} (${(statSync(mcpb).size / 1e6).toFixed(1)} Mo)`)
  }
  return { staging, mcpb, ripgrep: included, missing, platforms, files }
}

function listFiles(dir: string, rel = ''): string[] {
  const out: string[] = []
  const here = join(dir, rel)
  for (const name of readdirSync(here)) {
    const r = rel ? `${rel}/${name}` : name
    if (statSync(join(dir, r)).isDirectory()) out.push(...listFiles(dir, r))
    else out.push(r)
  }
  return out.sort()
}

/** The official CLI from node_modules, on this very Node. */
export function runMcpbCli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const dir = join(ROOT, 'node_modules', '@anthropic-ai', 'mcpb')
  const bin = readJson<PackageJson>(join(dir, 'package.json')).bin
  const rel = typeof bin === 'string' ? bin : (bin?.mcpb ?? Object.values(bin ?? {})[0])
  if (!rel) throw new Error('@anthropic-ai/mcpb : exécutable introuvable (npm ci)')
  const r = spawnSync(process.execPath, [join(dir, rel), ...args], { encoding: 'utf8' })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

if (require.main === module) {
  const argv = process.argv.slice(2)
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag)
    return i >= 0 ? argv[i + 1] : undefined
  }
  try {
    const r = buildMcpb({
      out: value('--out'),
      staging: value('--staging'),
      installedOnly: argv.includes('--installed-only')
    })
    if (r.mcpb) process.stdout.write(`plateformes : ${r.platforms.join(', ')}\n`)
  } catch (e) {
    process.stderr.write(`npm run mcpb : ${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  }
}
