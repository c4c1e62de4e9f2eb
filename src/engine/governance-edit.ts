import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { applyPatch, structuredPatch } from 'diff'
import { unifiedDiff } from './text-diff'
import { isScalar, parse, parseDocument } from 'yaml'
import { describeError, HubError, invalidInput, ioError } from './errors'
import type { HubLog } from './hublog'
import type { Base } from './registry/base'
import { MANIFEST_FILE } from './registry/manifest'
import { withBaseLock } from './lock'
import { yamlTooDeep, TOO_DEEP } from './yaml-depth'
import { splitFrontmatter } from './corpus/frontmatter'
import { mergeFileFrontmatter, mergeFrontmatter } from './corpus/frontmatter-merge'
import { governanceStatus } from './governance'
import { assertWritableRepository, commitPaths } from './git/commit'
import { localChanges } from './review/worktree'
import { applyThenCommit, recoverInterrupted, type Change } from './review/transaction'
import { trailerValue } from './review/message'
import { checkText, DESCRIPTION_MAX, TITLE_MAX } from './bases/new-base'
import type { GovernanceEdit, GovernanceEditPreview, GovernanceEditResult } from '../shared/governance-edit'

/**
 * Governance edited from the app instead of an editor and `git commit` (issue 25 §3). The rules,
 * their draft/stable status (GOVERNANCE.md's frontmatter `status`, set by the faithful merge so
 * every other byte stays), the schema (checked by the YAML library before anything is written) and
 * the manifest's title and description (through `yaml`'s document API: comments kept). One
 * computation behind the preview and the commit; the commit re-runs it under the base lock and
 * refuses when the files moved since the preview (`basis`), then writes and commits them together,
 * with the reviewer's trailer, through the resolutions' all-or-nothing transaction.
 */

interface Planned {
  preview: GovernanceEditPreview
  changes: Change[]
}

const SUMMARY_MAX = 200

const readText = (abs: string, rel: string): string => {
  try {
    return readFileSync(abs, 'utf8')
  } catch (e) {
    throw ioError(`${rel} illisible : ${describeError(e)}`)
  }
}

function yamlProblem(text: string): string | null {
  if (yamlTooDeep(text)) return TOO_DEEP
  const doc = parseDocument(text)
  if (doc.errors.length > 0) return doc.errors[0].message.split('\n')[0]
  return null
}

function badYaml(file: string, reason: string): HubError {
  return invalidInput(`${file} : YAML invalide (${reason}) — rien n'a été écrit`, {
    kind: 'governance-invalid-yaml',
    params: { file, reason }
  })
}

function fieldText(field: 'title' | 'description', raw: unknown, max: number): string {
  try {
    return checkText(field, raw, max)
  } catch (e) {
    if (!(e instanceof HubError)) throw e
    throw invalidInput(e.message, { kind: 'governance-invalid-field', params: { field, reason: e.message } })
  }
}

/** The manifest with a new title and/or description, comments and layout kept; re-read to prove it. */
function editManifest(text: string, values: { title?: string; description?: string }): string {
  const doc = parseDocument(text)
  if (doc.errors.length > 0) throw badYaml(MANIFEST_FILE, doc.errors[0].message.split('\n')[0])
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue
    const node = doc.get(key, true)
    if (isScalar(node)) node.value = value
    else doc.set(key, value)
  }
  const out = doc.toString()
  const back = parse(out, { schema: 'core' }) as Record<string, unknown>
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && back[key] !== value)
      throw ioError(`${MANIFEST_FILE} : la valeur relue de ${key} n'est pas celle écrite`)
  return out
}

/** A subject naming what changed, when the manager gave none (English, as the hub's other subjects). */
function defaultSummary(parts: {
  rules: boolean
  status: 'draft' | 'stable' | null
  schema: boolean
  manifest: boolean
}): string {
  const said: string[] = []
  if (parts.status === 'stable') said.push('rules marked stable')
  if (parts.status === 'draft') said.push('rules marked draft')
  if (parts.rules) said.push('rules edited')
  if (parts.schema) said.push('schema edited')
  if (parts.manifest) said.push('title and description edited')
  return said.join(', ')
}

/**
 * The manager's edit of one file (`from` → `mine`) on the file as it is now (`current`): `mine`
 * when the file did not move since the editor loaded it (or `from` was not given); otherwise the
 * edit's hunks applied to the current text without fuzz, as `git apply` would, so that a
 * colleague's commit in between is kept instead of undone by a whole-text replacement (found by
 * exploratory QA). Refused, nothing written, when the hunks no longer apply: both changed the same
 * lines, and only the manager can say which to keep.
 */
