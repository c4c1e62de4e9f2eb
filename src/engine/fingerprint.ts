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

export function mtimeSettled(mtimeMs: number, now = Date.now()): boolean {
  return now - mtimeMs > RACY_WINDOW_MS
}
