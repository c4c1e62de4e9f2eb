import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { join } from 'node:path'
import { git, hubConfig, makeBundle, removeDir, tempDir, waitFor } from './helpers/fixtures'
import { CLI_JS, assertBuilt, connect, hubEnv } from './helpers/mcp'
import { repoFingerprint } from './helpers/repo'
import { pushFromElsewhere, startTeam, type Team } from './helpers/team'

/** The CLI as a user runs it — asynchronously, since the git server lives in this process. */
function cli(
  args: string[],
  env: Record<string, string>
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  assertBuilt()
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [CLI_JS, ...args], { env, cwd: '/' })
    let stdout = ''
    let stderr = ''
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    p.on('close', (status) => resolve({ status, stdout, stderr }))
  })
}

const propose = (concerns: string) =>
  JSON.stringify({
    base: 'equipe',
    type: 'observation',
    concerns,
    content: 'contenu',
    sources: ['source'],
    confidence: 'low',
    submitted_by: 'process:test'
  })

let team: Team
let closedPort: number
let silent: Server
let silentPort: number
const sockets: Socket[] = []

beforeAll(async () => {
  team = await startTeam()
  closedPort = await new Promise<number>((resolve) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const p = (srv.address() as { port: number }).port
      srv.close(() => resolve(p))
    })
  })
  // A host that accepts connections and never answers: the worst remote for a start-up.
  silent = createServer((s) => sockets.push(s))
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()))
  silentPort = (silent.address() as { port: number }).port
})
afterAll(async () => {
  for (const s of sockets) s.destroy()
  await new Promise<void>((r) => silent.close(() => r()))
  await team.close()
  removeDir(team.dir)
})

