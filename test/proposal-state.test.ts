import { afterEach, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, makeBundle, removeDir, SSO_CORRECTION, tempDir } from './helpers/fixtures'
import { memoryHubLog } from '../src/engine/hublog'
import { Registry } from '../src/engine/registry/registry'
import type { Base } from '../src/engine/registry/base'
import { fileProposal } from '../src/engine/proposals/propose'
import { previewPlan, resolvePlan } from '../src/engine/review/resolve'
import { proposalStates } from '../src/engine/review/proposal-state'
import { inventory } from '../src/engine/review/inventory'
import { hubRefusal } from './helpers/refusal'

/**
 * Stale state in a plan (issue 25, item 4): a proposal resolved elsewhere is reported with where
 * it went, when and by whom; a section renamed since the edit was written is named with the
 * current headings. The French sentences stay the contract's.
 */

const log = memoryHubLog()
const dirs: string[] = []
afterEach(() => {
  while (dirs.length) removeDir(dirs.pop() as string)
})

const DOC = '# Procédure SSO\n\n## Reconnexion\n\nAncien texte.\n\n## Déconnexion\n\nQuitter.\n'

function setup(): { root: string; base: Base } {
  const dir = tempDir('okf-state-')
  dirs.push(dir)
  const root = makeBundle(dir, 'alpha', { files: { 'knowledge/sso.md': DOC } })
  const registry = new Registry(dir, log)
  registry.rescan()
  return { root, base: registry.get('alpha') }
}

async function propose(base: Base, suffix: string): Promise<string> {
  const filed = await fileProposal(base, SSO_CORRECTION, {
    log,
    now: () => new Date('2026-12-04T10:00:00Z'),
    drawSuffix: () => suffix
  })
  return filed.id
}

describe('proposal states', () => {
  it('says pending, or resolved with when and who (the Reviewed-By trailer), or missing', async () => {
    const { base } = setup()
    const a = await propose(base, 'aaaa')
    const b = await propose(base, 'bbbb')
    await resolvePlan(
      base,
      {
        summary: 'doublon',
        reviewed_by: 'human:colleague',
        resolutions: [{ id: b, resolution: 'rejected', reason: 'doublon' }]
      },
      { log, now: () => new Date('2026-12-05T08:30:00Z') }
    )
    const states = await proposalStates(base, [a, b, 'prop-2026-01-01-ffff'])
    expect(states).toEqual([
      {
        id: a,
        status: 'pending',
        concerns: 'reconnexion SSO',
        resolvedAt: null,
        reviewer: null,
        commit: null
      },
      {
        id: b,
        status: 'rejected',
        concerns: 'reconnexion SSO',
        resolvedAt: '2026-12-05T08:30:00Z',
        reviewer: 'human:colleague',
        commit: expect.stringMatching(/^[0-9a-f]{40}$/) as unknown as string
      },
      {
        id: 'prop-2026-01-01-ffff',
        status: 'missing',
        concerns: null,
        resolvedAt: null,
        reviewer: null,
        commit: null
      }
    ])
  })

  it('refuses what is not a list of proposal ids', async () => {
    const { base } = setup()
    expect((await hubRefusal(proposalStates(base, 'prop-2026-01-01-ffff'))).code).toBe('INVALID_INPUT')
    expect((await hubRefusal(proposalStates(base, ['../x']))).code).toBe('INVALID_INPUT')
  })
})

describe('the kinds of a stale plan', () => {
  it('a proposal resolved since: proposal-not-pending with where it went, when and by whom, same French sentence', async () => {
    const { base } = setup()
    const a = await propose(base, 'aaaa')
    const plan = {
      summary: 'rejet',
      reviewed_by: 'human:me',
      resolutions: [{ id: a, resolution: 'rejected', reason: 'hors sujet' }]
    }
    await resolvePlan(base, plan, { log, now: () => new Date('2026-12-05T08:30:00Z') })
    const e = await hubRefusal(previewPlan(base, plan))
    expect(e.code).toBe('NOT_FOUND')
    expect(e.message).toBe(`propositions absentes de pending/ : ${a}`)
    expect(e.kind).toBe('proposal-not-pending')
    expect(e.params).toEqual({
      id: a,
      ids: [a],
      status: 'rejected',
      date: '2026-12-05T08:30:00Z',
      reviewer: 'human:me'
    })
  })

  it('a pending file committed by hand that no plan can name: proposal-malformed with its path, same French sentence; the inventory marks it incomplete', async () => {
    const { root, base } = setup()
    const a = await propose(base, 'aaaa')
    // Its name no longer its id (renamed by hand), and another whose id is not one.
    git(root, 'mv', `proposals/pending/${a}.md`, 'proposals/pending/mauvais-nom.md')
    const text = (id: string) =>
      `---\nid: ${id}\ntype: observation\nconcerns: fait main\nconfidence: low\nsubmitted-by: human:x\nsubmitted-at: 2026-12-04T10:00:00Z\nsources:\n  - s\n---\n\nCorps.\n`
    writeFileSync(join(root, 'proposals', 'pending', 'prop-2026-12-04-zzzz.md'), text('prop-2026-12-04-zzzz'))
    git(root, 'add', '-A')
    git(root, 'commit', '-qm', 'à la main')
    for (const [id, path] of [
      [a, 'proposals/pending/mauvais-nom.md'],
      ['prop-2026-12-04-zzzz', 'proposals/pending/prop-2026-12-04-zzzz.md']
    ]) {
      const plan = {
        summary: 'rejet',
        reviewed_by: 'human:me',
        resolutions: [{ id, resolution: 'rejected', reason: 'non' }]
      }
      const e = await hubRefusal(previewPlan(base, plan))
      expect(e.message).toBe(`propositions absentes de pending/ : ${id}`)
      expect(e.kind).toBe('proposal-malformed')
      expect(e.params).toEqual({ id, path })
    }
    const inv = await inventory(base, { log })
    const shown = inv.groups.flatMap((g) => g.proposals)
    expect(shown.map((p) => [p.id, p.incomplete]).sort()).toEqual(
      [
        [a, true],
        ['prop-2026-12-04-zzzz', true]
      ].sort()
    )
  })

  it('a section renamed since the edit was written: section-not-found with the current headings', async () => {
    const { root, base } = setup()
    const a = await propose(base, 'aaaa')
    writeFileSync(join(root, 'knowledge/sso.md'), DOC.replace('## Reconnexion', '## Se reconnecter'))
    git(root, 'commit', '-qam', 'renommage')
    const e = await hubRefusal(
      previewPlan(base, {
        summary: 's',
        reviewed_by: 'h',
        resolutions: [{ id: a, resolution: 'accepted', integrated_into: ['sso.md'] }],
        edits: [{ path: 'sso.md', section: 'Reconnexion', content: '## Reconnexion\n\nNouveau.\n' }]
      })
    )
    expect(e.message).toBe(
      "section 'Reconnexion' introuvable dans sso.md — headings disponibles : # Procédure SSO | ## Se reconnecter | ## Déconnexion"
    )
    expect(e.kind).toBe('section-not-found')
    expect(e.params).toEqual({
      path: 'sso.md',
      section: 'Reconnexion',
      headings: ['# Procédure SSO', '## Se reconnecter', '## Déconnexion']
    })
  })
})
