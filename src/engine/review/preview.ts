import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from '../registry/base'
import { describeError, invalidInput, ioError, notFound } from '../errors'
import { mergeFileFrontmatter } from '../corpus/frontmatter-merge'
import { PROPOSAL_ID_PATTERN, proposalFiles, type ProposalFile } from '../proposals/store'
import { parseProposal, resolutionPatch } from '../proposals/record'
import type { FilePreview, PlanPreview, PreviewNote, ProposalMove, ResolutionPlan } from '../../shared/review'
import { parsePlan } from './plan'
import { notPendingDetail } from './proposal-state'
import { appendText, confineEditPath, replaceSection, replaceWhole, type ConfinedPath } from './edits'
import { freshnessFields, utcDay } from './freshness'
import { resolutionMessage, resolutionSubject, type MessageResolution } from './message'
import { localChanges } from './worktree'
import { encodeBasis, hashContent, type BasisState } from './basis'
import { headCommitSha } from '../git/refs'
import { commitTreeOid } from '../git/objects'
import { submoduleOn } from '../git/trees'
import { openRepository } from '../git/layout'
import { keepLineEndings } from './line-endings'
import { unifiedDiff } from '../text-diff'

/**
 * The whole computation of a resolution, without writing anything: validation of the plan, the new
 * text of every touched file, every proposal move, the commit message. `okf-hub review resolve
 * --dry-run` returns its preview; the real run executes exactly its writes — so what the preview
 * shows is what gets committed, by construction.
 */

export interface FileWrite {
  repoPath: string
  abs: string
  text: string
}

export interface PreparedResolution {
  plan: ResolutionPlan
  preview: PlanPreview
  /** Corpus files then resolved proposal files, in order. */
  writes: FileWrite[]
  /** Pending proposal files removed by the moves. */
  deletes: { repoPath: string; abs: string }[]
  /** Every repo path of the commit. */
  paths: string[]
  /** What the preview read: compared by a resolve given the preview's basis. */
  basis: BasisState
}

export interface PrepareOptions {
  /** The resolution instant: `resolved-at`, and the day written into freshness fields. */
  at: Date
}

interface FileState {
  target: ConfinedPath
  before: string | null
  current: string | null
  /** Frontmatter keys the plan sets on this file. */
  planKeys: Set<string>
}

/** Reads a text file, refusing bytes that would not survive a UTF-8 round trip (they would change outside the edit). */
function readText(abs: string, shown: string): string {
  let bytes: Buffer
  try {
    bytes = readFileSync(abs)
  } catch (e) {
    throw ioError(`lecture de ${shown} impossible : ${describeError(e)}`)
  }
  const text = bytes.toString('utf8')
  if (!Buffer.from(text, 'utf8').equals(bytes))
    throw invalidInput(
      `${shown} n'est pas un texte UTF-8 valide : il ne peut pas être édité sans altérer ses autres octets`,
      { kind: 'document-not-utf8', params: { path: shown } }
    )
  return text
}

function localChangeText(kind: string): string {
  return kind === 'modified' ? 'modifié' : kind === 'deleted' ? 'supprimé' : 'non suivi'
}

/**
 * Refuses a write into a folder that is a git repository of its own: a submodule (a gitlink in
 * HEAD's tree, checked out or not) or any folder of the base holding a `.git`.
 */
async function refuseOtherRepositories(base: Base, targets: ConfinedPath[]): Promise<void> {
  if (targets.length === 0) return
  const repo = await openRepository(base.root)
  const head = await headCommitSha(repo).catch(() => null)
  const cache = {}
  const tree = head ? await commitTreeOid(repo.commondir, head, cache) : null
  for (const t of targets) {
    const segs = t.repoPath.split('/')
    let folder: string | null = null
    for (let i = 1; i < segs.length && folder === null; i++)
      if (existsSync(join(base.root, ...segs.slice(0, i), '.git'))) folder = segs.slice(0, i).join('/')
    if (folder === null && tree) folder = await submoduleOn(repo.commondir, tree, t.repoPath, cache)
    if (folder !== null)
      throw invalidInput(
        `chemin d'édition refusé : ${t.rel} (${folder} est un dépôt git à part, sous-module ou dépôt imbriqué — ce document se modifie dans ce dépôt-là, pas par une résolution de ${base.name})`,
        { kind: 'edit-path-other-repository', params: { path: t.rel, folder } }
      )
  }
}

