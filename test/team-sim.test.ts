import { afterAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { HubConfig } from '../src/engine/config'
import { memoryHubLog } from '../src/engine/hublog'
import { fileProposal, type Filed } from '../src/engine/proposals/propose'
import { resolvePlan } from '../src/engine/review/resolve'
import { MemoryCredentialStore } from '../src/engine/sync/credentials'
import { SyncService } from '../src/engine/sync/service'
import type { SyncStatus } from '../src/shared/hub-api'
import { git, hubConfig, removeDir, tempDir } from './helpers/fixtures'
import { startTeam, type Hub, type Team } from './helpers/team'

/**
 * Issues 12 and 27 at team scale: N contributors' hubs (in-process, each its own bases dir cloned
 * from one remote behind the smart-HTTP server, auto-push on, each with its own token) file
 * proposals all at once through the engine's propose path, on a remote whose main is protected
 * (only the manager's token updates it): each hub is refused on main, moves to its inbox branch
 * by itself, and the manager's hub collects every inbox into main. The manager resolves in batches
 * while two contributors still file; then every hub syncs. Checked with git itself on the remote
 * and on every hub.
 */
const HUBS = 6
const PER_HUB = 6
const BATCHES = 3

interface SimHub extends Hub {
  sync: SyncService
  filed: Filed[]
  statuses: SyncStatus[]
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

async function withSync(t: Team, hub: Hub, user: string, manager = false): Promise<SimHub> {
  const credentials = new MemoryCredentialStore({})
  await credentials.set(new URL(t.url).host, t.tokenOf(user))
  const config: HubConfig = hubConfig(hub.basesDir, join(hub.basesDir, '..', `ud-${hub.label}`), {
    // Contributors in the default mode: they learn main is protected from the remote's refusal.
    baseSettings: {
      equipe: { autoPush: true, syncAtStart: true, ...(manager ? { syncMode: 'manager' } : {}) }
    }
  })
  const sync = new SyncService({
    config,
    log: memoryHubLog(),
    credentials,
    // Only the manager's hub ever races (with itself); contributors each write their own branch.
    tuning: { maxAttempts: 10, backoffMs: 20, maxBackoffMs: 500, timeoutMs: 10_000 }
  })
  services.push(sync)
  const statuses: SyncStatus[] = []
  sync.onChange((s) => statuses.push(s))
  return { ...hub, sync, filed: [], statuses }
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
 * real (if rare) case — the manager renames the later one at collect (test/sync-inbox.test.ts
 * forces it); here each hub draws in its own first hex digit so that the checks below can name
 * every proposal by the id it was filed under.
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
    const users = Array.from({ length: HUBS }, (_, k) => `c${k}`)
    // The git server in a process of its own, as a hosting is: its forks do not stall the hubs.
    team = await startTeam({
      dir: tempDir('okf-team-sim-'),
      protect: { manager: 'manager', users },
      serverProcess: true
    })
    const t = team
    const hubs = await Promise.all(users.map((u) => withSync(t, t.clone(u), u)))
    const manager = await withSync(t, t.clone('manager'), 'manager', true)
    const mainBefore = git(t.bare, 'rev-parse', 'main').trim()

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
    // Every contributor was refused on main and said it moved to its inbox; main did not move;
    // every proposal is on the remote, in its hub's inbox.
    expect(git(t.bare, 'rev-parse', 'main').trim()).toBe(mainBefore)
    for (const h of hubs) {
      expect(h.statuses.some((s) => s.alerts?.some((a) => a.kind === 'moved-to-inbox'))).toBe(true)
      const last = h.statuses.at(-1)
      expect(last?.state, last?.message).toBe('up-to-date')
      expect(last?.mode).toBe('inbox')
      const inbox = last?.inbox?.branch ?? ''
      const files = git(t.bare, 'ls-tree', '-r', '--name-only', inbox, 'proposals/pending/').split('\n')
      for (const f of h.filed) expect(files).toContain(f.path)
    }

    // The manager collects every inbox into main, then resolves in batches while two
    // contributors keep filing.
    const pull = await manager.sync.sync(manager.base, { push: true })
    expect(pull.state, pull.message).toBe('up-to-date')
    expect(pull.manager?.collected).toHaveLength(all.length)
    const pendingOnRemote = git(t.bare, 'ls-tree', '--name-only', 'main', 'proposals/pending/').split('\n')
    for (const f of all) expect(pendingOnRemote).toContain(f.path)
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

    // Every contributor syncs (its late proposals into its inbox), the manager collects them,
    // then everyone syncs again, until all stand on the same tip with nothing left waiting.
    const everyone = [...hubs, manager]
    const statuses = await Promise.all(hubs.map((h) => h.sync.sync(h.base, { push: true })))
    for (const s of statuses) expect(s.state, s.message).toBe('up-to-date')
    const collected = await manager.sync.sync(manager.base, { push: true })
    expect(collected.state, collected.message).toBe('up-to-date')
    const final = await Promise.all(everyone.map((h) => h.sync.sync(h.base, { push: true })))
    for (const s of final) expect(s.state, s.message).toBe('up-to-date')
    for (const s of final.slice(0, HUBS)) expect(s.inbox?.waiting).toBe(0)
    // Integrated inboxes were deleted by their owners: none is left on the remote.
    expect(git(t.bare, 'for-each-ref', 'refs/heads/okf-hub/').trim()).toBe('')
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
    // Every hub pushed its inbox at least once, as the server (another process) saw it.
    await t.server.settle()
    const pushes = t.server.requests.filter(
      (r) => r.method === 'POST' && r.path.endsWith('/git-receive-pack')
    )
    expect(pushes.length).toBeGreaterThanOrEqual(HUBS)
    // A figure, not an assertion (the bench measures it): printed for the record.
    console.log(
      `team simulation: ${HUBS} hubs × ${PER_HUB} proposals in ${Date.now() - t0} ms, ${t.server.requests.length} requests`
    )
  }, 240_000)
})
