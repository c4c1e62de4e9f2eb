import fs from 'node:fs'
import { lstat, readFile, readlink } from 'node:fs/promises'
import { join } from 'node:path'
import { hashBlob, readBlob, resolveRef } from 'isomorphic-git'
import { describeError, ioError } from '../errors'

/**
 * What the review engine needs to know about HEAD for a handful of paths — never a full status:
 * whether a path is tracked, and whether its worktree bytes differ from HEAD's blob.
 */

export type LocalChange = 'modified' | 'deleted' | 'untracked'

/** HEAD's commit sha, or null on an unborn branch. */
export async function headCommit(root: string): Promise<string | null> {
  try {
    return await resolveRef({ fs, dir: root, ref: 'HEAD' })
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
    const r = await readBlob({ fs, dir: root, oid: commit, filepath: repoPath, cache })
    return r.oid
  } catch (e) {
    const code = (e as { code?: string }).code
    if (code === 'NotFoundError' || code === 'ObjectTypeError') return null
    throw ioError(`lecture de HEAD impossible pour ${repoPath} : ${describeError(e)}`)
  }
}

/** Git blob oid of the worktree file (a symlink hashes its target text); null when absent. */
async function worktreeOid(root: string, repoPath: string): Promise<string | null> {
  const abs = join(root, ...repoPath.split('/'))
  let content: Uint8Array
  try {
    const st = await lstat(abs)
    if (st.isSymbolicLink()) content = await readlink(abs, { encoding: 'buffer' })
    else if (st.isFile()) content = await readFile(abs)
    else return null
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return null
    throw ioError(`lecture de ${repoPath} impossible : ${describeError(e)}`)
  }
  return (await hashBlob({ object: content })).oid
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
    const [head, work] = await Promise.all([blobOid(root, commit, p, cache), worktreeOid(root, p)])
    if (head === work) continue
    out.set(p, head === null ? 'untracked' : work === null ? 'deleted' : 'modified')
  }
  return out
}