describe('okf-hub sync', () => {
  it('fast-forwards, pushes with --push, prints one line per base or JSON; exit codes 0, 1, 3, 64, 75', async () => {
    const h = team.clone('cli')
    const env = hubEnv(h.basesDir)
    makeBundle(h.basesDir, 'locale')
    const tip = pushFromElsewhere(team, 'cli', { 'knowledge/exemple.md': '# Exemple\n\nv2\n' }, 'remote v2')
    const r1 = await cli(['sync', '--all'], env.env)
    expect(r1.status).toBe(0)
    expect(r1.stdout).toMatch(/^equipe {2}à jour {2}avance rapide de 1 commit depuis origin\/main : à jour$/m)
    expect(r1.stdout).toMatch(/^locale {2}sans dépôt distant {2}/m)
    expect(git(h.root, 'rev-parse', 'HEAD').trim()).toBe(tip)
    expect(git(h.root, 'status', '--porcelain')).toBe('')
    expect(readFileSync(env.logFile, 'utf8')).toMatch(/sync 'equipe' : up-to-date/)

    const filed = await cli(['tool', 'kb_propose', propose('depuis la CLI')], env.env)
    expect(filed.status).toBe(0)
    const ahead = await cli(['sync', 'equipe', '--json'], env.env)
    expect(ahead.status).toBe(0)
    expect(JSON.parse(ahead.stdout)).toMatchObject([{ base: 'equipe', state: 'ahead', ahead: 1, live: true }])
    const pushed = await cli(['sync', 'equipe', '--push'], env.env)
    expect(pushed.status).toBe(0)
    expect(pushed.stdout).toMatch(/1 commit poussé vers origin\/main : à jour/)
    expect(git(team.bare, 'rev-parse', 'main').trim()).toBe(git(h.root, 'rev-parse', 'HEAD').trim())

    writeFileSync(join(h.root, 'knowledge/exemple.md'), '# local\n')
    pushFromElsewhere(team, 'cli', { 'knowledge/exemple.md': '# Exemple\n\nv3\n' }, 'remote v3')
    const dirty = await cli(['sync', 'equipe'], env.env)
    expect(dirty.status).toBe(1)
    expect(dirty.stdout).toMatch(/en retard \(-1\).*knowledge\/exemple\.md : rien n'a été écrit/)
    expect(readFileSync(join(h.root, 'knowledge/exemple.md'), 'utf8')).toBe('# local\n')

    // In English (the locale says so): the same states and counts, in words, no French.
    const english = { ...env.env, LANG: 'en_US.UTF-8' }
    const en = await cli(['sync', '--all'], english)
    expect(en.status).toBe(1)
    expect(en.stdout).toMatch(
      /^equipe {2}behind \(-1\) {2}local changes in the way of origin\/main: knowledge\/exemple\.md — nothing written/m
    )
    expect(en.stdout).toMatch(/^locale {2}no remote {2}no remote repository: nothing to sync$/m)
    // --json: the status as data, its explanation in the command's language beside the engine's detail.
    const enJson = JSON.parse((await cli(['sync', '--all', '--json'], english)).stdout) as {
      base: string
      explanation: string
      message: string
    }[]
    expect(enJson.map((s) => [s.base, s.explanation])).toEqual([
      ['equipe', expect.stringMatching(/^local changes in the way of origin\/main: knowledge\/exemple\.md/)],
      ['locale', 'no remote repository: nothing to sync']
    ])
    expect(enJson[1].message).toMatch(/aucun dépôt distant/)
    const help = await cli(['sync', '--help'], english)
    expect(help.stdout).toContain('Fetches each base’s branch'.replace('’', "'"))
    for (const out of [en.stdout, help.stdout]) expect(out).not.toMatch(/dépôt|rien n'a été|à jour|[éèà]/)

    expect((await cli(['sync', 'inconnue'], env.env)).status).toBe(3)
    expect((await cli(['sync', '--pousser'], env.env)).status).toBe(64)
    expect((await cli(['sync', 'equipe', '--all'], env.env)).status).toBe(64)

    git(h.root, 'checkout', '-q', '--', 'knowledge/exemple.md')
    git(h.root, 'remote', 'set-url', 'origin', `http://127.0.0.1:${closedPort}/base.git`)
    const before = repoFingerprint(h.root)
    const down = await cli(['sync', 'equipe', '--push'], env.env)
    expect(down.status).toBe(75)
    expect(down.stdout).toMatch(/injoignable/)
    expect(repoFingerprint(h.root)).toBe(before)

    // A base imported from a folder keeps it as origin: nothing the hub syncs, not a failure.
    git(h.root, 'remote', 'set-url', 'origin', '/srv/partage/equipe')
    const folder = await cli(['sync', '--all'], english)
    expect(folder.status, folder.stdout).toBe(0)
    expect(folder.stdout).toMatch(
      /^equipe {2}no remote {2}its remote is a folder on this computer \(\/srv\/partage\/equipe\): only http\(s\) remotes are synced/m
    )
    // A repository gone from its address: an error to fix (exit 1), said as such, not « try again later ».
    git(h.root, 'remote', 'set-url', 'origin', team.url.replace(/[^/]+$/, 'renommee.git'))
    const gone = await cli(['sync', 'equipe'], english)
    expect(gone.status).toBe(1)
    expect(gone.stdout).toMatch(
      /sync failed: no repository at http:\/\/127\.0\.0\.1:\d+\/renommee\.git \(renamed, moved or deleted/
    )
  })

  it('--set-aside: a diverged resolution kept in a branch, the plan rebuilt into --plan-out, previewed and resolved again', async () => {
    pushFromElsewhere(team, 'cli-aside', { 'knowledge/cote.md': '# Côté\n\nDépart.\n' }, 'doc côté')
    const h = team.clone('cli-aside')
    const env = hubEnv(h.basesDir)
    const filed = await cli(['tool', 'kb_propose', propose('à mettre de côté')], env.env)
    expect(filed.status).toBe(0)
    const id = /prop-\d{4}-\d{2}-\d{2}-[0-9a-f]{4}/.exec(filed.stdout)?.[0] ?? ''
    expect((await cli(['sync', 'equipe', '--push'], env.env)).status).toBe(0)
    const planIn = join(h.basesDir, '..', 'plan-cli.json')
    writeFileSync(
      planIn,
      JSON.stringify({
        summary: 'côté',
        reviewed_by: 'human:cli',
        resolutions: [{ id, resolution: 'accepted', integrated_into: ['cote.md'] }],
        edits: [{ path: 'cote.md', append: 'Ajout CLI.\n' }]
      })
    )
    expect((await cli(['review', 'resolve', 'equipe', '--plan', planIn], env.env)).status).toBe(0)
    const mine = git(h.root, 'rev-parse', 'HEAD').trim()
    pushFromElsewhere(team, 'cli-aside', { 'knowledge/cote.md': '# Côté\n\nCollègue.\n' }, 'côté ailleurs')
    expect((await cli(['sync', 'equipe', '--push'], env.env)).status).toBe(1)

    expect((await cli(['sync', '--set-aside'], env.env)).status).toBe(64)
    const planOut = join(h.basesDir, '..', 'plan-rebuilt.json')
    const aside = await cli(['sync', 'equipe', '--set-aside', '--plan-out', planOut], env.env)
    expect(aside.stderr).toBe('')
    expect(aside.status).toBe(0)
    expect(aside.stdout).toMatch(
      /^equipe {2}mise de côté {2}1 résolution gardée dans la branche okf-hub\/set-aside\/\d{8}-\d{6} ; la base suit origin\/main/m
    )
    expect(aside.stdout).toContain(`okf-hub review resolve equipe --plan ${planOut} --dry-run`)
    const rebuilt = JSON.parse(readFileSync(planOut, 'utf8'))
    expect(rebuilt.resolutions).toEqual([{ id, resolution: 'accepted', integrated_into: ['cote.md'] }])
    expect(rebuilt.edits[0].content).toContain('Ajout CLI.')
    expect(git(h.root, 'for-each-ref', '--format=%(objectname)', 'refs/heads/okf-hub/').trim()).toBe(mine)
    expect(git(h.root, 'rev-parse', 'HEAD').trim()).toBe(git(team.bare, 'rev-parse', 'main').trim())
    // Once set aside, the base is no longer diverged: a second run refuses and writes nothing.
    const again = await cli(['sync', 'equipe', '--set-aside', '--plan-out', planOut], env.env)
    expect(again.status).toBe(1)
    expect(again.stderr).toMatch(/n'a pas divergé/)

    const dry = await cli(['review', 'resolve', 'equipe', '--plan', planOut, '--dry-run'], env.env)
    expect(dry.status).toBe(0)
    expect(dry.stdout).toContain('-Collègue.')
    rebuilt.edits = [{ path: 'cote.md', append: 'Ajout CLI.\n' }]
    writeFileSync(planOut, JSON.stringify(rebuilt))
    expect((await cli(['review', 'resolve', 'equipe', '--plan', planOut], env.env)).status).toBe(0)
    expect((await cli(['sync', 'equipe', '--push'], env.env)).status).toBe(0)
    const trail = git(team.bare, 'log', '-i', '--format=%s', '--grep', `proposal: ${id}`, 'main').trim()
    expect(trail.split('\n')).toHaveLength(2)
    expect(git(team.bare, 'show', 'main:knowledge/cote.md')).toMatch(/Collègue\.[\s\S]*Ajout CLI\./)
    git(team.bare, 'fsck', '--strict', '--no-progress')
  })

  it('auth required → 77; OKF_HUB_GIT_TOKEN reaches the host; the token never appears in the log or .git/config', async () => {
    const token = 'tok-cli-' + 'y'.repeat(16)
    const locked = await startTeam({ server: { token }, name: 'equipe' })
    try {
      const h = locked.clone('cli-auth')
      const env = hubEnv(h.basesDir)
      pushFromElsewhere(locked, 'auth', { 'knowledge/exemple.md': '# Exemple\n\nprivé\n' }, 'private change')
      const denied = await cli(['sync'], env.env)
      expect(denied.status).toBe(77)
      expect(denied.stdout).toMatch(/authentification requise/)
      const ok = await cli(['sync', '--json'], { ...env.env, OKF_HUB_GIT_TOKEN: token })
      expect(ok.status).toBe(0)
      expect(JSON.parse(ok.stdout)[0]).toMatchObject({ state: 'up-to-date', fastForwarded: 1 })
      expect(readFileSync(env.logFile, 'utf8')).not.toContain(token)
      expect(readFileSync(join(h.root, '.git/config'), 'utf8')).not.toContain(token)
    } finally {
      await locked.close()
      removeDir(locked.dir)
    }
  })
})

describe('auto-push and the server start', () => {
  it('kb_propose into a base with auto-push: true reaches the remote (okf-hub tool waits for it)', async () => {
    const h = team.clone('auto')
    const env = hubEnv(h.basesDir, { extraConfig: 'bases:\n  equipe:\n    auto-push: true\n' })
    const r = await cli(['tool', 'kb_propose', propose('poussée automatique')], env.env)
    expect(r.status).toBe(0)
    const id = /id : (prop-\S+)/.exec(r.stdout)?.[1] as string
    expect(git(team.bare, 'log', '-i', '--format=%H', '--grep', `proposal: ${id}`, 'main').trim()).toBe(
      git(h.root, 'rev-parse', 'HEAD').trim()
    )
    // Off by default: the same call in a hub without the setting stays local.
    const quiet = team.clone('no-auto')
    const env2 = hubEnv(quiet.basesDir)
    const r2 = await cli(['tool', 'kb_propose', propose('reste locale')], env2.env)
    const id2 = /id : (prop-\S+)/.exec(r2.stdout)?.[1] as string
    expect(git(team.bare, 'log', '-i', '--format=%H', '--grep', `proposal: ${id2}`, 'main').trim()).toBe('')
  })

  it('a server whose remote never answers answers initialize while that fetch hangs; a reachable one fast-forwards in the background', async () => {
    // Told by events, not by a stopwatch: the silent host never answers, so a fetch to it ends only
    // when its socket closes (the transport's idle timeout, 15 s). An answer given while every
    // socket it opened is still open was not waiting for that fetch, however loaded the machine.
    const closedBefore = (): number => sockets.filter((x) => x.destroyed).length
    const hanging = team.clone('hanging')
    git(hanging.root, 'remote', 'set-url', 'origin', `http://127.0.0.1:${silentPort}/base.git`)
    const env = hubEnv(hanging.basesDir)
    const closed = closedBefore()
    const held = await connect(env)
    try {
      expect((await held.client.listTools()).tools.length).toBeGreaterThan(0)
      expect(closedBefore()).toBe(closed)
      // Once its background fetch is held by that host, the server still answers.
      const opened = sockets.length
      await waitFor(() =>
        readFileSync(env.logFile, 'utf8').includes("sync 'equipe' : récupération de origin/main")
      )
      await waitFor(() => sockets.length > opened || sockets.some((x) => !x.destroyed))
      // The fetch holds a connection to the silent host now (or since before the log line).
      expect((await held.call('kb_list', {})).isError).toBe(false)
      expect(sockets.some((x) => !x.destroyed)).toBe(true)
      expect(closedBefore()).toBe(closed)
    } finally {
      await held.close()
    }

    const behind = team.clone('start')
    const tip = pushFromElsewhere(
      team,
      'start',
      { 'knowledge/exemple.md': '# Exemple\n\nau démarrage\n' },
      'start'
    )
    const behindEnv = hubEnv(behind.basesDir)
    const s = await connect(behindEnv)
    try {
      await waitFor(() => git(behind.root, 'rev-parse', 'HEAD').trim() === tip)
      await waitFor(() => readFileSync(behindEnv.logFile, 'utf8').includes("sync 'equipe' : up-to-date"))
      expect(git(behind.root, 'status', '--porcelain')).toBe('')
      // The server still answers after its background sync.
      expect((await s.call('kb_list', {})).isError).toBe(false)
    } finally {
      await s.close()
    }
  })
})

describe('HubApi sync methods (HubService through dispatch)', () => {
  it('syncStatus, sync with push, the sync-changed event, BaseSummary.sync, credentials; argument types checked', async () => {
    const { HubService } = await import('../src/engine/hub/service')
    const { dispatch } = await import('../src/engine/hub/dispatch')
    const { memoryHubLog } = await import('../src/engine/hublog')
    const { fileProposal } = await import('../src/engine/proposals/propose')
    const h = team.clone('api')
    const userData = tempDir('okf-api-ud-')
    const log = memoryHubLog()
    const config = hubConfig(h.basesDir, userData, {
      logFile: null,
      baseSettings: { equipe: { autoPush: true, syncAtStart: true } }
    })
    const service = new HubService({ config, log, transport: 'web', version: '0.0.0-test' })
    const events: unknown[] = []
    service.subscribe((e) => events.push(e))
    try {
      const call = async (m: string, ...args: unknown[]) => dispatch(service, m, args, log)
      const first = (await call('syncStatus')) as { result: { base: string; state: string }[] }
      expect(first.result).toMatchObject([
        { base: 'equipe', state: 'up-to-date', remote: 'origin/main', live: false }
      ])
      expect(await call('syncStatus', 42)).toMatchObject({ error: { code: 'INVALID_INPUT' } })
      expect(await call('sync', 'equipe', { push: 'oui' })).toMatchObject({
        error: { code: 'INVALID_INPUT' }
      })

      const tip = pushFromElsewhere(
        team,
        'api',
        { 'knowledge/exemple.md': '# Exemple\n\napi\n' },
        'api change'
      )
      const synced = (await call('sync', 'equipe', { push: false })) as {
        result: { state: string; fastForwarded: number }
      }
      expect(synced.result).toMatchObject({ state: 'up-to-date', fastForwarded: 1 })
      expect(git(h.root, 'rev-parse', 'HEAD').trim()).toBe(tip)
      expect(events).toContainEqual(expect.objectContaining({ type: 'sync-changed', base: 'equipe' }))
      await waitFor(() =>
        events.some(
          (e) => JSON.stringify(e) === JSON.stringify({ type: 'head-changed', base: 'equipe', head: tip })
        )
      )

      // A commit through the engine in this process: auto-push is on for this base.
      const filed = await fileProposal(
        h.base,
        {
          type: 'observation',
          concerns: 'via le service',
          content: 'c',
          sources: ['s'],
          confidence: 'low',
          submittedBy: 'process:test'
        },
        { log }
      )
      await service.syncer.idle()
      expect(git(team.bare, 'rev-parse', 'main').trim()).toBe(filed.commit)
      const overview = await service.listBases()
      expect(overview.bases[0].sync).toMatchObject({ state: 'up-to-date', ahead: 0, behind: 0 })

      expect(await call('credentialHosts')).toEqual({
        result: { hosts: [], persistent: false, fromEnvironment: false }
      })
      expect(await call('setCredential', 'pas un hôte', 'x')).toMatchObject({
        error: { code: 'INVALID_INPUT' }
      })
      expect(await call('setCredential', 'git.example.org', 'secret-token')).toEqual({ result: null })
      expect(await call('credentialHosts')).toMatchObject({ result: { hosts: ['git.example.org'] } })
      expect(await call('deleteCredential', 'git.example.org')).toEqual({ result: null })
      expect(log.lines.join('')).not.toContain('secret-token')
    } finally {
      service.syncer.close()
      service.watcher.stop()
      removeDir(userData)
    }
  })
})
