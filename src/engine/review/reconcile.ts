import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import type { Base } from '../registry/base'
import type { HubLog } from '../hublog'
import { HubError, describeError } from '../errors'
import { withBaseLock } from '../lock'
import { assertWritableIndex, assertWritableRepository, commitPaths } from '../git/commit'
import { openRepository, resolveLayout, type RepoLayout } from '../git/layout'
import { removeStaleGitLock } from '../git/lockfile'
import { headTreePaths } from '../git/trees'
import { TEMP_PREFIX } from '../git/atomic-write'
import { toPosixRelative } from '../corpus/paths'
import { mergeFrontmatter } from '../corpus/frontmatter-merge'
import {
  PROPOSAL_ID_PATTERN,
  PROPOSAL_STATUSES,
  proposalFiles,
  type ProposalFile,
  type ProposalStatus
} from '../proposals/store'
import { checkProposalFields } from '../proposals/rules'
import { submissionMessage } from '../proposals/format'
import { parseProposal, statusPatch, submittedFields } from '../proposals/record'
import type {
  DuplicateProposal,
  MalformedProposal,
  SubmissionProblem,
  ReconcileReport,
  RecoveredProposal,
  StatusMismatch,
  StaleLock,
  TempFile
} from '../../shared/review'
import { applyThenCommit, recoverInterrupted, type Change } from './transaction'
import { staleLocksOf } from './stale-locks'
import type { StepHook } from '../steps'

/**
 * Step 0 of a review (SPEC §7.1): catch up with what crashes left behind.
 *
 *  - a pending file no commit tracks: valid (it passes every kb_propose rule, its id has the id
 *    pattern and names the file) → committed alone, under the lock, with the standard submission
 *    subject suffixed ` (recovered)` and the `Submitted-By:` of its frontmatter — one commit and one
 *    lock acquisition per proposal; malformed → reported, never committed;
 *  - a proposal in several folders: the committed resolved copy wins (else the committed pending
 *    one); the other copies are removed. Two committed resolved copies, or none committed at all:
 *    reported, left to a human;
 *  - a `status` field disagreeing with its folder: the folder wins, the field is corrected through
 *    the faithful frontmatter merge (every other byte stays); only for files HEAD tracks;
 *  - `.okf-tmp-*` files in proposals/ and the corpus: deleted;
 *  - git's lock files an interrupted command left (older than a minute, `staleGitLocks`): removed
 *    first, under the lock, since every commit of the repairs would be refused while one is there.
 * Repairs run under ONE lock acquisition; those that change tracked files go into ONE commit
 * `reconcile: <n> repair(s)` (n = the repairs that commit carries; deleting an untracked file needs
 * no commit) whose message names no proposal id, so every proposal keeps exactly its two audit
 * commits. Without --apply nothing is written.
 */

export interface ReconcileOptions {
  apply: boolean
  log: HubLog
  lockTimeoutMs?: number
  /** Tests only (issue 13): called after each durable step of the recoveries' and the repairs' commits. */
  onStep?: StepHook
  /** The clock that ages git's lock files (tests set it; the file times are the lock's). */
  now?: () => number
}

interface Copy extends ProposalFile {
  tracked: boolean
}

interface Candidate {
  id: string
  path: string
  type: string
  concerns: string
  submittedBy: string
}

interface DuplicateFinding extends DuplicateProposal {
  removeTracked: boolean[]
}

interface MismatchFinding extends StatusMismatch {
  newText: string | null
}

interface TempFinding extends TempFile {
  tracked: boolean
}

interface Findings {
  alreadyTracked: number
  candidates: Candidate[]
  malformed: MalformedProposal[]
  duplicates: DuplicateFinding[]
  mismatches: MismatchFinding[]
  temps: TempFinding[]
  locks: StaleLock[]
}

const FOLDER_ORDER: ProposalStatus[] = [...PROPOSAL_STATUSES]

function readOr(abs: string): string | null {
  try {
    return readFileSync(abs, 'utf8')
  } catch {
    return null
  }
}

/**
 * The `status` each proposal file declares, remembered with a digest of the text it was read from:
 * parsing every proposal's frontmatter was three quarters of a scan (500 pending: ~160 ms of YAML
 * per scan, and the inventory screen asks for one each time it opens, blocking the hub's one
 * thread). A file whose text changed in any byte is parsed again; files no longer seen are
 * forgotten. A digest (~3 µs for a proposal), not the text: a base's thousands of settled
 * proposals would otherwise stay in the process's memory as strings.
 */
const declaredByFile = new Map<string, { digest: string; declared: string | null }>()

export function declaredStatus(abs: string, text: string): string | null {
  const digest = createHash('sha1').update(text).digest('base64')
  const known = declaredByFile.get(abs)
  if (known && known.digest === digest) return known.declared
  const declared = parseProposal(text).record?.status ?? null
  declaredByFile.set(abs, { digest, declared })
  return declared
}

