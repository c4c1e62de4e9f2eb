/**
 * Caches keyed on a file's or a directory's mtime (parsed manifests, document counts) follow git's
 * racy-clean rule: an mtime this recent may not yet reflect a change made within the same clock
 * tick on a coarse-grained file system, so an entry that young is read again, never trusted.
 */
export const RACY_WINDOW_MS = 2000

export function mtimeSettled(mtimeMs: number, now = Date.now()): boolean {
  return now - mtimeMs > RACY_WINDOW_MS
}
