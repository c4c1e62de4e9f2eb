import { statSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from '../registry/base'
import { listDocuments } from '../corpus/paths'
import { documentTitleOf } from '../review/context'
import { mtimeSettled } from '../fingerprint'
import type { CorpusNode } from '../../shared/hub-api'

/**
 * The corpus as a folder tree for the manager's reader: the documents kb_search and kb_read see
 * (one rule, `listDocuments`), nested by folder, folders first, each file with its title. Titles
 * are cached by path, mtime and size so that a 10,000-document base is read once per change —
 * under the racy-mtime rule of fingerprint.ts, like every stat-keyed cache of the engine.
 */

const titles = new Map<string, { key: string; title: string | null; settled: boolean }>()

function titleOf(abs: string): string | null {
  let key: string
  // Taken before the stat: the racy verdict must not be younger than what the stat saw.
  const statAt = Date.now()
  let mtimeMs: number
  try {
    const st = statSync(abs)
    mtimeMs = st.mtimeMs
    key = `${st.mtimeMs}:${st.size}`
  } catch {
    return null
  }
  const hit = titles.get(abs)
  if (hit && hit.key === key && hit.settled) return hit.title
  const title = documentTitleOf(abs)
  titles.set(abs, { key, title, settled: mtimeSettled(mtimeMs, statAt) })
  return title
}

function sortNodes(nodes: CorpusNode[]): void {
  nodes.sort((a, b) =>
    a.kind !== b.kind ? (a.kind === 'dir' ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  )
  for (const n of nodes) if (n.children) sortNodes(n.children)
}

export function corpusTree(base: Base): CorpusNode[] {
  const root: CorpusNode[] = []
  const dirs = new Map<string, CorpusNode>()
  const childrenOf = (dirPath: string): CorpusNode[] => {
    if (dirPath === '') return root
    const existing = dirs.get(dirPath)
    if (existing) return existing.children as CorpusNode[]
    const cut = dirPath.lastIndexOf('/')
    const node: CorpusNode = {
      path: dirPath,
      name: dirPath.slice(cut + 1),
      kind: 'dir',
      title: null,
      children: []
    }
    dirs.set(dirPath, node)
    childrenOf(cut < 0 ? '' : dirPath.slice(0, cut)).push(node)
    return node.children as CorpusNode[]
  }
  for (const path of listDocuments(base)) {
    const cut = path.lastIndexOf('/')
    childrenOf(cut < 0 ? '' : path.slice(0, cut)).push({
      path,
      name: path.slice(cut + 1),
      kind: 'file',
      title: titleOf(join(base.corpusDir, ...path.split('/')))
    })
  }
  sortNodes(root)
  return root
}
