import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, lstatSync, readlinkSync } from 'node:fs'
import { join } from 'node:path'
import { git } from './fixtures'

/** A fingerprint of everything in a repository's worktree and its HEAD: equal means byte-identical. */
export function repoFingerprint(root: string): string {
  const h = createHash('sha256')
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(root, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name
      if (r === '.git' || name.startsWith('.okf-hub.lock')) continue
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
  let head = '(none)'
  try {
    head = git(root, 'rev-parse', 'HEAD').trim()
  } catch {
    /* no commit yet */
  }
  h.update(`HEAD ${head}\n`)
  h.update(git(root, 'status', '--porcelain'))
  return h.digest('hex')
}

export function commitCount(root: string): number {
  return Number(git(root, 'rev-list', '--count', 'HEAD').trim())
}

/** Every commit keeps every file of its parent, except the paths it deletes on purpose (none expected here). */
export function assertNoFileDropped(root: string): void {
  const commits = git(root, 'rev-list', 'HEAD').trim().split('\n')
  for (const c of commits) {
    const parents = git(root, 'rev-list', '--parents', '-n1', c).trim().split(' ').slice(1)
    for (const p of parents) {
      const deleted = git(root, 'diff', '--name-only', '--diff-filter=D', p, c).trim()
      if (deleted !== '') throw new Error(`commit ${c} dropped files of ${p}: ${deleted}`)
    }
  }
}
