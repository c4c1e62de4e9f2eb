import { applyTrie, buildTrie, entryAt, type PathChange } from '../git/trees'
import { ObjectBatch, commitTreeOid } from '../git/objects'
import { diffTrees } from '../git/tree-diff'
import { HUB_AUTHOR } from '../git/identity'
import type { CommitReader, CommitInfo } from './graph'
import { originalOfRenamed, pendingIdOf } from './rename'

/**
 * Replaying the hub's own local commits on a newer remote tip instead of merging (DESIGN: never
 * merge, never force). A commit is replayable when it is the hub's (its author and committer are
 * `okf-hub <hub@local>`, no signature or other header), has one parent, and every path it touches
 * is on the new tip as it was in its parent (untouched by the remote since) or already as it
 * leaves it. A submission only adds `proposals/pending/<id>.md` (and the folders' `.gitkeep` the
 * first time), so it always replays — unless the same id was filed elsewhere. The new commit has
 * the same tree changes (same blobs), the same author and committer lines and the same message;
 * only its parent, its tree and so its id change. A commit whose changes are all already on the
 * tip (pushed before a crash) is dropped, so nothing reaches the remote twice.
 */

export interface ReplayPlan {
  /** The new tip: the remote tip when every local commit was already there. */
  tip: string
  /**
   * Old local commit → new commit (null: dropped, already upstream). `integrated`: its changes are
   * on `onto` already (a copy pushed or collected before, or the same change made there).
   */
  replayed: { from: string; to: string | null; subject: string; integrated?: boolean }[]
}

export interface ReplayConflict {
  /** Paths changed on both sides. */
  paths: string[]
  /** Commits that cannot be replayed and why, in French. */
  reasons: string[]
  /**
   * Every commit in the way is a resolution made by the hub: it can be set aside and planned again
   * on the new tip (`set-aside.ts`). False when a commit not made by the hub, a merge or a
   * submission clashes.
   */
  replannable: boolean
}

const hubIdent = `${HUB_AUTHOR.name} <${HUB_AUTHOR.email}> `

export function isHubCommit(c: CommitInfo): boolean {
  return c.author.startsWith(hubIdent) && c.committer.startsWith(hubIdent) && c.extraHeaders.length === 0
}

export const subjectOf = (c: CommitInfo): string => c.message.split('\n', 1)[0]

/** What a replayed copy keeps of its original: author, committer and message, verbatim. */
const identityOf = (c: CommitInfo): string => `${c.author}\n${c.committer}\n${c.message}`

/** The remote's new commits by identity, with their changes (read only when a local one matches). */
async function upstreamCopies(
  reader: CommitReader,
  upstream: readonly string[]
): Promise<Map<string, CommitInfo[]>> {
  const byIdentity = new Map<string, CommitInfo[]>()
  for (const sha of upstream) {
    const c = await reader.read(sha)
    if (!isHubCommit(c) || c.parents.length !== 1) continue
    const key = identityOf(c)
    byIdentity.set(key, [...(byIdentity.get(key) ?? []), c])
    // A copy renamed at integration (`rename.ts`) is found under its original's identity too.
    const original = originalOfRenamed(c.message)
    if (original) {
      const k = `${c.author}\n${c.committer}\n${original.message}`
      byIdentity.set(k, [...(byIdentity.get(k) ?? []), c])
    }
  }
  return byIdentity
}

/** A resolution commit (`message.ts`): its subject's verb and its Reviewed-By trailer. */
export function isResolutionCommit(c: CommitInfo): boolean {
  return /^(integrate|reject|resolve): /.test(subjectOf(c)) && /^Reviewed-By: /m.test(c.message)
}

const same = (a: { oid: string; mode: string } | null, b: { oid: string; mode: string } | null): boolean =>
  a === null || b === null ? a === b : a.oid === b.oid && a.mode === b.mode

/**
 * Plans the replay of `ahead` (oldest first, each the parent of the next) on `onto`. First every
 * commit is checked against the tip as the earlier ones leave it (reads only); when one cannot
 * be replayed, what stands in the way is returned and nothing was written. Otherwise the new
 * trees and commits are written as loose objects (each next commit reads its parent's tree); no
 * ref points at them until the caller pushes and moves the branch, and git's gc prunes them if it
 * never does.
 */
