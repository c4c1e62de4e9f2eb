import { afterAll, describe, expect, it } from 'vitest'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { memoryHubLog } from '../src/engine/hublog'
import { loadManifest } from '../src/engine/registry/manifest'
import { fileProposal, MAX_ID_DRAWS } from '../src/engine/proposals/propose'
import type { ProposalFields } from '../src/engine/proposals/rules'
import { git, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { repoFingerprint } from './helpers/repo'

const dir = tempDir()
afterAll(() => removeDir(dir))

const fields: ProposalFields = {
  type: 'observation',
  concerns: 'constat',
  content: 'contenu',
  sources: ['source'],
  confidence: 'low',
  submittedBy: 'process:test'
}

function baseOf(name: string) {
  const root = makeBundle(dir, name)
  const loaded = loadManifest(root, name)
  if (!loaded.ok) throw new Error(loaded.reason)
  return loaded.base
}

describe('fileProposal ids', () => {
  it('redraws an id already taken in pending/, accepted/ or rejected/', async () => {
    const base = baseOf('ids')
    const log = memoryHubLog()
    const now = () => new Date('2026-08-30T09:12:00Z')
    const first = await fileProposal(base, fields, { log, now, drawSuffix: () => 'aaaa' })
    expect(first.id).toBe('prop-2026-08-30-aaaa')
    // The taken id moves to accepted/: it must still never be reused.
    git(base.root, 'mv', `proposals/pending/${first.id}.md`, `proposals/accepted/${first.id}.md`)
    git(base.root, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'move')
    const draws = ['aaaa', 'aaaa', 'beef']
    const second = await fileProposal(base, fields, { log, now, drawSuffix: () => draws.shift()! })
    expect(second.id).toBe('prop-2026-08-30-beef')
    expect(
      log.lines.filter((l) => l.includes("collision d'id prop-2026-08-30-aaaa — nouveau tirage")).length
    ).toBe(2)
  })

  it('gives up with IO_ERROR after 16 draws, leaving the repository as it was', async () => {
    const base = baseOf('epuise')
    const log = memoryHubLog()
    const now = () => new Date('2026-08-30T09:12:00Z')
    await fileProposal(base, fields, { log, now, drawSuffix: () => 'cafe' })
    const before = repoFingerprint(base.root)
    await expect(fileProposal(base, fields, { log, now, drawSuffix: () => 'cafe' })).rejects.toMatchObject({
      code: 'IO_ERROR',
      message: `impossible de générer un identifiant libre après ${MAX_ID_DRAWS} tirages`
    })
    expect(repoFingerprint(base.root)).toBe(before)
    expect(readdirSync(join(base.root, 'proposals/pending')).filter((f) => f.endsWith('.md'))).toEqual([
      'prop-2026-08-30-cafe.md'
    ])
  })
})
