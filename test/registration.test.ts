import { afterEach, describe, expect, it } from 'vitest'
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { dirname, join } from 'node:path'
import { parse as parseJsonc } from 'jsonc-parser'
import fc from 'fast-check'
import type { HubConfig } from '../src/engine/config'
import { loadConfig } from '../src/engine/config'
import { isHubError } from '../src/engine/errors'
import { memoryHubLog } from '../src/engine/hublog'
import { HOSTS, type HostEnv } from '../src/engine/registration/hosts'
import { Registrar } from '../src/engine/registration/registrar'
import { editConfigFile } from '../src/engine/registration/config-file'
import { removeEntry, setEntry } from '../src/engine/registration/jsonc-edit'
import {
  electronServerFacts,
  hubEnvFor,
  packagedServerScript,
  serverCommand,
  type ServerCommandFacts
} from '../src/engine/registration/server-command'
import type { HostId } from '../src/shared/hub-api'
import { hubConfig, removeDir, tempDir } from './helpers/fixtures'

// Host registration on temporary homes, every host × every OS layout (the platform and its
// variables are injected: macOS and Windows layouts are faked on this Linux machine).

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) removeDir(d)
})

type Layout = 'darwin' | 'win32' | 'linux' | 'linux-xdg'
const LAYOUTS: Layout[] = ['darwin', 'win32', 'linux', 'linux-xdg']
const HOST_IDS: HostId[] = ['claude-desktop', 'claude-code', 'cursor', 'vscode']

interface World {
  root: string
  home: string
  hostEnv: HostEnv
  config: HubConfig
  facts: ServerCommandFacts
  log: ReturnType<typeof memoryHubLog>
  registrar: Registrar
}

function world(layout: Layout): World {
  const root = tempDir('okf-reg-')
  dirs.push(root)
  const home = join(root, 'home')
  mkdirSync(home, { recursive: true })
  const env: Record<string, string> = {}
  if (layout === 'win32') {
    env.USERPROFILE = home
    env.APPDATA = join(home, 'AppData', 'Roaming')
    env.LOCALAPPDATA = join(home, 'AppData', 'Local')
  }
  if (layout === 'linux-xdg') env.XDG_CONFIG_HOME = join(root, 'xdg config')
  const hostEnv: HostEnv = { platform: layout === 'linux-xdg' ? 'linux' : layout, home, env }
  const config: HubConfig = hubConfig(join(root, 'bases'), join(root, 'user data'))
  const facts: ServerCommandFacts = {
    kind: 'node',
    execPath: '/opt/node/bin/node',
    script: '/opt/okf hub/out/main/mcp/server.js'
  }
  const log = memoryHubLog()
  return {
    root,
    home,
    hostEnv,
    config,
    facts,
    log,
    registrar: new Registrar({ hostEnv, server: facts, config, log })
  }
}

/** Where each host's user config is, written out by hand from the hosts' documentation. */
function expectedFile(w: World, layout: Layout, host: HostId): string {
  const h = w.home
  const support =
    layout === 'darwin'
      ? join(h, 'Library', 'Application Support')
      : layout === 'win32'
        ? join(h, 'AppData', 'Roaming')
        : layout === 'linux-xdg'
          ? join(w.root, 'xdg config')
          : join(h, '.config')
  switch (host) {
    case 'claude-desktop':
      return join(support, 'Claude', 'claude_desktop_config.json')
    case 'claude-code':
      return join(h, '.claude.json')
    case 'cursor':
      return join(h, '.cursor', 'mcp.json')
    case 'vscode':
      return join(support, 'Code', 'User', 'mcp.json')
  }
}

const keyOf = (host: HostId): string => (host === 'vscode' ? 'servers' : 'mcpServers')

/**
 * A config as people have them: comments, other servers, unknown keys, odd indentation, trailing
 * commas — without the comments and trailing commas for a host that reads strict JSON (it would
 * ignore the file whole, and registering there is refused: « refusals » below).
 */