export async function planReplay(
  reader: CommitReader,
  ahead: string[],
  onto: string,
  opts: {
    check?: boolean
    /** The commits only `onto` has (`Relation.behind`): where copies pushed earlier are looked for. */
    upstream?: readonly string[]
  } = {}
): Promise<ReplayPlan | ReplayConflict> {
  const commondir = reader.commondir
  const cache = reader.cache
  const copies = await upstreamCopies(reader, opts.upstream ?? [])
  const deltasOf = async (c: CommitInfo) =>
    diffTrees(
      commondir,
      c.parents.length === 1 ? (await reader.read(c.parents[0])).tree : null,
      c.tree,
      cache
    )
  /** Whether `c` went upstream already as one of `copies` (each of the copy's changes is one of c's). */
  const pushedBefore = async (c: CommitInfo, own: Awaited<ReturnType<typeof deltasOf>>): Promise<boolean> => {
    const candidates = copies.get(identityOf(c)) ?? []
    if (candidates.length === 0) return false
    const mine = new Map(own.map((d) => [d.path, d.after]))
    for (const copy of candidates) {
      const theirs = await deltasOf(copy)
      const renamed = originalOfRenamed(copy.message)
      // A renamed copy's proposal file has another path and a changed frontmatter: the identity
      // (author and committer to the second, the whole original message) and the renamed path decide.
      if (
        renamed &&
        theirs.every((d) =>
          pendingIdOf(d.path) === renamed.to
            ? mine.has(`proposals/pending/${renamed.from}.md`)
            : mine.has(d.path) && same(mine.get(d.path) ?? null, d.after)
        )
      )
        return true
      if (theirs.every((d) => mine.has(d.path) && same(mine.get(d.path) ?? null, d.after))) return true
    }
    return false
  }
  const ontoTree = await commitTreeOid(commondir, onto, cache)
  // Path → what the replayed commits so far leave there (null: removed).
  const overlay = new Map<string, { oid: string; mode: string } | null>()
  const at = async (path: string): Promise<{ oid: string; mode: string } | null> => {
    if (overlay.has(path)) return overlay.get(path) ?? null
    const entry = await entryAt(commondir, ontoTree, path, cache)
    return entry ? { oid: entry.oid.toString('hex'), mode: entry.mode } : null
  }
  const steps: { sha: string; c: CommitInfo; changes: PathChange[] }[] = []
  const conflicts = new Set<string>()
  const reasons: string[] = []
  let replannable = true
  for (const sha of ahead) {
    const c = await reader.read(sha)
    const subject = subjectOf(c)
    const deltas = await deltasOf(c)
    if (isHubCommit(c) && c.parents.length === 1 && (await pushedBefore(c, deltas))) {
      // Its copy is on the tip: what it changed is there (or was changed since, by later commits).
      steps.push({ sha, c, changes: [] })
      continue
    }
    if (!isHubCommit(c) || c.parents.length !== 1) {
      replannable = false
      for (const d of deltas) conflicts.add(d.path)
      reasons.push(
        c.parents.length !== 1
          ? `le commit local ${sha.slice(0, 10)} est une fusion : il n'est jamais rejoué`
          : `le commit local ${sha.slice(0, 10)} (« ${subject} ») n'a pas été fait par le hub : il n'est jamais réécrit`
      )
      continue
    }
    const changes: PathChange[] = []
    const clashing: string[] = []
    for (const d of deltas) {
      const now = await at(d.path)
      if (same(now, d.after)) continue
      if (!same(now, d.before)) {
        clashing.push(d.path)
        continue
      }
      changes.push(
        d.after
          ? { path: d.path, deleted: false, oid: d.after.oid, mode: d.after.mode, stat: null }
          : { path: d.path, deleted: true, oid: '', mode: '', stat: null }
      )
    }
    if (clashing.length > 0) {
      if (!isResolutionCommit(c)) replannable = false
      for (const p of clashing) conflicts.add(p)
      reasons.push(
        `« ${subject} » (${sha.slice(0, 10)}) modifie ${clashing.join(', ')}, changé(s) aussi sur le dépôt distant`
      )
      continue
    }
    for (const ch of changes) overlay.set(ch.path, ch.deleted ? null : { oid: ch.oid, mode: ch.mode })
    steps.push({ sha, c, changes })
  }
  if (conflicts.size > 0 || reasons.length > 0) return { paths: [...conflicts].sort(), reasons, replannable }
  // A status only asks whether the commits would replay: nothing is built.
  if (opts.check)
    return {
      tip: '',
      replayed: steps.map((s) => ({
        from: s.sha,
        to: null,
        subject: subjectOf(s.c),
        integrated: s.changes.length === 0
      }))
    }

  const objects = new ObjectBatch(commondir)
  let tip = onto
  let tipTree = ontoTree
  const replayed: ReplayPlan['replayed'] = []
  for (const { sha, c, changes } of steps) {
    const subject = subjectOf(c)
    if (changes.length === 0) {
      replayed.push({ from: sha, to: null, subject, integrated: true })
      continue
    }
    const tree =
      (await applyTrie(commondir, objects, tipTree, buildTrie(changes), '', cache)) ??
      objects.add('tree', Buffer.alloc(0))
    const body = `tree ${tree}\nparent ${tip}\nauthor ${c.author}\ncommitter ${c.committer}\n\n${c.message}`
    tip = objects.add('commit', Buffer.from(body, 'utf8'))
    tipTree = tree
    await objects.flush()
    replayed.push({ from: sha, to: tip, subject })
  }
  return { tip, replayed }
}

export function isConflict(p: ReplayPlan | ReplayConflict): p is ReplayConflict {
  return 'reasons' in p
}
