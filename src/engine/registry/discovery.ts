import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from './base'
import { loadManifest, MANIFEST_FILE } from './manifest'
import type { BundleProblem } from '../../shared/bundle-problems'
import { isHiddenEntry } from './bundle-names'

/** Entries discovery never looks into: hidden names (staging, trash, deploy folders, `.git`…). */
export { isHiddenEntry }

/**
 * One directory as discovery judges it: not a bundle (no manifest), an invalid bundle (every
 * failed check in `reasons`; discovery reports the first as `reason`), or a valid base with its
 * warnings. The import and the new-base paths call this very function, so a bundle they accept
 * is one discovery serves.
 */
export type BundleCheck =
  | { kind: 'not-a-bundle' }
  | { kind: 'invalid'; reason: string; reasons: string[]; problems: BundleProblem[] }
  | { kind: 'valid'; base: Base; warnings: string[] }

export function checkBundleDir(bundleDir: string, dirName: string): BundleCheck {
  if (!existsSync(join(bundleDir, MANIFEST_FILE))) return { kind: 'not-a-bundle' }
  const loaded = loadManifest(bundleDir, dirName)
  if (!loaded.ok)
    return { kind: 'invalid', reason: loaded.reason, reasons: loaded.reasons, problems: loaded.problems }
  return { kind: 'valid', base: loaded.base, warnings: loaded.warnings }
}

export interface InvalidBundle {
  dir: string
  reason: string
  /** The first failed check as data (`reason` is its French sentence); absent when none was named. */
  problem?: BundleProblem
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
    .filter((e) => !isHiddenEntry(e.name) && (e.isDirectory() || e.isSymbolicLink()))
    .map((e) => e.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const byName = new Map<string, Base>()
  for (const dir of dirs) {
    const loaded = checkBundleDir(join(basesDir, dir), dir)
    if (loaded.kind === 'not-a-bundle') continue
    if (loaded.kind === 'invalid') {
      result.invalid.push({
        dir,
        reason: loaded.reason,
        ...(loaded.problems[0] ? { problem: loaded.problems[0] } : {})
      })
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
