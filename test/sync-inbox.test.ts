import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryHubLog } from '../src/engine/hublog'
import { fileProposal, type Filed } from '../src/engine/proposals/propose'
import type { ProposalFields } from '../src/engine/proposals/rules'
import { proposalStatus } from '../src/engine/proposals/status'
import { resolvePlan } from '../src/engine/review/resolve'
import { MemoryCredentialStore } from '../src/engine/sync/credentials'
import { SyncStateStore } from '../src/engine/sync/state'
import { syncBase, localStatus, type SyncDeps } from '../src/engine/sync/sync'
import type { SyncMode } from '../src/shared/hub-api'
import { spawn } from 'node:child_process'
import { git, removeDir } from './helpers/fixtures'
import { CLI_JS, assertBuilt, hubEnv } from './helpers/mcp'
import { startTeam, type Hub, type Team } from './helpers/team'

/**
 * Issue 27: inbox branches on a remote whose main is protected the way GitHub and GitLab do it
 * (a pre-receive hook: only the manager's token updates main; anyone creates an inbox, which is
 * then only its creator's). Contributors move to their inbox by themselves; the manager collects
 * every inbox into main as linear replays; ids that meet are renamed without loss.
 */

const fields = (concerns: string, by = 'process:test'): ProposalFields => ({
  type: 'observation',
  concerns,
  content: `contenu de ${concerns}`,
  sources: ['source'],
  confidence: 'low',
  submittedBy: by
})

interface Member extends Hub {
  deps: SyncDeps
  filed: Filed[]
}

let team: Team
const USERS = ['manager', 'c1', 'c2', 'c3', 'c4', 'c5']

beforeAll(async () => {
  team = await startTeam({
    protect: { manager: 'manager', users: USERS },
    spec: { files: { 'knowledge/exemple.md': '# Exemple\n\nUn document exemple.\n' } }
  })
})
afterAll(async () => {
  await team.close()
  removeDir(team.dir)
})

let hubSeq = 0
async function member(user: string, mode: 'auto' | SyncMode = 'auto', on: Team = team): Promise<Member> {
  const h = on.clone(`${user}-${++hubSeq}`)
  const credentials = new MemoryCredentialStore({})
  await credentials.set(new URL(on.url).host, on.tokenOf(user))
  return {
    ...h,
    filed: [],
    deps: {
      log: memoryHubLog(),
      credentials,
      state: new SyncStateStore(null),
      timeoutMs: 10_000,
      backoffMs: 5,
      mode,
      hubId: `${user}${hubSeq}`.replace(/[^0-9a-f]/g, '') + 'aa00' + String(hubSeq).padStart(4, '0')
    }
  }
}

async function file(m: Member, concerns: string, draw?: () => string): Promise<Filed> {
  const f = await fileProposal(m.base, fields(concerns, `process:${m.label}`), {
    log: memoryHubLog(),
    ...(draw ? { drawSuffix: draw } : {})
  })
  m.filed.push(f)
  return f
}

const ls = (ref: string, path = 'proposals/'): string[] =>
  git(team.bare, 'ls-tree', '-r', '--name-only', ref, path).split('\n').filter(Boolean)
const inboxRefs = (): string[] =>
  git(team.bare, 'for-each-ref', '--format=%(refname)', 'refs/heads/okf-hub/inbox/')
    .split('\n')
    .filter(Boolean)
const grepCount = (id: string): number =>
  git(team.bare, 'log', '-i', '--format=%H', '--grep', `proposal: ${id}`, 'main').split('\n').filter(Boolean)
    .length

