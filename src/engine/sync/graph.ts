import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { readObjectOfType } from '../git/objects'

/**
 * The commit graph as sync needs it: a commit's headers and message exactly as stored (a replay
 * copies them), and how two tips relate — which commits only one side has, and their newest
 * common ancestor — walked newest first by committer time (git's own order for merge bases), so
 * that only the commits since the fork are read, not the whole history.
 */

export interface CommitInfo {
  sha: string
  tree: string
  parents: string[]
  /** The `author …` and `committer …` header values, verbatim. */
  author: string
  committer: string
  /** Headers other than tree/parent/author/committer (gpgsig, encoding, mergetag…). */
  extraHeaders: string[]
  /** Everything after the blank line, verbatim. */
  message: string
  /** Committer time, seconds. */
  time: number
}

export function parseCommit(sha: string, body: Buffer): CommitInfo {
  const text = body.toString('utf8')
  const sep = text.indexOf('\n\n')
  const head = sep < 0 ? text : text.slice(0, sep)
  const message = sep < 0 ? '' : text.slice(sep + 2)
  let tree = ''
  let author = ''
  let committer = ''
  const parents: string[] = []
  const extraHeaders: string[] = []
  for (const line of head.split('\n')) {
    if (line.startsWith(' ')) {
      // Continuation of a multi-line header (gpgsig).
      if (extraHeaders.length) extraHeaders[extraHeaders.length - 1] += `\n${line}`
      continue
    }
    const sp = line.indexOf(' ')
    const key = line.slice(0, sp)
    const value = line.slice(sp + 1)
    if (key === 'tree') tree = value
    else if (key === 'parent') parents.push(value)
    else if (key === 'author') author = value
    else if (key === 'committer') committer = value
    else extraHeaders.push(line)
  }
  const m = /\s(\d+)\s[+-]\d{4}$/.exec(committer)
  if (!/^[0-9a-f]{40}$/.test(tree)) throw new Error(`commit ${sha} malformé`)
  return { sha, tree, parents, author, committer, extraHeaders, message, time: m ? Number(m[1]) : 0 }
}

/** Reads commits once per walk; a shallow clone's boundary commits are read as roots. */
export class CommitReader {
  private readonly commits = new Map<string, CommitInfo>()
  private shallow: Set<string> | null = null
  readonly cache: object = {}

  constructor(readonly commondir: string) {}

  async read(sha: string): Promise<CommitInfo> {
    const known = this.commits.get(sha)
    if (known) return known
    if (this.shallow === null) {
      const text = await readFile(join(this.commondir, 'shallow'), 'utf8').catch(() => '')
      this.shallow = new Set(text.split('\n').filter((l) => /^[0-9a-f]{40}$/.test(l)))
    }
    const info = parseCommit(sha, await readObjectOfType(this.commondir, sha, 'commit', this.cache))
    if (this.shallow.has(sha)) info.parents = []
    this.commits.set(sha, info)
    return info
  }
}

export interface Relation {
  /** Commits only `local` has, newest first. */
  ahead: string[]
  /** Commits only `remote` has, newest first. */
  behind: string[]
  /** Newest common ancestor; null when the histories share nothing. */
  base: string | null
}

const LOCAL = 1
const REMOTE = 2
const BOTH = 3
/** A walk longer than this is refused rather than left to read a whole huge history. */
export const MAX_WALK = 200_000

/**
 * How `local` and `remote` relate (git's paint-down-to-common, by committer time). Commits made
 * within the same second tie: a commit counted on one side and later reached from the other is
 * moved to the common part, and its ancestors with it.
 */
export async function relate(reader: CommitReader, local: string, remote: string): Promise<Relation> {
  if (local === remote) return { ahead: [], behind: [], base: local }
  const flags = new Map<string, number>()
  const popped = new Set<string>()
  const ahead = new Set<string>()
  const behind = new Set<string>()
  const queue: CommitInfo[] = []
  const push = (c: CommitInfo): void => {
    // Sorted insertion, newest last (popped first); the queue stays short (the fork's width).
    let i = queue.length
    while (i > 0 && queue[i - 1].time > c.time) i--
    queue.splice(i, 0, c)
  }
  const mark = async (sha: string, f: number): Promise<void> => {
    const had = flags.get(sha) ?? 0
    const now = had | f
    if (now === had) return
    flags.set(sha, now)
    if (popped.has(sha)) {
      ahead.delete(sha)
      behind.delete(sha)
      for (const p of (await reader.read(sha)).parents) await mark(p, now)
    } else if (had === 0) push(await reader.read(sha))
  }
  await mark(local, LOCAL)
  await mark(remote, REMOTE)
  let steps = 0
  while (queue.length > 0) {
    // Done once every commit still queued is known to both sides.
    if (queue.every((c) => flags.get(c.sha) === BOTH)) break
    if (++steps > MAX_WALK)
      throw new Error(`historique trop long pour être comparé (plus de ${MAX_WALK} commits)`)
    const c = queue.pop() as CommitInfo
    popped.add(c.sha)
    const f = flags.get(c.sha) as number
    if (f === LOCAL) ahead.add(c.sha)
    else if (f === REMOTE) behind.add(c.sha)
    for (const p of c.parents) await mark(p, f)
  }
  // The newest common ancestor along local's first parents (the fork point of a linear history).
  let base: string | null = null
  for (let c: string | undefined = local; c; c = (await reader.read(c)).parents[0]) {
    if (!ahead.has(c)) {
      base = flags.get(c) === BOTH || c === remote ? c : null
      break
    }
  }
  return { ahead: [...ahead], behind: [...behind], base }
}

/** The first-parent chain from `tip` down to (excluding) `base`, oldest first. */
export async function chainOf(reader: CommitReader, tip: string, rel: Relation): Promise<string[]> {
  const ahead = new Set(rel.ahead)
  const out: string[] = []
  let c: string | undefined = tip
  while (c && ahead.has(c)) {
    out.push(c)
    c = (await reader.read(c)).parents[0]
  }
  // Commits reachable only through a merge's other parents stay out of the chain: the merge
  // itself is in it and is never replayed.
  return out.reverse()
}