function onTopOf(rel: string, from: unknown, mine: string, current: string, merged: string[]): string {
  if (from === undefined || from === current) return mine
  if (typeof from !== 'string') throw invalidInput(`le texte de départ de ${rel} doit être un texte`)
  const out = applyPatch(current, structuredPatch(rel, rel, from, mine, '', '', { context: 3 }), {
    fuzzFactor: 0
  })
  if (out === false)
    throw invalidInput(
      `${rel} a changé depuis le début de la modification, aux lignes modifiées : rien n'a été écrit — repartez de la version actuelle`,
      { kind: 'governance-edit-conflict', params: { file: rel } }
    )
  merged.push(rel)
  return out
}

/** A bundle-relative path from the manifest as a repository path: `/`-separated, `./` and `a/..` folded. */
function repoPathOf(rel: string): string {
  return posix.normalize(rel.split('\\').join('/'))
}

async function plan(base: Base, edit: GovernanceEdit): Promise<Planned> {
  if (typeof edit !== 'object' || edit === null)
    throw invalidInput('modification de gouvernance : un objet est attendu')
  const reviewer = typeof edit.reviewer === 'string' ? edit.reviewer.trim() : ''
  if (reviewer === '' || /[\r\n\0]/.test(reviewer))
    throw invalidInput('reviewer absent : la modification de gouvernance est signée par son relecteur', {
      kind: 'reviewer-missing'
    })
  // As git names them: the manifest may write `./GOVERNANCE.md`, which no repository path is.
  const rulesRel = repoPathOf(base.governanceRel)
  const schemaRel = base.schemaRel ? repoPathOf(base.schemaRel) : null
  const paths = [rulesRel, MANIFEST_FILE, ...(schemaRel ? [schemaRel] : [])]
  // What is committed must be what the manager saw and edited: files changed outside the hub
  // go through the local-changes panel first (kept or set aside).
  const dirty = [...(await localChanges(base.root, paths)).keys()]
  if (dirty.length > 0)
    throw invalidInput(
      `${dirty.join(', ')} a des modifications locales non commitées — les garder ou les mettre de côté avant de modifier la gouvernance`,
      { kind: 'local-changes', params: { paths: dirty } }
    )
  const rulesBefore = readText(join(base.root, rulesRel), rulesRel)
  const manifestBefore = readText(join(base.root, MANIFEST_FILE), MANIFEST_FILE)
  const schemaBefore = schemaRel ? readText(join(base.root, schemaRel), schemaRel) : null
  const basis = createHash('sha256')
    .update(`${rulesBefore}\0${manifestBefore}\0${schemaBefore ?? ''}`)
    .digest('hex')

  // GOVERNANCE.md: the new text, then its status through the faithful frontmatter merge.
  const merged: string[] = []
  let rules = rulesBefore
  if (edit.rulesText !== undefined) {
    if (typeof edit.rulesText !== 'string' || edit.rulesText.includes('\0'))
      throw invalidInput('rulesText doit être un texte')
    rules = onTopOf(rulesRel, edit.rulesFrom, edit.rulesText, rulesBefore, merged)
  }
  const fm = splitFrontmatter(rules)
  if (fm.inner !== null && fm.inner.trim() !== '') {
    const problem = yamlProblem(fm.inner)
    if (problem) throw badYaml(rulesRel, problem)
    if (fm.data === null) throw badYaml(rulesRel, 'le frontmatter doit être une correspondance clé: valeur')
  }
  const statusBefore = governanceStatus(rulesBefore, rulesRel)
  if (edit.draft !== undefined) {
    if (typeof edit.draft !== 'boolean') throw invalidInput('draft doit être un booléen')
    const want = edit.draft ? 'draft' : 'stable'
    if (governanceStatus(rules, rulesRel) !== want)
      rules = mergeFileFrontmatter(rulesRel, rules, { status: want })
  }
  const statusAfter = governanceStatus(rules, rulesRel)

  let schema = schemaBefore
  if (edit.schemaText !== undefined) {
    if (!schemaRel)
      throw invalidInput(
        'cette base ne déclare pas de schéma (governance.frontmatter-schema) : rien à modifier'
      )
    if (typeof edit.schemaText !== 'string') throw invalidInput('schemaText doit être un texte')
    schema = onTopOf(schemaRel, edit.schemaFrom, edit.schemaText, schemaBefore ?? '', merged)
    const problem = yamlProblem(schema)
    if (problem) throw badYaml(schemaRel, problem)
  }

  const values: { title?: string; description?: string } = {}
  if (edit.title !== undefined) values.title = fieldText('title', edit.title, TITLE_MAX)
  if (edit.description !== undefined)
    values.description = fieldText('description', edit.description, DESCRIPTION_MAX)
  const current = parse(manifestBefore, { schema: 'core' }) as Record<string, unknown> | null
  if (values.title === current?.title) delete values.title
  if (values.description === current?.description) delete values.description
  const manifest = Object.keys(values).length > 0 ? editManifest(manifestBefore, values) : manifestBefore

  const files: GovernanceEditPreview['files'] = []
  const changes: Change[] = []
  const add = (rel: string, before: string, after: string): void => {
    if (before === after) return
    files.push({ path: rel, diff: unifiedDiff(rel, rel, before, after) })
    changes.push({ repoPath: rel, abs: join(base.root, ...rel.split('/')), text: after })
  }
  add(rulesRel, rulesBefore, rules)
  if (schemaRel && schemaBefore !== null && schema !== null) add(schemaRel, schemaBefore, schema)
  add(MANIFEST_FILE, manifestBefore, manifest)
  if (files.length === 0)
    throw invalidInput('rien ne change dans la gouvernance : aucun commit à faire', {
      kind: 'governance-unchanged'
    })

  const statusChanged = statusAfter !== statusBefore
  const rulesEdited =
    rules !== rulesBefore && (!statusChanged || rules !== mergeStatusOnly(rulesBefore, statusAfter))
  let summary = typeof edit.summary === 'string' ? edit.summary.replace(/[\r\n]+/g, ' ').trim() : ''
  if (summary === '')
    summary = defaultSummary({
      rules: rulesEdited,
      status: statusChanged ? statusAfter : null,
      schema: schema !== schemaBefore,
      manifest: manifest !== manifestBefore
    })
  if ([...summary].length > SUMMARY_MAX) summary = [...summary].slice(0, SUMMARY_MAX).join('')
  const subject = `governance: ${summary}`
  const commitMessage = `${subject}\n\nReviewed-By: ${trailerValue(reviewer)}\n`
  return {
    preview: {
      base: base.name,
      files,
      subject,
      commitMessage,
      basis,
      draft: statusAfter === 'draft',
      merged
    },
    changes
  }
}

