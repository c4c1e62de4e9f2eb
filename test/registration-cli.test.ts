import { afterEach, describe, expect, it } from 'vitest'
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parse as parseJsonc } from 'jsonc-parser'
import { removeDir, tempDir } from './helpers/fixtures'
import { CLI_JS, ROOT, assertBuilt, hubEnv } from './helpers/mcp'

// `okf-hub register` end to end: the built CLI on a temporary HOME, the command it writes started
// exactly as a host would (by `--check`), from an install whose path has spaces and non-ASCII
// characters; refusals; several processes editing one file at once.

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) removeDir(d)
})

interface Setup {
  root: string
  home: string
  env: Record<string, string>
  userData: string
  /** The copied install: `<root>/Mes applis é ü/OKF Hub` holding `out/`. */
  app: string
  appCli: string
  appServer: string
  claudeConfig: string
}

function setup(): Setup {
  assertBuilt()
  const root = tempDir('okf-reg-cli-')
  dirs.push(root)
  const home = join(root, 'home')
  mkdirSync(home)
  const bases = join(root, 'bases')
  mkdirSync(bases)
  const h = hubEnv(bases)
  dirs.push(h.userData)
  const app = join(root, 'Mes applis é ü', 'OKF Hub')
  cpSync(join(ROOT, 'out', 'main'), join(app, 'out', 'main'), { recursive: true })
  return {
    root,
    home,
    env: { ...h.env, HOME: home },
    userData: h.userData,
    app,
    appCli: join(app, 'out', 'main', 'cli', 'okf-hub.js'),
    appServer: join(app, 'out', 'main', 'mcp', 'server.js'),
    claudeConfig: join(home, '.config', 'Claude', 'claude_desktop_config.json')
  }
}

function run(
  s: Setup,
  cli: string,
  args: string[]
): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, 'register', ...args], {
    env: s.env,
    encoding: 'utf8',
    cwd: '/'
  })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** Strict JSON: Claude Desktop reads its file with JSON.parse (a comment would hide every entry). */
const ORIGINAL = `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/Documents"]
    }
  },
  "globalShortcut": "Ctrl+Space"
}
`

function entry(file: string, key = 'mcpServers'): Record<string, unknown> {
  const v = parseJsonc(readFileSync(file, 'utf8')) as Record<string, Record<string, Record<string, unknown>>>
  return v[key]['okf-hub']
}

/** Rewrites our entry by hand (as a broken install or a user would). */
function patchEntry(file: string, patch: Record<string, unknown>): void {
  const v = parseJsonc(readFileSync(file, 'utf8')) as { mcpServers: Record<string, Record<string, unknown>> }
  v.mcpServers['okf-hub'] = { ...v.mcpServers['okf-hub'], ...patch }
  writeFileSync(file, JSON.stringify(v, null, 2))
}