describe('inbox branches on a protected main', () => {
  it('a contributor refused on main moves to its inbox by itself, says so, and loses nothing', async () => {
    const c = await member('c1')
    const before = git(team.bare, 'rev-parse', 'main').trim()
    await file(c, 'premier constat')
    await file(c, 'second constat')
    const s = await syncBase(c.base, { push: true }, c.deps)
    expect(s.state, s.message).toBe('up-to-date')
    expect(s.mode).toBe('inbox')
    expect(s.alerts?.map((a) => a.kind)).toEqual(['moved-to-inbox'])
    expect(s.inbox).toEqual({ branch: `okf-hub/inbox/${c.deps.hubId}`, waiting: 2, pushed: 2 })
    // Kept: a status made without the network (the base card) still says it.
    expect((await localStatus(c.base, c.deps)).alerts?.map((a) => a.kind)).toEqual(['moved-to-inbox'])
    // main untouched; both submissions on the inbox, as a branch of main's tip.
    expect(git(team.bare, 'rev-parse', 'main').trim()).toBe(before)
    const inbox = `refs/heads/okf-hub/inbox/${c.deps.hubId}`
    for (const f of c.filed) expect(ls(inbox)).toContain(f.path)
    expect(git(team.bare, 'merge-base', '--is-ancestor', 'main', inbox)).toBe('')
    // Learnt: the next sync goes straight to the inbox, silently, and has nothing to send.
    const again = await syncBase(c.base, { push: true }, c.deps)
    expect(again.state, again.message).toBe('up-to-date')
    expect(again.alerts).toBeUndefined()
    expect(again.inbox?.pushed).toBe(0)
    expect(again.pushed).toBeUndefined()
    expect((await localStatus(c.base, c.deps)).state).toBe('up-to-date')
    // The contributor's own status: pending until main carries the verdict.
    for (const f of c.filed)
      expect(proposalStatus(c.base, { id: f.id, limit: 5 }).entries[0].location).toBe('pending')
  })

  it('explicit main mode on a protected main fails loudly, with what to do', async () => {
    const c = await member('c5', 'main')
    await file(c, 'constat en mode main')
    const s = await syncBase(c.base, { push: true }, c.deps)
    expect(s.state).toBe('error')
    expect(s.problem).toEqual({ kind: 'push-protected', params: { branch: 'main' } })
    expect(s.alerts?.map((a) => a.kind)).toEqual(['push-refused'])
    expect(s.alerts?.[0].message).toMatch(/sync-mode: inbox/)
  })

  it('the manager collects every inbox into a linear main, authorship and trailers intact; the contributor sees the verdict and its inbox goes', async () => {
    const c = await member('c2')
    const d = await member('c3')
    await file(c, 'constat de c2')
    await file(d, 'constat de d')
    await file(c, 'autre constat de c2')
    for (const m of [c, d]) expect((await syncBase(m.base, { push: true }, m.deps)).state).toBe('up-to-date')

    const manager = await member('manager', 'manager')
    const s = await syncBase(manager.base, { push: true }, manager.deps)
    expect(s.state, s.message).toBe('up-to-date')
    expect(s.message).toMatch(/ ; \d+ propositions intégrées depuis \d+ boîtes de dépôt$/)
    const collected = s.manager?.collected.map((x) => x.id) ?? []
    for (const f of [...c.filed, ...d.filed]) expect(collected).toContain(f.id)
    expect(s.manager?.inboxes.every((i) => i.waiting === 0)).toBe(true)
    // The manager's hub remembers where each came from: the inventory marks them (git cannot say).
    const origins = manager.deps.state.originsOf(manager.root)
    for (const f of c.filed) expect(origins[f.id]?.inbox).toBe(`okf-hub/inbox/${c.deps.hubId}`)
    for (const f of d.filed) expect(origins[f.id]?.inbox).toBe(`okf-hub/inbox/${d.deps.hubId}`)
    // Linear, no merge; each submission once on main, its commit's author and message verbatim.
    expect(git(team.bare, 'rev-list', '--merges', 'main').trim()).toBe('')
    for (const f of [...c.filed, ...d.filed]) {
      expect(grepCount(f.id)).toBe(1)
      const onMain = git(
        team.bare,
        'log',
        '-i',
        '--format=%an <%ae> %at%n%B',
        '--grep',
        `proposal: ${f.id}`,
        'main'
      )
      const original = git(
        c.filed.includes(f) ? c.root : d.root,
        'log',
        '-1',
        '--format=%an <%ae> %at%n%B',
        f.commit
      )
      expect(onMain).toBe(original)
    }

    // A verdict on one of c's proposals; until c syncs, its status says pending.
    const [accepted] = c.filed
    await resolvePlan(
      manager.base,
      {
        summary: 'lot',
        reviewed_by: 'human:manager',
        resolutions: [{ id: accepted.id, resolution: 'accepted', integrated_into: ['exemple.md'] }],
        edits: [{ path: 'exemple.md', append: '\nIntégré.\n' }]
      },
      { log: memoryHubLog() }
    )
    expect((await syncBase(manager.base, { push: true }, manager.deps)).state).toBe('up-to-date')
    expect(grepCount(accepted.id)).toBe(2)
    expect(proposalStatus(c.base, { id: accepted.id, limit: 5 }).entries[0].location).toBe('pending')

    const after = await syncBase(c.base, { push: true }, c.deps)
    expect(after.state, after.message).toBe('up-to-date')
    expect(after.inbox?.waiting).toBe(0)
    expect(git(c.root, 'rev-parse', 'HEAD').trim()).toBe(git(team.bare, 'rev-parse', 'main').trim())
    expect(proposalStatus(c.base, { id: accepted.id, limit: 5 }).entries[0].location).toBe('accepted')
    // Every commit of c's inbox is on main: c deleted it (the manager never writes an inbox).
    expect(inboxRefs()).not.toContain(`refs/heads/okf-hub/inbox/${c.deps.hubId}`)
    // A new submission starts a fresh inbox from main.
    const late = await file(c, 'constat tardif')
    expect((await syncBase(c.base, { push: true }, c.deps)).state).toBe('up-to-date')
    const inbox = `refs/heads/okf-hub/inbox/${c.deps.hubId}`
    expect(git(team.bare, 'rev-list', '--count', `main..${inbox}`).trim()).toBe('1')
    expect(ls(inbox)).toContain(late.path)
  })

  it('a contributor cannot write someone else’s inbox: refused, and said', async () => {
    const c = await member('c4')
    await file(c, 'constat c4')
    expect((await syncBase(c.base, { push: true }, c.deps)).state).toBe('up-to-date')
    // Another user's hub claiming the same id (impossible with random ids, forced here) is refused, loudly.
    const thief = await member('c1')
    thief.deps.hubId = c.deps.hubId
    thief.deps.state.learnMainProtected(thief.root, new Date())
    await file(thief, 'constat volé')
    const s = await syncBase(thief.base, { push: true }, thief.deps)
    expect(s.state).toBe('error')
    expect(s.alerts?.some((a) => a.kind === 'push-refused')).toBe(true)
  })
})

