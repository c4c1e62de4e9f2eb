import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dateBack, hubConfig, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { memoryHubLog } from '../src/engine/hublog'
import { HubService } from '../src/engine/hub/service'
import { dispatch } from '../src/engine/hub/dispatch'
import type { HubConfig } from '../src/engine/config'
import { journalDir, openJournal } from '../src/engine/journal/writer'
import type { JournalEventBody } from '../src/engine/journal/events'
import { fileProposal } from '../src/engine/proposals/propose'
import { resolvePlan } from '../src/engine/review/resolve'
import { git } from './helpers/fixtures'
import type { HubEvent } from '../src/shared/hub-api'
import type { Insights } from '../src/shared/insights'
import { Registry } from '../src/engine/registry/registry'
import type { Base } from '../src/engine/registry/base'

/** Insights through the HubApi: the gaps, "not for this base", and the re-check after a resolution. */

const dirs: string[] = []
afterEach(() => {
  dirs.splice(0).forEach(removeDir)
})

function setup(): { service: HubService; config: HubConfig } {
  const basesDir = tempDir('okf-ins-bases-')
  const userData = tempDir('okf-ins-ud-')
  dirs.push(basesDir, userData)
  makeBundle(basesDir, 'alpha', {
    files: { 'knowledge/sso.md': '# Reconnexion SSO\n\nCliquer sur « réauthentifier ».\n' }
  })
  const config: HubConfig = hubConfig(basesDir, userData, { logFile: null })
  return {
    service: new HubService({ config, log: memoryHubLog(), transport: 'web', version: '0.0.0-test' }),
    config
  }
}

const searched = (query: string): JournalEventBody => ({
  tool: 'kb_search',
  bases: ['alpha'],
  query,
  mode: 'keyword',
  results: 0,
  orFallback: false,
  groups: [{ base: 'alpha', orFallback: false, shown: [] }]
})

function agentsAsk(config: HubConfig): void {
  const w = openJournal(config, memoryHubLog())
  w.record({ session: 'a', client: 'claude-code' }, searched('ticket kerberos'))
  w.record({ session: 'a', client: 'claude-code' }, searched('kerberos'))
  w.record({ session: 'b', client: 'cursor' }, searched('Kerberos tickets'))
  w.record(
    { session: 'b', client: 'cursor' },
    { tool: 'kb_read', base: 'alpha', path: 'sso.md', section: null, shown: 'full' }
  )
}

