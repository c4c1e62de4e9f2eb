import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, hubConfig, makeBundle, removeDir, SSO_CORRECTION, tempDir, waitFor } from './helpers/fixtures'
import { memoryHubLog } from '../src/engine/hublog'
import { fileProposal } from '../src/engine/proposals/propose'
import { HubService, LOCATE_CACHE_DIR, type HubServiceOptions } from '../src/engine/hub/service'
import { WATCH_INTERVAL_MS } from '../src/engine/hub/watch'
import { dispatch } from '../src/engine/hub/dispatch'
import type { HubConfig } from '../src/engine/config'
import type { HubEvent, ResolutionPlan } from '../src/shared/hub-api'

const dirs: string[] = []
afterEach(() => {
  while (dirs.length) removeDir(dirs.pop() as string)
})

const DOC =
  '---\ntitle: "Procédure SSO"\n---\n\n# Procédure SSO\n\n## Reconnexion\n\nAncien texte.\n\n## Déconnexion\n\nQuitter.\n'

function setup(extra: Partial<HubServiceOptions> = {}): {
  service: HubService
  root: string
  basesDir: string
  userData: string
  log: ReturnType<typeof memoryHubLog>
} {
  const basesDir = tempDir('okf-svc-bases-')
  const userData = tempDir('okf-svc-ud-')
  dirs.push(basesDir, userData)
  const root = makeBundle(basesDir, 'alpha', {
    files: { 'knowledge/sso.md': DOC, 'knowledge/guides/index.md': '# Index\n\nSommaire.\n' }
  })
  const log = memoryHubLog()
  const config: HubConfig = hubConfig(basesDir, userData, { logFile: null })
  return {
    service: new HubService({ config, log, transport: 'web', version: '0.0.0-test', ...extra }),
    root,
    basesDir,
    userData,
    log
  }
}

/** The corpus dated in the past, so that the racy-mtime rule trusts it; returns sso.md's path. */
function agedCorpus(root: string): string {
  const past = new Date('2026-01-02T03:04:05Z')
  const sso = join(root, 'knowledge', 'sso.md')
  for (const f of [sso, join(root, 'knowledge', 'guides/index.md')]) utimesSync(f, past, past)
  return sso
}

/** Rewritten outside the hub, not committed, with none of the concerns' words; its mtime moves. */
function rewriteUnrelated(doc: string): void {
  writeFileSync(doc, '# Autre\n\nTexte sans rapport.\n')
  const later = new Date('2026-01-03T03:04:05Z')
  utimesSync(doc, later, later)
}

/** `next()`: resolves at the first `proposals-changed` of alpha after the call. */
function watchChanges(service: HubService): { next(): Promise<void>; stop(): void } {
  let told: () => void = () => undefined
  const stop = service.subscribe((e) => {
    if (e.type === 'proposals-changed' && e.base === 'alpha') told()
  })
  return { next: () => new Promise<void>((ok) => (told = ok)), stop }
}

/** alpha's likely documents once every one is known (a read over budget is followed by the event). */
async function likelyWhenLocated(
  service: HubService,
  changes: ReturnType<typeof watchChanges>
): Promise<string[]> {
  for (;;) {
    const changed = changes.next()
    const inv = await service.inventory('alpha')
    if (inv.locating === 0) return inv.groups.flatMap((g) => g.proposals.flatMap((p) => p.likelyDocuments))
    await changed
  }
}

async function propose(service: HubService, concerns = 'reconnexion SSO', suffix = 'a1b2'): Promise<string> {
  const base = service.registry.get('alpha')
  const filed = await fileProposal(
    base,
    { ...SSO_CORRECTION, concerns },
    { log: memoryHubLog(), drawSuffix: () => suffix }
  )
  return filed.id
}

function acceptPlan(id: string): ResolutionPlan {
  return {
    summary: 'reconnexion mise à jour',
    reviewed_by: 'human:test',
    resolutions: [{ id, resolution: 'accepted', integrated_into: ['sso.md'] }],
    edits: [{ path: 'sso.md', section: 'Reconnexion', content: '## Reconnexion\n\nNouveau texte.\n' }]
  }
}

