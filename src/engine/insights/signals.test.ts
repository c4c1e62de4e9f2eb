import { describe, expect, it } from 'vitest'
import type { JournalEvent, JournalEventBody } from '../journal/events'
import { searchVerdicts } from './signals'
import { gapTopics } from './gaps'

let clock = Date.parse('2026-02-01T10:00:00Z')
const ev = (session: string, body: JournalEventBody): JournalEvent =>
  ({ v: 1, t: new Date((clock += 30_000)).toISOString(), session, client: null, ...body }) as JournalEvent
const search = (session: string, query: string, shown: string[], orFallback = false): JournalEvent =>
  ev(session, {
    tool: 'kb_search',
    bases: ['b'],
    query,
    mode: 'keyword',
    results: shown.length,
    orFallback,
    groups: [{ base: 'b', orFallback, shown: shown.map((path) => ({ path, sections: [] })) }]
  })
const read = (session: string, path: string): JournalEvent =>
  ev(session, { tool: 'kb_read', base: 'b', path, section: null, shown: 'full' })

describe('what a session did after a search', () => {
  it('tells answered, no-result, partial, reformulated and unread apart', () => {
    const events = [
      search('s1', 'sso reconnexion', ['sso.md']),
      read('s1', 'sso.md'),
      search('s2', 'kerberos', []),
      search('s3', 'jeton oidc', ['a.md'], true),
      search('s4', 'déconnexion', ['b.md']),
      search('s4', 'déconnexion menu', ['b.md']),
      read('s4', 'b.md'),
      search('s5', 'profil', ['c.md']),
      // A read of a document the search did not show is no answer to it.
      read('s5', 'other.md'),
      ev('s6', {
        tool: 'kb_search',
        bases: ['b'],
        query: 'a.*b',
        mode: 'regex',
        results: 0,
        orFallback: false,
        groups: []
      })
    ]
    expect(searchVerdicts(events, 'b').map((v) => [v.session, v.query, v.signal])).toEqual([
      ['s1', 'sso reconnexion', null],
      ['s2', 'kerberos', 'no-result'],
      ['s3', 'jeton oidc', 'partial'],
      ['s4', 'déconnexion', 'reformulated'],
      ['s4', 'déconnexion menu', null],
      ['s5', 'profil', 'unread']
    ])
    expect(searchVerdicts(events, 'other')).toEqual([])
  })

  it('leaves out a question more sessions answered than missed', () => {
    const events = [
      search('a', 'useEffect', ['e.md']),
      read('a', 'e.md'),
      search('b', 'useEffect', ['e.md']),
      read('b', 'e.md'),
      search('c', 'useEffect', ['e.md']),
      search('d', 'kerberos', []),
      search('e', 'Kerberos', [])
    ]
    const topics = gapTopics(events, 'b')
    expect(topics.map((t) => [t.queries, t.sessions])).toEqual([[['Kerberos', 'kerberos'], 2]])
  })
})
