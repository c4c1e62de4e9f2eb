import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { makeCorpusBase, removeDir, tempDir } from './helpers/fixtures'
import { memoryHubLog } from '../src/engine/hublog'
import type { ScanOptions } from '../src/engine/search/ripgrep'

// The hub's own searches — a proposal's likely documents, the gaps' check — ask for background
// scans (below-normal priority: an agent's kb_search in the same moment keeps its pace). Watched at
// the two search entry points, which still run for real.
const seen = vi.hoisted(() => [] as { via: string; options: ScanOptions | undefined }[])
vi.mock('../src/engine/search/search', async (original) => {
  const real = await original<typeof import('../src/engine/search/search')>()
  return {
    ...real,
    searchBases: (...args: Parameters<typeof real.searchBases>) => {
      seen.push({ via: 'searchBases', options: args[4] })
      return real.searchBases(...args)
    }
  }
})
vi.mock('../src/engine/search/probe', async (original) => {
  const real = await original<typeof import('../src/engine/search/probe')>()
  return {
    ...real,
    documentsWithEveryTerm: (...args: Parameters<typeof real.documentsWithEveryTerm>) => {
      seen.push({ via: 'probe', options: args[2] })
      return real.documentsWithEveryTerm(...args)
    }
  }
})

const { locate } = await import('../src/engine/review/inventory')
const { computeInsights } = await import('../src/engine/insights/insights')
const { writeJournal } = await import('./helpers/gap-journal')

const dirs: string[] = []
afterAll(() => dirs.forEach(removeDir))

describe('the hub’s own searches run in the background', () => {
  it('likely documents and the gaps’ check ask for below-normal priority', async () => {
    const base = makeCorpusBase({ 'sso.md': '# SSO\n\nReconnexion SSO par le profil.\n' })
    dirs.push(base.root)
    const located = await locate(base, 'Reconnexion SSO')
    expect(located.likely).toEqual(['sso.md'])
    expect(seen.filter((s) => s.via === 'searchBases').map((s) => s.options?.background)).toEqual([true])

    const ud = tempDir('okf-bg-')
    dirs.push(ud)
    const journalDir = join(ud, 'journal')
    writeJournal(journalDir, [
      {
        v: 1,
        t: '2026-11-01T00:00:00.000Z',
        session: 's1',
        client: 'test',
        tool: 'kb_search',
        bases: [base.name],
        query: 'kerberos ticket',
        mode: 'keyword',
        results: 0,
        orFallback: false,
        groups: [{ base: base.name, orFallback: false, shown: [] }]
      }
    ])
    const insights = await computeInsights(base, { userDataDir: ud, journalDir, log: memoryHubLog() })
    expect(insights.gaps.map((g) => g.status)).toEqual(['open'])
    expect(seen.filter((s) => s.via === 'probe').map((s) => s.options?.background)).toEqual([true])
  })
})
