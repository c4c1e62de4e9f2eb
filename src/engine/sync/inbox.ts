import fs from 'node:fs'
import { listRefs } from 'isomorphic-git'
import { diffTrees } from '../git/tree-diff'
import { applyTrie, buildTrie, entryAt, type PathChange } from '../git/trees'
import { commitTreeOid, ObjectBatch, readObjectOfType } from '../git/objects'
import { readRefValue } from '../git/refs'
import type { RepoLayout } from '../git/layout'
import { chainOf, relate, type CommitReader } from './graph'
import { INBOX_PREFIX } from './hub-id'
import { pendingIdOf, renamedMessage } from './rename'
import { renamedProposalText } from '../proposals/record'
import { isConflict, isHubCommit, isResolutionCommit, planReplay, subjectOf } from './replay'

/**
 * Inbox branches (issue 27), the git side. A contributor's hub files on `okf-hub/inbox/<hub id>`,
 * a branch only it writes, always fast-forwarded; the manager's hub reads every inbox and replays
 * the submissions `main` does not carry yet onto it (`collectInboxes`), one linear commit each,
 * authorship and message verbatim — so the audit invariant holds on `main`. The manager never
 * writes an inbox; a contributor deletes its own once `main` carries every commit of it
 * (`inboxWaiting` finds them by patch identity, the way a replay recognises its own copies), and
 * starts the next one from `main`.
 */

export interface InboxTip {
  /** `okf-hub/inbox/<hub id>`. */
  branch: string
  hubId: string
  tip: string
}

/** The inboxes the last fetch of every branch saw (their tracking refs), sorted by branch. */
export async function listInboxTips(repo: RepoLayout, remote: string): Promise<InboxTip[]> {
  const base = `refs/remotes/${remote}/${INBOX_PREFIX}`
  const names = await listRefs({ fs, gitdir: repo.commondir, filepath: base.slice(0, -1) }).catch(() => [])
  const out: InboxTip[] = []
  for (const name of names.sort()) {
    if (name.includes('/')) continue
    const tip = await readRefValue(repo, `${base}${name}`)
    if (tip) out.push({ branch: `${INBOX_PREFIX}${name}`, hubId: name, tip })
  }
  return out
}

export interface InboxWaiting {
  /** The inbox's commits `main` does not carry yet, oldest first. */
  waiting: string[]
  /** Every commit of the inbox is on `main` (by ancestry or as a copy): it can go. */
  merged: boolean
}

/** What of the inbox at `inboxTip` is still to integrate into `mainTip`. */
export async function inboxWaiting(
  reader: CommitReader,
  inboxTip: string,
  mainTip: string
): Promise<InboxWaiting> {
  const rel = await relate(reader, inboxTip, mainTip)
  const chain = await chainOf(reader, inboxTip, rel)
  if (chain.length === 0) return { waiting: [], merged: true }
  const plan = await planReplay(reader, chain, mainTip, { check: true, upstream: rel.behind })
  if (isConflict(plan)) return { waiting: chain, merged: false }
  const waiting = plan.replayed.filter((r) => !r.integrated).map((r) => r.from)
  return { waiting, merged: waiting.length === 0 }
}

export interface CollectedProposal {
  inbox: string
  /** The id on `main` (the new one when renamed). */
  id: string
  renamedFrom?: string
  from: string
  to: string
}

export interface CollectProblem {
  inbox: string
  commit: string
  reason: string
}

export interface CollectOutcome {
  /** The new tip (`onto` when nothing was collected). */
  tip: string
  collected: CollectedProposal[]
  /** Commits left in their inbox, and why (a non-hub commit, a clash): shown, never dropped. */
  problems: CollectProblem[]
}

const STATUS_DIRS = ['pending', 'accepted', 'rejected'] as const

async function idTaken(reader: CommitReader, tree: string, id: string): Promise<boolean> {
  for (const d of STATUS_DIRS)
    if (await entryAt(reader.commondir, tree, `proposals/${d}/${id}.md`, reader.cache)) return true
  return false
}

/**
 * Replays every inbox's waiting submissions onto `onto`, inbox after inbox (sorted), each commit
 * after the one before. A submission whose id `onto` already holds (another hub drew it the same
 * day) is renamed (`rename.ts`); one that cannot be replayed stays in its inbox, reported. The new
 * objects are written; no ref moves here.
 */
