import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { HubConfig } from '../../src/engine/config'
import { memoryHubLog } from '../../src/engine/hublog'
import { fileProposal, type Filed } from '../../src/engine/proposals/propose'
import { resolvePlan } from '../../src/engine/review/resolve'
import { MemoryCredentialStore } from '../../src/engine/sync/credentials'
import { SyncService } from '../../src/engine/sync/service'
import { git, removeDir } from '../../test/helpers/fixtures'
import { startTeam, type Hub, type Team } from '../../test/helpers/team'
import { now, record, sized, type Options } from '../lib'

/**
 * Team sync at scale (issues 12, 27): one bare repository behind git's smart-HTTP backend on
 * 127.0.0.1 with main protected (a pre-receive hook: only the manager's token updates it), N
 * contributors' hubs (in this process, each its own bases dir cloned from it and its own token,
 * `sync-mode: inbox`, auto-push on) each filing 5 proposals at once, and a manager's hub
 * (`sync-mode: manager`). Reported, per N: the time for every proposal to reach the remote (first
 * filing → the last one in its hub's inbox) and proposals per second; the time for the manager
 * to integrate every inbox into main; the time for every hub to see a resolution (the manager
 * resolves everything → every contributor fast-forwarded onto it, its inbox deleted). No
 * reference: absolute figures of one machine, with the git server's own processes on the same
 * two cores. `OKF_BENCH_TEAM_SIZES=32,128` chooses the sizes.
 */
export default async function team(o: Options): Promise<void> {
  const fromEnv = process.env.OKF_BENCH_TEAM_SIZES?.split(',')
    .map(Number)
    .filter((n) => n > 0)
  const sizes = fromEnv?.length ? fromEnv : o.smoke ? [2] : o.quick ? [2, 8] : [2, 8, 32, 128]
  const perHub = sized(o, 5, 5, 2)
  for (const n of sizes) {
    const users = Array.from({ length: n }, (_, k) => `c${k}`)
    const t = await startTeam({ protect: { manager: 'manager', users }, serverProcess: true })
    const services: SyncService[] = []
    try {
      const hubs = await Promise.all(users.map((u, k) => member(t, t.clone(u), u, 'inbox', k, services)))
      const manager = await member(t, t.clone('manager'), 'manager', 'manager', n, services)
      // Ids drawn per hub (hub index in the first hex digits) so that N × P never collide.
      const draw = (k: number) => () =>
        (k.toString(16).padStart(2, '0') + randomBytes(1).toString('hex')).slice(0, 4)
      const t0 = now()
      await Promise.all(
        hubs.map(async (h, k) => {
          for (let i = 0; i < perHub; i++)
            h.filed.push(
              await fileProposal(
                h.hub.base,
                {
                  type: 'observation',
                  concerns: `banc ${k}-${i}`,
                  content: 'contenu du banc',
                  sources: ['banc'],
                  confidence: 'low',
                  submittedBy: `process:bench-${k}`
                },
                { log: memoryHubLog(), drawSuffix: draw(k) }
              )
            )
        })
      )
      // Filing itself (N hubs' commits, all in this one process) is part of the figure: apart too.
      const filingMs = now() - t0
      await Promise.all(hubs.map((h) => h.sync.idle()))
      const filedMs = now() - t0
      const all = hubs.flatMap((h) => h.filed)
      const onRemote = new Set(
        git(t.bare, 'for-each-ref', '--format=%(refname)', 'refs/heads/okf-hub/inbox/')
          .split('\n')
          .filter(Boolean)
          .flatMap((ref) => git(t.bare, 'ls-tree', '--name-only', ref, 'proposals/pending/').split('\n'))
      )
      const missing = all.filter((f) => !onRemote.has(f.path))
      if (missing.length) throw new Error(`${missing.length} proposition(s) absentes du dépôt distant`)
      if (git(t.bare, 'rev-list', '--count', 'main').trim() !== '1') throw new Error('main a bougé')
      record({
        bench: 'team',
        case: `proposals reaching the remote (inboxes), ${n} hubs × ${perHub}`,
        oursMs: filedMs,
        extra: {
          proposalsPerSecond: Number(((all.length * 1000) / filedMs).toFixed(2)),
          proposals: all.length,
          filingMs: Math.round(filingMs)
        }
      })
      console.log(
        `    → ${((all.length * 1000) / filedMs).toFixed(2)} propositions/s (dépôts seuls : ${Math.round(filingMs)} ms)`
      )

      const t1 = now()
      const collected = await manager.sync.sync(manager.hub.base, { push: true })
      const collectMs = now() - t1
      if (collected.state !== 'up-to-date' || collected.manager?.collected.length !== all.length)
        throw new Error(`collecte : ${collected.state} — ${collected.message}`)
      record({ bench: 'team', case: `manager integrates ${n} inboxes into main`, oursMs: collectMs })

      // The manager resolves everything in one plan; then every hub syncs and fast-forwards.
      const t2 = now()
      await resolvePlan(
        manager.hub.base,
        {
          summary: 'banc',
          reviewed_by: 'human:bench',
          resolutions: all.map((f) => ({ id: f.id, resolution: 'rejected' as const, reason: 'banc' }))
        },
        { log: memoryHubLog() }
      )
      await manager.sync.idle()
      const tip = git(t.bare, 'rev-parse', 'main').trim()
      await Promise.all(hubs.map((h) => h.sync.sync(h.hub.base, { push: true })))
      const convergeMs = now() - t2
      const behind = hubs.filter((h) => git(h.hub.root, 'rev-parse', 'HEAD').trim() !== tip)
      if (behind.length) throw new Error(`${behind.length} hub(s) pas sur ${tip.slice(0, 10)}`)
      const left = git(t.bare, 'for-each-ref', 'refs/heads/okf-hub/').trim()
      if (left) throw new Error(`boîtes restantes : ${left.split('\n').length}`)
      record({ bench: 'team', case: `all ${n} hubs converged after a resolution`, oursMs: convergeMs })
      await t.server.settle()
      const requests = t.server.requests.length
      console.log(`    → ${requests} requêtes HTTP au total (${(requests / n).toFixed(1)} par hub)`)
    } finally {
      for (const s of services) s.close()
      await t.close()
      removeDir(t.dir)
    }
  }
}

interface Member {
  hub: Hub
  sync: SyncService
  filed: Filed[]
}

async function member(
  t: Team,
  hub: Hub,
  user: string,
  mode: 'inbox' | 'manager',
  k: number,
  services: SyncService[]
): Promise<Member> {
  const credentials = new MemoryCredentialStore({})
  await credentials.set(new URL(t.url).host, t.tokenOf(user))
  const config: HubConfig = {
    basesDir: hub.basesDir,
    readTocThreshold: 8192,
    logFile: null,
    defaultBases: false,
    configFile: null,
    userDataDir: join(t.dir, `ud-${k}`),
    baseSettings: { equipe: { autoPush: true, syncAtStart: false, syncMode: mode } }
  }
  const sync = new SyncService({
    config,
    log: memoryHubLog(),
    credentials,
    tuning: { maxAttempts: 10, backoffMs: 50, maxBackoffMs: 2_000, timeoutMs: 60_000 }
  })
  services.push(sync)
  return { hub, sync, filed: [] }
}