describe('ids that meet', () => {
  it('two hubs drawing the same id: both kept, the later renamed, its submitter still finds it by the old id', async () => {
    const a = await member('c1')
    const b = await member('c2')
    const manager = await member('manager', 'manager')
    const same = () => 'beef'
    const fa = await file(a, 'constat de a', same)
    const fb = await file(b, 'constat de b', same)
    expect(fa.id).toBe(fb.id)
    for (const m of [a, b]) expect((await syncBase(m.base, { push: true }, m.deps)).state).toBe('up-to-date')
    const draws = ['beef', 'cafe']
    manager.deps.drawSuffix = () => draws.shift() ?? 'f00d'
    const s = await syncBase(manager.base, { push: true }, manager.deps)
    expect(s.state, s.message).toBe('up-to-date')
    const renamed = s.manager?.collected.find((x) => x.renamedFrom === fa.id)
    expect(renamed?.id).toBe(fa.id.replace(/beef$/, 'cafe'))
    expect(manager.deps.state.originsOf(manager.root)[renamed?.id ?? '']).toMatchObject({
      renamedFrom: fa.id
    })
    const pending = ls('main', 'proposals/pending/')
    expect(pending).toContain(`proposals/pending/${fa.id}.md`)
    expect(pending).toContain(`proposals/pending/${renamed?.id}.md`)
    // Content kept: one of each submitter, the renamed one says where it came from.
    const texts = [fa.id, renamed?.id].map((id) => git(team.bare, 'show', `main:proposals/pending/${id}.md`))
    expect(texts.filter((t) => /constat de a/.test(t))).toHaveLength(1)
    expect(texts.filter((t) => /constat de b/.test(t))).toHaveLength(1)
    expect(texts[1]).toMatch(new RegExp(`^id: ${renamed?.id}\\nrenamed-from: ${fa.id}$`, 'm'))
    expect(grepCount(fa.id)).toBe(1)
    expect(grepCount(renamed?.id ?? '')).toBe(1)

    // Each submitter syncs: its local copy is recognised upstream (renamed or not) and dropped.
    for (const m of [a, b]) {
      const st = await syncBase(m.base, { push: true }, m.deps)
      expect(st.state, st.message).toBe('up-to-date')
      expect(git(m.root, 'rev-parse', 'HEAD').trim()).toBe(git(team.bare, 'rev-parse', 'main').trim())
      expect(git(m.root, 'status', '--porcelain')).toBe('')
    }
    const renamedOwner = texts[1].includes('constat de a') ? a : b
    const found = proposalStatus(renamedOwner.base, { id: fa.id, limit: 5 }).entries
    expect(found.map((e) => e.concerns)).toContain(`constat de ${renamedOwner === a ? 'a' : 'b'}`)

    // Resolved under its new id: the audit trail is the renamed submission and the resolution.
    await resolvePlan(
      manager.base,
      {
        summary: 'rejet',
        reviewed_by: 'human:manager',
        resolutions: [{ id: renamed?.id, resolution: 'rejected', reason: 'doublon' }]
      },
      { log: memoryHubLog() }
    )
    expect((await syncBase(manager.base, { push: true }, manager.deps)).state).toBe('up-to-date')
    expect(grepCount(renamed?.id ?? '')).toBe(2)
    expect(grepCount(fa.id)).toBe(1)
  })
})