describe('HubApi — insights', () => {
  it('lists a gap, dismisses it and takes the dismissal back', async () => {
    const { service, config } = setup()
    agentsAsk(config)
    const insights = await service.insights('alpha')
    expect(insights.gaps).toHaveLength(1)
    const [gap] = insights.gaps
    expect(gap).toMatchObject({ status: 'open', sessions: 2, count: 3, signals: { 'no-result': 3 } })
    expect(gap.queries).toEqual(expect.arrayContaining(['ticket kerberos', 'kerberos', 'Kerberos tickets']))
    expect(insights.mostRead).toEqual([{ path: 'sso.md', reads: 1, sessions: 1 }])
    expect((await service.dismissGap('alpha', gap.id, true)).gaps[0]).toMatchObject({ status: 'dismissed' })
    expect((await service.insights('alpha')).gaps[0].status).toBe('dismissed')
    expect((await service.dismissGap('alpha', gap.id, false)).gaps[0].status).toBe('open')
    expect(await dispatch(service, 'dismissGap', ['alpha', 'gap-nope', true], memoryHubLog())).toMatchObject({
      error: { code: 'NOT_FOUND' }
    })
    expect(await dispatch(service, 'insights', ['alpha', 1], memoryHubLog())).toMatchObject({
      error: { code: 'INVALID_INPUT' }
    })
    expect(await dispatch(service, 'insights', ['nope'], memoryHubLog())).toMatchObject({
      error: { code: 'UNKNOWN_BASE' }
    })
  })

  it('checks the gaps again after a resolution and credits its commit', async () => {
    const { service, config } = setup()
    agentsAsk(config)
    const id = (await service.insights('alpha')).gaps[0].id
    const base = service.registry.get('alpha')
    const filed = await fileProposal(
      base,
      {
        type: 'addition',
        concerns: 'tickets Kerberos',
        content: 'Renouveler un ticket kerberos : kinit.',
        sources: ['journal'],
        confidence: 'high',
        submittedBy: 'agent'
      },
      { log: memoryHubLog() }
    )
    const checked = new Promise<HubEvent>((done) => {
      const off = service.subscribe((e) => {
        if (e.type === 'insights-changed') {
          off()
          done(e)
        }
      })
    })
    const result = await service.resolvePlan('alpha', {
      summary: 'Tickets Kerberos',
      reviewed_by: 'human:Morgane',
      resolutions: [{ id: filed.id, resolution: 'accepted', integrated_into: ['kerberos.md'] }],
      edits: [
        { path: 'kerberos.md', content: '# Tickets Kerberos\n\nRenouveler un ticket kerberos : `kinit`.\n' }
      ]
    })
    expect(await checked).toEqual({ type: 'insights-changed', base: 'alpha' })
    const gap = (await service.insights('alpha')).gaps.find((g) => g.id === id)
    expect(gap).toMatchObject({ status: 'closed', closedBy: { commit: result.commit } })
  })

  it('credits the resolution to a closure it finds at a look (a resolve from the CLI), and reopens when the answer goes', async () => {
    const { service, config } = setup()
    agentsAsk(config)
    const id = (await service.insights('alpha')).gaps[0].id
    const base = service.registry.get('alpha')
    const log = memoryHubLog()
    const filed = await fileProposal(
      base,
      {
        type: 'addition',
        concerns: 'Kerberos',
        content: 'kinit',
        sources: ['x'],
        confidence: 'low',
        submittedBy: 'a'
      },
      { log }
    )
    // The engine's own resolve, as `okf-hub review resolve` runs it: no hub service to re-check.
    const result = await resolvePlan(
      base,
      {
        summary: 'Kerberos',
        reviewed_by: 'human:Morgane',
        resolutions: [{ id: filed.id, resolution: 'accepted', integrated_into: ['kerberos.md'] }],
        edits: [{ path: 'kerberos.md', content: '# Kerberos\n\nRenouveler un ticket kerberos.\n' }]
      },
      { log }
    )
    expect(git(base.root, 'rev-parse', 'HEAD').trim()).toBe(result.commit)
    expect((await service.insights('alpha')).gaps.find((g) => g.id === id)).toMatchObject({
      status: 'closed',
      closedBy: { commit: result.commit }
    })
    git(base.root, 'rm', '-q', 'knowledge/kerberos.md')
    git(base.root, 'commit', '-qm', 'retrait')
    const back = (await service.insights('alpha')).gaps.find((g) => g.id === id)
    expect(back?.status).toBe('open')
    expect(back?.closedBy).toBeUndefined()
  })
})

describe('which commit a closed gap credits', () => {
  /** A hub whose agents hit the Kerberos gap, and the answer written into its corpus (not committed). */
  async function answered(): Promise<{ service: HubService; id: string; base: Base }> {
    const { service, config } = setup()
    agentsAsk(config)
    const id = (await service.insights('alpha')).gaps[0].id
    const base = service.registry.get('alpha')
    writeFileSync(
      join(base.corpusDir, 'kerberos.md'),
      '# Kerberos\n\nRenouveler un ticket kerberos : kinit.\n'
    )
    return { service, id, base }
  }

  it('the commit that wrote the answer, not the later commits a sync brought with it', async () => {
    // A colleague's document, then their proposal and an unrelated edit, all arriving together.
    const { service, id, base } = await answered()
    git(base.root, 'add', '-A')
    git(base.root, 'commit', '-qm', 'Kerberos')
    const answer = git(base.root, 'rev-parse', 'HEAD').trim()
    writeFileSync(join(base.corpusDir, 'sso.md'), '# Reconnexion SSO\n\nCliquer sur « se reconnecter ».\n')
    git(base.root, 'commit', '-qam', 'SSO')
    await fileProposal(
      base,
      {
        type: 'addition',
        concerns: 'VPN',
        content: 'x',
        sources: ['x'],
        confidence: 'low',
        submittedBy: 'a'
      },
      { log: memoryHubLog() }
    )
    expect(git(base.root, 'rev-parse', 'HEAD').trim()).not.toBe(answer)
    const gap = (await service.insights('alpha')).gaps.find((g) => g.id === id)
    expect(gap).toMatchObject({ status: 'closed', closedBy: { commit: answer } })
  })

  it('none when the answer is not committed yet, with the closure still shown', async () => {
    const { service, id } = await answered()
    const gap = (await service.insights('alpha')).gaps.find((g) => g.id === id)
    expect(gap?.status).toBe('closed')
    expect(gap?.closedBy?.commit).toBeNull()
  })
})

