import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { memoryHubLog } from '../src/engine/hublog'
import { fileProposal } from '../src/engine/proposals/propose'
import type { ProposalFields } from '../src/engine/proposals/rules'
import { resolvePlan } from '../src/engine/review/resolve'
import { MemoryCredentialStore } from '../src/engine/sync/credentials'
import { SyncStateStore } from '../src/engine/sync/state'
import { setAsideDiverged } from '../src/engine/sync/set-aside'
import { localStatus, syncBase, type SyncDeps } from '../src/engine/sync/sync'
import { git, removeDir } from './helpers/fixtures'
import { repoFingerprint } from './helpers/repo'
import { pushFromElsewhere, startTeam, type Hub, type Team } from './helpers/team'

const fields = (concerns: string): ProposalFields => ({
  type: 'observation',
  concerns,
  content: `contenu de ${concerns}`,
  sources: ['source'],
  confidence: 'low',
  submittedBy: 'process:test'
})

function deps(
  extra: Partial<Omit<SyncDeps, 'log'>> = {}
): SyncDeps & { log: ReturnType<typeof memoryHubLog> } {
  const log = memoryHubLog()
  return {
    log,
    credentials: new MemoryCredentialStore({}),
    state: new SyncStateStore(null),
    timeoutMs: 5_000,
    backoffMs: 5,
    ...extra
  }
}

const head = (root: string): string => git(root, 'rev-parse', 'HEAD').trim()
const remoteMain = (team: Team): string => git(team.bare, 'rev-parse', 'main').trim()
function assertClean(root: string): void {
  expect(git(root, 'status', '--porcelain')).toBe('')
  git(root, 'fsck', '--strict', '--no-progress')
}
const merges = (repo: string): string => git(repo, 'rev-list', '--merges', 'main').trim()

let team: Team
let n = 0
const hub = (): Hub => team.clone(`h${++n}`)

beforeAll(async () => {
  team = await startTeam({
    spec: {
      files: {
        'knowledge/exemple.md': '# Exemple\n\nUn document exemple.\n',
        'knowledge/autre.md': '# Autre\n\nUn autre document.\n',
        'knowledge/vieux-v2.md': '# Vieux\n',
        'knowledge/vieux-v4.md': '# Vieux\n',
        'knowledge/vieux-split.md': '# Vieux\n'
      }
    }
  })
})
afterAll(async () => {
  await team.close()
  removeDir(team.dir)
})

