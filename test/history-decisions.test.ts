import { afterEach, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, hubConfig, makeBundle, removeDir, SSO_CORRECTION, tempDir } from './helpers/fixtures'
import { memoryHubLog } from '../src/engine/hublog'
import { fileProposal } from '../src/engine/proposals/propose'
import { HubService } from '../src/engine/hub/service'
import { dispatch } from '../src/engine/hub/dispatch'
import { COMMIT_DETAIL_MAX_FILES } from '../src/engine/hub/commit-detail'
import type { ResolutionPlan } from '../src/shared/hub-api'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) removeDir(d)
})

const DOC = '# SSO\n\n## Reconnexion\n\nAncien texte.\n'

function setup(): { service: HubService; root: string } {
  const basesDir = tempDir('okf-hist-bases-')
  const userData = tempDir('okf-hist-ud-')
  dirs.push(basesDir, userData)
  const root = makeBundle(basesDir, 'alpha', { files: { 'knowledge/sso.md': DOC } })
  const service = new HubService({
    config: hubConfig(basesDir, userData, { logFile: null }),
    log: memoryHubLog(),
    transport: 'web',
    version: '0.0.0-test'
  })
  return { service, root }
}

async function propose(service: HubService, concerns: string, suffix: string): Promise<string> {
  const filed = await fileProposal(
    service.registry.get('alpha'),
    { ...SSO_CORRECTION, concerns, submittedBy: 'agent:claude' },
    { log: memoryHubLog(), drawSuffix: () => suffix }
  )
  return filed.id
}