/**
 * The gaps' answers saved in the user-data folder (`insights/answers/`): a new process on an
 * unchanged corpus takes them instead of probing again, a changed corpus ignores them, they hold
 * no query the last look did not check, and the journal's purge deletes them.
 */
describe('the gaps’ answers kept across processes', () => {
  /** A hub whose corpus is settled (its fingerprint can be trusted) and whose agents asked. */
  function asked(): { service: HubService; config: HubConfig; corpus: string } {
    const { service, config } = setup()
    const corpus = join(config.basesDir, 'alpha', 'knowledge')
    dateBack(corpus)
    agentsAsk(config)
    return { service, config, corpus }
  }

  /** One look from a process of its own: no answer kept in memory, only what the user-data folder holds. */
  async function lookFromNewProcess(config: HubConfig): Promise<Insights> {
    vi.resetModules()
    const { computeInsights } = await import('../src/engine/insights/insights')
    const registry = new Registry(config.basesDir, memoryHubLog())
    registry.rescan()
    return computeInsights(registry.get('alpha'), {
      userDataDir: config.userDataDir,
      journalDir: journalDir(config),
      log: memoryHubLog()
    })
  }

  type Saved = { fingerprint: string; answers: Record<string, { complete: boolean; paths: string[] }> }

  function saved(config: HubConfig): { file: string; data: Saved } {
    const dir = join(config.userDataDir, 'insights', 'answers')
    const files = readdirSync(dir)
    expect(files).toHaveLength(1)
    const file = join(dir, files[0])
    return { file, data: JSON.parse(readFileSync(file, 'utf8')) as Saved }
  }

  it('are taken by the next process while the corpus stands, and ignored once it changed', async () => {
    const { config, corpus } = asked()
    expect((await lookFromNewProcess(config)).gaps.map((g) => g.status)).toEqual(['open'])
    const { file, data } = saved(config)
    expect(Object.keys(data.answers).sort()).toEqual(['Kerberos tickets', 'kerberos', 'ticket kerberos'])
    expect(Object.values(data.answers).every((a) => !a.complete && a.paths.length === 0)).toBe(true)

    // Answers no search of this corpus could give: a look that reads them closes the gap.
    for (const q of Object.keys(data.answers)) data.answers[q] = { complete: true, paths: ['kerberos.md'] }
    writeFileSync(file, JSON.stringify(data))
    expect((await lookFromNewProcess(config)).gaps.map((g) => g.status)).toEqual(['closed'])

    // The corpus changed (a document's stat): the saved answers are not trusted, the corpus is asked.
    const past = new Date(Date.now() - 120_000)
    utimesSync(join(corpus, 'sso.md'), past, past)
    expect((await lookFromNewProcess(config)).gaps.map((g) => g.status)).toEqual(['open'])
    const again = saved(config).data
    expect(again.fingerprint).not.toBe(data.fingerprint)
    expect(Object.values(again.answers).every((a) => !a.complete)).toBe(true)
  })

  it('hold only the queries the last look checked', async () => {
    const { service, config } = asked()
    const first = await lookFromNewProcess(config)
    expect(Object.keys(saved(config).data.answers)).toHaveLength(3)
    // A dismissed topic is not checked any more: its queries leave the saved answers.
    await service.dismissGap('alpha', first.gaps[0].id, true)
    await service.insights('alpha')
    expect(saved(config).data.answers).toEqual({})
  })

  it('are deleted by the journal’s purge', async () => {
    const { service, config } = asked()
    await service.insights('alpha')
    expect(Object.keys(saved(config).data.answers)).toHaveLength(3)
    await service.purgeJournal()
    expect(readdirSync(join(config.userDataDir, 'insights'))).not.toContain('answers')
    // The next look has nothing to check, and writes no answer back.
    expect((await service.insights('alpha')).gaps).toEqual([])
    expect(readdirSync(join(config.userDataDir, 'insights'))).not.toContain('answers')
  })
})