function fixture(key: string, eol = '\n', strict = false): string {
  return [
    '{',
    ...(strict ? [] : ['   // réglages de l’utilisateur, à garder tels quels']),
    '   "theme": "dark",',
    `   "${key}": {`,
    `      "filesystem": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me"] },${strict ? '' : ' /* inline */'}`,
    '      "github": {',
    '         "type": "stdio",',
    '         "command": "docker",',
    '         "env": { "GITHUB_TOKEN": "ghp_not_a_real_token" }',
    '      }',
    '   },',
    `   "unknownKey": { "nested": [1, 2, 3${strict ? '' : ','}], "x": null }${strict ? '' : ','}`,
    '}',
    ''
  ].join(eol)
}

const readsStrictJson = (host: HostId): boolean => HOSTS.find((h) => h.id === host)!.reads === 'json'

/** `after` is `before` with exactly one contiguous run of text inserted; returns that run. */
function insertedRun(before: string, after: string): string {
  let p = 0
  while (p < before.length && before[p] === after[p]) p++
  let s = 0
  while (s < before.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++
  expect(before.slice(0, p) + before.slice(before.length - s)).toBe(before)
  expect(after.slice(0, p) + after.slice(after.length - s)).toBe(before)
  return after.slice(p, after.length - s)
}

function withoutOurs(text: string, key: string): unknown {
  const v = parseJsonc(text, [], { allowTrailingComma: true }) as Record<string, Record<string, unknown>>
  const servers = { ...v[key] }
  delete servers['okf-hub']
  return { ...v, [key]: servers }
}

function install(w: World, layout: Layout, host: HostId): string {
  const file = expectedFile(w, layout, host)
  mkdirSync(dirname(file), { recursive: true })
  return file
}

function backups(w: World, host: HostId): string[] {
  const d = join(w.config.userDataDir, 'backups', 'hosts', host)
  return existsSync(d) ? readdirSync(d).sort() : []
}

function wantedEntry(w: World, host: HostId): Record<string, unknown> {
  return {
    ...(host === 'claude-code' || host === 'vscode' ? { type: 'stdio' } : {}),
    command: '/opt/node/bin/node',
    args: ['/opt/okf hub/out/main/mcp/server.js'],
    env: { OKF_HUB_USER_DATA: w.config.userDataDir, OKF_HUB_BASES: w.config.basesDir }
  }
}

async function refusal(
  p: Promise<unknown>
): Promise<{ code: string; message: string; kind?: string; params?: Record<string, unknown> }> {
  try {
    await p
  } catch (e) {
    if (isHubError(e)) return { code: e.code, message: e.message, kind: e.kind, params: e.params }
    throw e
  }
  throw new Error('expected a refusal')
}

describe('host config files per OS', () => {
  for (const layout of LAYOUTS)
    for (const host of HOST_IDS)
      it(`${host} on ${layout}: the documented user file, not installed until its folder exists`, async () => {
        const w = world(layout)
        const before = await w.registrar.status(host)
        expect(before).toMatchObject({
          host,
          installed: false,
          present: false,
          configFiles: [],
          backup: null
        })
        expect(before.configFile).toBe(expectedFile(w, layout, host))
        expect(before.problem).toMatch(/ne semble pas installé/)
        // the card words the kind, with the folder and file as parameters (no sentence)
        expect(before.problems[0]?.kind).toBe('host-not-installed')
        expect(before.problems[0]?.params?.file).toBeTruthy()
        install(w, layout, host)
        if (host === 'claude-code') mkdirSync(join(w.home, '.claude'))
        const after = await w.registrar.status(host)
        expect(after).toMatchObject({
          installed: true,
          present: false,
          configFiles: [expectedFile(w, layout, host)]
        })
        expect(after.problem).toMatch(/n’est pas inscrit dans/)
        expect(after.problems.map((p) => p.kind)).toContain('host-not-registered')
      })
})

describe('register / unregister keep every other byte', () => {
  for (const layout of LAYOUTS)
    for (const host of HOST_IDS)
      it(`${host} on ${layout}`, async () => {
        const w = world(layout)
        const file = install(w, layout, host)
        const key = keyOf(host)
        const original = fixture(key, layout === 'win32' ? '\r\n' : '\n', readsStrictJson(host))
        writeFileSync(file, original)
        chmodSync(file, 0o640)

        const r1 = await w.registrar.register(host)
        const written = readFileSync(file, 'utf8')
        // One contiguous insertion, nothing else touched; parsed, only our key differs.
        const eol = layout === 'win32' ? '\r\n' : '\n'
        const run = insertedRun(original, written)
        expect(run).toContain('okf-hub"')
        expect(withoutOurs(written, key)).toEqual(parseJsonc(original, [], { allowTrailingComma: true }))
        const parsed = parseJsonc(written, [], { allowTrailingComma: true }) as Record<
          string,
          Record<string, unknown>
        >
        expect(parsed[key]['okf-hub']).toEqual(wantedEntry(w, host))
        // Written in the file's own style: its 3-space indentation, its line ending.
        expect(written).toContain(
          `${eol}      "okf-hub": {${eol}         "${host === 'cursor' || host === 'claude-desktop' ? 'command' : 'type'}": `
        )
        if (layout === 'win32') expect(written.replace(/\r\n/g, '')).not.toContain('\n')
        expect(statSync(file).mode & 0o777).toBe(0o640)
        expect(r1.registration).toMatchObject({ present: true, installed: true })
        expect(r1.registration.problem).toBeNull()
        // The backup is the file as it was.
        expect(r1.registration.backup).not.toBeNull()
        expect(readFileSync(r1.registration.backup as string, 'utf8')).toBe(original)
        expect(statSync(r1.registration.backup as string).mode & 0o777).toBe(0o600)
        expect(backups(w, host)).toHaveLength(1)

        // Twice: nothing written, no new backup.
        const mtime = statSync(file).mtimeMs
        const r2 = await w.registrar.register(host)
        expect(r2.files.map((f) => f.changed)).toEqual([false])
        expect(readFileSync(file, 'utf8')).toBe(written)
        expect(statSync(file).mtimeMs).toBe(mtime)
        expect(backups(w, host)).toHaveLength(1)

        // Removal gives the original bytes back.
        const r3 = await w.registrar.unregister(host)
        expect(readFileSync(file, 'utf8')).toBe(original)
        expect(r3.registration).toMatchObject({ present: false })
        expect(backups(w, host)).toHaveLength(2)
        const r4 = await w.registrar.unregister(host)
        expect(r4.files).toEqual([])
        expect(backups(w, host)).toHaveLength(2)
      })
})

describe('refusals', () => {
  for (const host of HOST_IDS.filter(readsStrictJson))
    it(`${host}: a file with comments or trailing commas, which it reads as strict JSON, is not registered into (found by exploratory QA: « done » on a file the app ignores)`, async () => {
      const w = world('linux')
      const file = install(w, 'linux', host)
      const original = fixture(keyOf(host))
      writeFileSync(file, original)
      const before = await w.registrar.status(host)
      expect(before.problems.map((p) => p.kind)).toContain('host-config-strict-json')
      const st = statSync(file)
      const e = await refusal(w.registrar.register(host))
      expect(e).toMatchObject({ code: 'INVALID_INPUT', kind: 'host-config-strict-json', params: { file } })
      expect(e.message).toBe(
        `${file} contient des commentaires ou des virgules finales : ${HOSTS.find((h) => h.id === host)!.label} le lit en JSON strict et l’ignorerait en entier (aucun de ses serveurs ne démarrerait) — retirez-les`
      )
      expect(readFileSync(file, 'utf8')).toBe(original)
      expect(statSync(file).mtimeMs).toBe(st.mtimeMs)
      expect(backups(w, host)).toEqual([])
    })

  for (const host of HOST_IDS)
    it(`${host}: a file its owner made read-only is left as it is (found by exploratory QA: replaced through the rename)`, async () => {
      const w = world('linux')
      const file = install(w, 'linux', host)
      const original = fixture(keyOf(host), '\n', true)
      writeFileSync(file, original)
      chmodSync(file, 0o444)
      const e = await refusal(w.registrar.register(host))
      expect(e).toMatchObject({ code: 'INVALID_INPUT', kind: 'host-config-read-only', params: { file } })
      expect(readFileSync(file, 'utf8')).toBe(original)
      expect(statSync(file).mode & 0o777).toBe(0o444)
      expect(backups(w, host)).toEqual([])
      chmodSync(file, 0o644)
    })

  for (const host of HOST_IDS)
    it(`${host}: an unparseable file is refused and left untouched (bytes and mtime)`, async () => {
      const w = world('linux')
      const file = install(w, 'linux', host)
      const broken = `{\n  "${keyOf(host)}": {\n    "a": { "command": "x" }\n  ,,\n}\n`
      writeFileSync(file, broken)
      const st = statSync(file)
      for (const action of [() => w.registrar.register(host), () => w.registrar.unregister(host)]) {
        const e = await refusal(action())
        expect(e.code).toBe('INVALID_INPUT')
        expect(e.message).toContain(file)
        expect(e.message).toMatch(
          /n’est pas un JSON lisible \(ligne 4, colonne \d+ : .+\) ; OKF Hub n’y a pas touché/
        )
      }
      expect(readFileSync(file, 'utf8')).toBe(broken)
      expect(statSync(file).mtimeMs).toBe(st.mtimeMs)
      expect(backups(w, host)).toEqual([])
      expect(
        readdirSync(dirname(file)).filter((n) => n.startsWith('.okf-tmp-') || n.endsWith('.lock'))
      ).toEqual([])
      const s = await w.registrar.status(host)
      expect(s).toMatchObject({ present: false, installed: true })
      expect(s.problem).toContain('n’est pas un JSON lisible')
      expect(s.problems).toContainEqual({
        kind: 'host-config-invalid-json',
        params: { file, line: '4', column: expect.stringMatching(/^\d+$/) }
      })
    })

  it('a servers key that is not an object, or a root that is not one, is refused', async () => {
    const w = world('linux')
    const file = install(w, 'linux', 'cursor')
    for (const text of ['{ "mcpServers": [] }\n', '[1, 2]\n', '"just text"\n']) {
      writeFileSync(file, text)
      const e = await refusal(w.registrar.register('cursor'))
      expect(e.code).toBe('INVALID_INPUT')
      expect(readFileSync(file, 'utf8')).toBe(text)
    }
  })

  it('an unknown host is INVALID_INPUT naming the four', async () => {
    const w = world('linux')
    const e = await refusal(w.registrar.register('zed' as HostId))
    expect(e).toEqual({
      code: 'INVALID_INPUT',
      message: 'hôte inconnu : zed (attendu : claude-desktop, claude-code, cursor, vscode)'
    })
  })
})

describe('Claude Desktop on Windows', () => {
  const pkgs = ['Claude_pzs8sxrjxfjjc', 'Claude_1a2b3c4d5e6f7']
  const msix = (w: World, p: string): string =>
    join(
      w.home,
      'AppData',
      'Local',
      'Packages',
      p,
      'LocalCache',
      'Roaming',
      'Claude',
      'claude_desktop_config.json'
    )

  it('two Store (MSIX) folders + the classic APPDATA one: all three written, present only when in all', async () => {
    const w = world('win32')
    const classic = install(w, 'win32', 'claude-desktop')
    // Strict JSON, as Claude Desktop reads it (a commented file is its own problem, tested above).
    const strictJson =
      '{\r\n  "theme": "dark",\r\n  "mcpServers": {\r\n    "filesystem": { "command": "npx" }\r\n  }\r\n}\r\n'
    writeFileSync(classic, strictJson)
    mkdirSync(join(w.home, 'AppData', 'Local', 'Packages', 'SomethingElse_x'), { recursive: true })
    for (const p of pkgs) mkdirSync(join(w.home, 'AppData', 'Local', 'Packages', p), { recursive: true })
    // One Store build has run already (its config exists), the other not yet.
    mkdirSync(dirname(msix(w, pkgs[0])), { recursive: true })
    writeFileSync(msix(w, pkgs[0]), '{\n  "mcpServers": {}\n}\n')

    const s0 = await w.registrar.status('claude-desktop')
    const files = [classic, msix(w, pkgs[1]), msix(w, pkgs[0])] // classic first, packages sorted
    expect(s0.configFiles.sort()).toEqual([...files].sort())
    expect(s0.configFile).toBe(classic)
    const r = await w.registrar.register('claude-desktop')
    expect(r.files.map((f) => f.file).sort()).toEqual([...files].sort())
    for (const f of files) {
      const v = parseJsonc(readFileSync(f, 'utf8')) as { mcpServers: Record<string, unknown> }
      expect(v.mcpServers['okf-hub']).toEqual(wantedEntry(w, 'claude-desktop'))
    }
    expect(r.registration).toMatchObject({ present: true, problem: null })
    expect(existsSync(join(w.home, 'AppData', 'Local', 'Packages', 'SomethingElse_x', 'LocalCache'))).toBe(
      false
    )

    // A Store build's update rewrote its config without us: no longer present, the file named.
    writeFileSync(msix(w, pkgs[1]), '{}\n')
    const s1 = await w.registrar.status('claude-desktop')
    expect(s1.present).toBe(false)
    expect(s1.problem).toContain(msix(w, pkgs[1]))
    // Repair writes only that one.
    const fixed = await w.registrar.register('claude-desktop')
    expect(fixed.files.filter((f) => f.changed).map((f) => f.file)).toEqual([msix(w, pkgs[1])])
    // Unregister removes it from all three.
    await w.registrar.unregister('claude-desktop')
    for (const f of files) expect(readFileSync(f, 'utf8')).not.toContain('okf-hub')
    expect(readFileSync(classic, 'utf8')).toBe(strictJson)
  })

  it('only a Store build: its folder only, no classic folder created; nothing at all: the classic file', async () => {
    const w = world('win32')
    mkdirSync(join(w.home, 'AppData', 'Local', 'Packages', pkgs[0]), { recursive: true })
    const r = await w.registrar.register('claude-desktop')
    expect(r.files.map((f) => f.file)).toEqual([msix(w, pkgs[0])])
    expect(existsSync(join(w.home, 'AppData', 'Roaming', 'Claude'))).toBe(false)

    const w2 = world('win32')
    const r2 = await w2.registrar.register('claude-desktop')
    expect(r2.files.map((f) => ({ file: f.file, created: f.created, backup: f.backup }))).toEqual([
      { file: expectedFile(w2, 'win32', 'claude-desktop'), created: true, backup: null }
    ])
    expect(r2.registration).toMatchObject({ installed: true, present: true })
  })
})

describe('the file and its surroundings', () => {
  it('absent file in an existing folder: created with only our entry; unregister then leaves an empty servers object', async () => {
    const w = world('linux')
    const file = install(w, 'linux', 'vscode')
    await w.registrar.register('vscode')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      servers: { 'okf-hub': wantedEntry(w, 'vscode') }
    })
    expect(backups(w, 'vscode')).toEqual([])
    await w.registrar.unregister('vscode')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ servers: {} })
  })

  it('a file without the servers key gets it; an empty file counts as {}', async () => {
    const w = world('darwin')
    const file = install(w, 'darwin', 'claude-desktop')
    const original = '{\n\t"globalShortcut": "Alt+Space"\n}\n'
    writeFileSync(file, original)
    await w.registrar.register('claude-desktop')
    const text = readFileSync(file, 'utf8')
    insertedRun(original, text)
    expect(text).toContain('{\n\t"mcpServers": {\n\t\t"okf-hub": {\n\t\t\t"command"')
    writeFileSync(file, '  \n')
    await w.registrar.register('claude-desktop')
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual(['mcpServers'])
  })

  it('an entry of ours that differs (older install) is named, then repaired field by field; fields the user added stay', async () => {
    const w = world('linux')
    const file = install(w, 'linux', 'cursor')
    writeFileSync(
      file,
      '{\n  "mcpServers": {\n    "okf-hub": {\n      "command": "/old/node",\n      "args": ["/old/server.js"],\n      "disabled": false\n    }\n  }\n}\n'
    )
    const s = await w.registrar.status('cursor')
    expect(s.present).toBe(true)
    expect(s.problem).toMatch(/ne lance pas ce serveur-ci/)
    expect(s.problems.map((p) => p.kind)).toEqual(['host-entry-foreign'])
    await w.registrar.register('cursor')
    const v = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: { 'okf-hub': Record<string, unknown> } }
    expect(v.mcpServers['okf-hub']).toEqual({ ...wantedEntry(w, 'cursor'), disabled: false })
    expect((await w.registrar.status('cursor')).problem).toBeNull()
  })

  it('a symlinked config is edited where it points; the link stays a link', async () => {
    const w = world('linux')
    const dotfiles = join(w.root, 'dotfiles')
    mkdirSync(dotfiles)
    const real = join(dotfiles, 'claude.json')
    writeFileSync(real, '{ "numStartups": 3 }\n')
    const link = join(w.home, '.claude.json')
    symlinkSync(real, link)
    await w.registrar.register('claude-code')
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readlinkSync(link)).toBe(real)
    expect((JSON.parse(readFileSync(real, 'utf8')) as { numStartups: number }).numStartups).toBe(3)
    expect(readFileSync(real, 'utf8')).toContain('"okf-hub"')
  })

  it('a byte-order mark stays in front', async () => {
    const w = world('linux')
    const file = install(w, 'linux', 'cursor')
    writeFileSync(file, '\uFEFF{\n  "mcpServers": {}\n}\n')
    await w.registrar.register('cursor')
    const bytes = readFileSync(file)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(bytes.toString('utf8').slice(1)).toContain('"okf-hub"')
  })

  it('backups rotate: the last five per file are kept, the newest reported', async () => {
    const w = world('linux')
    const file = install(w, 'linux', 'cursor')
    writeFileSync(file, '{ "mcpServers": { "a": 1 } }\n')
    const seen: string[] = []
    for (let i = 0; i < 4; i++) {
      const r1 = await w.registrar.register('cursor')
      const r2 = await w.registrar.unregister('cursor')
      seen.push(r1.files[0].backup as string, r2.files[0].backup as string)
      expect(r2.registration.backup).toBe(r2.files[0].backup)
    }
    const kept = backups(w, 'cursor')
    expect(kept).toHaveLength(5)
    expect(kept.map((n) => join(w.config.userDataDir, 'backups', 'hosts', 'cursor', n))).toEqual(
      seen.slice(-5)
    )
    expect((await w.registrar.status('cursor')).backup).toBe(seen[seen.length - 1])
  })

  it('a host writing its file meanwhile (no lock of its own) is not overwritten: the edit is redone over it', async () => {
    const w = world('linux')
    const file = install(w, 'linux', 'cursor')
    writeFileSync(file, '{ "mcpServers": {} }\n')
    let first = true
    const r = await editConfigFile(
      file,
      (text) => {
        if (first) {
          first = false
          writeFileSync(file, '{ "hostWrote": true, "mcpServers": {} }\n')
        }
        return setEntry(text, file, 'mcpServers', 'okf-hub', { command: '/x' })
      },
      { create: true, backups: { dir: join(w.root, 'b') } }
    )
    expect(r.changed).toBe(true)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      hostWrote: true,
      mcpServers: { 'okf-hub': { command: '/x' } }
    })
  })
})

