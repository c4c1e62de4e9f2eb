import { describe, expect, it } from 'vitest'
import type { TFunction } from 'i18next'
import type { SyncStatus } from '../../../../shared/hub-api'
import { syncExplain, syncLabel } from './SyncBadge'
import { wordsForTests } from '../../i18n/for-tests'

const status = (over: Partial<SyncStatus>): SyncStatus => ({
  base: 'b',
  state: 'up-to-date',
  branch: 'main',
  remote: 'origin/main',
  url: 'https://git.example/b.git',
  host: 'git.example',
  ahead: 0,
  behind: 0,
  conflicts: [],
  dirty: [],
  lastSync: '2026-12-05T10:00:00.000Z',
  message: 'à jour',
  live: false,
  ...over
})

async function tFor(lng: 'en' | 'fr'): Promise<TFunction> {
  return (await wordsForTests(lng)).t
}

describe('the sync badge in words', () => {
  it('never calls a base this hub never synced « up to date »', async () => {
    const t = await tFor('en')
    expect(syncLabel(status({ lastSync: null }), t)).toBe('Not synced yet')
    expect(syncLabel(status({}), t)).toBe('Up to date')
  })

  it('says what will leave and why, with exact counts, in both languages', async () => {
    const t = await tFor('en')
    const ahead = status({ state: 'ahead', ahead: 3, outgoing: { proposals: 2, decisions: 1, other: 0 } })
    expect(syncExplain(ahead, t, 'en')).toBe(
      '2 proposals filed here and 1 decision taken here are not yet on the team’s remote: Push sends them.'
    )
    const one = status({ state: 'ahead', ahead: 1, outgoing: { proposals: 1, decisions: 0, other: 0 } })
    expect(syncExplain(one, t, 'en')).toBe(
      '1 proposal filed here is not yet on the team’s remote: Push sends it.'
    )
    expect(syncExplain({ ...one, mode: 'inbox' }, t, 'en')).toContain(
      'files it in your inbox for the manager'
    )
    const f = await tFor('fr')
    expect(syncExplain(ahead, f, 'fr')).toBe(
      'Pas encore sur le dépôt de l’équipe : 2 propositions déposées ici et 1 décision prise ici. « Envoyer » les y dépose.'
    )
    expect(syncExplain(status({ state: 'behind', behind: 2 }), f, 'fr')).toBe(
      '2 modifications du dépôt de l’équipe ne sont pas encore ici : Synchroniser les apporte.'
    )
  })

  it('a manager’s hub does not call the proposals it brought in from the inboxes « filed here »', async () => {
    const manager = status({
      state: 'ahead',
      ahead: 1,
      mode: 'manager',
      outgoing: { proposals: 1, decisions: 0, other: 0 }
    })
    expect(syncExplain(manager, await tFor('en'), 'en')).toBe(
      '1 proposal filed or brought in from an inbox here is not yet on the team’s remote: Push sends it.'
    )
    expect(syncExplain(manager, await tFor('fr'), 'fr')).toBe(
      'Pas encore sur le dépôt de l’équipe : 1 proposition déposée ici ou intégrée depuis une boîte. « Envoyer » l’y dépose.'
    )
  })
})