describe('sync: fast-forward', () => {
  for (const shape of ['v2', 'v4', 'split'] as const) {
    it(`behind → fast-forward: branch, index (${shape}) and the changed files only; git status and fsck clean`, async () => {
      const h = hub()
      if (shape === 'v4') git(h.root, 'update-index', '--index-version', '4')
      if (shape === 'split') git(h.root, 'update-index', '--split-index')
      const untouched = readFileSync(join(h.root, 'knowledge/autre.md'))
      const tip = pushFromElsewhere(
        team,
        `ff-${shape}`,
        {
          'knowledge/exemple.md': `# Exemple\n\nRévisé (${shape}).\n`,
          [`knowledge/nouveau-${shape}/doc.md`]: '# Nouveau\n',
          [`knowledge/vieux-${shape}.md`]: null
        },
        `remote change ${shape}`
      )
      const d = deps()
      const s = await syncBase(h.base, { push: false }, d)
      expect(s.state).toBe('up-to-date')
      expect(s.fastForwarded).toBeGreaterThanOrEqual(1)
      expect(s.live).toBe(true)
      expect(s.lastSync).not.toBeNull()
      expect(head(h.root)).toBe(tip)
      expect(readFileSync(join(h.root, 'knowledge/exemple.md'), 'utf8')).toBe(
        `# Exemple\n\nRévisé (${shape}).\n`
      )
      expect(existsSync(join(h.root, `knowledge/nouveau-${shape}/doc.md`))).toBe(true)
      expect(existsSync(join(h.root, `knowledge/vieux-${shape}.md`))).toBe(false)
      expect(readFileSync(join(h.root, 'knowledge/autre.md')).equals(untouched)).toBe(true)
      assertClean(h.root)
      if (shape === 'split') {
        // git reads our full index back and splits it again on its next write: still consistent.
        git(h.root, 'update-index', '--split-index')
        assertClean(h.root)
      }
      expect(d.log.lines.some((l) => l.includes("sync 'equipe' : up-to-date"))).toBe(true)
      // And once more: nothing to do.
      expect((await syncBase(h.base, { push: false }, d)).state).toBe('up-to-date')
    })
  }

  it('dirty worktree or index on a path the remote changed → behind, reported, files untouched', async () => {
    const h = hub()
    writeFileSync(join(h.root, 'knowledge/exemple.md'), '# Exemple\n\nMa modification locale.\n')
    writeFileSync(join(h.root, 'knowledge/autre.md'), '# Autre\n\nIndexé localement.\n')
    git(h.root, 'add', 'knowledge/autre.md')
    const before = repoFingerprint(h.root)
    const oldHead = head(h.root)
    pushFromElsewhere(
      team,
      'dirty',
      { 'knowledge/exemple.md': '# Exemple\n\nDistant.\n', 'knowledge/autre.md': '# Autre\n\nDistant.\n' },
      'remote edits exemple and autre'
    )
    const s = await syncBase(h.base, { push: false }, deps())
    expect(s.state).toBe('behind')
    expect(s.dirty).toEqual(['knowledge/autre.md', 'knowledge/exemple.md'])
    expect(s.message).toMatch(/rien n'a été écrit/)
    expect(head(h.root)).toBe(oldHead)
    expect(repoFingerprint(h.root)).toBe(before)
  })

  it('a local change of an unrelated file stays as it is while the branch fast-forwards', async () => {
    const h = hub()
    writeFileSync(join(h.root, 'GOVERNANCE.md'), '# Gouvernance\n\nbrouillon local\n')
    const tip = pushFromElsewhere(
      team,
      'unrelated',
      { 'knowledge/autre.md': '# Autre\n\nv2\n' },
      'remote autre'
    )
    const s = await syncBase(h.base, { push: false }, deps())
    expect(s.state).toBe('up-to-date')
    expect(head(h.root)).toBe(tip)
    expect(readFileSync(join(h.root, 'GOVERNANCE.md'), 'utf8')).toBe('# Gouvernance\n\nbrouillon local\n')
    expect(git(h.root, 'status', '--porcelain')).toBe(' M GOVERNANCE.md\n')
    git(h.root, 'fsck', '--strict', '--no-progress')
  })
})

describe('sync: push and replay', () => {
  it('ahead → push: the remote gets exactly the local commit', async () => {
    const h = hub()
    const d = deps()
    const filed = await fileProposal(h.base, fields('ahead'), { log: d.log })
    const status = await localStatus(h.base, d)
    expect(status).toMatchObject({ state: 'ahead', ahead: 1, behind: 0, live: false })
    // What waits to leave, by kind: the badge says « 1 proposal filed here ».
    expect(status.outgoing).toEqual({ proposals: 1, decisions: 0, other: 0 })
    const noPush = await syncBase(h.base, { push: false }, d)
    expect(noPush).toMatchObject({ state: 'ahead', ahead: 1 })
    const s = await syncBase(h.base, { push: true }, d)
    expect(s).toMatchObject({ state: 'up-to-date', pushed: 1 })
    expect(remoteMain(team)).toBe(filed.commit)
    expect(head(h.root)).toBe(filed.commit)
    assertClean(h.root)
  })

  it('remote moved → the submission is replayed on its tip: same file, message, author, committer; new id; linear', async () => {
    const h = hub()
    const d = deps()
    const filed = await fileProposal(h.base, fields('rejouée'), { log: d.log })
    const fileBytes = readFileSync(join(h.root, filed.path))
    const raw = (c: string) => git(h.root, 'cat-file', 'commit', c)
    const original = raw(filed.commit)
    const other = pushFromElsewhere(
      team,
      'replay',
      { 'knowledge/autre.md': '# Autre\n\nentre-temps\n' },
      'meanwhile'
    )
    const s = await syncBase(h.base, { push: true }, d)
    expect(s).toMatchObject({ state: 'up-to-date', pushed: 1, fastForwarded: 1 })
    const tip = remoteMain(team)
    expect(head(h.root)).toBe(tip)
    expect(tip).not.toBe(filed.commit)
    expect(git(team.bare, 'rev-parse', 'main~1').trim()).toBe(other)
    const replayed = git(team.bare, 'cat-file', 'commit', tip)
    const strip = (t: string) => t.replace(/^tree .*\n/m, '').replace(/^parent .*\n/m, '')
    expect(strip(replayed)).toBe(strip(original))
    expect(git(team.bare, 'show', `main:${filed.path}`)).toBe(fileBytes.toString('utf8'))
    expect(readFileSync(join(h.root, filed.path)).equals(fileBytes)).toBe(true)
    expect(git(team.bare, 'log', '-i', '--format=%H', '--grep', `proposal: ${filed.id}`, 'main').trim()).toBe(
      tip
    )
    expect(merges(team.bare)).toBe('')
    assertClean(h.root)
    git(team.bare, 'fsck', '--strict', '--no-progress')
  })

  it('two hubs filing at the same time both reach the remote, history linear', async () => {
    const a = hub()
    const b = hub()
    const d = deps()
    const pa = await fileProposal(a.base, fields('concurrente A'), { log: d.log })
    const pb = await fileProposal(b.base, fields('concurrente B'), { log: d.log })
    const [sa, sb] = await Promise.all([
      syncBase(a.base, { push: true }, deps()),
      syncBase(b.base, { push: true }, deps())
    ])
    expect([sa.state, sb.state]).toEqual(['up-to-date', 'up-to-date'])
    for (const p of [pa, pb]) {
      expect(
        git(team.bare, 'log', '-i', '--format=%H', '--grep', `proposal: ${p.id}`, 'main').trim().split('\n')
      ).toHaveLength(1)
      expect(git(team.bare, 'cat-file', '-e', `main:${p.path}`)).toBe('')
    }
    expect(merges(team.bare)).toBe('')
    // Whoever pushed first is behind the other's push now: a sync brings it level.
    for (const h of [a, b]) {
      expect((await syncBase(h.base, { push: false }, deps())).state).toBe('up-to-date')
      expect(head(h.root)).toBe(remoteMain(team))
      assertClean(h.root)
    }
  })

  it('a commit already on the remote (pushed before a crash) is dropped, never pushed twice', async () => {
    const h = hub()
    const d = deps()
    const filed = await fileProposal(h.base, fields('déjà poussée'), { log: d.log })
    pushFromElsewhere(team, 'crash', { 'knowledge/autre.md': '# Autre\n\navant crash\n' }, 'before crash')
    // Simulated crash: the replayed commit went out, the local branch never moved.
    const copy = team.clone(`copy-${n}`)
    git(copy.root, 'fetch', '-q', h.root, 'main')
    git(
      copy.root,
      '-c',
      'user.name=okf-hub',
      '-c',
      'user.email=hub@local',
      'cherry-pick',
      '--allow-empty',
      filed.commit
    )
    git(copy.root, 'push', '-q', team.bare, 'HEAD:main')
    const s = await syncBase(h.base, { push: true }, d)
    expect(s.state).toBe('up-to-date')
    expect(s.pushed).toBe(0)
    expect(head(h.root)).toBe(remoteMain(team))
    expect(
      git(team.bare, 'log', '-i', '--format=%H', '--grep', `proposal: ${filed.id}`, 'main').trim().split('\n')
    ).toHaveLength(1)
    assertClean(h.root)
  })
})

describe('sync: pushed, but the branch could not follow', () => {
  it('a submission and its resolution pushed as copies are never replayed again when a proposal lands during the push', async () => {
    const h = hub()
    const d = deps()
    const first = await fileProposal(h.base, fields('soumise puis rejetée'), { log: d.log })
    await resolvePlan(
      h.base,
      {
        summary: 'rejet',
        reviewed_by: 'human:test',
        resolutions: [{ id: first.id, resolution: 'rejected', reason: 'doublon' }]
      },
      { log: d.log }
    )
    pushFromElsewhere(
      team,
      'follow',
      { 'knowledge/autre.md': '# Autre\n\npendant la poussée\n' },
      'meanwhile'
    )
    // The soak's race (issue 13): the copies reach the remote, then a proposal is filed before the
    // branch moves onto them, so the next round replays the local chain onto its own copies.
    let during: Awaited<ReturnType<typeof fileProposal>> | null = null
    const s = await syncBase(
      h.base,
      { push: true },
      {
        ...d,
        onStep: async (step) => {
          if (step === 'sync:pushed' && !during)
            during = await fileProposal(h.base, fields('pendant la poussée'), { log: d.log })
        }
      }
    )
    expect(during).not.toBeNull()
    expect(s.state).toBe('up-to-date')
    expect(head(h.root)).toBe(remoteMain(team))
    const commitsOf = (id: string) =>
      git(team.bare, 'log', '-i', '--format=%s', '--grep', `proposal: ${id}`, 'main').trim().split('\n')
    expect(commitsOf(first.id)).toHaveLength(2)
    expect(commitsOf((during as unknown as { id: string }).id)).toHaveLength(1)
    const tree = git(team.bare, 'ls-tree', '-r', '--name-only', 'main', 'proposals/').split('\n')
    expect(tree.filter((p) => p.endsWith(`/${first.id}.md`))).toEqual([`proposals/rejected/${first.id}.md`])
    expect(merges(team.bare)).toBe('')
    assertClean(h.root)
    git(team.bare, 'fsck', '--strict', '--no-progress')
  })
})

describe('sync: resolutions', () => {
  it('a resolution whose document changed on the remote → diverged with the path; nothing written, nothing pushed', async () => {
    const contributor = hub()
    const d = deps()
    const filed = await fileProposal(contributor.base, fields('à intégrer'), { log: d.log })
    expect((await syncBase(contributor.base, { push: true }, d)).state).toBe('up-to-date')
    const manager = hub()
    await resolvePlan(
      manager.base,
      {
        summary: 'intégration',
        reviewed_by: 'human:test',
        resolutions: [{ id: filed.id, resolution: 'accepted', integrated_into: ['exemple.md'] }],
        edits: [{ path: 'exemple.md', append: '\nAjout du gestionnaire.\n' }]
      },
      { log: d.log }
    )
    pushFromElsewhere(
      team,
      'conflict',
      { 'knowledge/exemple.md': '# Exemple\n\nRéécrit ailleurs.\n' },
      'concurrent edit'
    )
    const remoteBefore = remoteMain(team)
    const before = repoFingerprint(manager.root)
    const s = await syncBase(manager.base, { push: true }, d)
    expect(s.state).toBe('diverged')
    expect(s.conflicts).toEqual(['knowledge/exemple.md'])
    expect(s.message).toMatch(/prévisualisez de nouveau le plan/)
    expect(repoFingerprint(manager.root)).toBe(before)
    expect(remoteMain(team)).toBe(remoteBefore)
    expect((await localStatus(manager.base, d)).state).toBe('diverged')
  })

  it('a resolution whose files the remote did not touch is replayed and pushed like a submission', async () => {
    const contributor = hub()
    const d = deps()
    const filed = await fileProposal(contributor.base, fields('intégration propre'), { log: d.log })
    expect((await syncBase(contributor.base, { push: true }, d)).state).toBe('up-to-date')
    const manager = hub()
    const res = await resolvePlan(
      manager.base,
      {
        summary: 'intégration',
        reviewed_by: 'human:test',
        resolutions: [{ id: filed.id, resolution: 'accepted', integrated_into: ['autre.md'] }],
        edits: [{ path: 'autre.md', append: '\nIntégré.\n' }]
      },
      { log: d.log }
    )
    // Another contributor's submission lands meanwhile: only adds a file, no clash.
    const other = hub()
    const later = await fileProposal(other.base, fields('pendant la revue'), { log: d.log })
    expect((await syncBase(other.base, { push: true }, d)).state).toBe('up-to-date')
    const s = await syncBase(manager.base, { push: true }, d)
    expect(s).toMatchObject({ state: 'up-to-date', pushed: 1 })
    const grep = (id: string) =>
      git(team.bare, 'log', '-i', '--format=%s', '--grep', `proposal: ${id}`, 'main').trim().split('\n')
    expect(grep(filed.id)).toHaveLength(2)
    expect(grep(later.id)).toHaveLength(1)
    expect(git(team.bare, 'log', '-1', '--format=%B', 'main')).toBe(
      git(manager.root, 'log', '-1', '--format=%B', res.commit)
    )
    expect(merges(team.bare)).toBe('')
    assertClean(manager.root)
  })

  it('a local commit not made by the hub is never rewritten: diverged when the remote moved', async () => {
    const h = hub()
    writeFileSync(join(h.root, 'knowledge/perso.md'), '# Perso\n')
    git(h.root, 'add', 'knowledge/perso.md')
    git(h.root, 'commit', '-qm', 'mon commit')
    const mine = head(h.root)
    pushFromElsewhere(team, 'foreign', { 'knowledge/autre.md': '# Autre\n\nencore\n' }, 'remote again')
    const s = await syncBase(h.base, { push: true }, deps())
    expect(s.state).toBe('diverged')
    expect(s.message).toMatch(/n'a pas été fait par le hub/)
    expect(head(h.root)).toBe(mine)
  })
})

describe('sync: setting diverged resolutions aside', () => {
  const grep = (repo: string, id: string, ref = 'main') =>
    git(repo, 'log', '-i', '--format=%s', '--grep', `proposal: ${id}`, ref).trim().split('\n').filter(Boolean)

  it('keeps the old tip in a branch, follows the remote with the submissions, rebuilds the plan; resolving it again pushes', async () => {
    pushFromElsewhere(
      team,
      'aside',
      { 'knowledge/mis-de-cote.md': '# Mis de côté\n\nTexte initial.\n' },
      'doc à part'
    )
    const contributor = hub()
    const d = deps()
    const kept = await fileProposal(contributor.base, fields('à intégrer à part'), { log: d.log })
    const dropped = await fileProposal(contributor.base, fields('doublon à part'), { log: d.log })
    expect((await syncBase(contributor.base, { push: true }, d)).state).toBe('up-to-date')
    const manager = hub()
    await resolvePlan(
      manager.base,
      {
        summary: 'intégration à part',
        reviewed_by: 'human:gestionnaire',
        resolutions: [
          { id: kept.id, resolution: 'accepted', integrated_into: ['mis-de-cote.md'] },
          { id: dropped.id, resolution: 'rejected', reason: 'doublon' }
        ],
        edits: [{ path: 'mis-de-cote.md', append: '\nAjout du gestionnaire.\n' }]
      },
      { log: d.log }
    )
    const managerVersion = readFileSync(join(manager.root, 'knowledge/mis-de-cote.md'), 'utf8')
    // The manager's agent files one more proposal after the resolution: it must survive.
    const later = await fileProposal(manager.base, fields('après la résolution'), { log: d.log })
    const oldTip = head(manager.root)
    const remoteTip = pushFromElsewhere(
      team,
      'aside',
      { 'knowledge/mis-de-cote.md': '# Mis de côté\n\nRéécrit par un collègue.\n' },
      'concurrent edit à part'
    )
    const s = await syncBase(manager.base, { push: true }, d)
    expect(s).toMatchObject({ state: 'diverged', replannable: true, conflicts: ['knowledge/mis-de-cote.md'] })

    const out = await setAsideDiverged(manager.base, {
      log: d.log,
      now: () => new Date('2026-12-03T15:01:02Z')
    })
    expect(out.keptAt).toBe('okf-hub/set-aside/20261203-150102')
    expect(git(manager.root, 'rev-parse', `refs/heads/${out.keptAt}`).trim()).toBe(oldTip)
    expect(out.setAside.map((c) => c.subject)).toEqual([
      'resolve: 2 proposals (1 integrated, 1 rejected) — intégration à part'
    ])
    expect(out.replayed).toBe(1)
    // The branch: the remote's tip plus the later submission, replayed (same message), linear.
    expect(head(manager.root)).toBe(out.head)
    expect(git(manager.root, 'rev-parse', 'HEAD~1').trim()).toBe(remoteTip)
    expect(git(manager.root, 'log', '-1', '--format=%B').trim()).toBe(
      git(manager.root, 'log', '-1', '--format=%B', oldTip).trim()
    )
    expect(grep(manager.root, later.id)).toHaveLength(1)
    // Worktree and index follow: the colleague's text, both proposals pending again.
    expect(readFileSync(join(manager.root, 'knowledge/mis-de-cote.md'), 'utf8')).toContain(
      'Réécrit par un collègue'
    )
    expect(existsSync(join(manager.root, `proposals/pending/${kept.id}.md`))).toBe(true)
    expect(existsSync(join(manager.root, `proposals/accepted/${kept.id}.md`))).toBe(false)
    assertClean(manager.root)
    expect(merges(manager.root)).toBe('')
    // The plan, rebuilt from the set-aside commit.
    expect(out.plan).toEqual({
      summary: 'intégration à part',
      reviewed_by: 'human:gestionnaire',
      resolutions: [
        { id: kept.id, resolution: 'accepted', integrated_into: ['mis-de-cote.md'] },
        { id: dropped.id, resolution: 'rejected', reason: 'doublon' }
      ],
      edits: [{ path: 'mis-de-cote.md', content: managerVersion }]
    })
    expect(out.notes).toEqual([])
    expect(d.log.lines.some((l) => l.includes(`mise(s) de côté dans la branche ${out.keptAt}`))).toBe(true)
    expect((await localStatus(manager.base, d)).state).toBe('ahead')

    // The manager keeps the colleague's text and adds theirs: resolve on the new tip, push.
    const res = await resolvePlan(
      manager.base,
      { ...out.plan, edits: [{ path: 'mis-de-cote.md', append: '\nAjout du gestionnaire.\n' }] },
      { log: d.log }
    )
    expect(res.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(await syncBase(manager.base, { push: true }, d)).toMatchObject({ state: 'up-to-date', pushed: 2 })
    expect(grep(team.bare, kept.id)).toHaveLength(2)
    expect(grep(team.bare, dropped.id)).toHaveLength(2)
    expect(grep(team.bare, later.id)).toHaveLength(1)
    expect(git(team.bare, 'show', 'main:knowledge/mis-de-cote.md')).toMatch(
      /^# Mis de côté\n\nRéécrit par un collègue\.\n\n+Ajout du gestionnaire\.\n$/
    )
    expect(merges(team.bare)).toBe('')
    git(team.bare, 'fsck', '--strict', '--no-progress')
    assertClean(manager.root)
  })

  it('refuses, writing nothing, when not diverged, when a commit not made by the hub is in the way, or local changes block the move', async () => {
    const d = deps()
    const calm = hub()
    await expect(setAsideDiverged(calm.base, { log: d.log })).rejects.toThrow(/n'a pas divergé/)

    const foreign = hub()
    writeFileSync(join(foreign.root, 'knowledge/autre.md'), '# Autre\n\nà la main\n')
    git(foreign.root, 'commit', '-qam', 'commit à la main')
    pushFromElsewhere(
      team,
      'aside-foreign',
      { 'knowledge/autre.md': '# Autre\n\nailleurs\n' },
      'remote autre'
    )
    const fs = await syncBase(foreign.base, { push: true }, d)
    expect(fs).toMatchObject({ state: 'diverged', replannable: false })
    const before = repoFingerprint(foreign.root)
    const refs = git(foreign.root, 'for-each-ref')
    await expect(setAsideDiverged(foreign.base, { log: d.log })).rejects.toThrow(
      /n'est pas une résolution du hub/
    )
    expect(repoFingerprint(foreign.root)).toBe(before)
    expect(git(foreign.root, 'for-each-ref')).toBe(refs)

    pushFromElsewhere(team, 'aside-dirty', { 'knowledge/sale.md': '# Sale\n' }, 'doc sale')
    const contributor = hub()
    const p = await fileProposal(contributor.base, fields('sale'), { log: d.log })
    expect((await syncBase(contributor.base, { push: true }, d)).state).toBe('up-to-date')
    const manager = hub()
    await resolvePlan(
      manager.base,
      {
        summary: 'sale',
        reviewed_by: 'human:test',
        resolutions: [{ id: p.id, resolution: 'accepted', integrated_into: ['sale.md'] }],
        edits: [{ path: 'sale.md', append: '\nGestionnaire.\n' }]
      },
      { log: d.log }
    )
    pushFromElsewhere(team, 'aside-dirty', { 'knowledge/sale.md': '# Sale\n\nCollègue.\n' }, 'sale ailleurs')
    expect((await syncBase(manager.base, { push: true }, d)).state).toBe('diverged')
    writeFileSync(join(manager.root, 'knowledge/sale.md'), '# Sale\n\nPas encore commité.\n')
    const dirtyBefore = repoFingerprint(manager.root)
    const dirtyRefs = git(manager.root, 'for-each-ref')
    await expect(setAsideDiverged(manager.base, { log: d.log })).rejects.toThrow(/knowledge\/sale\.md/)
    expect(repoFingerprint(manager.root)).toBe(dirtyBefore)
    expect(git(manager.root, 'for-each-ref')).toBe(dirtyRefs)
    git(manager.root, 'fsck', '--strict', '--no-progress')
  })
})

describe('sync: remote problems leave the base intact', () => {
  it('unreachable (closed port) → unreachable; no-remote for a base without one', async () => {
    const h = hub()
    const port = await new Promise<number>((resolve) => {
      const srv = createServer()
      srv.listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port
        srv.close(() => resolve(p))
      })
    })
    git(h.root, 'remote', 'set-url', 'origin', `http://127.0.0.1:${port}/base.git`)
    await fileProposal(h.base, fields('hors ligne'), { log: memoryHubLog() })
    const before = repoFingerprint(h.root)
    const d = deps()
    // A refused connection is answered at once; no stopwatch (a loaded machine would trip it).
    const s = await syncBase(h.base, { push: true }, d)
    expect(s.state).toBe('unreachable')
    expect(s.message).toMatch(/injoignable/)
    expect(s.lastSync).toBeNull()
    expect(repoFingerprint(h.root)).toBe(before)
    // The local status remembers the failed attempt.
    expect((await localStatus(h.base, d)).state).toBe('unreachable')
    git(h.root, 'remote', 'remove', 'origin')
    expect((await syncBase(h.base, { push: true }, d)).state).toBe('no-remote')
  })

  it('a repository gone from its address (404) → error remote-missing, not « unreachable, try later »; nothing written', async () => {
    const h = hub()
    const gone = team.url.replace(/[^/]+$/, 'renommee.git')
    git(h.root, 'remote', 'set-url', 'origin', gone)
    await fileProposal(h.base, fields('dépôt disparu'), { log: memoryHubLog() })
    const before = repoFingerprint(h.root)
    const d = deps()
    const s = await syncBase(h.base, { push: true }, d)
    expect(s.state).toBe('error')
    expect(s.problem).toEqual({ kind: 'remote-missing', params: { url: gone } })
    expect(s.message).toMatch(/introuvable .*\(404\).*renommé, déplacé ou supprimé/)
    expect(repoFingerprint(h.root)).toBe(before)
    expect((await localStatus(h.base, d)).state).not.toBe('unreachable')
  })

  it('a folder of this computer as its remote (an import from a local repository) → no-remote naming it; ssh stays an error', async () => {
    const h = hub()
    const before = repoFingerprint(h.root)
    const d = deps()
    for (const folder of ['/srv/partage/base', '../base', 'file:///srv/partage/base', 'C:\\partage\\base']) {
      git(h.root, 'remote', 'set-url', 'origin', folder)
      const s = await syncBase(h.base, { push: true }, d)
      expect(s.state, folder).toBe('no-remote')
      expect(s.url).toBe(folder)
      expect(s.message).toMatch(/dossier de cet ordinateur/)
      expect((await localStatus(h.base, d)).state).toBe('no-remote')
    }
    for (const ssh of ['git@example.org:equipe/base.git', 'ssh://git@example.org/equipe/base.git']) {
      git(h.root, 'remote', 'set-url', 'origin', ssh)
      const s = await syncBase(h.base, { push: true }, d)
      expect(s.state, ssh).toBe('error')
      expect(s.problem?.kind).toBe('not-http')
    }
    expect(repoFingerprint(h.root)).toBe(before)
  })

  it('a base off its branch: detached-head while it has a remote; no-remote (not « sync failed ») when it has none or only a folder', async () => {
    const h = hub()
    git(h.root, 'checkout', '-q', '--detach')
    const before = repoFingerprint(h.root)
    const d = deps()
    const refused = await syncBase(h.base, { push: true }, d)
    expect(refused.state).toBe('error')
    expect(refused.problem).toEqual({ kind: 'detached-head' })
    expect((await localStatus(h.base, d)).problem).toEqual({ kind: 'detached-head' })
    git(h.root, 'remote', 'set-url', 'origin', '/srv/partage/base')
    git(h.root, 'remote', 'add', 'miroir', '../miroir')
    const folder = await syncBase(h.base, { push: true }, d)
    expect(folder.state).toBe('no-remote')
    expect(folder.url).toBe('/srv/partage/base')
    // One remote that could sync is enough for the base to be one that should.
    git(h.root, 'remote', 'set-url', '--push', 'miroir', team.url)
    expect((await localStatus(h.base, d)).problem).toEqual({ kind: 'detached-head' })
    git(h.root, 'remote', 'remove', 'miroir')
    git(h.root, 'remote', 'remove', 'origin')
    const none = await syncBase(h.base, { push: true }, d)
    expect(none.state).toBe('no-remote')
    expect(none.url ?? null).toBeNull()
    expect((await localStatus(h.base, d)).state).toBe('no-remote')
    expect(repoFingerprint(h.root)).toBe(before)
  })

  it('auth required: no token, then a wrong one → auth-required; the right one syncs; the token is never logged', async () => {
    const token = 'tok-' + 'x'.repeat(20)
    const locked = await startTeam({ server: { token }, name: 'privee' })
    try {
      const h = locked.clone('a')
      await fileProposal(h.base, fields('privée'), { log: memoryHubLog() })
      const before = repoFingerprint(h.root)
      const none = deps()
      const s1 = await syncBase(h.base, { push: true }, none)
      expect(s1.state).toBe('auth-required')
      expect(s1.message).toMatch(/OKF_HUB_GIT_TOKEN/)
      const wrong = deps({ credentials: new MemoryCredentialStore({ OKF_HUB_GIT_TOKEN: 'mauvais-jeton' }) })
      const s2 = await syncBase(h.base, { push: true }, wrong)
      expect(s2.state).toBe('auth-required')
      expect(s2.message).toMatch(/refusé/)
      expect(repoFingerprint(h.root)).toBe(before)
      const store = new MemoryCredentialStore({})
      await store.set(new URL(locked.url).host, token)
      const right = deps({ credentials: store })
      const s3 = await syncBase(h.base, { push: true }, right)
      expect(s3.state).toBe('up-to-date')
      expect(git(locked.bare, 'rev-parse', 'main').trim()).toBe(head(h.root))
      for (const d of [none, wrong, right]) expect(d.log.lines.join('')).not.toMatch(/tok-x|mauvais-jeton/)
      expect(readFileSync(join(h.root, '.git/config'), 'utf8')).not.toContain(token)
    } finally {
      await locked.close()
      removeDir(locked.dir)
    }
  })
})
