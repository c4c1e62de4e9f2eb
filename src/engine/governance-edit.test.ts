import { afterEach, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { git, makeBundle, removeDir, tempDir } from '../../test/helpers/fixtures'
import { memoryHubLog } from './hublog'
import { loadManifest } from './registry/manifest'
import type { Base } from './registry/base'
import { governanceStatus } from './governance'
import { commitGovernanceEdit, previewGovernanceEdit } from './governance-edit'
import { hubRefusal } from '../../test/helpers/refusal'

const log = memoryHubLog()
const dirs: string[] = []
afterEach(() => {
  while (dirs.length > 0) removeDir(dirs.pop() as string)
})

const RULES =
  '---\n# Brouillon : à valider.\nstatus: draft\nowner: équipe\n---\n\n# Règles\n\nAccepter les faits.\n'
const SCHEMA = '# Champs\nrequired:\n  - name: title\n'
const MANIFEST_EXTRA = '# Un commentaire à garder\n'

function setup(): Base {
  const basesDir = tempDir('okf-governance-edit-')
  dirs.push(basesDir)
  const root = makeBundle(basesDir, 'guide', {
    governance: RULES,
    schema: SCHEMA,
    title: 'Guide',
    description: 'Le guide.',
    extraManifest: MANIFEST_EXTRA
  })
  const m = loadManifest(root, 'guide')
  if (!m.ok) throw new Error(m.reason)
  return m.base
}

describe('governance edited in the app (issue 25 §3)', () => {
  it('draft → stable: previewed as a diff, one commit with the trailer, only the status line changed', async () => {
    const base = setup()
    const head = git(base.root, 'rev-parse', 'HEAD').trim()
    const preview = await previewGovernanceEdit(base, { draft: false, reviewer: 'human:alice' })
    expect(preview.files.map((f) => f.path)).toEqual(['GOVERNANCE.md'])
    expect(preview.files[0].diff).toContain('-status: draft\n+status: stable')
    expect(preview.commitMessage).toBe('governance: rules marked stable\n\nReviewed-By: human:alice\n')
    expect(preview.draft).toBe(false)
    // Nothing written by a preview.
    expect(readFileSync(join(base.root, 'GOVERNANCE.md'), 'utf8')).toBe(RULES)

    const result = await commitGovernanceEdit(
      base,
      { draft: false, reviewer: 'human:alice', basis: preview.basis },
      { log }
    )
    expect(result.paths).toEqual(['GOVERNANCE.md'])
    expect(git(base.root, 'rev-list', '--count', `${head}..HEAD`).trim()).toBe('1')
    expect(git(base.root, 'log', '-1', '--format=%B').trim()).toBe(
      'governance: rules marked stable\n\nReviewed-By: human:alice'
    )
    expect(git(base.root, 'status', '--porcelain')).toBe('')
    const after = readFileSync(join(base.root, 'GOVERNANCE.md'), 'utf8')
    expect(after).toBe(RULES.replace('status: draft', 'status: stable'))
    expect(governanceStatus(after, 'GOVERNANCE.md')).toBe('stable')

    // And back to draft.
    const back = await previewGovernanceEdit(base, { draft: true, reviewer: 'human:alice' })
    await commitGovernanceEdit(base, { draft: true, reviewer: 'human:alice', basis: back.basis }, { log })
    expect(readFileSync(join(base.root, 'GOVERNANCE.md'), 'utf8')).toBe(RULES)
  })

  it('rules text, schema, title and description together in one commit; the manifest keeps its comments', async () => {
    const base = setup()
    const edit = {
      rulesText: RULES.replace('Accepter les faits.', 'Accepter les faits sourcés.'),
      schemaText: SCHEMA + 'optional:\n  - name: tags\n',
      title: 'Guide du support',
      description: 'Le guide du support, revu.',
      summary: 'règles revues',
      reviewer: 'human:alice'
    }
    const preview = await previewGovernanceEdit(base, edit)
    expect(preview.files.map((f) => f.path)).toEqual(['GOVERNANCE.md', 'schema.yaml', 'okf-bundle.yaml'])
    expect(preview.subject).toBe('governance: règles revues')
    await commitGovernanceEdit(base, { ...edit, basis: preview.basis }, { log })
    expect(git(base.root, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      'GOVERNANCE.md',
      'okf-bundle.yaml',
      'schema.yaml'
    ])
    const manifest = readFileSync(join(base.root, 'okf-bundle.yaml'), 'utf8')
    expect(manifest).toContain('# Un commentaire à garder')
    expect(parse(manifest)).toMatchObject({
      title: 'Guide du support',
      description: 'Le guide du support, revu.'
    })
    expect(readFileSync(join(base.root, 'schema.yaml'), 'utf8')).toBe(edit.schemaText)
    expect(loadManifest(base.root, 'guide').ok).toBe(true)
  })

  it('edits rules and schema the manifest names as ./GOVERNANCE.md and ./schema.yaml (found by exploratory QA: « modified outside the hub »)', async () => {
    const basesDir = tempDir('okf-governance-edit-dot-')
    dirs.push(basesDir)
    const manifest = [
      'bundle-spec: "0.1"',
      'name: guide',
      'title: "Guide"',
      'description: "Le guide."',
      'governance:',
      '  rules: ./GOVERNANCE.md',
      '  frontmatter-schema: ./schema.yaml',
      ''
    ].join('\n')
    const root = makeBundle(basesDir, 'guide', { governance: RULES, schema: SCHEMA, manifest })
    const m = loadManifest(root, 'guide')
    if (!m.ok) throw new Error(m.reason)
    const edit = {
      rulesText: `${RULES}\nEt les sources.\n`,
      schemaText: `${SCHEMA}  - name: owner\n`,
      reviewer: 'h'
    }
    const preview = await previewGovernanceEdit(m.base, edit)
    await commitGovernanceEdit(m.base, { ...edit, basis: preview.basis }, { log })
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      'GOVERNANCE.md',
      'schema.yaml'
    ])
    expect(readFileSync(join(root, 'GOVERNANCE.md'), 'utf8')).toContain('Et les sources.')
    expect(git(root, 'status', '--porcelain')).toBe('')
  })

  it('an edit started before a colleague’s commit is applied on top of it, their change kept; the same lines refused (found by exploratory QA: their rule was erased)', async () => {
    const base = setup()
    const from = readFileSync(base.governancePath, 'utf8')
    // The manager opens the editor and adds a rule after « Accepter les faits. »…
    const mine = from.replace('Accepter les faits.\n', 'Accepter les faits.\nCiter ses sources.\n')
    // …while a colleague commits a change elsewhere in the file (beyond the edit's context lines).
    const theirs = from.replace('# Brouillon : à valider.', '# Brouillon : à valider par l’équipe.')
    writeFileSync(base.governancePath, theirs)
    git(base.root, 'commit', '-qam', 'collègue')
    const edit = { rulesText: mine, rulesFrom: from, reviewer: 'h' }
    const preview = await previewGovernanceEdit(base, edit)
    expect(preview.merged).toEqual(['GOVERNANCE.md'])
    expect(preview.files[0].diff).toContain('+Citer ses sources.')
    expect(preview.files[0].diff).not.toContain('-# Brouillon : à valider par l’équipe.')
    await commitGovernanceEdit(base, { ...edit, basis: preview.basis }, { log })
    const now = readFileSync(base.governancePath, 'utf8')
    expect(now).toContain('# Brouillon : à valider par l’équipe.\n')
    expect(now).toContain('Citer ses sources.\n')
    expect(git(base.root, 'status', '--porcelain')).toBe('')

    // Both changed the same line: refused, nothing written.
    const head = git(base.root, 'rev-parse', 'HEAD').trim()
    const again = readFileSync(base.governancePath, 'utf8')
    writeFileSync(base.governancePath, again.replace('Citer ses sources.', 'Citer toutes ses sources.'))
    git(base.root, 'commit', '-qam', 'collègue encore')
    const conflict = await hubRefusal(
      previewGovernanceEdit(base, {
        rulesText: again.replace('Citer ses sources.', 'Citer ses sources et leur date.'),
        rulesFrom: again,
        reviewer: 'h'
      })
    )
    expect(conflict.kind).toBe('governance-edit-conflict')
    expect(conflict.params).toEqual({ file: 'GOVERNANCE.md' })
    expect(git(base.root, 'rev-parse', 'HEAD^').trim()).toBe(head)
    // Without the text it started from, the edit replaces the file as before.
    const plain = await previewGovernanceEdit(base, { rulesText: '# Autres règles\n', reviewer: 'h' })
    expect(plain.merged).toEqual([])
  })

  it('refusals with kinds, nothing written: bad YAML, a bad title, nothing changed, no reviewer, moved, local changes', async () => {
    const base = setup()
    const head = git(base.root, 'rev-parse', 'HEAD').trim()
    const bad = await hubRefusal(previewGovernanceEdit(base, { schemaText: 'a: [1, 2\n', reviewer: 'h' }))
    expect(bad.kind).toBe('governance-invalid-yaml')
    expect(bad.params?.file).toBe('schema.yaml')
    const badFm = await hubRefusal(
      previewGovernanceEdit(base, { rulesText: '---\na: [\n---\n# R\n', reviewer: 'h' })
    )
    expect(badFm.kind).toBe('governance-invalid-yaml')
    expect((await hubRefusal(previewGovernanceEdit(base, { title: 'a\nb', reviewer: 'h' }))).kind).toBe(
      'governance-invalid-field'
    )
    expect((await hubRefusal(previewGovernanceEdit(base, { title: 'Guide', reviewer: 'h' }))).kind).toBe(
      'governance-unchanged'
    )
    expect((await hubRefusal(previewGovernanceEdit(base, { draft: false, reviewer: ' ' }))).kind).toBe(
      'reviewer-missing'
    )

    const preview = await previewGovernanceEdit(base, { draft: false, reviewer: 'h' })
    // Another program commits a change to the rules after the preview.
    writeFileSync(join(base.root, 'GOVERNANCE.md'), RULES + '\nAjout.\n')
    git(base.root, 'commit', '-qam', 'ailleurs')
    const moved = await hubRefusal(
      commitGovernanceEdit(base, { draft: false, reviewer: 'h', basis: preview.basis }, { log })
    )
    expect(moved.kind).toBe('governance-moved')
    // An uncommitted change to a governance file leads to the local-changes panel.
    writeFileSync(join(base.root, 'schema.yaml'), SCHEMA + '# à moi\n')
    const dirty = await hubRefusal(previewGovernanceEdit(base, { draft: false, reviewer: 'h' }))
    expect(dirty.kind).toBe('local-changes')
    expect(dirty.params).toEqual({ paths: ['schema.yaml'] })
    expect(git(base.root, 'rev-list', '--count', `${head}..HEAD`).trim()).toBe('1')
  })
})