export async function collectInboxes(
  reader: CommitReader,
  onto: string,
  inboxes: InboxTip[],
  drawSuffix: () => string
): Promise<CollectOutcome> {
  let tip = onto
  const collected: CollectedProposal[] = []
  const problems: CollectProblem[] = []
  for (const inbox of inboxes) {
    const { waiting } = await inboxWaiting(reader, inbox.tip, tip)
    if (waiting.length === 0) continue
    for (const sha of waiting) {
      const c = await reader.read(sha)
      const short = sha.slice(0, 10)
      if (!isHubCommit(c) || c.parents.length !== 1) {
        problems.push({
          inbox: inbox.branch,
          commit: sha,
          reason: `le commit ${short} (« ${subjectOf(c)} ») de ${inbox.branch} n'a pas été fait par un hub : il n'est pas intégré`
        })
        continue
      }
      if (isResolutionCommit(c)) {
        problems.push({
          inbox: inbox.branch,
          commit: sha,
          reason: `le commit ${short} de ${inbox.branch} est une résolution : seul le gestionnaire décide, elle n'est pas intégrée`
        })
        continue
      }
      const deltas = await diffTrees(
        reader.commondir,
        (await reader.read(c.parents[0])).tree,
        c.tree,
        reader.cache
      )
      const tipTree = await commitTreeOid(reader.commondir, tip, reader.cache)
      const added = deltas.map((d) => (d.before === null ? pendingIdOf(d.path) : null)).find(Boolean) ?? null
      // `waiting` holds only commits with no copy on the tip (`inboxWaiting`), and what this
      // collect adds comes from other commits: an id already there is another proposal's.
      if (added && (await idTaken(reader, tipTree, added))) {
        const renamed = await replayRenamed(reader, c, deltas, tip, tipTree, added, drawSuffix)
        if (typeof renamed === 'string') {
          problems.push({ inbox: inbox.branch, commit: sha, reason: renamed })
          continue
        }
        collected.push({
          inbox: inbox.branch,
          id: renamed.id,
          renamedFrom: added,
          from: sha,
          to: renamed.tip
        })
        tip = renamed.tip
        continue
      }
      const plan = await planReplay(reader, [sha], tip)
      if (isConflict(plan)) {
        problems.push({ inbox: inbox.branch, commit: sha, reason: plan.reasons.join(' ; ') })
        continue
      }
      if (plan.tip !== tip) {
        collected.push({ inbox: inbox.branch, id: added ?? subjectOf(c), from: sha, to: plan.tip })
        tip = plan.tip
      }
    }
  }
  return { tip, collected, problems }
}

const MAX_DRAWS = 64

async function replayRenamed(
  reader: CommitReader,
  c: Awaited<ReturnType<CommitReader['read']>>,
  deltas: Awaited<ReturnType<typeof diffTrees>>,
  tip: string,
  tipTree: string,
  from: string,
  drawSuffix: () => string
): Promise<{ tip: string; id: string } | string> {
  const day = from.slice('prop-'.length, 'prop-'.length + 10)
  let to: string | null = null
  for (let i = 0; i < MAX_DRAWS && to === null; i++) {
    const candidate = `prop-${day}-${drawSuffix()}`
    if (candidate !== from && !(await idTaken(reader, tipTree, candidate))) to = candidate
  }
  if (to === null) return `aucun identifiant libre pour renommer ${from}`
  const objects = new ObjectBatch(reader.commondir)
  const changes: PathChange[] = []
  for (const d of deltas) {
    if (d.before === null && pendingIdOf(d.path) === from && d.after) {
      const text = (await readObjectOfType(reader.commondir, d.after.oid, 'blob', reader.cache)).toString(
        'utf8'
      )
      const renamed = renamedProposalText(text, from, to)
      if (renamed === null)
        return `${from} : l'identifiant de son frontmatter est illisible, elle n'est pas renommée`
      const oid = objects.add('blob', Buffer.from(renamed, 'utf8'))
      changes.push({
        path: `proposals/pending/${to}.md`,
        deleted: false,
        oid,
        mode: d.after.mode,
        stat: null
      })
      continue
    }
    // Anything else the submission made (a folder's first `.gitkeep`) is kept unless already there.
    const now = await entryAt(reader.commondir, tipTree, d.path, reader.cache)
    const nowV = now ? { oid: now.oid.toString('hex'), mode: now.mode } : null
    if (nowV && d.after && nowV.oid === d.after.oid && nowV.mode === d.after.mode) continue
    if (nowV !== null || d.after === null) return `${from} : ${d.path} a changé sur la branche principale`
    changes.push({ path: d.path, deleted: false, oid: d.after.oid, mode: d.after.mode, stat: null })
  }
  const tree =
    (await applyTrie(reader.commondir, objects, tipTree, buildTrie(changes), '', reader.cache)) ??
    objects.add('tree', Buffer.alloc(0))
  const body = `tree ${tree}\nparent ${tip}\nauthor ${c.author}\ncommitter ${c.committer}\n\n${renamedMessage(c.message, from, to)}`
  const sha = objects.add('commit', Buffer.from(body, 'utf8'))
  await objects.flush()
  return { tip: sha, id: to }
}