describe('the history of decisions', () => {
  it('says who integrated and who rejected which proposals, with the summary and the reviewer as a name', async () => {
    const { service } = setup()
    const a = await propose(service, 'reconnexion SSO', 'a1a1')
    const b = await propose(service, 'déconnexion', 'b2b2')
    const c = await propose(service, 'doublon', 'c3c3')
    const plan: ResolutionPlan = {
      summary: 'SSO à jour',
      reviewed_by: 'human:Morgane',
      resolutions: [
        { id: a, resolution: 'accepted', integrated_into: ['sso.md'] },
        { id: b, resolution: 'rejected', reason: 'hors sujet' },
        { id: c, resolution: 'accepted', integrated_into: ['sso.md'] }
      ],
      edits: [{ path: 'sso.md', section: 'Reconnexion', content: '## Reconnexion\n\nNouveau texte.\n' }]
    }
    const result = await service.resolvePlan('alpha', plan)
    const page = await service.history('alpha')
    const [decision, ...rest] = page.entries
    expect(decision.commit).toBe(result.commit)
    expect(decision.decision).toEqual({
      reviewer: 'Morgane',
      integrated: [a, c],
      rejected: [b],
      summary: 'SSO à jour'
    })
    expect(decision.filing).toBeNull()
    const filings = rest.filter((e) => e.kind === 'submission')
    expect(filings.map((e) => e.filing)).toEqual(
      [c, b, a].map((id, i) => ({
        id,
        type: 'correction',
        concerns: ['doublon', 'déconnexion', 'reconnexion SSO'][i],
        submittedBy: 'agent:claude',
        recovered: false
      }))
    )
    expect(rest.every((e) => e.decision === null)).toBe(true)

    // The audit trail says how each ended, read from the resolution commit.
    expect((await service.auditTrail('alpha', a)).outcome).toEqual({
      resolution: 'accepted',
      integratedInto: ['sso.md'],
      rejectionReason: null,
      resolvedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/)
    })
    expect((await service.auditTrail('alpha', b)).outcome).toMatchObject({
      resolution: 'rejected',
      integratedInto: [],
      rejectionReason: 'hors sujet'
    })
    const pending = await propose(service, 'encore', 'd4d4')
    expect((await service.auditTrail('alpha', pending)).outcome).toBeNull()
  })

  it("opens a decision's diff: the document's edit and the proposal files, as the preview showed them", async () => {
    const { service, root } = setup()
    const id = await propose(service, 'reconnexion SSO', 'a1a1')
    const plan: ResolutionPlan = {
      summary: 'SSO',
      reviewed_by: 'human:Morgane',
      resolutions: [{ id, resolution: 'accepted', integrated_into: ['sso.md'] }],
      edits: [{ path: 'sso.md', section: 'Reconnexion', content: '## Reconnexion\n\nNouveau texte.\n' }]
    }
    const preview = await service.previewPlan('alpha', plan)
    const result = await service.resolvePlan('alpha', plan, preview.preview.basis)
    const detail = await service.commitDetail('alpha', result.commit)
    expect(detail.entry.decision?.integrated).toEqual([id])
    expect(detail.parent).toBe(git(root, 'rev-parse', `${result.commit}^`).trim())
    // Documents first, then the proposal's move (deleted from pending, added to accepted).
    expect(detail.files.map((f) => [f.path, f.change])).toEqual([
      ['knowledge/sso.md', 'modified'],
      [`proposals/accepted/${id}.md`, 'added'],
      [`proposals/pending/${id}.md`, 'deleted']
    ])
    // The same diff text the preview showed for the document.
    expect(detail.files[0].diff).toBe(preview.preview.files[0].diff)
    // And what git itself says the commit changed.
    expect(
      git(root, 'diff-tree', '--no-commit-id', '--name-only', '-r', result.commit).trim().split('\n').sort()
    ).toEqual(detail.files.map((f) => f.path).sort())
    expect(detail.omitted).toBe(0)
  })

  it('a large commit lists the first files and counts the rest; binary files are named, not shown', async () => {
    const { service, root } = setup()
    for (let i = 0; i < COMMIT_DETAIL_MAX_FILES + 5; i++)
      writeFileSync(join(root, 'knowledge', `doc-${String(i).padStart(3, '0')}.md`), `# ${i}\n`)
    writeFileSync(join(root, 'knowledge', 'a-logo.png'), Buffer.from([0x89, 0x50, 0, 0, 1, 2]))
    git(root, 'add', '-A')
    git(root, 'commit', '-qm', 'import of the old wiki')
    const head = git(root, 'rev-parse', 'HEAD').trim()
    const detail = await service.commitDetail('alpha', head)
    expect(detail.entry).toMatchObject({ kind: 'other', subject: 'import of the old wiki', decision: null })
    expect(detail.files).toHaveLength(COMMIT_DETAIL_MAX_FILES)
    expect(detail.omitted).toBe(6)
    expect(detail.files[0]).toMatchObject({ path: 'knowledge/a-logo.png', binary: true, diff: null })
    expect(detail.files[1].diff).toContain('+# 0')
  })

  it("words the hub's own first commit of a base: created from the template, in either language", async () => {
    const { service } = setup()
    for (const [name, language] of [
      ['support-en', 'en'],
      ['support-fr', 'fr']
    ] as const) {
      await service.newBase({ name, title: 'Support', description: 'Le support.', language })
      const page = await service.history(name)
      expect(page.entries.at(-1)?.start).toEqual({ kind: 'created', name })
    }
    // A commit someone else wrote keeps its own subject: nothing parsed from it.
    expect((await service.history('alpha')).entries.at(-1)?.start).toBeNull()
  })

  it('an audit trail says where the proposal stands now: a decision reverted since, a commit that only says it decided', async () => {
    const { service, root } = setup()
    const a = await propose(service, 'reconnexion SSO', 'a1a1')
    const b = await propose(service, 'déconnexion', 'b2b2')
    await service.resolvePlan('alpha', {
      summary: 'rejet',
      reviewed_by: 'human:Morgane',
      resolutions: [{ id: a, resolution: 'rejected', reason: 'doublon' }],
      edits: []
    })
    expect(await service.auditTrail('alpha', a)).toMatchObject({
      status: 'rejected',
      outcome: { resolution: 'rejected' }
    })
    // A colleague reverts the decision: the file is back in pending/.
    git(root, 'revert', '--no-edit', 'HEAD')
    expect(await service.auditTrail('alpha', a)).toMatchObject({
      status: 'pending',
      outcome: { resolution: 'rejected' }
    })
    // A commit by hand whose message says it integrated b, with nothing moved.
    git(
      root,
      'commit',
      '--allow-empty',
      '-qm',
      `integrate: ${b} — faux\n\nProposal: ${b}\nReviewed-By: human:mallory`
    )
    const forged = await service.auditTrail('alpha', b)
    expect(forged.resolution?.kind).toBe('resolution')
    expect(forged).toMatchObject({ status: 'pending', outcome: null })
  })

  it('a colleague’s commit message in the encoding it declares (ISO-8859-1) reads as git log shows it', async () => {
    const { service, root } = setup()
    const file = join(root, '..', 'message-latin1.txt')
    writeFileSync(file, Buffer.from('Café à la française\n', 'latin1'))
    git(root, '-c', 'i18n.commitEncoding=ISO-8859-1', 'commit', '--allow-empty', '-q', '-F', file)
    const [entry] = (await service.history('alpha')).entries
    expect(entry.subject).toBe('Café à la française')
    expect((await service.commitDetail('alpha', entry.commit)).entry.subject).toBe('Café à la française')
  })

  it('refuses what is not a commit of the base, in the same envelope as every call', async () => {
    const { service } = setup()
    await expect(service.commitDetail('alpha', 'HEAD')).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    await expect(service.commitDetail('alpha', 'f'.repeat(40))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      kind: 'commit-not-found'
    })
    const env = await dispatch(service, 'commitDetail', ['alpha', 42], memoryHubLog())
    expect(env).toMatchObject({ error: { code: 'INVALID_INPUT' } })
  })
})
