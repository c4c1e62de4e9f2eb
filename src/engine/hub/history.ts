import fs from 'node:fs'
import { join } from 'node:path'
import { log as gitLog, readObject, type ReadCommitResult } from 'isomorphic-git'
import type { Base } from '../registry/base'
import { describeError, invalidInput, ioError } from '../errors'
import { locateProposals, PROPOSAL_ID_PATTERN } from '../proposals/store'
import { parseProposal, resolvedFields } from '../proposals/record'
import { confineEditPath } from '../review/edits'
import { headCommitSha } from '../git/refs'
import { blobAt as blobInTree, entryAt, treeBlobOid } from '../git/trees'
import { openRepository, type RepoLayout } from '../git/layout'
import { CommitReader } from '../sync/graph'
import { localChanges } from '../review/worktree'
import { toPosixRelative } from '../corpus/paths'
import type {
  AuditTrail,
  CommitKind,
  Decision,
  Filing,
  HistoryEntry,
  HistoryPage,
  ProposalOutcome,
  StalenessWarning,
  Trailer
} from '../../shared/hub-api'
import type { ResolutionPlan } from '../../shared/review'

/**
 * The base's git history as the manager reads it: submissions, resolutions and reconcile repairs
 * with their trailers. Git is canonical (the audit invariant lives in `git log`), so nothing here
 * keeps state: every answer is read from the repository.
 */

export const HISTORY_DEFAULT_LIMIT = 50
export const HISTORY_MAX_LIMIT = 500
/** How far back the audit trail and the staleness check look for a submission commit. */
export const HISTORY_SCAN_LIMIT = 5000

const TRAILER_LINE = /^([A-Za-z][A-Za-z0-9-]*): (.*)$/
const SUBMISSION = /^proposal: (prop-\d{4}-\d{2}-\d{2}-[0-9a-f]{4}) /
const RESOLUTION = /^(integrate|reject|resolve): /

/** Trailers of a message: the lines `Key: value` of its last paragraph. */
export function parseTrailers(message: string): Trailer[] {
  const paragraphs = message.trimEnd().split(/\n\s*\n/)
  if (paragraphs.length < 2) return []
  const last = paragraphs[paragraphs.length - 1].split('\n')
  const out: Trailer[] = []
  for (const line of last) {
    const m = TRAILER_LINE.exec(line.trimEnd())
    if (!m) return []
    out.push({ key: m[1], value: m[2] })
  }
  return out
}

function kindOf(subject: string): CommitKind {
  if (SUBMISSION.test(subject)) return 'submission'
  if (RESOLUTION.test(subject)) return 'resolution'
  if (subject.startsWith('reconcile: ')) return 'reconcile'
  return 'other'
}

/** `proposal: <id> (<type>) — <concerns>[ (recovered)]`, as `submissionMessage` writes it. */
const FILING = /^proposal: (prop-\d{4}-\d{2}-\d{2}-[0-9a-f]{4}) (?:\(([^)]*)\) )?— (.*?)( \(recovered\))?$/

const trailer = (trailers: Trailer[], key: string): string | null =>
  trailers.find((t) => t.key === key)?.value ?? null

/** The reviewer as a person: the UI asks for a plain name and the engine writes `human:<name>`. */
export function reviewerName(reviewedBy: string | null): string | null {
  if (reviewedBy === null) return null
  const name = reviewedBy.replace(/^human:\s*/i, '').trim()
  return name === '' ? null : name
}

function filingOf(subject: string, trailers: Trailer[]): Filing | null {
  const m = FILING.exec(subject)
  if (!m) return null
  return {
    id: m[1],
    type: m[2] ?? null,
    concerns: m[3],
    submittedBy: trailer(trailers, 'Submitted-By'),
    recovered: m[4] !== undefined
  }
}

/**
 * Who decided and what: the outcome of each proposal is read where the commit put its file
 * (`proposals/accepted/` or `proposals/rejected/` of the commit's tree), not guessed from the
 * subject, which only counts them; a file in neither (an odd history) falls back to the verb.
 */
async function decisionOf(
  commondir: string,
  c: ReadCommitResult,
  entry: HistoryEntry,
  cache: object
): Promise<Decision | null> {
  if (entry.kind !== 'resolution') return null
  const verb = /^(integrate|reject|resolve): /.exec(entry.subject)?.[1]
  const integrated: string[] = []
  const rejected: string[] = []
  for (const id of entry.proposals) {
    const at = async (folder: string): Promise<boolean> =>
      (await entryAt(commondir, c.commit.tree, `proposals/${folder}/${id}.md`, cache).catch(() => null)) !==
      null
    if (await at('accepted')) integrated.push(id)
    else if (await at('rejected')) rejected.push(id)
    else if (verb === 'integrate') integrated.push(id)
    else if (verb === 'reject') rejected.push(id)
  }
  const dash = entry.subject.indexOf(' — ')
  return {
    reviewer: reviewerName(trailer(entry.trailers, 'Reviewed-By')),
    integrated,
    rejected,
    summary: dash < 0 ? '' : entry.subject.slice(dash + 3)
  }
}