describe('compatibility: mixed modes and a team moving to inboxes', () => {
  let open: Team
  beforeAll(async () => {
    open = await startTeam({ protect: { manager: 'manager', users: USERS, startOpen: true } })
  })
  afterAll(async () => {
    await open.close()
    removeDir(open.dir)
  })
  const all = (t: Team): string[] =>
    git(t.bare, 'ls-tree', '-r', '--name-only', 'main', 'proposals/')
      .split('\n')
      .filter((p) => p.endsWith('.md'))
  const assertTrail = (t: Team, filed: Filed[]): void => {
    expect(git(t.bare, 'rev-list', '--merges', 'main').trim()).toBe('')
    const tree = all(t)
    for (const f of filed) {
      expect(
        tree.filter((p) => p.endsWith(`/${f.id}.md`)),
        f.id
      ).toHaveLength(1)
      expect(
        git(t.bare, 'log', '-i', '--format=%H', '--grep', `proposal: ${f.id}`, 'main')
          .split('\n')
          .filter(Boolean)
      ).toHaveLength(1)
    }
  }

  it('some hubs push main, some file on inboxes: the manager integrates both, every hub converges', async () => {
    const onMain = await member('c1', 'main', open)
    const onInbox = await member('c2', 'inbox', open)
    const manager = await member('manager', 'manager', open)
    await file(onMain, 'sur main 1')
    await file(onInbox, 'dans la boîte 1')
    await file(onMain, 'sur main 2')
    await file(onInbox, 'dans la boîte 2')
    const a = await syncBase(onMain.base, { push: true }, onMain.deps)
    const b = await syncBase(onInbox.base, { push: true }, onInbox.deps)
    expect([a.state, a.mode, b.state, b.mode]).toEqual(['up-to-date', 'main', 'up-to-date', 'inbox'])
    expect(b.inbox?.waiting).toBe(2)
    const m = await syncBase(manager.base, { push: true }, manager.deps)
    expect(m.state, m.message).toBe('up-to-date')
    expect(m.manager?.collected.map((x) => x.id).sort()).toEqual(onInbox.filed.map((f) => f.id).sort())
    for (const h of [onMain, onInbox, manager]) {
      const s = await syncBase(h.base, { push: true }, h.deps)
      expect(s.state, s.message).toBe('up-to-date')
      expect(git(h.root, 'rev-parse', 'HEAD').trim()).toBe(git(open.bare, 'rev-parse', 'main').trim())
    }
    assertTrail(open, [...onMain.filed, ...onInbox.filed])
  })

  it('migration: main becomes protected while a hub still holds unpushed proposals — none is lost', async () => {
    open.protectMain(false)
    const early = await member('c3', 'auto', open)
    const other = await member('c4', 'auto', open)
    await file(early, 'avant la protection, poussé')
    expect((await syncBase(early.base, { push: true }, early.deps)).mode).toBe('main')
    await file(early, 'avant la protection, pas encore poussé')
    await file(other, 'autre hub, pas encore poussé')
    open.protectMain(true)
    await file(early, 'après la protection')
    const s = await syncBase(early.base, { push: true }, early.deps)
    expect(s.state, s.message).toBe('up-to-date')
    expect(s.mode).toBe('inbox')
    expect(s.alerts?.[0].kind).toBe('moved-to-inbox')
    expect(s.inbox?.waiting).toBe(2)
    const o = await syncBase(other.base, { push: true }, other.deps)
    expect([o.state, o.mode]).toEqual(['up-to-date', 'inbox'])
    const manager = await member('manager', 'manager', open)
    const m = await syncBase(manager.base, { push: true }, manager.deps)
    expect(m.state, m.message).toBe('up-to-date')
    for (const h of [early, other]) {
      const st = await syncBase(h.base, { push: true }, h.deps)
      expect([st.state, st.inbox?.waiting]).toEqual(['up-to-date', 0])
    }
    assertTrail(open, [...early.filed, ...other.filed])
    expect(git(open.bare, 'for-each-ref', 'refs/heads/okf-hub/').trim()).toBe('')
  })
})

