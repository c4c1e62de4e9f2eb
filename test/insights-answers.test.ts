import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dateBack, hubConfig, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { memoryHubLog } from '../src/engine/hublog'
import type { HubConfig } from '../src/engine/config'
import { journalDir, openJournal } from '../src/engine/journal/writer'
import { Registry } from '../src/engine/registry/registry'
import { HubService } from '../src/engine/hub/service'
import type { Insights } from '../src/shared/insights'

/**
 * The gaps' answers saved in the user-data folder (`insights/answers/`): a new process on an
 * unchanged corpus takes them instead of probing again, a changed corpus ignores them, they hold
 * no query the last look did not check, and the journal's purge deletes them.
 */

const dirs: string[] = []
afterEach(() => {
  dirs.splice(0).forEach(removeDir)
})

function setup(): { config: HubConfig; corpusDoc: string } {
  const basesDir = tempDir('okf-ans-bases-')
  const userData = tempDir('okf-ans-ud-')
  dirs.push(basesDir, userData)
  const root = makeBundle(basesDir, 'alpha', {
    files: { 'knowledge/sso.md': '# Reconnexion SSO\n\nCliquer sur « réauthentifier ».\n' }
  })
  dateBack(join(root, 'knowledge'))
  const config = hubConfig(basesDir, userData, { logFile: null })
  const w = openJournal(config, memoryHubLog())
  for (const [session, query] of [
    ['a', 'ticket kerberos'],
    ['a', 'kerberos'],
    ['b', 'Kerberos tickets']
  ])
    w.record(
      { session, client: 'claude-code' },
      {
        tool: 'kb_search',
        bases: ['alpha'],
        query,
        mode: 'keyword',
        results: 0,
        orFallback: false,
        groups: [{ base: 'alpha', orFallback: false, shown: [] }]
      }
    )
  return { config, corpusDoc: join(root, 'knowledge', 'sso.md') }
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

interface Saved {
  fingerprint: string
  answers: Record<string, { complete: boolean; paths: string[] }>
}

function saved(config: HubConfig): { file: string; data: Saved } {
  const dir = join(config.userDataDir, 'insights', 'answers')
  const files = readdirSync(dir)
  expect(files).toHaveLength(1)
  const file = join(dir, files[0])
  return { file, data: JSON.parse(readFileSync(file, 'utf8')) as Saved }
}

describe('the gaps’ answers kept across processes', () => {
  it('are taken by the next process while the corpus stands, and ignored once it changed', async () => {
    const { config, corpusDoc } = setup()
    const first = await lookFromNewProcess(config)
    expect(first.gaps.map((g) => g.status)).toEqual(['open'])

    const { file, data } = saved(config)
    expect(Object.keys(data.answers).sort()).toEqual(['Kerberos tickets', 'kerberos', 'ticket kerberos'])
    expect(Object.values(data.answers)).toEqual([
      { complete: false, paths: [] },
      { complete: false, paths: [] },
      { complete: false, paths: [] }
    ])

    // Answers no search of this corpus could give: a look that reads them closes the gap.
    for (const q of Object.keys(data.answers)) data.answers[q] = { complete: true, paths: ['kerberos.md'] }
    writeFileSync(file, JSON.stringify(data))
    const second = await lookFromNewProcess(config)
    expect(second.gaps.map((g) => g.status)).toEqual(['closed'])

    // The corpus changed (a document's stat): the saved answers are not trusted, the corpus is asked.
    const past = new Date(Date.now() - 120_000)
    utimesSync(corpusDoc, past, past)
    const third = await lookFromNewProcess(config)
    expect(third.gaps.map((g) => g.status)).toEqual(['open'])
    expect(saved(config).data.fingerprint).not.toBe(data.fingerprint)
    expect(Object.values(saved(config).data.answers).every((a) => !a.complete)).toBe(true)
  })

  it('hold only the queries the last look checked', async () => {
    const { config } = setup()
    const first = await lookFromNewProcess(config)
    expect(Object.keys(saved(config).data.answers)).toHaveLength(3)
    // A dismissed topic is not checked any more: its queries leave the saved answers.
    const service = new HubService({ config, log: memoryHubLog(), transport: 'web', version: '0.0.0-test' })
    await service.dismissGap('alpha', first.gaps[0].id, true)
    await service.insights('alpha')
    expect(saved(config).data.answers).toEqual({})
  })

  it('are deleted by the journal’s purge', async () => {
    const { config } = setup()
    const service = new HubService({ config, log: memoryHubLog(), transport: 'web', version: '0.0.0-test' })
    await service.insights('alpha')
    expect(Object.keys(saved(config).data.answers)).toHaveLength(3)
    await service.purgeJournal()
    expect(() => readdirSync(join(config.userDataDir, 'insights', 'answers'))).toThrow(/ENOENT/)
    // The next look has nothing to check, and writes no answer back.
    expect((await service.insights('alpha')).gaps).toEqual([])
    expect(readdirSync(join(config.userDataDir, 'insights'))).not.toContain('answers')
  })
})