/** The first commits the hub writes (`default-bases.ts`, `new-base.ts`, `bases/local.ts`), in either language. */
const STARTS: [RegExp, NonNullable<HistoryEntry['start']>['kind']][] = [
  [/^Installation de (\S+) \(base livrée avec OKF Hub\)$/, 'installed'],
  [
    /^(?:Create the base|Création de la base) (\S+) (?:from the OKF Hub template|à partir du modèle OKF Hub)$/,
    'created'
  ],
  [/^Import de (.+) dans OKF Hub$/, 'imported-folder']
]

function startOf(c: ReadCommitResult, subject: string): HistoryEntry['start'] {
  if (c.commit.parent.length > 0) return null
  for (const [re, kind] of STARTS) {
    const m = re.exec(subject)
    if (m) return { kind, name: m[1] }
  }
  return null
}

function toEntry(c: ReadCommitResult): HistoryEntry {
  const message = c.commit.message
  const subject = message.split('\n', 1)[0]
  const trailers = parseTrailers(message)
  const proposals = new Set<string>()
  const sub = SUBMISSION.exec(subject)
  if (sub) proposals.add(sub[1])
  for (const t of trailers)
    if (t.key === 'Proposal' && PROPOSAL_ID_PATTERN.test(t.value)) proposals.add(t.value)
  const kind = kindOf(subject)
  return {
    commit: c.oid,
    subject,
    message,
    author: `${c.commit.author.name} <${c.commit.author.email}>`,
    date: new Date(c.commit.author.timestamp * 1000).toISOString(),
    kind,
    proposals: [...proposals],
    trailers,
    filing: kind === 'submission' ? filingOf(subject, trailers) : null,
    decision: null,
    start: kind === 'other' ? startOf(c, subject) : null
  }
}

/** The entry with its decision read from the commit's tree (resolutions only). */
export async function describeCommit(
  commondir: string,
  c: ReadCommitResult,
  cache: object
): Promise<HistoryEntry> {
  const entry = toEntry(c)
  entry.decision = await decisionOf(commondir, c, entry, cache)
  return entry
}

/**
 * Commits from `from` (HEAD when null), newest first; [] on an unborn branch; a shallow boundary
 * simply ends the walk. HEAD is resolved and objects are read where the commit engine writes them
 * (the common dir of a linked worktree, which isomorphic-git alone does not follow).
 */
async function commits(
  repo: RepoLayout,
  from: string | null,
  depth: number,
  cache: object
): Promise<ReadCommitResult[]> {
  const { commondir } = repo
  const start = from ?? (await headCommitSha(repo))
  if (start === null) return []
  try {
    const list = await gitLog({ fs, gitdir: commondir, ref: start, depth, cache })
    for (const c of list) await decodeDeclared(commondir, c, cache)
    return list
  } catch (e) {
    const code = (e as { code?: string }).code
    if (code === 'NotFoundError') {
      if (from === null) return []
      throw invalidInput(`commit '${from}' introuvable dans l'historique`)
    }
    throw ioError(`historique illisible dans ${repo.root} : ${describeError(e)}`)
  }
}

/**
 * A message isomorphic-git read as UTF-8 although its commit declares another encoding (git's
 * `encoding` header, written under `i18n.commitEncoding`, e.g. ISO-8859-1): decoded again as
 * declared, as `git log` shows it. Only asked for a message holding a replacement character.
 */
export async function decodeDeclared(commondir: string, c: ReadCommitResult, cache: object): Promise<void> {
  if (!c.commit.message.includes('\uFFFD')) return
  const { object } = await readObject({ fs, gitdir: commondir, oid: c.oid, format: 'content', cache })
  if (!(object instanceof Uint8Array)) return
  const raw = Buffer.from(object)
  const end = raw.indexOf('\n\n')
  if (end === -1) return
  const declared = /^encoding (.+)$/m.exec(raw.subarray(0, end).toString('latin1'))?.[1].trim()
  if (!declared || /^utf-?8$/i.test(declared)) return
  try {
    c.commit.message = new TextDecoder(declared).decode(raw.subarray(end + 2))
  } catch {
    // An encoding this runtime does not know: the message stays as read.
  }
}

