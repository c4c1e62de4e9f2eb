import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from './base'
import { MANIFEST_FILE } from './manifest'
import { isHiddenEntry } from './discovery'
import { mtimeSettled } from '../fingerprint'

/**
 * The stat fingerprint of everything discovery reads: the bases dir's entries, each entry's
 * directory and manifest, and each current base's governance, schema and corpus directory. It moves
 * when a base is added, removed, renamed, repointed, when a manifest is edited (title, description…),
 * when rules appear or vanish. One `readdir` and a few `stat`s per base: cheap enough for every
 * request of a long-lived server, which is how a base imported while a session runs is seen without
 * a restart or a rescan.
 *
 * Taken **before** the scan it labels (a change landing during the scan then moves the next
 * fingerprint), and `null` when any mtime is too recent to be trusted (fingerprint.ts's racy rule):
 * a null fingerprint never matches, so the next request scans again instead of latching a state
 * that a same-tick, same-size rewrite could hide.
 */
export function discoveryFingerprint(basesDir: string, bases: readonly Base[]): string | null {
  const now = Date.now()
  let settled = true
  const key = (path: string, withMtime = true): string => {
    try {
      const st = statSync(path)
      if (withMtime && !mtimeSettled(st.mtimeMs, now)) settled = false
      return withMtime ? `${st.mtimeMs}:${st.size}:${st.ino}` : `${st.ino}:${st.isDirectory() ? 'd' : 'f'}`
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
  const parts = [key(basesDir)]
  for (const n of names) parts.push(`${n}=${key(join(basesDir, n))}/${key(join(basesDir, n, MANIFEST_FILE))}`)
  for (const b of bases) {
    // The corpus directory by identity only: documents coming and going are not discovery's business.
    parts.push(
      `${b.name}:${key(b.governancePath)}:${b.schemaPath ? key(b.schemaPath) : ''}:${key(b.corpusDir, false)}`
    )
  }
  return settled ? parts.join('|') : null
}
