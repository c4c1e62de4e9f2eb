import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { HubConfig } from '../../src/engine/config'
import { memoryHubLog } from '../../src/engine/hublog'
import { fileProposal, type Filed } from '../../src/engine/proposals/propose'
import { resolvePlan } from '../../src/engine/review/resolve'
import { SyncService } from '../../src/engine/sync/service'
import { git, removeDir } from '../../test/helpers/fixtures'
import { startTeam, type Hub } from '../../test/helpers/team'
import { now, record, sized, type Options } from '../lib'

/**
 * Team sync at scale (issue 12): one bare repository behind git's smart-HTTP backend on
 * 127.0.0.1, N hubs (in this process, each its own bases dir cloned from it, auto-push on) all
 * filing at once. Reported: proposals per second reaching the remote (first filing → the last
 * one on the remote), and the time for every hub to converge after a manager's resolution (push
 * of the resolution → every hub fast-forwarded onto it). No reference: these are absolute figures
 * of one machine, with the git server's own processes on the same two cores.
 */
export default async function team(o: Options): Promise<void> {
  const sizes = o.smoke ? [2] : o.quick ? [2, 8] : [2, 8, 32]
  const perHub = sized(o, 5, 3, 2)
  for (const n of sizes) {
    const t = await startTeam()
    const services: SyncService[] = []
    try {
      const hubs = Array.from({ length: n }, (_, k) => {
        const hub: Hub = t.clone(`c${k}`)
        const config: HubConfig = {
          basesDir: hub.basesDir,
          readTocThreshold: 8192,
          logFile: null,
          defaultBases: false,
          configFile: null,
          userDataDir: join(t.dir, `ud-${k}`),
          baseSettings: { equipe: { autoPush: true, syncAtStart: false } }
        }
        const sync = new SyncService({
          config,
          log: memoryHubLog(),
          // N hubs racing: the last of a wave needs N − 1 retries.
          tuning: { maxAttempts: 4 * n + 10, backoffMs: 250, maxBackoffMs: 4_000, timeoutMs: 20_000 }
        })
        services.push(sync)
        return { hub, sync, filed: [] as Filed[] }
      })
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
      await Promise.all(hubs.map((h) => h.sync.idle()))
      const filedMs = now() - t0
      const all = hubs.flatMap((h) => h.filed)
      const onRemote = git(t.bare, 'ls-tree', '--name-only', 'main', 'proposals/pending/').split('\n')
      const missing = all.filter((f) => !onRemote.includes(f.path))
      if (missing.length) throw new Error(`${missing.length} proposition(s) absentes du dépôt distant`)
      record({
        bench: 'team',
        case: `proposals reaching the remote, ${n} hubs × ${perHub}`,
        oursMs: filedMs,
        extra: {
          proposalsPerSecond: Number(((all.length * 1000) / filedMs).toFixed(2)),
          proposals: all.length
        }
      })
      console.log(`    → ${((all.length * 1000) / filedMs).toFixed(2)} propositions/s`)

      // The manager (hub 0) resolves everything in one plan; then every hub fast-forwards.
      const manager = hubs[0]
      await manager.sync.sync(manager.hub.base, { push: false })
      const t1 = now()
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
      await Promise.all(hubs.map((h) => h.sync.sync(h.hub.base, { push: false })))
      const convergeMs = now() - t1
      const behind = hubs.filter((h) => git(h.hub.root, 'rev-parse', 'HEAD').trim() !== tip)
      if (behind.length) throw new Error(`${behind.length} hub(s) pas sur ${tip.slice(0, 10)}`)
      record({ bench: 'team', case: `all ${n} hubs converged after a resolution`, oursMs: convergeMs })
    } finally {
      for (const s of services) s.close()
      await t.close()
      removeDir(t.dir)
    }
  }
}
