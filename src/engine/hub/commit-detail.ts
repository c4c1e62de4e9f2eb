import fs from 'node:fs'
import { readCommit } from 'isomorphic-git'
import type { Base } from '../registry/base'
import { describeError, invalidInput, ioError, notFound } from '../errors'
import { openRepository } from '../git/layout'
import { readObjectOfType } from '../git/objects'
import { diffTrees, type TreeChange } from '../git/tree-diff'
import { unifiedDiff } from '../text-diff'
import { DIFF_MAX_BYTES } from '../bases/local-changes'
import { decodeDeclared, describeCommit } from './history'
import type { CommitDetail, CommitFileChange } from '../../shared/hub-api'

/** Files listed with their diff; a larger commit (a first import) says how many more it changed. */
export const COMMIT_DETAIL_MAX_FILES = 200

const isBinary = (b: Buffer): boolean => b.subarray(0, 8000).includes(0)

/**
 * What one past commit did, as the manager opens it from the history: its words (the same entry
 * as the list), its whole message, and each changed file's diff against the first parent — the
 * same unified diff the preview shows, so a decision reads as it was approved.
 */
export async function commitDetail(base: Base, commit: string): Promise<CommitDetail> {
  if (!/^[0-9a-f]{40}$/.test(commit))
    throw invalidInput('commit doit être un identifiant de commit complet (40 caractères hexadécimaux)')
  const { commondir } = await openRepository(base.root)
  const cache = {}
  let read
  try {
    read = await readCommit({ fs, gitdir: commondir, oid: commit, cache })
  } catch (e) {
    if ((e as { code?: string }).code === 'NotFoundError')
      throw notFound(`commit '${commit}' introuvable dans l'historique de '${base.name}'`, {
        kind: 'commit-not-found',
        params: { commit: commit.slice(0, 10) }
      })
    throw ioError(`historique illisible dans ${base.root} : ${describeError(e)}`)
  }
  await decodeDeclared(commondir, read, cache)
  const entry = await describeCommit(commondir, read, cache)
  const parent = read.commit.parent[0] ?? null
  let changes: TreeChange[]
  try {
    const parentTree = parent
      ? (await readCommit({ fs, gitdir: commondir, oid: parent, cache })).commit.tree
      : null
    changes = await diffTrees(commondir, parentTree, read.commit.tree, cache, { submodules: 'skip' })
  } catch (e) {
    // The parent beyond a shallow clone's boundary: the commit is shown without its files.
    if ((e as { code?: string }).code === 'NotFoundError') changes = []
    else throw ioError(`historique illisible dans ${base.root} : ${describeError(e)}`)
  }
  const proposalsLast = (c: TreeChange): number => (c.path.startsWith('proposals/') ? 1 : 0)
  changes.sort(
    (a, b) => proposalsLast(a) - proposalsLast(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
  )
  const files: CommitFileChange[] = []
  for (const c of changes.slice(0, COMMIT_DETAIL_MAX_FILES)) files.push(await fileChange(commondir, c, cache))
  return {
    base: base.name,
    entry,
    parent,
    files,
    omitted: Math.max(0, changes.length - COMMIT_DETAIL_MAX_FILES)
  }
}

async function fileChange(commondir: string, c: TreeChange, cache: object): Promise<CommitFileChange> {
  const change = c.before === null ? 'added' : c.after === null ? 'deleted' : 'modified'
  const blob = async (side: { oid: string } | null): Promise<Buffer> =>
    side ? readObjectOfType(commondir, side.oid, 'blob', cache) : Buffer.alloc(0)
  const [before, after] = await Promise.all([blob(c.before), blob(c.after)])
  const binary = isBinary(before) || isBinary(after)
  const tooLarge = before.length > DIFF_MAX_BYTES || after.length > DIFF_MAX_BYTES
  const diff =
    binary || tooLarge
      ? null
      : unifiedDiff(
          c.before ? c.path : null,
          c.after ? c.path : null,
          before.toString('utf8'),
          after.toString('utf8')
        )
  return { path: c.path, change, diff, binary, tooLarge }
}
