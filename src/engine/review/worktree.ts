import { describeError, ioError } from '../errors'
import { headCommitSha } from '../git/refs'
import { treeBlobOid } from '../git/trees'
import { worktreeBlobOid } from '../git/worktree-files'

/**
 * What the review engine needs to know about HEAD for a handful of paths — never a full status:
 * whether a path is tracked, and whether its worktree content, as git would store it (line endings
 * cleaned under core.autocrlf), differs from HEAD's blob. The commit engine's own readers are used:
 * they follow a linked worktree's `commondir` and hash exactly what a commit would store.
 */

export type LocalChange = 'modified' | 'deleted' | 'untracked'

/** HEAD's commit sha, or null on an unborn branch (or where there is no repository to read). */
export async function headCommit(root: string): Promise<string | null> {
  try {
    return await headCommitSha(root)
  } catch {
    return null
  }
}

/** Blob oid of `repoPath` in `commit` (null: absent, or no commit). */
async function blobOid(
  root: string,
  commit: string | null,
  repoPath: string,
  cache: object
): Promise<string | null> {
  if (!commit) return null
  try {
    return await treeBlobOid(root, commit, repoPath, cache)
  } catch (e) {
    throw ioError(`lecture de HEAD impossible pour ${repoPath} : ${describeError(e)}`)
  }
}

/** The blob oid git would store for the worktree file (a symlink hashes its target text); null when absent. */
async function worktreeOid(
  root: string,
  commit: string | null,
  repoPath: string,
  cache: object
): Promise<string | null> {
  try {
    return await worktreeBlobOid(root, repoPath, commit, cache)
  } catch (e) {
    throw ioError(`lecture de ${repoPath} impossible : ${describeError(e)}`)
  }
}

/**
 * For each repo path, how its worktree content differs from HEAD (absent from the map: identical,
 * or absent from both). Compares content hashes of exactly these paths.
 */
export async function localChanges(root: string, repoPaths: string[]): Promise<Map<string, LocalChange>> {
  const commit = await headCommit(root)
  const cache = {}
  const out = new Map<string, LocalChange>()
  for (const p of repoPaths) {
    const [head, work] = await Promise.all([
      blobOid(root, commit, p, cache),
      worktreeOid(root, commit, p, cache)
    ])
    if (head === work) continue
    out.set(p, head === null ? 'untracked' : work === null ? 'deleted' : 'modified')
  }
  return out
}
