import { statSync } from 'node:fs'

/**
 * Caches keyed on a file's or a directory's mtime (parsed manifests, document counts, search
 * documents) follow git's racy-clean rule: an mtime this recent may not yet reflect a change made
 * within the same clock tick on a coarse-grained file system, so an entry that young is read again,
 * never trusted.
 *
 * "Recent" is measured from when the entry was recorded, like git's index timestamp: pass as `now`
 * a time taken before the stat that produced `mtimeMs`, and keep the verdict with the entry. Asked
 * later instead, the answer turns true once the window has passed — yet a rewrite that happened
 * within the window, same size and same coarse mtime, would then be served from the stale entry.
 */
export const RACY_WINDOW_MS = 2000

/** `now` has no default: a verdict asked at lookup time instead of record time is the bug above. */
export function mtimeSettled(mtimeMs: number, now: number): boolean {
  return now - mtimeMs > RACY_WINDOW_MS
}

/**
 * A path's stat identity as the stat caches key it (`mtimeMs:size:inode`, `-` when it cannot be
 * stat'ed), and whether its mtime was settled at `now` (taken before the stat, as above).
 */
export function statMark(path: string, now: number): { key: string; settled: boolean } {
  try {
    const st = statSync(path)
    return { key: `${st.mtimeMs}:${st.size}:${st.ino}`, settled: mtimeSettled(st.mtimeMs, now) }
  } catch {
    return { key: '-', settled: true }
  }
}
