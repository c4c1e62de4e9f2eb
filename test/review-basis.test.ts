import { afterEach, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, makeBundle, removeDir, SSO_CORRECTION, tempDir } from './helpers/fixtures'
import { memoryHubLog } from '../src/engine/hublog'
import { Registry } from '../src/engine/registry/registry'
import type { Base } from '../src/engine/registry/base'
import { fileProposal } from '../src/engine/proposals/propose'
import { previewPlan, resolvePlan } from '../src/engine/review/resolve'
import { decodeBasis } from '../src/engine/review/basis'
import { keepLineEndings, lineEndingOf } from '../src/engine/review/line-endings'
import { assertBuilt, CLI_JS, hubEnv } from './helpers/mcp'
import { hubRefusal } from './helpers/refusal'

/**
 * Issue 25 §1: a resolve is bound to its preview. Between the two a colleague commits (the git
 * CLI, outside the hub): a change to a file the preview read makes the resolve refuse, nothing
 * written, naming the files and the commits; a commit elsewhere does not; the resolve writes the
 * very bytes previewed. And a CRLF document stays CRLF.
 */
const log = memoryHubLog()
const dirs: string[] = []
afterEach(() => {
  while (dirs.length) removeDir(dirs.pop() as string)
})

const SSO = '# SSO\n\n## Reconnexion\n\nAncien texte.\n\n## Déconnexion\n\nQuitter.\n'

function setup(files: Record<string, string> = {}): { dir: string; root: string; base: Base } {
  const dir = tempDir('okf-basis-')
  dirs.push(dir)
  const root = makeBundle(dir, 'alpha', { files: { 'knowledge/sso.md': SSO, ...files } })
  const registry = new Registry(dir, log)
  registry.rescan()
  return { dir, root, base: registry.get('alpha') }
}

async function propose(base: Base, suffix: string): Promise<string> {
  const filed = await fileProposal(
    base,
    { ...SSO_CORRECTION, content: 'Le bouton a bougé.', submittedBy: 'session-a' },
    { log, now: () => new Date('2026-12-01T10:00:00Z'), drawSuffix: () => suffix }
  )
  return filed.id
}

function planFor(
  id: string,
  edit: Record<string, unknown> = { path: 'sso.md', append: '\nNote ajoutée.\n' }
) {
  return {
    summary: 'reconnexion',
    reviewed_by: 'human:morgane',
    resolutions: [{ id, resolution: 'accepted', integrated_into: ['sso.md'] }],
    edits: [edit]
  }
}

/** A colleague's commit made with git itself. */
function colleague(root: string, rel: string, text: string, subject: string): void {
  writeFileSync(join(root, rel), text)
  git(root, 'add', '--', rel)
  git(root, 'commit', '-q', '--author=Colleague <c@example.org>', '-m', subject)
}

describe('a resolve bound to its preview', () => {
  it('refuses when a colleague changed a document the preview read: nothing written, files and commits named', async () => {
    const { root, base } = setup()
    const id = await propose(base, 'aaaa')
    const preview = await previewPlan(base, planFor(id))
    colleague(root, 'knowledge/sso.md', SSO + '\nLigne du collègue.\n', 'ajout du collègue')
    const head = git(root, 'rev-parse', 'HEAD').trim()
    const e = await hubRefusal(resolvePlan(base, planFor(id), { log, basis: preview.basis }))
    expect(e.kind).toBe('stale-preview')
    expect(e.params?.paths).toEqual(['knowledge/sso.md'])
    expect((e.params?.commits as string[])[0]).toMatch(/^[0-9a-f]{7} ajout du collègue \(Colleague\)$/)
    expect(e.message).toMatch(/^aperçu périmé : knowledge\/sso\.md a changé/)
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(head)
    expect(git(root, 'status', '--porcelain', '--untracked-files=all')).toBe('')
    // A fresh preview resolves, in exactly one commit, with the colleague's line shown and kept.
    const again = await previewPlan(base, planFor(id))
    expect(again.files[0].diff).not.toContain('+Ligne du collègue')
    expect(again.files[0].after).toContain('Ligne du collègue')
    const r = await resolvePlan(base, planFor(id), { log, basis: again.basis })
    expect(git(root, 'rev-list', '--count', `${head}..HEAD`).trim()).toBe('1')
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(r.commit)
  })

  it('refuses when the proposal file itself changed since the preview', async () => {
    const { root, base } = setup()
    const id = await propose(base, 'bbbb')
    const preview = await previewPlan(base, planFor(id))
    const rel = `proposals/pending/${id}.md`
    colleague(
      root,
      rel,
      readFileSync(join(root, rel), 'utf8').replace('Le bouton a bougé.', 'Autre.'),
      'retouche'
    )
    const e = await hubRefusal(resolvePlan(base, planFor(id), { log, basis: preview.basis }))
    expect(e.params?.paths).toEqual([rel])
  })

  it('writes exactly the bytes previewed when only other files moved (another proposal filed meanwhile)', async () => {
    const { root, base } = setup()
    const id = await propose(base, 'cccc')
    const preview = await previewPlan(base, planFor(id))
    colleague(root, 'knowledge/autre.md', '# Autre\n', 'un autre document')
    await propose(base, 'dddd')
    const r = await resolvePlan(base, planFor(id), { log, basis: preview.basis })
    expect(r.commit).toBe(git(root, 'rev-parse', 'HEAD').trim())
    for (const f of preview.files) expect(readFileSync(join(root, f.path), 'utf8')).toBe(f.after)
    for (const m of preview.moves) expect(readFileSync(join(root, m.to), 'utf8')).toBe(m.after)
    // resolved-at included: the resolve wrote at the preview's instant.
    expect(decodeBasis(preview.basis).at.slice(0, 19)).toBe(
      /resolved-at: '?([0-9T:-]{19})/.exec(preview.moves[0].after)![1]
    )
  })

  it('refuses a basis that is not one', async () => {
    const { base } = setup()
    const id = await propose(base, 'eeee')
    const e = await hubRefusal(resolvePlan(base, planFor(id), { log, basis: 'nimporte' }))
    expect(e.code).toBe('INVALID_INPUT')
    expect(e.message).toMatch(/^basis invalide/)
  })
})

