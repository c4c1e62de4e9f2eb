import { chmod, lstat, mkdir, readFile, readlink, rmdir, stat, symlink, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { StepHook } from '../steps'
import { writeFileAtomic } from './atomic-write'
import { MODE_EXEC, MODE_LINK, readObjectOfType } from './objects'

/**
 * Worktree files written the way git's checkout writes them (a regular file with or without its x
 * bit, or a link), each one's prior state kept first so that a move that fails part way puts every
 * byte back; and the empty folders a deleted file leaves, pruned as git does.
 */

export interface Backup {
  abs: string
  kind: 'file' | 'link' | 'absent'
  data: Buffer | null
  mode: number
  /** The folders above an absent path that are absent too, deepest first (its checkout creates them). */
  missingDirs: string[]
}

export const exists = (p: string): Promise<boolean> =>
  lstat(p).then(
    () => true,
    () => false
  )

export async function backupOf(root: string, abs: string): Promise<Backup> {
  const st = await lstat(abs).catch(() => null)
  if (!st) {
    const missingDirs: string[] = []
    for (let dir = dirname(abs); dir.length > root.length && dir.startsWith(root); dir = dirname(dir)) {
      if (await exists(dir)) break
      missingDirs.push(dir)
    }
    return { abs, kind: 'absent', data: null, mode: 0, missingDirs }
  }
  if (st.isSymbolicLink())
    return { abs, kind: 'link', data: await readlink(abs, { encoding: 'buffer' }), mode: 0, missingDirs: [] }
  return { abs, kind: 'file', data: await readFile(abs), mode: st.mode & 0o7777, missingDirs: [] }
}

export async function restore(b: Backup): Promise<void> {
  await unlink(b.abs).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e
  })
  if (b.kind === 'absent') {
    // The folders its checkout created go too (restored last-written first, so they are empty now).
    for (const dir of b.missingDirs) await rmdir(dir).catch(() => undefined)
    return
  }
  await mkdir(dirname(b.abs), { recursive: true })
  if (b.kind === 'link') await symlink(b.data as Buffer, b.abs)
  else {
    await writeFileAtomic(b.abs, b.data as Buffer)
    await chmod(b.abs, b.mode)
  }
}

/** Removes the now-empty directories above a deleted file, as git does (never `root` itself). */
export async function pruneEmptyDirs(root: string, abs: string): Promise<void> {
  let dir = dirname(abs)
  while (dir.length > root.length && dir.startsWith(root)) {
    try {
      await rmdir(dir)
    } catch {
      return
    }
    dir = dirname(dir)
  }
}

/** Writes the blob `oid` at `abs` as git's checkout would (regular file with or without x bit, or a link). */
export async function checkoutPath(
  commondir: string,
  abs: string,
  oid: string,
  mode: string,
  cache: object,
  onStep?: StepHook,
  /** What the path held, when the caller has just looked (its backup): not looked at again. */
  prior?: Backup
): Promise<void> {
  const content = await readObjectOfType(commondir, oid, 'blob', cache)
  const was = prior
    ? prior.kind
    : await lstat(abs).then(
        (st) => (st.isSymbolicLink() ? 'link' : 'file'),
        () => 'absent'
      )
  if (was === 'link' || (was === 'file' && mode === MODE_LINK)) await unlink(abs)
  // A backup knows whether the folder exists: it was the file's own, or no folder above an absent
  // path was missing.
  if (!prior || (prior.kind === 'absent' && prior.missingDirs.length > 0))
    await mkdir(dirname(abs), { recursive: true })
  if (mode === MODE_LINK) {
    await symlink(content, abs)
    return
  }
  // Not fsynced, as git's checkout: the blob is durable in the object store, and a fast-forward of
  // a team's proposals writes hundreds of files (one fsync each cost ~7 ms here, the whole of a
  // 32-hub convergence). A killed process is covered by the rename and the advance's journal.
  await writeFileAtomic(abs, content, onStep, { durable: false, absent: was !== 'file' })
  const now = (await stat(abs)).mode & 0o7777
  // Git's rule: an executable file gets x wherever it has r; a plain one loses every x.
  const want = mode === MODE_EXEC ? now | ((now & 0o444) >> 2) : now & ~0o111
  if (want !== now) await chmod(abs, want)
}
