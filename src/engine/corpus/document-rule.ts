import type { Dirent } from 'node:fs'

/**
 * The one rule for what a corpus document is, whichever door asks: kb_search (ripgrep's own walk,
 * whose arguments `ripgrepSelection` derives from this rule), kb_list's count, the corpus listing
 * (the manager's tree, the review context), and kb_read / the review edits through `isExcluded`.
 *
 * A document is a file, below corpus-dir, such that:
 *   - its name ends with `.md` (case-sensitive, as the predecessor's glob);
 *   - no segment of its corpus-relative path is hidden (starts with `.`): `.github/`, `.obsidian/`,
 *     `docs/.draft/` are tooling or deliberately hidden drafts, never knowledge, and the hub keeps its
 *     own state in hidden names (`.okf-hub.lock.d`, `.okf-deploy-*`). ripgrep skips them by default;
 *     the listing used to count them — a document kb_list counted could never be found;
 *   - it sits under no excluded directory and has no excluded name (the transverse list, SPEC §5.2);
 *   - it is a regular file, not a symlink: ripgrep cannot follow a file link without following
 *     directory links and links out of the corpus too (`--follow` is all or nothing), and a link
 *     inside the corpus is an alias of a document already counted once. kb_read still reads through
 *     such a link, since the contract only refuses links leading out (`resolveDocument`);
 *   - no segment of its path holds a control character (C0, DEL, C1): such a name could forge lines
 *     of every tool's output (a newline in a name printed a fake result heading) and no one types
 *     it; found by exploratory QA, where keyword and regex searches also disagreed about it;
 *   - `.gitignore` and friends play no part: a document on disk is a document, tracked or not.
 */
export const DOCUMENT_SUFFIX = '.md'

/**
 * The transverse exclusion list (SPEC §5.2): files that describe the bundle, not the knowledge, and
 * anything under proposals/ or .git/, wherever they sit.
 */
export const EXCLUDED_FILE_NAMES = [
  'okf-bundle.yaml',
  'GOVERNANCE.md',
  'schema.yaml',
  'CLAUDE.md',
  '.okf-hub.lock'
]
export const EXCLUDED_DIR_NAMES = ['proposals', '.git', '.okf-hub.lock.d']

export function isHiddenName(name: string): boolean {
  return name.startsWith('.')
}

// The control characters are the point of this pattern.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

/** A name holding a control character: never a document, nor on the way to one. */
export function hasControlCharacter(name: string): boolean {
  return CONTROL.test(name)
}

/** Whether a walk of the corpus enters a directory of that name. */
export function entersDirectory(name: string): boolean {
  return !isHiddenName(name) && !EXCLUDED_DIR_NAMES.includes(name) && !hasControlCharacter(name)
}

/**
 * `rel` (corpus-relative, `/` separators) can never be a document, whatever its suffix: an excluded
 * name, a hidden segment, or an excluded directory on the way. kb_read and the review edits refuse it.
 */
export function isExcluded(rel: string): boolean {
  const parts = rel.split('/').filter((p) => p !== '')
  const file = parts[parts.length - 1] ?? ''
  if (EXCLUDED_FILE_NAMES.includes(file)) return true
  if (parts.some(isHiddenName)) return true
  if (hasControlCharacter(rel)) return true
  return parts.slice(0, -1).some((p) => EXCLUDED_DIR_NAMES.includes(p))
}

/** `rel.slice(start, end)` is one of `names`, compared in place. */
function segmentIn(rel: string, start: number, end: number, names: readonly string[]): boolean {
  for (const n of names) if (n.length === end - start && rel.startsWith(n, start)) return true
  return false
}

/**
 * By its corpus-relative path alone (ripgrep's results, which it found by walking): `isExcluded`'s
 * rule read segment by segment in place, since kb_search asks it for each of up to every file of
 * the corpus and `split` costs an array and a string per segment.
 */
export function isDocumentPath(rel: string): boolean {
  if (!rel.endsWith(DOCUMENT_SUFFIX)) return false
  if (hasControlCharacter(rel)) return false
  // The last segment is not empty: the path ends with the suffix.
  const last = rel.lastIndexOf('/') + 1
  if (segmentIn(rel, last, rel.length, EXCLUDED_FILE_NAMES)) return false
  for (let start = 0; start <= last;) {
    const slash = rel.indexOf('/', start)
    const end = slash === -1 ? rel.length : slash
    if (end > start) {
      if (rel.charCodeAt(start) === 46 /* . */) return false
      if (end < rel.length && segmentIn(rel, start, end, EXCLUDED_DIR_NAMES)) return false
    }
    start = end + 1
  }
  return true
}

/** A directory entry met while walking the corpus through `entersDirectory`. */
export function isDocumentEntry(e: Dirent): boolean {
  return (
    e.isFile() &&
    e.name.endsWith(DOCUMENT_SUFFIX) &&
    !isHiddenName(e.name) &&
    !hasControlCharacter(e.name) &&
    !EXCLUDED_FILE_NAMES.includes(e.name)
  )
}

/**
 * The same rule as ripgrep arguments. Each flag is stated even where it is ripgrep's default, and
 * `--no-config` keeps a user's RIPGREP_CONFIG_PATH from turning any of them back on. Later globs win
 * in ripgrep: the exclusions come after the whitelist; a name without `/` matches at any depth, a
 * trailing `/` restricts it to directories.
 *
 * `--no-hidden` alone is not enough: a `--glob` overrides every other filter of ripgrep, so `*.md`
 * lets `.brouillon.md` back in (hidden directories stay out, their names not matching `*.md`). The
 * `!.*` glob states the hidden rule where it wins. The search root itself is never filtered, so a
 * corpus-dir under a hidden folder is still searched.
 */
export function ripgrepSelection(): string[] {
  const args = [
    '--no-ignore', // .gitignore, .ignore, .rgignore, git's exclude files: not part of the rule
    '--no-hidden',
    '--no-follow', // symlinks are not documents
    '--no-config',
    '--glob',
    `*${DOCUMENT_SUFFIX}`,
    '--glob',
    '!.*' // hidden files and directories are not documents
  ]
  for (const f of EXCLUDED_FILE_NAMES) args.push('--glob', `!${f}`)
  for (const d of EXCLUDED_DIR_NAMES) args.push('--glob', `!${d}/`)
  return args
}
