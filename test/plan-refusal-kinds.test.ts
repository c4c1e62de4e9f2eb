import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, makeBundle, removeDir, SSO_CORRECTION, tempDir } from './helpers/fixtures'
import { HubError } from '../src/engine/errors'
import { memoryHubLog } from '../src/engine/hublog'
import { Registry } from '../src/engine/registry/registry'
import type { Base } from '../src/engine/registry/base'
import { fileProposal } from '../src/engine/proposals/propose'
import { renderProposalFile } from '../src/engine/proposals/record'
import { previewPlan, resolvePlan } from '../src/engine/review/resolve'
import { previewGovernanceEdit } from '../src/engine/governance-edit'
import { sharedEn } from '../src/shared/words/en'
import { sharedFr } from '../src/shared/words/fr'
import type { ErrorKind } from '../src/shared/error-kinds'
import { hubRefusal } from './helpers/refusal'

/**
 * The refusals a manager can meet when previewing a plan carry a kind and the parameters its
 * wording names (issue 25's one vocabulary): without them the app could only say « the hub refused
 * this request » and fold the engine's French sentence away. The sentences stay the contract's.
 */

const log = memoryHubLog()
const dirs: string[] = []
afterEach(() => {
  while (dirs.length) removeDir(dirs.pop() as string)
})

const DOC = '# Procédure SSO\n\n## Reconnexion\n\nAncien texte.\n'

function setup(): { root: string; base: Base } {
  const dir = tempDir('okf-kinds-')
  dirs.push(dir)
  const root = makeBundle(dir, 'alpha', {
    files: {
      'knowledge/sso.md': DOC,
      'knowledge/notes.txt': 'pas un document\n',
      'knowledge/dossier/a.md': '# A\n',
      'knowledge/ancre.md': '---\nbase: &b valeur\nautre: *b\n---\n# Ancre\n'
    }
  })
  writeFileSync(join(root, 'knowledge/latin1.md'), Buffer.from([0x23, 0x20, 0xe9, 0x74, 0xe9, 0x0a]))
  symlinkSync(join(root, 'knowledge/sso.md'), join(root, 'knowledge/lien.md'))
  git(root, 'add', '-A')
  git(root, 'commit', '-qm', 'fixtures')
  const registry = new Registry(dir, log)
  registry.rescan()
  return { root, base: registry.get('alpha') }
}

async function propose(base: Base): Promise<string> {
  const filed = await fileProposal(base, SSO_CORRECTION, {
    log,
    now: () => new Date('2026-12-04T10:00:00Z'),
    drawSuffix: () => 'beef'
  })
  return filed.id
}

/** Every `{{name}}` the kind's wording uses, in both languages, is a parameter the engine gave. */
function expectWordable(e: HubError): void {
  expect(e.kind).toBeDefined()
  const kind = e.kind as ErrorKind
  for (const words of [sharedEn.errorKinds[kind], sharedFr.errorKinds[kind]]) {
    expect(words, `wording of ${kind}`).toBeDefined()
    const names = [...`${words.title} ${words.action}`.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])
    for (const n of names) expect(e.params ?? {}, `${kind} needs {{${n}}}`).toHaveProperty(n)
  }
}

const edit = (id: string, e: Record<string, unknown>) => ({
  summary: 's',
  reviewed_by: 'human:me',
  resolutions: [{ id, resolution: 'accepted', integrated_into: [] }],
  edits: [e]
})

