import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile, spawn } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { git, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { startGitHttpServer, type GitHttpServer } from './helpers/git-http'
import { CLI_JS, hubEnv } from './helpers/mcp'
import { SYNC_STATE_FILE } from '../src/engine/sync/state'

// The CLI through bin/okf-hub.js (needs `npm run build`), against a git server in this process:
// the child is spawned asynchronously, so the server keeps answering while it runs.

const run = promisify(execFile)
const TOKEN = 'cli-T0ken-a1b2c3d4e5'

interface Result {
  code: number | null
  stdout: string
  stderr: string
}

function cli(args: string[], env: Record<string, string>, cwd?: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [CLI_JS, 'import', ...args], {
      env,
      cwd,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    p.on('error', reject)
    p.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

let serverRoot: string
let open: GitHttpServer
let locked: GitHttpServer
const cleanup: string[] = []

beforeAll(async () => {
  serverRoot = tempDir('okf-icli-srv-')
  const work = tempDir('okf-icli-work-')
  cleanup.push(serverRoot, work)
  const src = makeBundle(work, 'guide', {
    files: { 'knowledge/a.md': '# A\n', 'CLAUDE.md': 'Lire \x1b[31mrouge\x1b[0m\n' }
  })
  git(src, 'commit', '-q', '--allow-empty', '-m', 'deux')
  await run('git', ['clone', '-q', '--bare', src, join(serverRoot, 'guide.git')])
  open = await startGitHttpServer(serverRoot)
  locked = await startGitHttpServer(serverRoot, { token: TOKEN })
})

afterAll(async () => {
  await open.close()
  await locked.close()
  for (const d of cleanup) removeDir(d)
})

function setup(): ReturnType<typeof hubEnv> {
  const basesDir = tempDir('okf-icli-bases-')
  const h = hubEnv(basesDir)
  cleanup.push(basesDir, h.userData)
  return h
}

describe('okf-hub import', () => {
  it('--yes: prints the first-use read, serves the base, exit 0', async () => {
    const h = setup()
    const r = await cli([`${open.url}/guide.git`, '--yes'], h.env)
    expect(r.stderr).toContain('réception des objets')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("Base 'guide' prête à être servie depuis le dossier 'guide'")
    expect(r.stdout).toContain('2 commit(s)')
    expect(r.stdout).toMatch(/okf-bundle\.yaml\n─+\nbundle-spec: "0\.1"/)
    expect(r.stdout).toContain('# Gouvernance')
    // Terminal escapes of the imported text are shown, never sent raw.
    expect(r.stdout).toContain('Lire \\x1b[31mrouge\\x1b[0m')
    expect(r.stdout).not.toContain('\x1b[31m')
    expect(r.stdout).toContain("base 'guide' servie depuis")
    const root = join(h.basesDir, 'guide')
    expect(git(root, 'rev-list', '--count', 'HEAD').trim()).toBe('2')
    expect(readdirSync(h.basesDir)).toEqual(['guide'])
  })

  it('in English when the locale says so: progress, the first-use read, the refusal to serve without a terminal', async () => {
    const h = setup()
    const en = { ...h.env, LANG: 'en_US.UTF-8' }
    const r = await cli([`${open.url}/guide.git`, '--yes'], en)
    expect(r.code).toBe(0)
    expect(r.stderr).toContain('receiving objects')
    expect(r.stdout).toContain("Base 'guide' ready to be served from the folder 'guide'")
    expect(r.stdout).toContain('2 commits, ')
    expect(r.stdout).toContain('Before first use (SPEC §8)')
    expect(r.stdout).toContain("base 'guide' served from")
    // The clone was the base's first sync, whichever door imported it.
    const state = JSON.parse(readFileSync(join(h.userData, SYNC_STATE_FILE), 'utf8')) as Record<
      string,
      { lastSync: string | null }
    >
    expect(state[realpathSync(join(h.basesDir, 'guide'))]?.lastSync).toMatch(/^\d{4}-\d\d-\d\dT/)
    const help = await cli(['--help'], en)
    expect(help.stdout).toContain('<git-url>    the repository')
    // Another hub (the same base's name is served in the first).
    const asked = await cli([`${open.url}/guide.git`], { ...setup().env, LANG: 'en_US.UTF-8' })
    expect(asked.code).toBe(1)
    expect(asked.stderr).toContain('run again with --yes')
    // The CLI's own words hold no French (the imported texts, the base's own, are not ours).
    const ours = (t: string): string =>
      t
        .split('\n')
        .filter(
          (l) => !/^(─|#|bundle-spec|name:|title:|description|corpus|governance|status|Lire| {2}- )/.test(l)
        )
        .join('\n')
    for (const out of [ours(r.stdout), r.stderr, help.stdout, asked.stderr])
      expect(out).not.toMatch(/ servie| réception|prête|dossier '|rien n'a été|relancez/)
  })

  it('without a terminal and without --yes: nothing served, exit 1, told to re-run with --yes', async () => {
    const h = setup()
    const r = await cli([`${open.url}/guide.git`, '--name', 'lu-avant'], h.env)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('GOVERNANCE.md')
    expect(r.stderr).toMatch(/ERROR: NOT_CONFIRMED: .*relancez avec --yes/)
    expect(readdirSync(h.basesDir)).toEqual([])
  })

  it('refuses a token in argv (exit 64) and uses OKF_HUB_GIT_TOKEN, which appears nowhere', async () => {
    const h = setup()
    const t = await cli([`${locked.url}/guide.git`, '--token', TOKEN, '--yes'], h.env)
    expect(t.code).toBe(64)
    expect(t.stderr).toContain('OKF_HUB_GIT_TOKEN')
    expect(t.stderr).toMatch(/lisible par les autres utilisateurs/)
    expect(locked.requests).toHaveLength(0)

    const none = await cli([`${locked.url}/guide.git`, '--yes'], h.env)
    expect(none.code).toBe(4)
    expect(none.stderr).toMatch(/ERROR: INVALID_INPUT: .*demande une authentification/)

    const ok = await cli([`${locked.url}/guide.git`, '--yes', '--json'], {
      ...h.env,
      OKF_HUB_GIT_TOKEN: TOKEN
    })
    expect(ok.code).toBe(0)
    const dto = JSON.parse(ok.stdout) as { base: string; served: boolean; commits: number }
    expect(dto).toMatchObject({ base: 'guide', served: true, commits: 2 })
    for (const out of [t, none, ok]) expect(out.stdout + out.stderr).not.toContain(TOKEN)
    const log = readFileSync(h.logFile, 'utf8')
    expect(log).toContain('import')
    expect(log).not.toContain(TOKEN)
    expect(readFileSync(join(h.basesDir, 'guide', '.git', 'config'), 'utf8')).not.toContain(TOKEN)
  })

  it('usage errors are 64; a refusal is 4 with the engine sentence; nothing is left behind', async () => {
    const h = setup()
    expect((await cli([], h.env)).code).toBe(64)
    expect((await cli(['a', 'b'], h.env)).code).toBe(64)
    expect((await cli(['--frobnicate', 'x'], h.env)).code).toBe(64)
    const help = await cli(['--help'], h.env)
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('usage: okf-hub import')
    const branch = await cli([`${open.url}/guide.git`, '--branch', 'nope', '--yes'], h.env)
    expect(branch.code).toBe(4)
    expect(branch.stderr).toMatch(/ERROR: NOT_FOUND: branche 'nope' absente/)
    const down = await cli(['http://127.0.0.1:1/x.git', '--yes'], h.env)
    expect(down.code).toBe(5)
    expect(down.stderr).toMatch(/injoignable/)
    expect(existsSync(h.basesDir) ? readdirSync(h.basesDir) : []).toEqual([])
  })

  it('a relative path to a folder is taken from the current directory (found by exploratory QA: « not a full path »)', async () => {
    const h = setup()
    const work = tempDir('okf-icli-rel-')
    cleanup.push(work)
    makeBundle(work, 'locale', { files: { 'knowledge/a.md': '# A\n' } })
    const r = await cli(['locale', '--name', 'copie', '--yes'], h.env, work)
    expect(r.code, r.stderr).toBe(0)
    expect(git(join(h.basesDir, 'copie'), 'config', 'remote.origin.url').trim()).toBe(
      realpathSync(join(work, 'locale'))
    )
    // A relative path that names nothing here is refused as typed.
    const typo = await cli(['localle', '--yes'], h.env, work)
    expect(typo.code).toBe(4)
    expect(typo.stderr).toMatch(/chemin relatif refusé \('localle'\)/)
  })
})