/** Forgets the remembered files under `dir` that the last scan did not see. */
function forgetUnseen(dir: string, seen: ReadonlySet<string>): void {
  for (const abs of declaredByFile.keys())
    if (abs.startsWith(dir) && !seen.has(abs)) declaredByFile.delete(abs)
}

/** Why an untracked pending file cannot be committed as a submission; null when it is valid. */
export function submissionProblem(
  stem: string,
  text: string | null
): { problem: string; detail: SubmissionProblem } | { candidate: Omit<Candidate, 'path'> } {
  if (text === null) return { problem: 'fichier illisible', detail: { kind: 'unreadable' } }
  const { data, body } = parseProposal(text)
  if (!data) return { problem: 'frontmatter absent ou illisible', detail: { kind: 'no-frontmatter' } }
  const read = submittedFields(data)
  const id = read.id
  if (typeof id !== 'string' || !PROPOSAL_ID_PATTERN.test(id))
    return { problem: 'id absent ou invalide (attendu : prop-AAAA-MM-JJ-hhhh)', detail: { kind: 'bad-id' } }
  if (id !== stem)
    return { problem: `id '${id}' différent du nom du fichier`, detail: { kind: 'id-mismatch', id } }
  if (read.missing !== null)
    return {
      problem: `champ '${read.missing}' absent, vide ou mal typé`,
      detail: { kind: 'field-missing', field: read.missing }
    }
  try {
    const f = checkProposalFields({ ...read.fields, content: body })
    return { candidate: { id, type: f.type, concerns: f.concerns, submittedBy: f.submittedBy } }
  } catch (e) {
    if (e instanceof HubError) {
      const field = e.params?.field
      return {
        problem: e.message,
        detail: { kind: 'field-invalid', field: typeof field === 'string' ? field : 'content' }
      }
    }
    throw e
  }
}

/** `.okf-tmp-*` files under `dir` (recursive, links not followed), as repo paths. */
function tempFilesUnder(base: Base, dir: string, out: string[]): void {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return
  }
  for (const e of entries) {
    const abs = join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name === '.git' || e.name === '.okf-hub.lock.d') continue
      tempFilesUnder(base, abs, out)
    } else if (e.name.startsWith(TEMP_PREFIX)) {
      out.push(toPosixRelative(base.root, abs))
    }
  }
}

async function scan(base: Base, now: number): Promise<Findings> {
  const repo = await openRepository(base.root)
  const tracked = new Set(await headTreePaths(repo, 'proposals'))
  const byStem = new Map<string, Copy[]>()
  for (const status of FOLDER_ORDER) {
    for (const f of proposalFiles(base, status)) {
      const list = byStem.get(f.stem) ?? []
      list.push({ ...f, tracked: tracked.has(f.rel) })
      byStem.set(f.stem, list)
    }
  }

  const duplicates: DuplicateFinding[] = []
  /** Copies that stay where they are (not to be removed, not ambiguous). */
  const settled: Copy[] = []
  for (const [stem, copies] of byStem) {
    if (copies.length === 1) {
      settled.push(copies[0])
      continue
    }
    const resolvedTracked = copies.filter((c) => c.status !== 'pending' && c.tracked)
    const pendingCopy = copies.find((c) => c.status === 'pending')
    let winner: Copy | null = null
    let problem: string | null = null
    let detail: DuplicateProposal['detail'] = null
    if (resolvedTracked.length === 1) winner = resolvedTracked[0]
    else if (resolvedTracked.length === 0 && pendingCopy?.tracked) winner = pendingCopy
    else if (resolvedTracked.length > 1) {
      problem = 'copies commitées dans accepted/ et rejected/ — à trancher à la main'
      detail = 'resolved-twice'
    } else {
      problem = 'aucune copie commitée — à examiner à la main'
      detail = 'none-committed'
    }
    const losers = winner ? copies.filter((c) => c !== winner) : []
    if (winner) settled.push(winner)
    duplicates.push({
      id: stem,
      folders: copies.map((c) => c.status),
      winner: winner ? winner.status : null,
      remove: losers.map((c) => c.rel),
      removeTracked: losers.map((c) => c.tracked),
      problem,
      detail,
      applied: false
    })
  }

  let alreadyTracked = 0
  const candidates: Candidate[] = []
  const malformed: MalformedProposal[] = []
  const recoverable = new Set<string>()
  for (const c of settled) {
    if (c.status !== 'pending') continue
    if (c.tracked) {
      alreadyTracked++
      continue
    }
    const v = submissionProblem(c.stem, readOr(c.abs))
    if ('problem' in v) malformed.push({ path: c.rel, reason: v.problem, detail: v.detail })
    else {
      candidates.push({ ...v.candidate, path: c.rel })
      recoverable.add(c.rel)
    }
  }

  const mismatches: MismatchFinding[] = []
  const seen = new Set<string>()
  for (const c of settled) {
    const text = readOr(c.abs)
    if (text === null) continue
    seen.add(c.abs)
    const declared = declaredStatus(c.abs, text)
    if (declared === null || declared === c.status) continue
    if (c.status === 'pending' && !c.tracked && !recoverable.has(c.rel)) continue // reported as malformed
    const finding: MismatchFinding = {
      id: c.stem,
      path: c.rel,
      folder: c.status,
      declared,
      problem: null,
      detail: null,
      applied: false,
      newText: null
    }
    if (!c.tracked && !recoverable.has(c.rel)) {
      finding.problem = 'fichier absent du tree de HEAD — à examiner à la main'
      finding.detail = 'untracked'
    } else {
      try {
        finding.newText = mergeFrontmatter(text, statusPatch(c.status))
      } catch (e) {
        finding.problem = e instanceof HubError ? e.message : describeError(e)
        finding.detail = 'frontmatter'
      }
    }
    mismatches.push(finding)
  }
  forgetUnseen(join(base.root, 'proposals') + sep, seen)

  const tempPaths: string[] = []
  tempFilesUnder(base, join(base.root, 'proposals'), tempPaths)
  tempFilesUnder(base, base.corpusDir, tempPaths)
  let trackedTemps = new Set<string>()
  if (tempPaths.some((p) => !p.startsWith('proposals/')))
    trackedTemps = new Set(await headTreePaths(repo, base.corpusRel))
  const temps: TempFinding[] = [...new Set(tempPaths)]
    .sort()
    .map((p) => ({ path: p, applied: false, tracked: tracked.has(p) || trackedTemps.has(p) }))

  return {
    alreadyTracked,
    candidates,
    malformed,
    duplicates,
    mismatches,
    temps,
    locks: await staleLocksOf(base, repo, now)
  }
}