describe('okf-hub sync on a protected main', () => {
  it('--push exits 0 with the proposals on the remote, in the hub’s inbox, and says so', async () => {
    assertBuilt()
    const h = team.clone(`cli-${++hubSeq}`)
    const env = hubEnv(h.basesDir)
    const run = (args: string[]) =>
      new Promise<{ status: number | null; stdout: string }>((resolve) => {
        const p = spawn(process.execPath, [CLI_JS, ...args], {
          env: { ...env.env, OKF_HUB_GIT_TOKEN: team.tokenOf('c3') },
          cwd: '/'
        })
        let stdout = ''
        p.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
        p.on('close', (status) => resolve({ status, stdout }))
      })
    const f = await fileProposal(h.base, fields('depuis la CLI'), { log: memoryHubLog() })
    const r = await run(['sync', team.name, '--push'])
    expect(r.status, r.stdout).toBe(0)
    expect(r.stdout).toMatch(
      /à jour .*1 proposition attend l'intégration par le gestionnaire dans okf-hub\/inbox\/[0-9a-f]+/
    )
    expect(r.stdout).toMatch(
      /! origin\/main est protégée .* ce hub dépose désormais ses propositions dans okf-hub\/inbox\//
    )
    const branch = /okf-hub\/inbox\/[0-9a-f]+/.exec(r.stdout)?.[0] ?? ''
    expect(git(team.bare, 'ls-tree', '-r', '--name-only', branch, 'proposals/pending/')).toContain(f.path)
    const again = await run(['sync', team.name, '--push', '--json'])
    expect(again.status).toBe(0)
    expect(JSON.parse(again.stdout)).toMatchObject([
      { state: 'up-to-date', mode: 'inbox', inbox: { branch, waiting: 1 } }
    ])
  })
})