/** The rules with only their status changed (to tell a status flip from an edited text). */
function mergeStatusOnly(rules: string, status: 'draft' | 'stable'): string {
  try {
    return mergeFrontmatter(rules, { status })
  } catch {
    return rules
  }
}

export async function previewGovernanceEdit(
  base: Base,
  edit: GovernanceEdit
): Promise<GovernanceEditPreview> {
  return (await plan(base, edit)).preview
}

export async function commitGovernanceEdit(
  base: Base,
  edit: GovernanceEdit,
  opts: { log: HubLog; lockTimeoutMs?: number }
): Promise<GovernanceEditResult> {
  const repo = await assertWritableRepository(base.root)
  await plan(base, edit)
  return withBaseLock(
    base.root,
    async (lock) => {
      await recoverInterrupted(repo, lock, opts.log)
      const planned = await plan(base, edit)
      if (typeof edit.basis !== 'string' || edit.basis !== planned.preview.basis)
        throw invalidInput(
          'la gouvernance a changé depuis son aperçu : rien n’a été écrit, prévisualisez de nouveau',
          { kind: 'governance-moved' }
        )
      const paths = planned.changes.map((c) => c.repoPath)
      const commit = await applyThenCommit(
        planned.changes,
        () =>
          commitPaths(repo, paths, planned.preview.commitMessage, {
            lock,
            deadline: lock.deadline,
            log: opts.log,
            written: new Map(planned.changes.map((c) => [c.repoPath, Buffer.from(c.text ?? '')]))
          }),
        { log: opts.log, what: 'modification de gouvernance', repo }
      )
      opts.log.info(
        `gouvernance de '${base.name}' commitée : ${commit.slice(0, 10)} ${planned.preview.subject}`
      )
      return { base: base.name, commit, subject: planned.preview.subject, paths }
    },
    { timeoutMs: opts.lockTimeoutMs, log: opts.log }
  )
}