export async function preparePlan(
  base: Base,
  raw: unknown,
  opts: PrepareOptions
): Promise<PreparedResolution> {
  const plan = parsePlan(raw)
  const warnings: string[] = []
  const notes: PreviewNote[] = []
  const warn = (text: string, note: PreviewNote): void => {
    warnings.push(text)
    notes.push(note)
  }

  // 1. every id must be a pending proposal
  const pending = new Map<string, ProposalFile>(proposalFiles(base, 'pending').map((f) => [f.stem, f]))
  const missing = plan.resolutions
    .filter((r) => !PROPOSAL_ID_PATTERN.test(r.id) || !pending.has(r.id))
    .map((r) => r.id)
  if (missing.length > 0)
    throw notFound(
      `propositions absentes de pending/ : ${missing.join(', ')}`,
      await notPendingDetail(base, missing)
    )

  // 2. edits, chained per file, in plan order
  const files = new Map<string, FileState>()
  plan.edits.forEach((edit, i) => {
    const where = `edits[${i}]`
    const target = confineEditPath(base, edit.path, `${where} : `)
    let state = files.get(target.rel)
    if (!state) {
      const before = target.exists ? readText(target.abs, target.rel) : null
      state = { target, before, current: before, planKeys: new Set() }
      files.set(target.rel, state)
    }
    const path = target.rel
    if (edit.content !== undefined && edit.section !== undefined) {
      if (state.current === null)
        throw notFound(`document '${path}' introuvable (${where} remplace sa section '${edit.section}')`, {
          kind: 'document-not-found',
          params: { path }
        })
      const r = replaceSection(state.current, edit.section, edit.content, where, path)
      if (r.duplicates > 0)
        warn(
          `${where} : ${r.duplicates} autre(s) section(s) portent le titre « ${edit.section} » dans ${path} — seule la première est remplacée`,
          { kind: 'duplicate-sections', change: i + 1, path, section: edit.section, count: r.duplicates }
        )
      state.current = r.text
    } else if (edit.content !== undefined) {
      if (state.current === null)
        warn(`${where} : ${path} n'existe pas — le document sera créé`, {
          kind: 'document-created',
          change: i + 1,
          path
        })
      state.current = replaceWhole(edit.content)
    } else if (edit.append !== undefined) {
      if (state.current === null)
        warn(`${where} : ${path} n'existe pas — le document sera créé`, {
          kind: 'document-created',
          change: i + 1,
          path
        })
      state.current = appendText(state.current ?? '', edit.append)
    }
    if (edit.frontmatter !== undefined) {
      if (state.current === null)
        throw notFound(
          `document '${path}' introuvable : une édition frontmatter seule (${where}) ne crée pas de document`,
          { kind: 'document-not-found', params: { path } }
        )
      state.current = mergeFileFrontmatter(path, state.current, edit.frontmatter, `${where} (${path})`)
      for (const k of Object.keys(edit.frontmatter)) state.planKeys.add(k)
    }
  })

  // 3. freshness fields of schema.yaml, unless the plan sets them
  const fresh = freshnessFields(base)
  if (fresh.length > 0) {
    const today = utcDay(opts.at)
    for (const state of files.values()) {
      const updates: Record<string, unknown> = {}
      for (const f of fresh) if (!state.planKeys.has(f)) updates[f] = today
      if (Object.keys(updates).length > 0)
        state.current = mergeFileFrontmatter(
          state.target.rel,
          state.current as string,
          updates,
          `${state.target.rel} (fraîcheur ${Object.keys(updates).join(', ')})`
        )
    }
  }

  // 3b. each document keeps its own line endings and byte-order mark (a CRLF document stays CRLF)
  for (const state of files.values())
    if (state.current !== null) state.current = keepLineEndings(state.before, state.current)

  // 4. integrated_into: confined, and either written by the plan or existing
  const integrated = new Map<string, string[]>()
  plan.resolutions.forEach((r, i) => {
    if (r.resolution !== 'accepted') return
    const list: string[] = []
    for (const p of r.integrated_into ?? []) {
      const where = `resolutions[${i}].integrated_into`
      const target = confineEditPath(base, p, `${where} : `)
      if (!files.has(target.rel)) {
        if (!target.exists)
          throw invalidInput(
            `${where} : ${p} n'existe pas dans le corpus et aucune édition du plan ne le crée`,
            { kind: 'integrated-into-missing', params: { id: r.id, path: target.rel } }
          )
        warn(`${where} : ${target.rel} n'est touché par aucune édition du plan`, {
          kind: 'integrated-untouched',
          resolution: i + 1,
          id: r.id,
          path: target.rel
        })
      }
      if (!list.includes(target.rel)) list.push(target.rel)
    }
    if (list.length === 0)
      warn(`resolutions[${i}] : ${r.id} acceptée sans integrated_into`, {
        kind: 'accepted-without-documents',
        resolution: i + 1,
        id: r.id
      })
    integrated.set(r.id, list)
  })

  // 5. a document inside another repository (a submodule, or a clone nested in the base): this
  // base's commit cannot hold it, and git's own status of it is that repository's, not this one's
  await refuseOtherRepositories(
    base,
    [...files.values()].map((s) => s.target)
  )

  // 6. local changes: edited documents, pending files and move targets must match HEAD
  const moves = plan.resolutions.map((r) => {
    const file = pending.get(r.id) as ProposalFile
    const to = `proposals/${r.resolution}/${r.id}.md`
    return { r, file, to, toAbs: join(base.root, 'proposals', r.resolution, `${r.id}.md`) }
  })
  const changes = await localChanges(base.root, [
    ...[...files.values()].map((s) => s.target.repoPath),
    ...moves.flatMap((m) => [m.file.rel, m.to])
  ])
  for (const s of files.values()) {
    const kind = changes.get(s.target.repoPath)
    if (kind)
      throw invalidInput(
        `${s.target.rel} a des modifications locales non commitées (${localChangeText(kind)}) — les commiter ou les annuler avant de résoudre (git -C "${base.root}" status -- ${s.target.repoPath})`,
        { kind: 'local-changes', params: { paths: [s.target.repoPath] } }
      )
  }
  for (const m of moves) {
    const kind = changes.get(m.file.rel)
    if (kind === 'untracked')
      throw invalidInput(
        `proposition ${m.r.id} absente du tree de HEAD — lancer d'abord « okf-hub review reconcile ${base.name} --apply »`,
        { kind: 'proposal-not-committed', params: { id: m.r.id } }
      )
    if (kind)
      throw invalidInput(
        `${m.file.rel} a des modifications locales non commitées (${localChangeText(kind)}) — les commiter ou les annuler avant de résoudre`,
        { kind: 'local-changes', params: { paths: [m.file.rel] } }
      )
    if (changes.has(m.to))
      throw invalidInput(
        `${m.to} existe déjà (copie en double) — lancer « okf-hub review reconcile ${base.name} »`,
        { kind: 'proposal-copy-exists', params: { id: m.r.id, path: m.to } }
      )
  }

  // 7. the proposals' own frontmatter, enriched; the submitted fields stay byte-identical
  const proposalMoves: ProposalMove[] = []
  const messageResolutions: MessageResolution[] = []
  for (const m of moves) {
    const before = readText(m.file.abs, m.file.rel)
    const updates = resolutionPatch(
      m.r.resolution === 'accepted'
        ? { resolution: 'accepted', integratedInto: integrated.get(m.r.id) }
        : { resolution: 'rejected', reason: m.r.reason },
      opts.at
    )
    const after = mergeFileFrontmatter(m.file.rel, before, updates, m.file.rel)
    proposalMoves.push({
      id: m.r.id,
      resolution: m.r.resolution,
      from: m.file.rel,
      to: m.to,
      integratedInto: m.r.resolution === 'accepted' ? (integrated.get(m.r.id) ?? []) : null,
      reason: m.r.resolution === 'rejected' ? (m.r.reason ?? null) : null,
      before,
      after,
      diff: unifiedDiff(m.file.rel, m.to, before, after)
    })
    messageResolutions.push({
      id: m.r.id,
      resolution: m.r.resolution,
      submittedBy: parseProposal(before).record?.submittedBy ?? null
    })
  }

  // 7. the message, the preview, the writes
  const commitMessage = resolutionMessage(messageResolutions, plan.summary, plan.reviewed_by)
  const filePreviews: FilePreview[] = [...files.values()].map((s) => ({
    path: s.target.repoPath,
    before: s.before,
    after: s.current as string,
    diff: unifiedDiff(
      s.before === null ? null : s.target.repoPath,
      s.target.repoPath,
      s.before ?? '',
      s.current as string
    ),
    created: s.before === null
  }))
  const writes: FileWrite[] = [
    ...[...files.values()].map((s) => ({
      repoPath: s.target.repoPath,
      abs: s.target.abs,
      text: s.current as string
    })),
    ...moves.map((m, i) => ({ repoPath: m.to, abs: m.toAbs, text: proposalMoves[i].after }))
  ]
  const deletes = moves.map((m) => ({ repoPath: m.file.rel, abs: m.file.abs }))
  const read: Record<string, string | null> = {}
  for (const s of files.values()) read[s.target.repoPath] = hashContent(s.before)
  moves.forEach((m, i) => {
    read[m.file.rel] = hashContent(proposalMoves[i].before)
    read[m.to] = existsSync(m.toAbs) ? hashContent(readText(m.toAbs, m.to)) : null
  })
  const basis: BasisState = {
    v: 1,
    head: await headCommitSha(await openRepository(base.root)),
    at: opts.at.toISOString(),
    files: read
  }
  return {
    plan,
    basis,
    preview: {
      base: base.name,
      files: filePreviews,
      moves: proposalMoves,
      subject: resolutionSubject(messageResolutions, plan.summary),
      commitMessage,
      warnings,
      notes,
      basis: encodeBasis(basis)
    },
    writes,
    deletes,
    paths: [...writes.map((w) => w.repoPath), ...deletes.map((d) => d.repoPath)]
  }
}