describe('okf-hub register', () => {
  it('from an install under a path with spaces and accents: writes the command, --check starts it, --remove restores the bytes', () => {
    const s = setup()
    mkdirSync(dirname(s.claudeConfig), { recursive: true })
    writeFileSync(s.claudeConfig, ORIGINAL)

    const r = run(s, s.appCli, [])
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    expect(r.stdout).toContain('Claude Desktop : inscrit\n')
    expect(r.stdout).toContain(`  modifié : ${s.claudeConfig}\n`)
    expect(r.stdout).toMatch(
      new RegExp(
        `  sauvegarde : ${s.userData.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/backups/hosts/claude-desktop/\\S+_claude_desktop_config\\.json\n`
      )
    )
    // The node running the CLI and the copied script, absolute; the user data this CLI used.
    expect(entry(s.claudeConfig)).toEqual({
      command: process.execPath,
      args: [s.appServer],
      env: { OKF_HUB_USER_DATA: s.userData }
    })
    expect(readFileSync(s.claudeConfig, 'utf8')).toContain('"filesystem": {\n      "command": "npx"')

    const again = run(s, s.appCli, [])
    expect(again.status).toBe(0)
    expect(again.stdout).toContain('déjà inscrit, rien écrit')

    const ok = run(s, s.appCli, ['--check'])
    expect(ok.stdout).toBe(
      `Claude Desktop : inscrit, le serveur démarre et répond\n  fichier : ${s.claudeConfig}\n`
    )
    expect(ok.status).toBe(0)

    const rm = run(s, s.appCli, ['--remove'])
    expect(rm.status).toBe(0)
    expect(rm.stdout).toContain('Claude Desktop : entrée retirée')
    expect(readFileSync(s.claudeConfig, 'utf8')).toBe(ORIGINAL)
    const gone = run(s, s.appCli, ['--check'])
    expect(gone.status).toBe(1)
    expect(gone.stdout).toContain('Claude Desktop : pas inscrit')
    expect(gone.stdout).toContain(`problème : OKF Hub n’est pas inscrit dans ${s.claudeConfig}`)
  })

  it('speaks the locale: English help, results, the host’s next step and its problems worded from their kind', () => {
    const s = setup()
    const en = { ...s, env: { ...s.env, LANG: 'en_US.UTF-8' } }
    const help = run(en, CLI_JS, ['--help'])
    expect(help.status).toBe(0)
    expect(help.stdout).toContain('Registers OKF Hub’s MCP server'.replace('’', "'"))
    // Claude Desktop not installed in this HOME: the problem in words, with what to do.
    const missing = run(en, CLI_JS, ['--check', '--host', 'cursor'])
    expect(missing.status).toBe(1)
    expect(missing.stdout).toMatch(/^Cursor : not registered$/m)
    expect(missing.stdout).toMatch(/^ {2}problem : /m)
    mkdirSync(join(s.home, '.config', 'Claude'), { recursive: true })
    const done = run(en, CLI_JS, ['--host', 'claude-desktop'])
    expect(done.status).toBe(0)
    expect(done.stdout).toMatch(/^Claude Desktop : registered$/m)
    expect(done.stdout).toMatch(/^ {2}next : Quit Claude Desktop completely and open it again/m)
    for (const out of [help.stdout, missing.stdout, done.stdout])
      expect(out.replace(/\/[^\s]*/g, '')).not.toMatch(/inscrit|fichier|problème|[éèàù]/)
    // In French, today's words.
    const fr = run({ ...s, env: { ...s.env, LC_ALL: 'fr_FR.UTF-8' } }, CLI_JS, [
      '--check',
      '--host',
      'cursor'
    ])
    expect(fr.stdout).toMatch(/^Cursor : pas inscrit$/m)
  })

  it('judges Claude Desktop’s file as Claude Desktop reads it: a comment hides every entry, so nothing is registered there (said, exit 1 and 4)', () => {
    const s = setup()
    mkdirSync(dirname(s.claudeConfig), { recursive: true })
    const commented = ORIGINAL.replace('{\n', '{\n  // réglé à la main\n')
    writeFileSync(s.claudeConfig, commented)
    const strict = `${s.claudeConfig} contient des commentaires ou des virgules finales : Claude Desktop le lit en JSON strict et l’ignorerait en entier (aucun de ses serveurs ne démarrerait) — retirez-les`
    const check = run(s, s.appCli, ['--check'])
    expect(check.status).toBe(1)
    expect(check.stdout).toContain('Claude Desktop : pas inscrit')
    expect(check.stdout).toContain(`problème : ${strict}`)
    // Registering there would write an entry Claude Desktop never reads: refused, file untouched.
    const refused = run(s, s.appCli, [])
    expect(refused.status).toBe(4)
    expect(refused.stderr).toContain(`Claude Desktop : ERROR: INVALID_INPUT: ${strict}`)
    expect(readFileSync(s.claudeConfig, 'utf8')).toBe(commented)
    const en = run({ ...s, env: { ...s.env, LANG: 'en_US.UTF-8' } }, s.appCli, [])
    expect(en.stderr).toContain(
      `This app reads ${s.claudeConfig} as strict JSON, and the file has comments or trailing commas.`
    )
    // Once removed, as Claude Desktop reads it: registered and working.
    writeFileSync(s.claudeConfig, ORIGINAL)
    expect(run(s, s.appCli, []).status).toBe(0)
    expect(entry(s.claudeConfig)).toMatchObject({ command: process.execPath })
    const ok = run(s, s.appCli, ['--check'])
    expect(ok.stdout).toContain('Claude Desktop : inscrit, le serveur démarre et répond')
    expect(ok.status).toBe(0)
  })

  it('--check says why when the command cannot start: script gone, executable gone, server exiting', () => {
    const s = setup()
    mkdirSync(dirname(s.claudeConfig), { recursive: true })
    expect(run(s, s.appCli, []).status).toBe(0)

    renameSync(s.appServer, `${s.appServer}.moved`)
    const noScript = run(s, CLI_JS, ['--check'])
    expect(noScript.status).toBe(1)
    expect(noScript.stdout).toContain('inscrit, mais le serveur ne démarre pas')
    expect(noScript.stdout).toContain(`le script du serveur ${s.appServer} n’existe plus`)
    renameSync(`${s.appServer}.moved`, s.appServer)

    patchEntry(s.claudeConfig, { command: join(s.app, 'node-disparu', 'node') })
    const noCommand = run(s, CLI_JS, ['--check'])
    expect(noCommand.status).toBe(1)
    expect(noCommand.stdout).toContain(`la commande ${join(s.app, 'node-disparu', 'node')} n’existe plus`)

    const badConfig = join(s.root, 'cassé.yaml')
    writeFileSync(badConfig, 'bases-dir: [pas, un, chemin]\n')
    patchEntry(s.claudeConfig, {
      command: process.execPath,
      env: { OKF_HUB_USER_DATA: s.userData, OKF_HUB_CONFIG: badConfig }
    })
    const exits = run(s, CLI_JS, ['--check'])
    expect(exits.status).toBe(1)
    expect(exits.stdout).toContain(
      'le serveur s’est arrêté sans répondre (code 2) : « okf-hub: configuration invalide : '
    )
    expect(exits.stdout).toContain('bases-dir doit être un chemin')

    // Repair: register rewrites only what differs, and the check passes again.
    const fixed = run(s, CLI_JS, [])
    expect(fixed.status).toBe(0)
    expect(fixed.stdout).toContain('Claude Desktop : inscrit')
    expect(entry(s.claudeConfig)).toEqual({
      command: process.execPath,
      args: [join(ROOT, 'out/main/mcp/server.js')],
      env: { OKF_HUB_USER_DATA: s.userData }
    })
    expect(run(s, CLI_JS, ['--check']).status).toBe(0)
  })

  it('through bin/okf-hub.js, --json, Claude Code and VS Code (type stdio, VS Code under "servers")', () => {
    const s = setup()
    mkdirSync(join(s.home, '.claude'))
    writeFileSync(join(s.home, '.claude.json'), '{"numStartups":12,"projects":{"/x":{"mcpServers":{}}}}')
    mkdirSync(join(s.home, '.config', 'Code', 'User'), { recursive: true })
    const r = run(s, CLI_JS, ['--host', 'claude-code', '--host', 'vscode', '--json'])
    expect(r.status).toBe(0)
    const out = JSON.parse(r.stdout) as {
      action: string
      hosts: {
        host: string
        present: boolean
        files: { file: string; changed: boolean; created: boolean }[]
      }[]
    }
    expect(out.action).toBe('register')
    expect(out.hosts.map((h) => [h.host, h.present])).toEqual([
      ['claude-code', true],
      ['vscode', true]
    ])
    expect(out.hosts[1].files).toEqual([
      {
        file: join(s.home, '.config', 'Code', 'User', 'mcp.json'),
        changed: true,
        created: true,
        backup: null
      }
    ])
    // A one-line file stays one line; the user's keys untouched.
    const cc = readFileSync(join(s.home, '.claude.json'), 'utf8')
    expect(cc).not.toContain('\n')
    expect(cc).toMatch(/^\{"mcpServers":\{"okf-hub":\{"type":"stdio","command":/)
    expect(cc.endsWith(',"numStartups":12,"projects":{"/x":{"mcpServers":{}}}}')).toBe(true)
    expect(entry(join(s.home, '.config', 'Code', 'User', 'mcp.json'), 'servers')).toMatchObject({
      type: 'stdio'
    })

    const check = run(s, CLI_JS, [
      '--check',
      '--host',
      'claude-code',
      '--host',
      'vscode',
      '--host',
      'cursor',
      '--json'
    ])
    const c = JSON.parse(check.stdout) as {
      action: string
      hosts: { host: string; present: boolean; working: boolean | null }[]
    }
    expect(c.action).toBe('check')
    expect(c.hosts.map((h) => [h.host, h.present, h.working])).toEqual([
      ['claude-code', true, true],
      ['vscode', true, true],
      ['cursor', false, null]
    ])
    expect(check.status).toBe(1) // cursor is not registered
  })

  it('refuses to write a bases folder that does not exist (exit 2), the host file untouched', () => {
    const s = setup()
    mkdirSync(dirname(s.claudeConfig), { recursive: true })
    writeFileSync(s.claudeConfig, ORIGINAL)
    const missing = join(s.root, 'bases-absentes')
    const r = run(s, s.appCli, ['--bases', missing])
    expect(r.status).toBe(2)
    expect(r.stderr).toContain(`dossier des bases introuvable : ${missing} (désigné par --bases)`)
    expect(readFileSync(s.claudeConfig, 'utf8')).toBe(ORIGINAL)
    expect(existsSync(missing)).toBe(false)
  })

  it('refuses an unparseable file (exit 4), leaving it as it was; usage errors are 64', () => {
    const s = setup()
    mkdirSync(dirname(s.claudeConfig), { recursive: true })
    const broken = '{ "mcpServers": { "a": { "command": "x" } }, }\n{'
    writeFileSync(s.claudeConfig, broken)
    const before = statSync(s.claudeConfig).mtimeMs
    const r = run(s, CLI_JS, [])
    expect(r.status).toBe(4)
    expect(r.stderr).toContain(
      `Claude Desktop : ERROR: INVALID_INPUT: ${s.claudeConfig} n’est pas un JSON lisible (ligne 2, colonne 1`
    )
    expect(readFileSync(s.claudeConfig, 'utf8')).toBe(broken)
    expect(statSync(s.claudeConfig).mtimeMs).toBe(before)
    expect(run(s, CLI_JS, ['--remove']).status).toBe(4)
    expect(readFileSync(s.claudeConfig, 'utf8')).toBe(broken)
    // In English, where it does not parse too (found by exploratory QA: only « cannot be read »).
    const en = run({ ...s, env: { ...s.env, LANG: 'en_US.UTF-8' } }, CLI_JS, [])
    expect(en.stderr).toContain(
      `The configuration file ${s.claudeConfig} is not valid JSON (line 2, column 1).`
    )

    const unknown = run(s, CLI_JS, ['--host', 'zed'])
    expect(unknown.status).toBe(64)
    expect(unknown.stderr).toContain('hôte inconnu : zed')
    expect(run(s, CLI_JS, ['--remove', '--check']).status).toBe(64)
    const help = run(s, CLI_JS, ['--help'])
    expect(help.status).toBe(0)
    expect(help.stdout).toContain('Codes de sortie : 0 fait')
  })

  it('processes editing one file at once (under its lock) lose none of each other’s edits', async () => {
    const s = setup()
    mkdirSync(dirname(s.claudeConfig), { recursive: true })
    writeFileSync(s.claudeConfig, ORIGINAL)
    const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs')
    const editor = join(ROOT, 'test/helpers/registration-editor.ts')
    const names = ['alpha', 'beta', 'gamma']
    const started = Date.now()
    const exit = (args: string[]): Promise<{ code: number | null; out: string; err: string }> =>
      new Promise((resolve) => {
        const c = spawn(process.execPath, args, { env: s.env, cwd: '/' })
        let out = ''
        let err = ''
        c.stdout.on('data', (d: Buffer) => (out += d.toString()))
        c.stderr.on('data', (d: Buffer) => (err += d.toString()))
        c.on('exit', (code) => resolve({ code, out, err }))
      })
    const results = await Promise.all([
      // Each holds the file 400 ms between its read and its write: without the lock, they would
      // all start from the same text and the last writer would drop the others' servers.
      ...names.map((n) => exit([tsx, editor, s.claudeConfig, n, '400', join(s.root, 'backups')])),
      exit([CLI_JS, 'register'])
    ])
    expect(results.map((r) => [r.code, r.err])).toEqual([...names, 'cli'].map(() => [0, '']))
    const v = parseJsonc(readFileSync(s.claudeConfig, 'utf8')) as {
      mcpServers: Record<string, unknown>
      globalShortcut: string
    }
    expect(Object.keys(v.mcpServers).sort()).toEqual(['alpha', 'beta', 'filesystem', 'gamma', 'okf-hub'])
    expect(v.globalShortcut).toBe('Ctrl+Space')
    // Mutual exclusion itself (the re-read before the rename alone would also save most edits):
    // no two read-modify-writes ran at the same time.
    const spans = results
      .slice(0, names.length)
      .map((r) => JSON.parse(r.out) as { changed: boolean; start: number; end: number })
      .sort((a, b) => a.start - b.start)
    expect(spans.every((x) => x.changed)).toBe(true)
    for (let i = 1; i < spans.length; i++) expect(spans[i].start).toBeGreaterThanOrEqual(spans[i - 1].end)
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 400)
  })
})
