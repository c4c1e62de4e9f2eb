import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from './base'
import { LOCK_DIR_NAME, MANIFEST_FILE, isHiddenEntry } from './bundle-names'
import { statMark } from '../fingerprint'

/**
 * The stat fingerprint of everything discovery reads: the bases dir's entries, each entry's
 * directory and manifest, and each current base's governance, schema and corpus directory. It moves
 * when a base is added, removed, renamed, repointed, when a manifest is edited (title, description…),
 * when rules appear or vanish. One `readdir` and a few `stat`s per base: cheap enough for every
 * request of a long-lived server, which is how a base imported while a session runs is seen without
 * a restart or a rescan.
 *
 * A bundle directory counts by identity and by its entries (name and kind), not by its mtime: the
 * base lock (`.okf-hub.lock.d`, made and removed in the bundle by every proposal and resolution of
 * any process) moves that mtime, and an mtime that young made the fingerprint untrusted — every
 * request of every server then re-scanned for two seconds after each proposal (issue 30 §1: 203
 * scans in 292 calls of the soak's mix). What discovery reads in that directory is the manifest,
 * the rules, the schema and the corpus directory, each stated here, or an entry appearing,
 * vanishing or changing kind — which its listing shows.
 *
 * Taken **before** the scan it labels (a change landing during the scan then moves the next
 * fingerprint), and `null` when any mtime is too recent to be trusted (fingerprint.ts's racy rule):
 * a null fingerprint never matches, so the next request scans again instead of latching a state
 * that a same-tick, same-size rewrite could hide.
 */
/** What the fingerprint reads of each base (a `Base` is one; the quick start's cache keeps these). */
export type DiscoveredPaths = Pick<Base, 'name' | 'governancePath' | 'schemaPath' | 'corpusDir'>

export function discoveryFingerprint(basesDir: string, bases: readonly DiscoveredPaths[]): string | null {
  const now = Date.now()
  let settled = true
  const key = (path: string, withMtime = true): string => {
    if (withMtime) {
      const mark = statMark(path, now)
      if (!mark.settled) settled = false
      return mark.key
    }
    try {
      const st = statSync(path)
      return `${st.ino}:${st.isDirectory() ? 'd' : 'f'}`
    } catch {
      return '-'
    }
  }
  let names: string[]
  try {
    names = readdirSync(basesDir)
      .filter((n) => !isHiddenEntry(n))
      .sort()
  } catch {
    return '(absent)'
  }
  const entries = (dir: string): string => {
    try {
      return readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.name !== LOCK_DIR_NAME)
        .map((e) => (e.isDirectory() ? `${e.name}/` : e.isSymbolicLink() ? `${e.name}@` : e.name))
        .sort()
        .join(',')
    } catch {
      return '-'
    }
  }
  const parts = [key(basesDir)]
  for (const n of names) {
    const dir = join(basesDir, n)
    parts.push(`${n}=${key(dir, false)}[${entries(dir)}]/${key(join(dir, MANIFEST_FILE))}`)
  }
  for (const b of bases) {
    // The corpus directory by identity only: documents coming and going are not discovery's business.
    parts.push(
      `${b.name}:${key(b.governancePath)}:${b.schemaPath ? key(b.schemaPath) : ''}:${key(b.corpusDir, false)}`
    )
  }
  return settled ? parts.join('|') : null
}