function repairCount(f: Findings): number {
  return (
    f.duplicates.reduce((n, d) => n + d.remove.length, 0) +
    f.mismatches.filter((m) => m.newText !== null).length +
    f.temps.length +
    f.locks.length
  )
}

function toReport(
  base: Base,
  apply: boolean,
  f: Findings,
  recovered: RecoveredProposal[],
  repairCommit: string | null
): ReconcileReport {
  return {
    base: base.name,
    apply,
    alreadyTracked: f.alreadyTracked,
    recovered,
    malformed: f.malformed,
    duplicates: f.duplicates.map(({ removeTracked: _r, ...d }) => d),
    statusMismatches: f.mismatches.map(({ newText: _n, ...m }) => m),
    tempFiles: f.temps.map(({ tracked: _t, ...t }) => t),
    staleLocks: f.locks,
    repairs: repairCount(f),
    repairCommit
  }
}

/** One recovered submission: its own lock acquisition, re-checked under the lock. */
async function recoverOne(
  base: Base,
  repo: RepoLayout,
  c: Candidate,
  opts: ReconcileOptions
): Promise<string | null> {
  return withBaseLock(
    base.root,
    async (lock) => {
      await assertWritableIndex(repo)
      const tracked = new Set(await headTreePaths(repo, 'proposals/pending'))
      if (tracked.has(c.path)) return null
      const stem = c.path.slice('proposals/pending/'.length, -3)
      const v = submissionProblem(stem, readOr(join(base.root, ...c.path.split('/'))))
      if ('problem' in v) return null
      const sha = await commitPaths(
        repo,
        [c.path],
        submissionMessage(
          v.candidate.id,
          v.candidate.type,
          v.candidate.concerns,
          v.candidate.submittedBy,
          true
        ),
        { lock, deadline: lock.deadline, log: opts.log, onStep: opts.onStep }
      )
      opts.log.info(`reconcile : proposition ${v.candidate.id} récupérée (${sha.slice(0, 10)})`)
      return sha
    },
    { timeoutMs: opts.lockTimeoutMs, log: opts.log }
  )
}

function repairMessage(n: number, counts: { copies: number; statuses: number; temps: number }): string {
  const lines: string[] = []
  if (counts.copies) lines.push(`copies en double retirées : ${counts.copies}`)
  if (counts.statuses) lines.push(`champs status corrigés : ${counts.statuses}`)
  if (counts.temps) lines.push(`fichiers temporaires supprimés : ${counts.temps}`)
  return `reconcile: ${n} repair(s)\n\n${lines.join('\n')}\n`
}