describe('the command written', () => {
  it('plain Node, Electron from a checkout, the packaged app, an AppImage', () => {
    expect(
      serverCommand({ kind: 'node', execPath: '/usr/bin/node', script: '/src/ok f/out/main/mcp/server.js' })
    ).toEqual({
      command: '/usr/bin/node',
      args: ['/src/ok f/out/main/mcp/server.js'],
      env: {}
    })
    const dev = electronServerFacts({
      isPackaged: false,
      execPath: '/src/node_modules/electron/dist/electron',
      resourcesPath: '/src/node_modules/electron/dist/resources',
      appPath: '/src'
    })
    expect(serverCommand(dev)).toEqual({
      command: '/src/node_modules/electron/dist/electron',
      args: ['/src/out/main/mcp/server.js'],
      env: { ELECTRON_RUN_AS_NODE: '1' }
    })
    const mac = electronServerFacts({
      isPackaged: true,
      execPath: '/Applications/OKF Hub.app/Contents/MacOS/OKF Hub',
      resourcesPath: '/Applications/OKF Hub.app/Contents/Resources',
      appPath: '/Applications/OKF Hub.app/Contents/Resources/app.asar'
    })
    expect(serverCommand(mac)).toEqual({
      command: '/Applications/OKF Hub.app/Contents/MacOS/OKF Hub',
      args: ['/Applications/OKF Hub.app/Contents/Resources/app.asar.unpacked/out/main/mcp/server.js'],
      env: { ELECTRON_RUN_AS_NODE: '1' }
    })
    expect(packagedServerScript('/r')).toBe('/r/app.asar.unpacked/out/main/mcp/server.js')
    const appImage = serverCommand(
      electronServerFacts({
        isPackaged: true,
        execPath: '/tmp/.mount_OKFab12/okf-hub',
        resourcesPath: '/tmp/.mount_OKFab12/resources',
        appPath: '/tmp/.mount_OKFab12/resources/app.asar',
        appImage: '/home/me/Applications/OKF Hub.AppImage'
      })
    )
    expect(appImage.command).toBe('/home/me/Applications/OKF Hub.AppImage')
    expect(appImage.env).toEqual({ ELECTRON_RUN_AS_NODE: '1' })
    expect(appImage.args.join(' ')).not.toContain('.mount_')
  })

  it('the entry carries hub variables only when the host would not find the same bases alone', () => {
    const root = tempDir('okf-reg-env-')
    dirs.push(root)
    const home = join(root, 'home')
    const h: HostEnv = { platform: 'linux', home, env: { HOME: home } }
    // The default: nothing to carry.
    expect(hubEnvFor(loadConfig({ env: { HOME: home }, platform: 'linux' }), h)).toEqual({})
    // XDG_CONFIG_HOME moved this process's user data; hosts do not pass that variable on.
    const xdg = loadConfig({ env: { HOME: home, XDG_CONFIG_HOME: join(root, 'xdg') }, platform: 'linux' })
    expect(hubEnvFor(xdg, h)).toEqual({ OKF_HUB_USER_DATA: join(root, 'xdg', 'OKF Hub') })
    // --bases: carried.
    mkdirSync(join(root, 'mes bases'))
    mkdirSync(join(root, 'b2'))
    const bases = loadConfig({ env: { HOME: home }, platform: 'linux', bases: join(root, 'mes bases') })
    expect(hubEnvFor(bases, h)).toEqual({ OKF_HUB_BASES: join(root, 'mes bases') })
    // A config file elsewhere whose bases-dir the server will read itself.
    const cfg = join(root, 'hub.yaml')
    writeFileSync(cfg, `bases-dir: ${JSON.stringify(join(root, 'b2'))}\n`)
    const viaFile = loadConfig({ env: { HOME: home }, platform: 'linux', config: cfg })
    expect(hubEnvFor(viaFile, h)).toEqual({ OKF_HUB_CONFIG: cfg })
  })
})

