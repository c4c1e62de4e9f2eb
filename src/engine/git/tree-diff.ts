import { MODE_GITLINK, MODE_TREE, readObjectOfType } from './objects'
import { parseTree, type TreeEntry } from './trees'

/** A blob (or link) that differs between two trees; a null side is absent there. */
export interface TreeChange {
  /** Repo path, `/`-separated. */
  path: string
  before: { oid: string; mode: string } | null
  after: { oid: string; mode: string } | null
}

/**
 * The blobs that differ between tree `from` and tree `to` (null: the empty tree), in path order.
 * Equal subtree ids are skipped without being read, so a commit touching three files of a
 * 20,000-file base reads a handful of trees. A submodule is never followed; its entry is reported
 * as a change (what a branch move must see, to refuse it) unless `submodules: 'skip'` (what a
 * history shows: git's own diff has no text for it). One walker for the history, the move, the
 * replay, the inbox and set-aside: they used to have one each.
 */
export async function diffTrees(
  commondir: string,
  from: string | null,
  to: string | null,
  cache: object,
  opts: { submodules?: 'report' | 'skip' } = {}
): Promise<TreeChange[]> {
  const skipped = opts.submodules === 'skip' ? MODE_GITLINK : null
  const out: TreeChange[] = []
  const read = async (oid: string | null): Promise<Map<string, TreeEntry>> => {
    const byName = new Map<string, TreeEntry>()
    if (oid === null) return byName
    for (const e of parseTree(await readObjectOfType(commondir, oid, 'tree', cache)))
      byName.set(e.name.toString('utf8'), e)
    return byName
  }
  const side = (e: TreeEntry | undefined): { oid: string; mode: string } | null =>
    e && e.mode !== MODE_TREE && e.mode !== skipped ? { oid: e.oid.toString('hex'), mode: e.mode } : null
  const subtree = (e: TreeEntry | undefined): string | null =>
    e && e.mode === MODE_TREE ? e.oid.toString('hex') : null

  const walk = async (a: string | null, b: string | null, prefix: string): Promise<void> => {
    if (a === b) return
    const [left, right] = await Promise.all([read(a), read(b)])
    const names = [...new Set([...left.keys(), ...right.keys()])].sort()
    for (const name of names) {
      const l = left.get(name)
      const r = right.get(name)
      const path = prefix + name
      const lb = side(l)
      const rb = side(r)
      if (lb?.oid !== rb?.oid || lb?.mode !== rb?.mode) {
        if (lb !== null || rb !== null) out.push({ path, before: lb, after: rb })
      }
      const lt = subtree(l)
      const rt = subtree(r)
      if (lt !== null || rt !== null) await walk(lt, rt, `${path}/`)
    }
  }
  await walk(from, to, '')
  return out
}