describe('HubService', () => {
  it('lists bases with counts, reads the corpus tree and documents', async () => {
    const { service } = setup()
    await propose(service)
    const overview = await service.listBases()
    expect(overview.bases.map((b) => [b.name, b.documents, b.pending, b.draft])).toEqual([
      ['alpha', 2, 1, false]
    ])
    expect(overview.bases[0].head).toMatch(/^[0-9a-f]{40}$/)
    const tree = await service.corpusTree('alpha')
    expect(tree.map((n) => [n.kind, n.path])).toEqual([
      ['dir', 'guides'],
      ['file', 'sso.md']
    ])
    expect(tree[0].children?.[0]).toMatchObject({ path: 'guides/index.md', title: 'Index' })
    // The plan editor's paths: the tree's files, sorted, nothing else.
    expect(await service.documentPaths('alpha')).toEqual(['guides/index.md', 'sso.md'])
    await expect(service.documentPaths('nope')).rejects.toMatchObject({ code: 'UNKNOWN_BASE' })
    const doc = await service.readDocument('alpha', 'sso.md')
    expect(doc.title).toBe('Procédure SSO')
    expect(doc.frontmatter).toEqual({ title: 'Procédure SSO' })
    expect(doc.body.startsWith('\n# Procédure SSO')).toBe(true)
    await expect(service.readDocument('alpha', '../okf-bundle.yaml')).rejects.toMatchObject({
      code: 'NOT_FOUND'
    })
    await expect(service.corpusTree('nope')).rejects.toMatchObject({ code: 'UNKNOWN_BASE' })
  })

  it('previews with staleness when the edited document changed after the submission, then resolves in one commit', async () => {
    const { service, root } = setup()
    const id = await propose(service)
    const fresh = await service.previewPlan('alpha', acceptPlan(id))
    expect(fresh.staleness).toEqual([])
    expect(fresh.preview.files.map((f) => f.path)).toEqual(['knowledge/sso.md'])

    // Someone edits the document after the proposal was filed.
    writeFileSync(join(root, 'knowledge/sso.md'), DOC.replace('Quitter.', 'Quitter le site.'))
    git(root, 'commit', '-qam', 'edit sso by hand')
    const stale = await service.previewPlan('alpha', acceptPlan(id))
    expect(stale.staleness).toHaveLength(1)
    expect(stale.staleness[0]).toMatchObject({ proposalId: id, path: 'sso.md' })
    expect(stale.staleness[0].changedBy.map((c) => c.subject)).toEqual(['edit sso by hand'])
    // Asked again over the same HEAD: the remembered answer, whole, and not shared with the caller.
    const again = await service.previewPlan('alpha', acceptPlan(id))
    expect(again.staleness).toEqual(stale.staleness)
    again.staleness[0].changedBy.pop()
    expect((await service.previewPlan('alpha', acceptPlan(id))).staleness[0].changedBy).toHaveLength(1)

    const drafts: HubEvent[] = []
    const stopDrafts = service.subscribe((e) => void (e.type === 'draft-changed' && drafts.push(e)))
    const revision = await service.saveDraft('alpha', acceptPlan(id), '')
    expect(await service.loadDraft('alpha')).toEqual({ plan: acceptPlan(id), revision })
    // Every window of this hub is told at once; a window whose copy is older is refused.
    expect(drafts).toEqual([{ type: 'draft-changed', base: 'alpha', revision }])
    await expect(service.saveDraft('alpha', { ...acceptPlan(id), summary: 'x' }, '')).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      kind: 'draft-changed',
      params: { revision }
    })
    const before = git(root, 'rev-list', '--count', 'HEAD').trim()
    const result = await service.resolvePlan('alpha', acceptPlan(id))
    expect(drafts.at(-1)).toEqual({ type: 'draft-changed', base: 'alpha', revision: '', resolved: true })
    stopDrafts()
    expect(Number(git(root, 'rev-list', '--count', 'HEAD').trim())).toBe(Number(before) + 1)
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(result.commit)
    expect(git(root, 'status', '--porcelain')).toBe('')
    expect((await service.loadDraft('alpha')).plan).toBeNull() // a resolved draft is gone

    const trail = await service.auditTrail('alpha', id)
    expect(trail.submission?.kind).toBe('submission')
    expect(trail.resolution?.commit).toBe(result.commit)
    expect(trail.resolution?.trailers).toEqual([
      { key: 'Proposal', value: id },
      { key: 'Submitted-By', value: 'agent:test' },
      { key: 'Reviewed-By', value: 'human:test' }
    ])
    const page = await service.history('alpha', { limit: 2 })
    expect(page.entries.map((e) => e.kind)).toEqual(['resolution', 'other'])
    expect(page.next).toMatch(/^[0-9a-f]{40}$/)
    const rest = await service.history('alpha', { before: page.next as string, limit: 50 })
    expect(rest.entries.map((e) => e.subject)).toEqual([expect.stringMatching(/^proposal: /), 'init'])
    expect(rest.next).toBeNull()

    const detail = await service.proposal('alpha', id)
    expect(detail).toMatchObject({ folder: 'accepted', status: 'accepted', integratedInto: ['sso.md'] })
  })

  it('reads the history and the audit trail of a base that is a linked worktree', async () => {
    const { root } = setup()
    const wtBases = tempDir('okf-svc-wt-')
    const userData = tempDir('okf-svc-wt-ud-')
    dirs.push(wtBases, userData)
    git(root, 'worktree', 'add', '-q', '-b', 'feature', join(wtBases, 'alpha'))
    const service = new HubService({
      config: hubConfig(wtBases, userData, { logFile: null }),
      log: memoryHubLog(),
      transport: 'web',
      version: 'test'
    })
    const id = await propose(service)
    // The hub's commit lives in the common dir: git sees it from the main worktree too.
    expect(git(root, 'log', '-1', '--format=%s', 'feature')).toMatch(/^proposal: /)
    const page = await service.history('alpha')
    expect(page.entries.map((e) => e.kind)).toEqual(['submission', 'other'])
    expect((await service.auditTrail('alpha', id)).submission?.commit).toBe(
      git(root, 'rev-parse', 'feature').trim()
    )
    const preview = await service.previewPlan('alpha', acceptPlan(id))
    expect(preview.staleness).toEqual([])
  })

  // The 2-second promise is the poll's period (at most two polls between a filing and its event),
  // pinned as a figure; the test itself awaits the events however slow the machine is.
  it('emits proposals-changed when an agent files a proposal (within two polls: 2 s), and bases-changed when a base appears', async () => {
    expect(2 * WATCH_INTERVAL_MS).toBeLessThanOrEqual(2000)
    const { service, basesDir } = setup()
    const events: HubEvent[] = []
    const stop = service.subscribe((e) => events.push(e))
    try {
      await service.watcher.ready()
      // Written by another process's hand: the watcher, not the service, must see it.
      await propose(service)
      await waitFor(() => events.some((e) => e.type === 'proposals-changed' && e.base === 'alpha'))
      await waitFor(() => events.some((e) => e.type === 'head-changed' && e.base === 'alpha'))
      makeBundle(basesDir, 'beta')
      await waitFor(() => events.some((e) => e.type === 'bases-changed'))
      expect((await service.listBases()).bases.map((b) => b.name)).toEqual(['alpha', 'beta'])
    } finally {
      stop()
    }
  })

  it('the inventory answers within its budget while documents are searched, then says so once; the answers outlive the process', async () => {
    const { service, userData, root } = setup({ locateBudgetMs: 0 })
    const past = new Date('2026-01-02T03:04:05Z')
    for (const f of ['sso.md', 'guides/index.md']) utimesSync(join(root, 'knowledge', f), past, past)
    await propose(service, 'reconnexion SSO', 'b001')
    await propose(service, 'menu profil SSO', 'b002')
    const events: HubEvent[] = []
    const stop = service.subscribe((e) => events.push(e))
    try {
      await service.watcher.ready() // its first snapshot holds both filings: no event for them
      events.length = 0
      const quick = await service.inventory('alpha')
      expect(quick).toMatchObject({ total: 2, locating: 2 })
      await service.inventory('alpha') // a second read, searching or not: never a second event
      await waitFor(() => events.some((e) => e.type === 'proposals-changed' && e.base === 'alpha'))
      const full = await service.inventory('alpha')
      expect(full.locating).toBe(0)
      expect(full.groups.flatMap((g) => g.proposals.map((p) => p.likelyDocuments[0]))).toEqual([
        'sso.md',
        'sso.md'
      ])
      // The search's last act is to persist its answers: once they are on disk, an event still to
      // come would have been sent already.
      await waitFor(
        () =>
          existsSync(join(userData, LOCATE_CACHE_DIR)) &&
          readdirSync(join(userData, LOCATE_CACHE_DIR)).length === 1
      )
      expect(events.filter((e) => e.type === 'proposals-changed')).toHaveLength(1)
    } finally {
      stop()
    }
  })

  it('a document edited since the last read: the inventory answers from the state checked last, then says proposals-changed, and the next read is fresh', async () => {
    const { service, root } = setup()
    const sso = agedCorpus(root)
    await propose(service, 'reconnexion SSO', 'k001')
    const changes = watchChanges(service)
    const likely = (): Promise<string[]> => likelyWhenLocated(service, changes)
    try {
      await service.watcher.ready()
      expect(await likely()).toEqual(['sso.md'])
      rewriteUnrelated(sso)
      const changed = changes.next()
      const stale = await service.inventory('alpha')
      expect(stale.locating).toBe(0)
      expect(stale.groups[0].proposals[0].likelyDocuments).toEqual(['sso.md'])
      await changed
      expect(await likely()).toEqual([])
    } finally {
      changes.stop()
    }
  })

  it('a proposal’s screen gets the same: its likely documents from the state checked last, then the word, then fresh', async () => {
    const { service, root } = setup()
    const sso = agedCorpus(root)
    const id = await propose(service, 'reconnexion SSO', 'd001')
    expect((await service.proposal('alpha', id)).likelyDocuments).toEqual(['sso.md'])
    const changes = watchChanges(service)
    try {
      await service.watcher.ready()
      rewriteUnrelated(sso)
      const changed = changes.next()
      expect((await service.proposal('alpha', id)).likelyDocuments).toEqual(['sso.md'])
      await changed
      expect((await service.proposal('alpha', id)).likelyDocuments).toEqual([])
    } finally {
      changes.stop()
    }
  })

  it('a corpus written a moment ago: the inventory waits for it to leave the racy window, so that what it finds is kept', async () => {
    const { service, root } = setup({ locateBudgetMs: 0 })
    const sso = join(root, 'knowledge', 'sso.md')
    const changes = watchChanges(service)
    const likely = (): Promise<string[]> => likelyWhenLocated(service, changes)
    try {
      await service.watcher.ready()
      // The bundle was just written: its documents are inside the racy window.
      await propose(service, 'reconnexion SSO', 'c001')
      expect(await likely()).toEqual(['sso.md'])
      // Kept: a rewrite the fingerprint cannot see (same size, its stat put back) is not searched.
      const before = statSync(sso)
      writeFileSync(sso, DOC.replace(/[a-z]/gi, 'q'))
      utimesSync(sso, before.atime, before.mtime)
      expect(await likely()).toEqual(['sso.md'])
    } finally {
      changes.stop()
    }
  })

  it('a document dated ahead of the clock: not waited for, the inventory waits for every answer (none could be kept)', async () => {
    const { service, root } = setup({ locateBudgetMs: 0 })
    const sso = agedCorpus(root)
    const ahead = new Date(Date.now() + 3_600_000)
    utimesSync(sso, ahead, ahead)
    await propose(service, 'reconnexion SSO', 'c002')
    const inv = await service.inventory('alpha')
    expect(inv.locating).toBe(0)
    expect(inv.groups[0].proposals[0].likelyDocuments[0]).toBe('sso.md')
  })

  it('keeps settings in the user-data folder and refuses bad ones', async () => {
    const { service, userData } = setup()
    expect(await service.getSettings()).toMatchObject({ reviewer: null, language: null })
    await service.updateSettings({ reviewer: 'human:morva', language: 'en' })
    expect(JSON.parse(readFileSync(join(userData, 'ui-settings.json'), 'utf8'))).toEqual({
      reviewer: 'human:morva',
      language: 'en',
      firstStepsHidden: false,
      journal: true
    })
    await expect(service.updateSettings({ language: 'de' } as never)).rejects.toMatchObject({
      code: 'INVALID_INPUT'
    })
    await expect(service.updateSettings({ reviewer: 'a\nb' })).rejects.toMatchObject({
      code: 'INVALID_INPUT'
    })
    await expect(service.saveDraft('alpha', { nope: 1 } as never)).rejects.toMatchObject({
      code: 'INVALID_INPUT'
    })
  })

  it('dispatch checks argument types and maps every failure to one envelope', async () => {
    const { service, log } = setup()
    expect(await dispatch(service, 'corpusTree', [42], log)).toEqual({
      error: {
        code: 'INVALID_INPUT',
        message: 'corpusTree : argument 1 de type string attendu (reçu number)'
      }
    })
    expect(await dispatch(service, 'corpusTree', [], log)).toMatchObject({ error: { code: 'INVALID_INPUT' } })
    expect(await dispatch(service, 'constructor', [], log)).toMatchObject({ error: { code: 'NOT_FOUND' } })
    expect(await dispatch(service, 'readDocument', ['alpha', 'x'.repeat(5000)], log)).toMatchObject({
      error: { code: 'INVALID_INPUT' }
    })
    expect(await dispatch(service, 'resolvePlan', ['alpha', { summary: 1 }], log)).toMatchObject({
      error: { code: 'INVALID_INPUT' }
    })
    expect(
      await dispatch(service, 'importBase', [{ source: 'https://example.test/x.git' }], log)
    ).toMatchObject({
      // no jobId: the engine refuses before any network or disk work
      error: { code: 'INVALID_INPUT' }
    })
    // the web transport has no native folder picker
    expect(await dispatch(service, 'pickDirectory', [], log)).toMatchObject({
      error: { code: 'NOT_AVAILABLE' }
    })
    const ok = await dispatch(service, 'listBases', [], log)
    expect('result' in ok).toBe(true)
  })
})