export async function history(
  base: Base,
  opts: { before?: string; limit?: number } = {}
): Promise<HistoryPage> {
  const limit = opts.limit ?? HISTORY_DEFAULT_LIMIT
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_MAX_LIMIT)
    throw invalidInput(`limit doit être un entier entre 1 et ${HISTORY_MAX_LIMIT}`)
  if (opts.before !== undefined && !/^[0-9a-f]{40}$/.test(opts.before))
    throw invalidInput('before doit être un identifiant de commit complet (40 caractères hexadécimaux)')
  const cache = {}
  // `before` is the first commit of the next page (exclusive cursor would need its parent, which
  // may be a merge): fetch one more and drop nothing.
  const repo = await openRepository(base.root)
  const { commondir } = repo
  const list = await commits(repo, opts.before ?? null, limit + 1, cache)
  const page = list.slice(0, limit)
  const next = list.length > limit ? list[limit].oid : null
  const entries: HistoryEntry[] = []
  for (const c of page) entries.push(await describeCommit(commondir, c, cache))
  return { base: base.name, entries, next }
}

/** The submission and resolution commits of one proposal, found in `git log`. */
export async function auditTrail(base: Base, id: string): Promise<AuditTrail> {
  if (!PROPOSAL_ID_PATTERN.test(id))
    throw invalidInput('identifiant de proposition invalide (forme prop-AAAA-MM-JJ-xxxx)')
  const cache = {}
  const repo = await openRepository(base.root)
  const { commondir } = repo
  const list = await commits(repo, null, HISTORY_SCAN_LIMIT, cache)
  let submission: HistoryEntry | null = null
  let resolution: HistoryEntry | null = null
  let outcome: ProposalOutcome | null = null
  const others: HistoryEntry[] = []
  for (const c of list) {
    if (!c.commit.message.includes(id)) continue
    const e = await describeCommit(commondir, c, cache)
    if (!e.proposals.includes(id)) continue
    if (e.kind === 'submission' && submission === null) submission = e
    else if (e.kind === 'resolution' && resolution === null) {
      resolution = e
      outcome = await outcomeOf(commondir, c.commit.tree, id, cache)
    } else others.push(e)
  }
  const status = locateProposals(base, [id]).get(id)?.status ?? 'missing'
  return { base: base.name, id, submission, resolution, others, outcome, status }
}

/** The proposal's file as its resolution commit wrote it: accepted or rejected, and why. */
async function outcomeOf(
  commondir: string,
  tree: string,
  id: string,
  cache: object
): Promise<ProposalOutcome | null> {
  for (const resolution of ['accepted', 'rejected'] as const) {
    const blob = await blobInTree(commondir, tree, `proposals/${resolution}/${id}.md`, cache).catch(
      () => null
    )
    if (blob === null) continue
    const read = resolvedFields(parseProposal(blob.toString('utf8')).data)
    const into = read.integratedInto
    return {
      resolution,
      integratedInto: typeof into === 'string' ? [into] : (into ?? []),
      rejectionReason: read.rejectionReason,
      resolvedAt: read.resolvedAt
    }
  }
  return null
}

/**
 * The resolution commit of each id (newest first wins: a later resolution replaces nothing, the
 * audit invariant allows one), in one walk of the history whatever the number of ids.
 */
export async function resolutionEntries(
  base: Base,
  ids: readonly string[]
): Promise<Map<string, HistoryEntry>> {
  const wanted = new Set(ids)
  const out = new Map<string, HistoryEntry>()
  if (wanted.size === 0) return out
  for (const c of await commits(await openRepository(base.root), null, HISTORY_SCAN_LIMIT, {})) {
    if (!RESOLUTION.test(c.commit.message)) continue
    const e = toEntry(c)
    for (const id of e.proposals) if (wanted.has(id) && !out.has(id)) out.set(id, e)
    if (out.size === wanted.size) break
  }
  return out
}

async function blobAt(
  repo: RepoLayout,
  commit: string,
  repoPath: string,
  cache: object
): Promise<string | null> {
  try {
    return await treeBlobOid(repo, commit, repoPath, cache)
  } catch (e) {
    // An object beyond a shallow boundary: the path is unknown there, as if absent.
    if ((e as { code?: string }).code === 'NotFoundError') return null
    throw ioError(`lecture de ${repoPath} impossible dans l'historique : ${describeError(e)}`)
  }
}

/** Whether `commit` changed `repoPath` against its first parent (a root commit: against nothing). */
async function changedIn(
  repo: RepoLayout,
  commit: string,
  parent: string | undefined,
  repoPath: string,
  cache: object
): Promise<boolean> {
  const [mine, before] = await Promise.all([
    blobAt(repo, commit, repoPath, cache),
    parent ? blobAt(repo, parent, repoPath, cache) : null
  ])
  return mine !== before
}

