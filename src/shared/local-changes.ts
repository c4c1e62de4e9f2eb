/**
 * A base's uncommitted changes and what the manager does with them from the app (issue 25 §3):
 * keep them in one commit authored by the manager, or set them aside in the trash (restorable).
 * Both actions carry back the `basis` of the listing they were previewed from, and are refused
 * when the files moved meanwhile.
 */

export type LocalChangeKind = 'modified' | 'deleted' | 'untracked'

export interface LocalChangeFile {
  /** Repository path (`/`-separated, from the base's root). */
  path: string
  change: LocalChangeKind
  /** Unified diff against HEAD; null when the file is binary or too large to show. */
  diff: string | null
  binary: boolean
  tooLarge: boolean
  /** Bytes in the worktree (0 when deleted). */
  size: number
}

export interface LocalChangesView {
  base: string
  files: LocalChangeFile[]
  /** What Keep / Set aside must be given back: a hash of the listed files' states. */
  basis: string
  /** The name a kept commit is authored as (the manager's, from the settings); null when unset. */
  author: string | null
}

export interface KeepChangesRequest {
  basis: string
  /** The commit message, the manager's own words (its first line is the subject). */
  message: string
}

export interface KeepChangesResult {
  base: string
  commit: string
  paths: string[]
  author: string
  message: string
}

export interface SetAsideChangesRequest {
  basis: string
}

/** A set of changes set aside from a base: `<bases>/.okf-trash/changes/<id>/` and `<id>.json`. */
export interface SetAsideChangesEntry {
  id: string
  /** The base's name and directory when they were set aside. */
  base: string
  dirName: string
  /** ISO time. */
  setAsideAt: string
  files: { path: string; change: LocalChangeKind }[]
}
