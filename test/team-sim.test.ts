import { afterAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { HubConfig } from '../src/engine/config'
import { memoryHubLog } from '../src/engine/hublog'
import { fileProposal, type Filed } from '../src/engine/proposals/propose'
import { resolvePlan } from '../src/engine/review/resolve'
import { SyncService } from '../src/engine/sync/service'
import { git, removeDir, tempDir } from './helpers/fixtures'
import { startTeam, type Hub, type Team } from './helpers/team'

/**
 * Issue 12 at team scale: N contributors' hubs (in-process, each its own bases dir cloned from
 * one remote behind the smart-HTTP server, auto-push on) file proposals all at once through the
 * engine's propose path; a manager resolves them in batches while two contributors still file;
 * then every hub syncs. Checked with git itself on the remote and on every hub.
 */
const HUBS = 8
const PER_HUB = 10
const BATCHES = 4

interface SimHub extends Hub {
  sync: SyncService
  filed: Filed[]
}

let team: Team | undefined
const services: SyncService[] = []
afterAll(async () => {
  for (const s of services) s.close()
  if (team) {
    await team.close()
    removeDir(team.dir)
  }
})

function withSync(hub: Hub): SimHub {
  const config: HubConfig = {
    basesDir: hub.basesDir,
    readTocThreshold: 8192,
    logFile: null,
    defaultBases: false,
    configFile: null,
    userDataDir: join(hub.basesDir, '..', `ud-${hub.label}`),
    baseSettings: { equipe: { autoPush: true, syncAtStart: true } }
  }
  const sync = new SyncService({
    config,
    log: memoryHubLog(),
    // Eight hubs racing for one branch: each round one push wins and the others fetch and retry,
    // so the last one needs up to seven retries; a wider backoff wastes fewer rounds.
    tuning: { maxAttempts: 40, backoffMs: 250, maxBackoffMs: 4_000, timeoutMs: 10_000 }
  })
  services.push(sync)
  return { ...hub, sync, filed: [] }
}

const fields = (who: string, i: number) => ({
  type: 'observation' as const,
  concerns: `constat ${i} de ${who}`,
  content: `Le contributeur ${who} a constaté le point ${i}.`,
  sources: [`note ${who}-${i}`],
  confidence: 'medium' as const,
  submittedBy: `process:${who}`
})

/**
 * Ids are `prop-<day>-<4 hex>`: 16 bits a day. Two hubs drawing the same id on the same day is a
 * real (if rare) case — sync then reports diverged on that path (test/sync.test.ts covers
 * refusals); here each hub draws in its own first hex digit so that 80 ids never collide.
 */
const drawFor = (k: number) => () => k.toString(16) + randomBytes(2).toString('hex').slice(0, 3)

async function file(h: SimHub, k: number, i: number): Promise<void> {
  h.filed.push(
    await fileProposal(h.base, fields(h.label, i), { log: memoryHubLog(), drawSuffix: drawFor(k) })
  )
}

describe('team simulation', () => {
  it(`${HUBS} hubs × ${PER_HUB} proposals with auto-push, a manager resolving in ${BATCHES} batches, then every hub syncs`, async () => {
    const t0 = Date.now()
    team = await startTeam({ dir: tempDir('okf-team-sim-') })
    const t = team
    const hubs = Array.from({ length: HUBS }, (_, k) => withSync(t.clone(`c${k}`)))
    const manager = withSync(t.clone('manager'))

    // Every hub files at the same time, each agent one proposal after the other (as its calls
    // come); each filing's auto-push coalesces with the ones queued behind it.
    await Promise.all(
      hubs.map(async (h, k) => {
        for (let i = 0; i < PER_HUB; i++) await file(h, k, i)
      })
    )
    await Promise.all(hubs.map((h) => h.sync.idle()))
    const all = hubs.flatMap((h) => h.filed)
    expect(all).toHaveLength(HUBS * PER_HUB)
    expect(new Set(all.map((f) => f.id)).size).toBe(all.length)
    const pendingOnRemote = git(t.bare, 'ls-tree', '--name-only', 'main', 'proposals/pending/').split('\n')
    for (const f of all) expect(pendingOnRemote).toContain(f.path)

    // The manager catches up, then resolves in batches while two contributors keep filing.
    const pull = await manager.sync.sync(manager.base, { push: false })
    expect(pull.state).toBe('up-to-date')
    const resolved = new Set<string>()
    const acceptedIds = new Set<string>()
    const size = Math.ceil(all.length / BATCHES)
    for (let b = 0; b < BATCHES; b++) {
      const batch = all.slice(b * size, (b + 1) * size)
      const late = Promise.all([file(hubs[0], 0, 100 + b), file(hubs[1], 1, 100 + b)])
      const [accepted, ...rejected] = batch
      await resolvePlan(
        manager.base,
        {
          summary: `lot ${b + 1}`,
          reviewed_by: 'human:manager',
          resolutions: [
            { id: accepted.id, resolution: 'accepted', integrated_into: ['exemple.md'] },
            ...rejected.map((f) => ({
              id: f.id,
              resolution: 'rejected' as const,
              reason: `lot ${b + 1} : doublon`
            }))
          ],
          edits: [{ path: 'exemple.md', append: `\nLot ${b + 1} intégré.\n` }]
        },
        { log: memoryHubLog() }
      )
      for (const f of batch) resolved.add(f.id)
      acceptedIds.add(accepted.id)
      await late
      await Promise.all([manager.sync.idle(), hubs[0].sync.idle(), hubs[1].sync.idle()])
      const s = await manager.sync.status(manager.base)
      expect(s.state, s.message).toBe('up-to-date')
    }

    // Every hub syncs (pushing whatever is still local), until all stand on the same tip.
    const everyone = [...hubs, manager]
    const statuses = await Promise.all(everyone.map((h) => h.sync.sync(h.base, { push: true })))
    for (const s of statuses) expect(s.state, s.message).toBe('up-to-date')
    const final = await Promise.all(everyone.map((h) => h.sync.sync(h.base, { push: false })))
    for (const s of final) expect(s.state, s.message).toBe('up-to-date')
    const tip = git(t.bare, 'rev-parse', 'main').trim()
    for (const h of everyone) {
      expect(git(h.root, 'rev-parse', 'HEAD').trim()).toBe(tip)
      expect(git(h.root, 'status', '--porcelain')).toBe('')
      git(h.root, 'fsck', '--strict', '--no-progress')
    }

    // On the remote: linear history, every proposal exactly once, two commits per resolved one.
    git(t.bare, 'fsck', '--strict', '--no-progress')
    expect(git(t.bare, 'rev-list', '--merges', 'main').trim()).toBe('')
    const tree = git(t.bare, 'ls-tree', '-r', '--name-only', 'main', 'proposals/').split('\n')
    const everyFiled = everyone.flatMap((h) => h.filed)
    expect(everyFiled).toHaveLength(HUBS * PER_HUB + 2 * BATCHES)
    const log = git(t.bare, 'log', '--format=%H%x00%B%x01', 'main')
    const commits = log
      .split('\x01')
      .map((c) => c.trim())
      .filter(Boolean)
    for (const f of everyFiled) {
      const where = ['pending', 'accepted', 'rejected'].filter((d) =>
        tree.includes(`proposals/${d}/${f.id}.md`)
      )
      expect(where, f.id).toEqual([
        acceptedIds.has(f.id) ? 'accepted' : resolved.has(f.id) ? 'rejected' : 'pending'
      ])
      const naming = commits.filter((c) => new RegExp(`proposal: ${f.id}\\b`, 'i').test(c))
      expect(naming, f.id).toHaveLength(resolved.has(f.id) ? 2 : 1)
    }
    // The audit invariant the way a manager checks it, for a sample of each kind.
    for (const id of [all[0].id, all[1].id, hubs[0].filed.at(-1)!.id])
      expect(
        git(t.bare, 'log', '-i', '--format=%H', '--grep', `proposal: ${id}`, 'main').trim().split('\n')
      ).toHaveLength(resolved.has(id) ? 2 : 1)
    // No hub lost a local commit: each filed commit's file is, byte for byte, the remote's.
    for (const h of everyone)
      for (const f of h.filed) {
        const at = git(h.root, 'show', `${f.commit}:${f.path}`)
        const dir = ['pending', 'accepted', 'rejected'].find((d) =>
          tree.includes(`proposals/${d}/${f.id}.md`)
        )
        if (dir === 'pending') expect(git(t.bare, 'show', `main:${f.path}`)).toBe(at)
      }
    // A figure, not an assertion (the bench measures it): printed for the record.
    console.log(
      `team simulation: ${HUBS} hubs × ${PER_HUB} proposals in ${Date.now() - t0} ms, ${t.server.requests.length} requests`
    )
  }, 120_000)
})