/**
 * Documents the plan edits that changed after a proposal it accepts was submitted: the path's
 * blob in the submission commit's parent against HEAD's, and the commits in between that changed
 * it. No new proposal field: git history is the record.
 */
export async function stalenessOf(base: Base, plan: ResolutionPlan): Promise<StalenessWarning[]> {
  const accepted = plan.resolutions.filter((r) => r.resolution === 'accepted').map((r) => r.id)
  const edited = [...new Set(plan.edits.map((e) => e.path))]
  if (accepted.length === 0 || edited.length === 0) return []
  const repo = await openRepository(base.root)
  const head = await headCommitSha(repo)
  if (head === null) return []
  // History below a commit never changes: the same plan's ids and paths over the same HEAD give
  // the same warnings. A manager previews again after every edit of the text; the walk (up to
  // HISTORY_SCAN_LIMIT commits read and parsed) was most of the HubApi's preview beyond the dry
  // run on a base with a long history (docs/PERFORMANCE.md « Manager UI »).
  const key = JSON.stringify([base.root, head, accepted, edited])
  const known = STALENESS_MEMO.get(key)
  if (known) {
    STALENESS_MEMO.delete(key)
    STALENESS_MEMO.set(key, known)
    return structuredClone(known)
  }
  const out = await computeStaleness(base, repo, head, accepted, edited)
  STALENESS_MEMO.set(key, out)
  if (STALENESS_MEMO.size > STALENESS_MEMO_SIZE)
    STALENESS_MEMO.delete(STALENESS_MEMO.keys().next().value as string)
  return structuredClone(out)
}

const STALENESS_MEMO_SIZE = 64
/** Least recently used first. */
const STALENESS_MEMO = new Map<string, StalenessWarning[]>()

async function computeStaleness(
  base: Base,
  repo: RepoLayout,
  head: string,
  accepted: string[],
  edited: string[]
): Promise<StalenessWarning[]> {
  const cache = {}
  const list = await commits(repo, head, HISTORY_SCAN_LIMIT, cache)
  if (list.length === 0) return []
  const out: StalenessWarning[] = []
  for (const id of accepted) {
    const at = list.findIndex((c) => SUBMISSION.exec(c.commit.message)?.[1] === id)
    if (at < 0) continue // not committed yet (reconcile first): nothing to compare against
    const submission = list[at]
    const parent = submission.commit.parent[0]
    if (!parent) continue
    for (const path of edited) {
      // Preview has already confined every edit path; this only maps it to the repo path.
      const { repoPath } = confineEditPath(base, path)
      const [then, now] = await Promise.all([
        blobAt(repo, parent, repoPath, cache),
        blobAt(repo, head, repoPath, cache)
      ])
      if (then === now) continue
      const changedBy: StalenessWarning['changedBy'] = []
      for (let i = 0; i < at; i++) {
        const c = list[i]
        if (await changedIn(repo, c.oid, c.commit.parent[0], repoPath, cache))
          changedBy.push({
            commit: c.oid,
            subject: c.commit.message.split('\n', 1)[0],
            date: new Date(c.commit.author.timestamp * 1000).toISOString()
          })
      }
      out.push({ proposalId: id, path, submittedIn: submission.oid, changedBy })
    }
  }
  return out
}

/**
 * The newest commit that changed any of these corpus documents, among those committed as they
 * stand: the commit a gap's closure is credited to. A sync that fast-forwards over a colleague's
 * document and then their proposals must credit the document's commit, not the branch's new tip.
 * Null when none of them is committed as it stands (an edit not committed yet: no commit wrote
 * what answers now) or no commit within HISTORY_SCAN_LIMIT changed them.
 */
export async function lastChangeOf(base: Base, corpusPaths: readonly string[]): Promise<string | null> {
  const repoPaths = corpusPaths.map((p) => toPosixRelative(base.root, join(base.corpusDir, ...p.split('/'))))
  const dirty = await localChanges(base.root, repoPaths)
  const clean = repoPaths.filter((p) => !dirty.has(p))
  if (clean.length === 0) return null
  const repo = await openRepository(base.root)
  const reader = new CommitReader(repo.commondir)
  const cache = {}
  let sha = await headCommitSha(repo)
  for (let n = 0; sha && n < HISTORY_SCAN_LIMIT; n++) {
    const parent: string | undefined = (await reader.read(sha)).parents[0]
    for (const p of clean) if (await changedIn(repo, sha, parent, p, cache)) return sha
    sha = parent ?? null
  }
  return null
}
