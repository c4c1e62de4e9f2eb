import { describeError, ioError } from '../errors'
import { headCommitSha, readHead, readRefValue } from '../git/refs'
import { treeBlobOid } from '../git/trees'
import { worktreeOids } from '../git/worktree-files'
import { openRepository, type RepoLayout } from '../git/layout'

/**
 * What the review engine needs to know about HEAD for a handful of paths — never a full status:
 * whether a path is tracked, and whether its worktree content, as git would store it (line endings
 * cleaned under core.autocrlf), differs from HEAD's blob. The commit engine's own readers are used:
 * they follow a linked worktree's `commondir` and hash exactly what a commit would store.
 */

export type LocalChange = 'modified' | 'deleted' | 'untracked'

/** HEAD's commit sha, or null on an unborn branch (or where there is no repository to read). */
export async function headCommit(root: string): Promise<string | null> {
  return (await headState(root)).commit
}

export interface HeadState {
  /** HEAD's commit sha, null on an unborn branch or where there is no repository to read. */
  commit: string | null
  /** HEAD names a commit, not a branch: every write of the hub is refused (`detached-head`). */
  detached: boolean
}

/** Where HEAD is: its commit, and whether it is on a branch. An unreadable repository is neither. */
export async function headState(root: string): Promise<HeadState> {
  try {
    const repo = await openRepository(root)
    const head = await readHead(repo)
    return { commit: await readRefValue(repo, head.ref), detached: !head.symbolic }
  } catch {
    return { commit: null, detached: false }
  }
}

/**
 * For each repo path, how its worktree content differs from HEAD (absent from the map: identical,
 * or absent from both). Compares content hashes of exactly these paths; the repository is opened
 * once for all of them.
 */
export async function localChanges(root: string, repoPaths: string[]): Promise<Map<string, LocalChange>> {
  if (repoPaths.length === 0) return new Map()
  let repo: RepoLayout
  try {
    repo = await openRepository(root)
  } catch (e) {
    throw ioError(`lecture de ${repoPaths[0]} impossible : ${describeError(e)}`)
  }
  const commit = await headCommitSha(repo).catch(() => null)
  const worktreeOid = await worktreeOids(repo)
  const cache = {}
  const out = new Map<string, LocalChange>()
  for (const p of repoPaths) {
    const [head, work] = await Promise.all([
      commit
        ? treeBlobOid(repo, commit, p, cache).catch((e: unknown) => {
            throw ioError(`lecture de HEAD impossible pour ${p} : ${describeError(e)}`)
          })
        : null,
      worktreeOid(p, commit, cache).catch((e: unknown) => {
        throw ioError(`lecture de ${p} impossible : ${describeError(e)}`)
      })
    ])
    if (head === work) continue
    out.set(p, head === null ? 'untracked' : work === null ? 'deleted' : 'modified')
  }
  return out
}