async function applyRepairs(
  base: Base,
  repo: RepoLayout,
  opts: ReconcileOptions
): Promise<{ findings: Findings; commit: string | null }> {
  return withBaseLock(
    base.root,
    async (lock) => {
      const f = await scan(base, (opts.now ?? Date.now)())
      const changes: Change[] = []
      const committed: string[] = []
      const counts = { copies: 0, statuses: 0, temps: 0 }
      for (const d of f.duplicates) {
        d.remove.forEach((p, i) => {
          changes.push({ repoPath: p, abs: join(base.root, ...p.split('/')), text: null })
          if (d.removeTracked[i]) {
            committed.push(p)
            counts.copies++
          }
        })
      }
      for (const m of f.mismatches) {
        if (m.newText === null) continue
        changes.push({ repoPath: m.path, abs: join(base.root, ...m.path.split('/')), text: m.newText })
        committed.push(m.path)
        counts.statuses++
      }
      for (const t of f.temps) {
        changes.push({ repoPath: t.path, abs: join(base.root, ...t.path.split('/')), text: null })
        if (t.tracked) {
          committed.push(t.path)
          counts.temps++
        }
      }
      if (changes.length === 0) return { findings: f, commit: null }
      await assertWritableIndex(repo)
      const n = counts.copies + counts.statuses + counts.temps
      const commit = await applyThenCommit(
        changes,
        async () =>
          committed.length === 0
            ? null
            : commitPaths(repo, committed, repairMessage(n, counts), {
                lock,
                deadline: lock.deadline,
                log: opts.log,
                onStep: opts.onStep
              }),
        {
          log: opts.log,
          what: 'réconciliation',
          repo,
          faults: opts.onStep ? { onStep: opts.onStep } : undefined
        }
      )
      for (const d of f.duplicates) if (d.winner) d.applied = true
      for (const m of f.mismatches) if (m.newText !== null) m.applied = true
      for (const t of f.temps) t.applied = true
      opts.log.info(
        `reconcile '${base.name}' : ${repairCount(f)} réparation(s)${commit ? `, commit ${commit.slice(0, 10)}` : ''}`
      )
      return { findings: f, commit }
    },
    { timeoutMs: opts.lockTimeoutMs, log: opts.log }
  )
}

export async function reconcile(base: Base, opts: ReconcileOptions): Promise<ReconcileReport> {
  const now = opts.now ?? Date.now
  if (opts.apply) {
    const locks = await removeStaleLocks(base, now, opts)
    const report = await reconcileApplied(base, opts)
    // Only what was removed before the repairs is reported: a lock that aged past the threshold
    // while they ran was not listed to the manager, and is for the next look.
    const removed = locks.filter((l) => l.applied).length
    return {
      ...report,
      staleLocks: locks,
      repairs: report.repairs - report.staleLocks.length + removed
    }
  }
  const first = await scan(base, now())
  return toReport(
    base,
    false,
    first,
    first.candidates.map((c) => ({ id: c.id, path: c.path, commit: null })),
    null
  )
}

/**
 * The stale git locks removed before any repair, under one acquisition of the base's lock; a lock
 * taken again since it was listed (a git running now) stays, reported not applied.
 */
async function removeStaleLocks(base: Base, now: () => number, opts: ReconcileOptions): Promise<StaleLock[]> {
  const repo = await resolveLayout(base.root)
  const listed = await staleLocksOf(base, repo, now())
  if (listed.length === 0) return []
  return withBaseLock(
    base.root,
    async () => {
      const out: StaleLock[] = []
      for (const l of listed) {
        const outcome = await removeStaleGitLock(repo, l.file, now(), opts.log)
        out.push({ ...l, applied: outcome === 'removed' || outcome === 'gone' })
      }
      return out
    },
    { timeoutMs: opts.lockTimeoutMs, log: opts.log }
  )
}

async function reconcileApplied(base: Base, opts: ReconcileOptions): Promise<ReconcileReport> {
  const first = await scan(base, (opts.now ?? Date.now)())
  const repo = await assertWritableRepository(base.root)
  // What a killed resolution (or repair) left half-written goes back first (its journal): the
  // scan below would otherwise take its copies for duplicates to settle.
  // So does a sync's move killed halfway (completed): its new files are the remote's, not orphans.
  if (
    await withBaseLock(base.root, (lock) => recoverInterrupted(repo, lock, opts.log), {
      timeoutMs: opts.lockTimeoutMs,
      log: opts.log
    })
  )
    return reconcileApplied(base, opts)
  const recovered: RecoveredProposal[] = []
  for (const c of first.candidates) {
    const sha = await recoverOne(base, repo, c, opts)
    if (sha) recovered.push({ id: c.id, path: c.path, commit: sha })
  }
  const { findings, commit } = await applyRepairs(base, repo, opts)
  return toReport(base, true, findings, recovered, commit)
}