describe('a plan preview refused: kinds and parameters', () => {
  it.each([
    ['../GOVERNANCE.md', 'edit-path-invalid', "edits[0] : chemin d'édition refusé : ../GOVERNANCE.md"],
    [
      'proposals/pending/x.md',
      'edit-path-excluded',
      "chemin d'édition exclu du corpus : proposals/pending/x.md"
    ],
    ['lien.md', 'edit-path-link', "chemin d'édition refusé : lien.md (lien symbolique)"],
    ['notes.txt', 'edit-path-not-markdown', 'seuls les documents .md sont éditables'],
    ['dossier', 'edit-path-not-markdown', "ce n'est pas un fichier"],
    ['sso.md/x.md', 'edit-path-not-markdown', "sso.md n'est pas un répertoire"]
  ])('the edit path %s: %s', async (path, kind, sentence) => {
    const { base } = setup()
    const id = await propose(base)
    const e = await hubRefusal(previewPlan(base, edit(id, { path, append: 'x' })))
    expect(e.code).toBe('INVALID_INPUT')
    expect(e.message).toContain(sentence)
    expect(e.kind).toBe(kind)
    expect(e.params).toEqual({ path })
    expectWordable(e)
  })

  it('a document in another repository (a submodule checked out or not, a nested clone): edit-path-other-repository, nothing written', async () => {
    const { root, base } = setup()
    const sub = tempDir('okf-sub-')
    dirs.push(sub)
    git(sub, 'init', '-qb', 'main')
    writeFileSync(join(sub, 'a.md'), '# A\n')
    git(sub, 'add', '-A')
    git(sub, 'commit', '-qm', 'sub')
    git(root, '-c', 'protocol.file.allow=always', 'submodule', '--quiet', 'add', sub, 'knowledge/vendor')
    // A submodule registered but not checked out: git leaves an empty folder.
    git(
      root,
      'update-index',
      '--add',
      '--cacheinfo',
      `160000,${git(sub, 'rev-parse', 'HEAD').trim()},knowledge/absent`
    )
    mkdirSync(join(root, 'knowledge/absent'))
    git(root, 'commit', '-qm', 'submodules')
    // A clone inside the base that git does not track.
    mkdirSync(join(root, 'knowledge/clone'))
    git(join(root, 'knowledge/clone'), 'init', '-q')
    writeFileSync(join(root, 'knowledge/clone/c.md'), '# C\n')
    const id = await propose(base)
    const head = git(root, 'rev-parse', 'HEAD')
    for (const [path, folder] of [
      ['vendor/a.md', 'knowledge/vendor'],
      ['vendor/new.md', 'knowledge/vendor'],
      ['absent/new.md', 'knowledge/absent'],
      ['clone/c.md', 'knowledge/clone'],
      ['clone/deeper/new.md', 'knowledge/clone']
    ]) {
      const plan = edit(id, { path, content: '# Nouveau\n' })
      const e = await hubRefusal(previewPlan(base, plan))
      expect(e.code, path).toBe('INVALID_INPUT')
      expect(e.message).toContain(`chemin d'édition refusé : ${path} (${folder} est un dépôt git à part`)
      expect(e.kind).toBe('edit-path-other-repository')
      expect(e.params).toEqual({ path, folder })
      expectWordable(e)
      const r = await hubRefusal(resolvePlan(base, plan, { log }))
      expect(r.kind, path).toBe('edit-path-other-repository')
    }
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head)
    expect(git(root, 'status', '--porcelain', '--untracked-files=no')).toBe('')
    expect(existsSync(join(root, 'knowledge/vendor/new.md'))).toBe(false)
    expect(existsSync(join(root, 'knowledge/absent/new.md'))).toBe(false)
    expect(git(root, 'fsck', '--no-progress')).toBe('')
    // The base's own documents beside them are still editable.
    await expect(previewPlan(base, edit(id, { path: 'dossier/a.md', append: 'x' }))).resolves.toBeDefined()
  })

  it('a section whose new text lost its heading: section-content-heading, with the level to keep', async () => {
    const { base } = setup()
    const id = await propose(base)
    const e = await hubRefusal(
      previewPlan(base, edit(id, { path: 'sso.md', section: 'Reconnexion', content: 'Un texte sans titre.' }))
    )
    expect(e.message).toBe(
      'edits[0].content doit commencer par un heading de niveau 2 (## …) : il remplace la section « Reconnexion » de sso.md'
    )
    expect(e.kind).toBe('section-content-heading')
    expect(e.params).toEqual({ path: 'sso.md', section: 'Reconnexion', level: 2, hashes: '##' })
    expectWordable(e)
  })

  it('a document that is not UTF-8: document-not-utf8', async () => {
    const { base } = setup()
    const id = await propose(base)
    const e = await hubRefusal(previewPlan(base, edit(id, { path: 'latin1.md', append: 'x' })))
    expect(e.message).toContain("latin1.md n'est pas un texte UTF-8 valide")
    expect(e.kind).toBe('document-not-utf8')
    expect(e.params).toEqual({ path: 'latin1.md' })
    expectWordable(e)
  })

  it('a section or fields of a document that is not there: document-not-found', async () => {
    const { base } = setup()
    const id = await propose(base)
    for (const e of [
      { path: 'absent.md', section: 'Reconnexion', content: '## Reconnexion\n' },
      { path: 'absent.md', frontmatter: { tags: ['a'] } }
    ]) {
      const r = await hubRefusal(previewPlan(base, edit(id, e)))
      expect(r.code).toBe('NOT_FOUND')
      expect(r.message).toContain("document 'absent.md' introuvable")
      expect(r.kind).toBe('document-not-found')
      expect(r.params).toEqual({ path: 'absent.md' })
      expectWordable(r)
    }
  })

  it('fields the faithful merge cannot change, or cannot write: the file named', async () => {
    const { base } = setup()
    const id = await propose(base)
    const unmergeable = await hubRefusal(
      previewPlan(base, edit(id, { path: 'ancre.md', frontmatter: { tags: ['a'] } }))
    )
    expect(unmergeable.message).toMatch(/^edits\[0\] \(ancre\.md\) : fusion de frontmatter refusée/)
    expect(unmergeable.kind).toBe('frontmatter-unmergeable')
    expect(unmergeable.params).toEqual({ path: 'ancre.md' })
    expectWordable(unmergeable)

    const badKey = await hubRefusal(
      previewPlan(base, edit(id, { path: 'sso.md', frontmatter: { 'a\nb': 1 } }))
    )
    expect(badKey.message).toContain('clé de frontmatter invalide')
    expect(badKey.kind).toBe('frontmatter-field-invalid')
    expect(badKey.params).toEqual({ path: 'sso.md' })
    expectWordable(badKey)
  })

  it('an integrated_into document that is not there: integrated-into-missing, with the proposal', async () => {
    const { base } = setup()
    const id = await propose(base)
    const e = await hubRefusal(
      previewPlan(base, {
        summary: 's',
        reviewed_by: 'human:me',
        resolutions: [{ id, resolution: 'accepted', integrated_into: ['fantome.md'] }],
        edits: [{ path: 'sso.md', append: 'x' }]
      })
    )
    expect(e.message).toBe(
      "resolutions[0].integrated_into : fantome.md n'existe pas dans le corpus et aucune édition du plan ne le crée"
    )
    expect(e.kind).toBe('integrated-into-missing')
    expect(e.params).toEqual({ id, path: 'fantome.md' })
    expectWordable(e)
  })

  it('a pending file no commit tracks, and a copy already at the destination: the inventory’s Repair', async () => {
    const { root, base } = setup()
    const untracked = 'prop-2026-01-02-cafe'
    mkdirSync(join(root, 'proposals/pending'), { recursive: true })
    writeFileSync(
      join(root, `proposals/pending/${untracked}.md`),
      renderProposalFile(untracked, SSO_CORRECTION, new Date())
    )
    const reject = (id: string) => ({
      summary: 's',
      reviewed_by: 'human:me',
      resolutions: [{ id, resolution: 'rejected', reason: 'r' }]
    })
    const e = await hubRefusal(previewPlan(base, reject(untracked)))
    expect(e.message).toContain(`proposition ${untracked} absente du tree de HEAD`)
    expect(e.kind).toBe('proposal-not-committed')
    expect(e.params).toEqual({ id: untracked })
    expectWordable(e)

    const id = await propose(base)
    mkdirSync(join(root, 'proposals/rejected'), { recursive: true })
    writeFileSync(join(root, `proposals/rejected/${id}.md`), 'une copie\n')
    const copy = await hubRefusal(previewPlan(base, reject(id)))
    expect(copy.message).toContain(`proposals/rejected/${id}.md existe déjà (copie en double)`)
    expect(copy.kind).toBe('proposal-copy-exists')
    expect(copy.params).toEqual({ id, path: `proposals/rejected/${id}.md` })
    expectWordable(copy)
  })

  it('the rules whose status cannot be changed faithfully: frontmatter-unmergeable on the rules file', async () => {
    const { root, base } = setup()
    writeFileSync(
      join(root, 'GOVERNANCE.md'),
      '---\nstatus: draft\nbase: &b x\nautre: *b\n---\n# Règles\n\nProposer avant d’écrire.\n'
    )
    git(root, 'commit', '-qam', 'règles avec une ancre')
    const e = await hubRefusal(previewGovernanceEdit(base, { draft: false, reviewer: 'human:me' }))
    expect(e.kind).toBe('frontmatter-unmergeable')
    expect(e.params).toEqual({ path: 'GOVERNANCE.md' })
    expectWordable(e)
  })
})