describe('line endings', () => {
  it('knows a CRLF document, an LF one and a mixed one', () => {
    expect(lineEndingOf('a\r\nb\r\n')).toBe('crlf')
    expect(lineEndingOf('a\nb\n')).toBe('lf')
    expect(lineEndingOf('a\r\nb\n')).toBe('mixed')
    expect(keepLineEndings('a\r\n', 'a\nb\n')).toBe('a\r\nb\r\n')
    expect(keepLineEndings('a\r\nb\n', 'a\nb\n')).toBe('a\nb\n')
    expect(keepLineEndings('\uFEFFa\n', 'b\n')).toBe('\uFEFFb\n')
    expect(keepLineEndings(null, 'b\n')).toBe('b\n')
  })

  for (const [name, edit] of [
    ['a section', { path: 'crlf.md', section: 'Reconnexion', content: '## Reconnexion\n\nNouveau texte.\n' }],
    ['an appended note', { path: 'crlf.md', append: '\nNote.\n' }],
    ['the whole document', { path: 'crlf.md', content: '# SSO\n\nTout neuf.\n' }]
  ] as const) {
    it(`keeps a CRLF document CRLF when the plan replaces ${name}, byte for byte as previewed`, async () => {
      const crlf = SSO.replace(/\n/g, '\r\n')
      const { root, base } = setup({ 'knowledge/crlf.md': crlf })
      const id = await propose(base, 'ffff')
      const plan = {
        ...planFor(id, edit),
        resolutions: [{ id, resolution: 'accepted', integrated_into: ['crlf.md'] }]
      }
      const preview = await previewPlan(base, plan)
      await resolvePlan(base, plan, { log, basis: preview.basis })
      const written = readFileSync(join(root, 'knowledge/crlf.md'), 'utf8')
      expect(written).toBe(preview.files[0].after)
      expect(lineEndingOf(written)).toBe('crlf')
      expect(git(root, 'status', '--porcelain')).toBe('')
    })
  }
})

describe('okf-hub review resolve --dry-run / --basis', () => {
  it('prints the basis, resolves with it, and refuses it once a read file changed (exit 4)', async () => {
    assertBuilt()
    const { dir, root, base } = setup()
    const id = await propose(base, 'abcd')
    const h = hubEnv(dir)
    dirs.push(h.userData)
    const planFile = join(h.userData, 'plan.json')
    writeFileSync(planFile, JSON.stringify(planFor(id)))
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [CLI_JS, 'review', 'resolve', 'alpha', '--plan', planFile, ...args], {
        env: h.env,
        encoding: 'utf8'
      })
    const dry = run('--dry-run')
    expect(dry.status).toBe(0)
    const basis = /^basis : (\S+)$/m.exec(dry.stdout)![1]
    expect(JSON.parse(run('--dry-run', '--json').stdout).basis).toBeTruthy()
    colleague(root, 'knowledge/sso.md', SSO + '\nCollègue.\n', 'collègue')
    const stale = run('--basis', basis)
    expect(stale.status).toBe(4)
    expect(stale.stderr + stale.stdout).toContain('aperçu périmé')
    const fresh = /^basis : (\S+)$/m.exec(run('--dry-run').stdout)![1]
    const ok = run('--basis', fresh)
    expect(ok.status).toBe(0)
    expect(ok.stdout).toMatch(/^Résolution commitée : [0-9a-f]{40}/)
    expect(run('--dry-run', '--basis', fresh).status).toBe(64)
  })
})
