import { createHash } from 'node:crypto'
import { existsSync, lstatSync, readFileSync, readdirSync, readlinkSync } from 'node:fs'
import { join } from 'node:path'
import { git } from './fixtures'

/**
 * What the adversarial suites assert of a base after hostile traffic: nothing changed, except
 * proposals filed on purpose — each one commit adding one file under proposals/pending/.
 */

export interface RepoSnapshot {
  head: string
  /** sha256 of every worktree file outside `.git` and `proposals/` (path, kind, bytes). */
  files: string
  status: string
}

function filesHash(root: string, skip: (rel: string) => boolean): string {
  const h = createHash('sha256')
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(root, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name
      if (skip(r)) continue
      const st = lstatSync(join(root, r))
      if (st.isDirectory()) walk(r)
      else if (st.isSymbolicLink()) h.update(`L ${r} ${readlinkSync(join(root, r))}\n`)
      else
        h.update(
          `F ${r} ${createHash('sha256')
            .update(readFileSync(join(root, r)))
            .digest('hex')}\n`
        )
    }
  }
  walk('')
  return h.digest('hex')
}

export function snapshot(root: string): RepoSnapshot {
  return {
    head: git(root, 'rev-parse', 'HEAD').trim(),
    files: filesHash(root, (r) => r === '.git' || r === 'proposals'),
    status: git(root, 'status', '--porcelain', '--ignored', '--untracked-files=all')
  }
}

/** Lock or temp files a write may leave behind when it is cut short. */
export function leftovers(root: string): string[] {
  const found: string[] = []
  for (const p of ['.okf-hub.lock.d', '.okf-hub.lock', '.git/index.lock', '.git/HEAD.lock'])
    if (existsSync(join(root, p))) found.push(p)
  const heads = join(root, '.git/refs/heads')
  if (existsSync(heads)) for (const n of readdirSync(heads)) if (n.endsWith('.lock')) found.push(n)
  const walk = (rel: string): void => {
    const abs = join(root, rel)
    if (!existsSync(abs)) return
    for (const n of readdirSync(abs)) {
      const r = `${rel}/${n}`
      if (lstatSync(join(root, r)).isDirectory()) walk(r)
      else if (!n.endsWith('.md') && n !== '.gitkeep') found.push(r)
    }
  }
  walk('proposals')
  return found
}

/**
 * The base is as `before`, plus exactly `proposals` commits on top, each adding one
 * `proposals/pending/*.md` (and, for a base's first proposal, the `.gitkeep`s of the three
 * folders) and nothing else; worktree clean, no leftover lock or temp file, `git fsck --strict`
 * clean. Returns the files added.
 */
export function assertOnlyProposals(root: string, before: RepoSnapshot, proposals: number): string[] {
  const now = snapshot(root)
  const problems: string[] = []
  if (now.files !== before.files) problems.push('files outside proposals/ changed')
  if (now.status !== '') problems.push(`git status not clean:\n${now.status}`)
  const commits = git(root, 'rev-list', '--reverse', `${before.head}..HEAD`)
    .trim()
    .split('\n')
    .filter(Boolean)
  if (commits.length !== proposals)
    problems.push(`${commits.length} commits, ${proposals} proposals expected`)
  try {
    git(root, 'merge-base', '--is-ancestor', before.head, 'HEAD')
  } catch {
    problems.push('the branch no longer descends from the HEAD before')
  }
  const added: string[] = []
  for (const c of commits) {
    const lines = git(root, 'diff-tree', '--no-commit-id', '--name-status', '-r', '--root', c)
      .trim()
      .split('\n')
    const docs = lines.filter((l) => /^A\tproposals\/pending\/[^/]+\.md$/.test(l))
    const rest = lines.filter(
      (l) => !docs.includes(l) && !/^A\tproposals\/(pending|accepted|rejected)\/\.gitkeep$/.test(l)
    )
    if (docs.length !== 1 || rest.length > 0) problems.push(`commit ${c}: ${lines.join(' | ')}`)
    added.push(...docs.map((l) => l.slice(2)))
  }
  const left = leftovers(root)
  if (left.length > 0) problems.push(`leftovers: ${left.join(', ')}`)
  try {
    git(root, 'fsck', '--strict', '--no-progress')
  } catch (e) {
    problems.push(`git fsck --strict: ${(e as Error).message}`)
  }
  if (problems.length > 0) throw new Error(`${root}:\n${problems.join('\n')}`)
  return added
}