describe('jsonc-edit (property)', () => {
  // Any object text, pretty-printed with any indentation and line ending, with or without
  // comments: set then remove is the identity when the servers object existed without us.
  const jsonValue = fc.jsonValue({ maxDepth: 2 })
  it('set then remove gives the original bytes back', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ maxLength: 6 }).filter((k) => k !== 'mcpServers'),
          jsonValue,
          { maxKeys: 4 }
        ),
        fc.dictionary(
          fc.string({ maxLength: 6 }).filter((k) => k !== 'okf-hub'),
          jsonValue,
          { maxKeys: 3 }
        ),
        fc.constantFrom('  ', '    ', '\t', '   '),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        (other, servers, indent, eol, comments) => {
          let text =
            JSON.stringify({ ...other, mcpServers: servers }, null, indent)
              .split('\n')
              .join(eol) + eol
          if (comments) text = `// en tête${eol}${text.replace('{', `{ /* ouvre */`)}`
          const set = setEntry(text, 'f', 'mcpServers', 'okf-hub', {
            command: '/n',
            args: ['/a b/é.js'],
            env: {}
          })
          expect(set).not.toBe(text)
          expect(
            setEntry(set, 'f', 'mcpServers', 'okf-hub', { command: '/n', args: ['/a b/é.js'], env: {} })
          ).toBe(set)
          const back = removeEntry(set, 'f', 'mcpServers', 'okf-hub')
          if (Object.keys(servers).length > 0) expect(back).toBe(text)
          expect(parseJsonc(back)).toEqual(parseJsonc(text))
        }
      ),
      { numRuns: 300 }
    )
  })
})

describe('every host is covered', () => {
  it('the four hosts of the contract, in its order', () => {
    expect(HOSTS.map((h) => h.id)).toEqual(HOST_IDS)
  })
})
