import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from './base'
import { loadManifest, MANIFEST_FILE } from './manifest'

export interface InvalidBundle {
  dir: string
  reason: string
}
export interface NameCollision {
  name: string
  kept: string
  ignored: string
}
export interface CompatWarning {
  name: string
  warning: string
}

export interface ScanResult {
  /** Valid bases, in directory order. */
  bases: Base[]
  invalid: InvalidBundle[]
  collisions: NameCollision[]
  warnings: CompatWarning[]
  /** False when the bases dir does not exist. */
  basesDirFound: boolean
}

/**
 * Depth-1 scan of the bases dir in lexicographic (code point) order. Hidden
 * directories and directories without a manifest are not bundles; an invalid
 * bundle is reported and never blocks the others; on a name collision the
 * first directory wins. No side effect on the bundles.
 */
export function scanBasesDir(basesDir: string): ScanResult {
  const result: ScanResult = { bases: [], invalid: [], collisions: [], warnings: [], basesDirFound: true }
  let entries
  try {
    entries = readdirSync(basesDir, { withFileTypes: true })
  } catch {
    result.basesDirFound = false
    return result
  }
  const dirs = entries
    .filter((e) => !e.name.startsWith('.') && (e.isDirectory() || e.isSymbolicLink()))
    .map((e) => e.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const byName = new Map<string, Base>()
  for (const dir of dirs) {
    const bundleDir = join(basesDir, dir)
    if (!existsSync(join(bundleDir, MANIFEST_FILE))) continue
    const loaded = loadManifest(bundleDir, dir)
    if (!loaded.ok) {
      result.invalid.push({ dir, reason: loaded.reason })
      continue
    }
    const prior = byName.get(loaded.base.name)
    if (prior) {
      result.collisions.push({ name: loaded.base.name, kept: prior.dirName, ignored: dir })
      continue
    }
    byName.set(loaded.base.name, loaded.base)
    result.bases.push(loaded.base)
    for (const warning of loaded.warnings) result.warnings.push({ name: loaded.base.name, warning })
  }
  return result
}
