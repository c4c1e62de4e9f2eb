import { afterEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { hubConfig, removeDir, tempDir } from './helpers/fixtures'
import { memoryHubLog } from '../src/engine/hublog'
import { HubService } from '../src/engine/hub/service'
import { dispatch } from '../src/engine/hub/dispatch'
import type { HubConfig } from '../src/engine/config'
import { openJournal } from '../src/engine/journal/writer'
import { readJournal } from '../src/engine/journal/store'
import type { JournalEventBody } from '../src/engine/journal/events'
import { readState, stateFile, writeState } from '../src/engine/insights/state'

/** The usage journal as the app sees it: its switch, its size, its purge (HubApi `journal`, `purgeJournal`). */

const dirs: string[] = []
afterEach(() => {
  dirs.splice(0).forEach(removeDir)
})

function setup(over: Partial<HubConfig> = {}): { service: HubService; config: HubConfig } {
  const basesDir = tempDir('okf-jr-bases-')
  const userData = tempDir('okf-jr-ud-')
  dirs.push(basesDir, userData)
  const config: HubConfig = hubConfig(basesDir, userData, over)
  return {
    service: new HubService({ config, log: memoryHubLog(), transport: 'web', version: '0.0.0-test' }),
    config
  }
}

const search: JournalEventBody = {
  tool: 'kb_search',
  bases: ['alpha'],
  query: 'sso',
  mode: 'keyword',
  results: 0,
  orFallback: false,
  groups: []
}

describe('HubApi — the usage journal', () => {
  it('shows the journal on by default, with its folder, size and event count', async () => {
    const { service, config } = setup()
    expect(await service.journal()).toEqual({
      enabled: true,
      offBy: null,
      configFile: null,
      dir: join(config.userDataDir, 'journal'),
      files: 0,
      bytes: 0,
      events: 0
    })
    const w = openJournal(config, memoryHubLog())
    w.record({ session: 's', client: 'c' }, search)
    w.record({ session: 's', client: 'c' }, search)
    expect(await service.journal()).toMatchObject({ files: 1, events: 2, bytes: expect.any(Number) })
    expect((await service.journal()).bytes).toBeGreaterThan(100)
  })

  it('purges every event in one call, through the transports’ dispatch too', async () => {
    const { service, config } = setup()
    const w = openJournal(config, memoryHubLog())
    w.record({ session: 's', client: 'c' }, search)
    expect(await service.purgeJournal()).toMatchObject({ files: 0, bytes: 0, events: 0, enabled: true })
    expect(readJournal(join(config.userDataDir, 'journal')).events).toEqual([])
    // A server that keeps running records again after the purge.
    w.record({ session: 's', client: 'c' }, search)
    expect(await dispatch(service, 'journal', [], memoryHubLog())).toMatchObject({
      result: { events: 1 }
    })
    expect(await dispatch(service, 'purgeJournal', [], memoryHubLog())).toMatchObject({
      result: { events: 0 }
    })
  })

  it('forgets the gaps’ closures with the queries they came from, and keeps the manager’s dismissals', async () => {
    const { service, config } = setup()
    const file = stateFile(config.userDataDir, 'alpha')
    const closedBy = { commit: 'abc1234', at: '2026-11-02T00:00:00.000Z' }
    await writeState(file, {
      v: 1,
      topics: {
        'gap-closed0000': { keys: ['kerbero'], closedBy },
        'gap-dismissed0': { keys: ['recett', 'crep'], dismissedAt: '2026-11-03T00:00:00.000Z', closedBy }
      }
    })
    await service.purgeJournal()
    expect(readState(file).topics).toEqual({
      'gap-dismissed0': { keys: ['recett', 'crep'], dismissedAt: '2026-11-03T00:00:00.000Z' }
    })
    // No state at all: nothing to forget, the purge still succeeds.
    const other = setup()
    expect(await other.service.purgeJournal()).toMatchObject({ events: 0 })
  })

  it('is switched off from the settings, and a running writer stops at once', async () => {
    const { service, config } = setup()
    const w = openJournal(config, memoryHubLog())
    expect((await service.updateSettings({ journal: false })).journal).toBe(false)
    expect(await service.journal()).toMatchObject({ enabled: false, offBy: 'settings' })
    w.record({ session: 's', client: 'c' }, search)
    expect(readJournal(join(config.userDataDir, 'journal')).events).toEqual([])
    await service.updateSettings({ journal: true })
    w.record({ session: 's', client: 'c' }, search)
    expect(readJournal(join(config.userDataDir, 'journal')).events).toHaveLength(1)
  })

  it('says when the hub configuration holds it off, whatever the app’s setting', async () => {
    const { service } = setup({ journal: false, configFile: '/etc/okf/hub-config.yaml' })
    expect(await service.journal()).toMatchObject({
      enabled: false,
      offBy: 'config',
      configFile: '/etc/okf/hub-config.yaml'
    })
  })
})
