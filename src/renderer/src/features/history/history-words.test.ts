import { describe, expect, it } from 'vitest'
import type { TFunction } from 'i18next'
import type { HistoryEntry } from '../../../../shared/hub-api'
import { authorName, historyHeadline, trailerLabel } from './history-words'
import { wordsForTests } from '../../i18n/for-tests'

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  commit: 'a'.repeat(40),
  subject: 'subject',
  message: 'subject\n',
  author: 'okf-hub <hub@local>',
  date: '2026-12-05T10:00:00.000Z',
  kind: 'other',
  proposals: [],
  trailers: [],
  filing: null,
  decision: null,
  ...over
})

async function tFor(lng: 'en' | 'fr'): Promise<TFunction> {
  return (await wordsForTests(lng)).t
}

describe('history in words', () => {
  const decision = (
    integrated: number,
    rejected: number,
    reviewer: string | null = 'Morgane'
  ): HistoryEntry =>
    entry({
      kind: 'resolution',
      decision: {
        reviewer,
        integrated: Array.from({ length: integrated }, (_, i) => `prop-2026-12-05-a00${i}`),
        rejected: Array.from({ length: rejected }, (_, i) => `prop-2026-12-05-b00${i}`),
        summary: 's'
      }
    })

  it('words a decision with exact counts, in both languages', async () => {
    const en = await tFor('en')
    const fr = await tFor('fr')
    expect(historyHeadline(en, decision(2, 1))).toBe('Morgane integrated 2 proposals and rejected 1 proposal')
    expect(historyHeadline(en, decision(1, 0))).toBe('Morgane integrated 1 proposal')
    expect(historyHeadline(en, decision(0, 3, null))).toBe('Someone rejected 3 proposals')
    expect(historyHeadline(fr, decision(2, 1))).toBe(
      'Morgane a intégré 2 propositions et a rejeté 1 proposition'
    )
    expect(historyHeadline(fr, decision(0, 1))).toBe('Morgane a rejeté 1 proposition')
  })

  it('words a filing, and keeps the subject of a commit the hub did not write', async () => {
    const en = await tFor('en')
    const fr = await tFor('fr')
    const filed = entry({
      kind: 'submission',
      filing: {
        id: 'prop-2026-12-05-a1b2',
        type: 'correction',
        concerns: 'SSO',
        submittedBy: 'agent:x',
        recovered: false
      }
    })
    expect(historyHeadline(en, filed)).toBe('agent:x filed a proposal: SSO')
    expect(historyHeadline(fr, filed)).toBe('agent:x a déposé une proposition : SSO')
    expect(historyHeadline(en, entry({ subject: 'fix typo in sso.md' }))).toBe('fix typo in sso.md')
    const installed = entry({
      subject: 'Installation de okf-hub-guide (base livrée avec OKF Hub)',
      start: { kind: 'installed', name: 'okf-hub-guide' }
    })
    expect(historyHeadline(en, installed)).toBe('OKF Hub installed okf-hub-guide (shipped with the app)')
    expect(historyHeadline(fr, installed)).toBe(
      'OKF Hub a installé okf-hub-guide (livrée avec l’application)'
    )
  })

  it('labels the trailers the hub writes, and keeps any other key', async () => {
    const fr = await tFor('fr')
    expect(trailerLabel(fr, 'Reviewed-By')).toBe('Relue par')
    expect(trailerLabel(fr, 'Submitted-By')).toBe('Déposée par')
    expect(trailerLabel(fr, 'Co-authored-by')).toBe('Co-authored-by')
    expect(authorName('Morgane <m@example.org>')).toBe('Morgane')
  })
})
