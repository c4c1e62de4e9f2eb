/**
 * The engine's error vocabulary: a stable kind and structured parameters beside the French
 * sentence. The sentence is the MCP contract's text (seed 000) and stays what the MCP door and
 * the review engine print; every other door words the kind in the user's language from the
 * parameters (the UI through i18n `errorKinds.<kind>`, the CLI through its own messages). No door
 * recognises an error by its sentence.
 *
 * A kind is added here, raised by the engine with its parameters, and worded in both languages
 * (`src/renderer/src/i18n/en.ts` / `fr.ts`, pinned by `error-kinds.test.ts`).
 */
import type { BundleProblem } from './bundle-problems'

/** A list of bundle problems (`import-invalid-bundle`) is the one structured parameter. */
export type ErrorParamValue = string | number | boolean | string[] | BundleProblem[]
export type ErrorParams = Record<string, ErrorParamValue>

export const ERROR_KINDS = [
  // a plan was previewed against a state that moved before the resolve (issue 25)
  'stale-preview',
  // a plan names a proposal that is no longer pending: { id, ids, status, date?, reviewer? } — status is
  // accepted | rejected | missing, date its resolved-at (issue 25, item 4)
  'proposal-not-pending',
  // a file in proposals/pending/ that no plan can name: its name is not its id, or its id is not one
  // (prop-YYYY-MM-DD-xxxx): { id, path }
  'proposal-malformed',
  // a section edit names a heading the document no longer has: { path, section, headings }
  // (issue 25, item 4)
  'section-not-found',
  // files of the base changed outside the hub and not committed, in the way of a write (issue 25 §3);
  // params { paths }: the UI opens the local-changes panel
  'local-changes',
  // the uncommitted changes moved between their preview and Keep / Set aside; params { paths }
  'local-changes-moved',
  // Keep them: no commit message; or no manager name to author the commit / sign the trailer
  'commit-message-missing',
  'reviewer-missing',
  // restoring set-aside changes over files changed since; params { paths }
  'set-aside-restore-blocked',
  // set-aside changes no longer in the trash: { id }; or whose base is not served (in the trash itself,
  // or its folder gone): { base }
  'set-aside-missing',
  'set-aside-base-gone',
  // governance edit: invalid YAML (params { file, reason }), an invalid title or description
  // (params { field, reason }), nothing changed, or the files moved since the preview
  'governance-invalid-yaml',
  'governance-invalid-field',
  'governance-unchanged',
  'governance-moved',
  // the rules or the schema changed since the editor loaded them, in the lines the edit changed: { file }
  'governance-edit-conflict',
  // a commit opened from the history that this copy of the base does not have: { commit }
  'commit-not-found',
  // a proposal's field breaks a kb_propose rule: { field } as kb_propose names it (reconcile words
  // an untracked pending file with it; the MCP door keeps the contract's sentence)
  'proposal-field-invalid',
  // a corpus path that names no document of the base (missing, outside, excluded, not .md): { path }
  'document-not-found',
  // the settings file could not be written: { file }
  'settings-not-saved',
  // a plan too large to be kept as a draft: { megabytes }
  'draft-too-large',
  // another window saved the plan draft since this one loaded it: { revision } (the draft's now)
  'draft-changed',
  // --- a plan's preview and resolve: what the manager typed, or the state of the base ---
  // an edit's path (or an integrated_into path) the plan may not write, each { path }: not a path
  // inside the corpus (absolute, `..`, backslash, NUL, empty); the base's rules or proposals; a
  // symbolic link on the way (inside or out of the corpus); not a `.md` file
  'edit-path-invalid',
  'edit-path-excluded',
  'edit-path-link',
  // a document inside a folder that is a git repository of its own (a submodule, a nested clone): { path, folder }
  'edit-path-other-repository',
  'edit-path-not-markdown',
  // a section's new text does not open on a heading of the section's level: { path, section, level, hashes }
  'section-content-heading',
  // a document (or proposal file) whose bytes are not UTF-8: { path }
  'document-not-utf8',
  // an accepted proposal's integrated_into names a document that is not there and that no edit creates: { id, path }
  'integrated-into-missing',
  // a pending proposal file git does not track yet (the inventory's Repair records it): { id }
  'proposal-not-committed',
  // the proposal's destination file exists already (a copy; Repair keeps the valid one): { id, path }
  'proposal-copy-exists',
  // a frontmatter the faithful merge cannot change without risk to the other fields: { path }
  'frontmatter-unmergeable',
  // a frontmatter field given by the plan that cannot be written (its key or its value): { path }
  'frontmatter-field-invalid',
  // --- any door (issue 25 item 2) ---
  'unknown-base', // { name, known: string[] }
  'base-busy', // {}
  'unexpected', // { what } — a failure the engine did not foresee; its sentence is the detail
  // --- import: the source typed ---
  'import-source-empty',
  'import-url-unreadable',
  'import-url-protocol', // { protocol }
  'import-url-credentials',
  'import-url-query',
  'import-url-no-path', // { origin }
  'import-url-ssh',
  'import-path-relative', // { path }
  'import-branch-invalid', // { branch }
  // --- import: the clone ---
  'import-auth-required', // { url }
  'import-token-refused', // { host, status }
  'import-access-denied', // { url, status }
  'import-repo-not-found', // { url, status }
  'import-server-error', // { host, status }
  'import-not-git', // { url }
  'import-branch-missing', // { branch, source, branches: string[] }
  // no branch asked for, and the repository's HEAD names a branch it does not have: { branch, source, branches }
  'import-default-branch-missing',
  'import-unreachable', // { host, reason } reason: a network code, 'no-answer' or 'stalled'
  'import-clone-failed', // { url }
  'import-cancelled',
  // --- import: a local folder ---
  'import-folder-missing', // { path }
  'import-not-folder', // { path }
  'import-repo-unusable', // { path } (broken .git, partial clone, alternates, unsupported format)
  'import-detached-head', // { path }
  'import-folder-no-branch', // { path, branch }
  'import-inside-bases', // { path, basesDir }
  // --- import: what was fetched ---
  'import-not-bundle', // { source, branch }
  'import-invalid-bundle', // { reasons: string[] } (discovery's own French reasons), { problems } the same as data
  'import-staged-elsewhere', // { name, jobId }
  'import-not-pending', // { jobId }
  'import-job-running', // { jobId }
  'import-failed', // {}
  // --- a base's folder and name (import, new base, restore) ---
  'dir-name-invalid', // { name, reason } reason: see `DirNameReason`
  'dir-taken',
  // a base restored from the trash whose folder name another folder now holds: { name }
  'restore-dir-taken', // { name, basesDir }
  'dir-in-use', // { name } another import in progress writes there
  'base-name-taken', // { name, holder }
  // --- new base ---
  'new-base-name-invalid', // { name }
  'new-base-text-invalid', // { field: 'title' | 'description', reason: 'empty' | 'control' | 'too-long', max }
  'install-incomplete', // {} the app's own template is missing or broken
  'new-base-failed', // { name }
  // --- trash ---
  'trash-entry-missing', // { id }
  'restore-failed', // { id }
  // --- AI apps (registration) ---
  'host-not-installed', // { host, folder, file }
  'host-not-registered', // { file }
  'host-entry-foreign', // { file } another command or an old installation
  'host-config-unreadable', // { file }
  'host-config-invalid-json', // { file, line, column }
  'host-config-not-written', // { file, reason } reason: the system's code (EPERM, ENOSPC…)
  'host-entry-malformed', // { part: 'entry' | 'command' | 'args' | 'env' }
  'host-command-relative', // { command }
  'host-command-missing', // { command }
  'host-script-missing', // { script }
  'host-server-not-ours', // { missing: string[] }
  'host-server-no-start', // { command, detail }
  'host-server-exited', // { how, detail }
  'host-server-timeout', // { seconds, detail }
  'host-server-not-mcp', // { detail }
  // a host's config file that host reads as strict JSON (comments, trailing commas): { file }
  'host-config-strict-json',
  // a host's configuration file its owner made read-only: { file }
  'host-config-read-only',
  // one of git's lock files left by an interrupted command blocks every write: { file, since } (ISO
  // time it was taken); the screens offer to remove it
  'git-lock-stale',
  // that lock was asked to be removed, but a git command took it again since: { file }
  'git-lock-recent',
  // the base's HEAD names no branch (an older version checked out, a rebase under way): a commit
  // would be on no branch, so nothing is written; { commit } (abbreviated)
  'detached-head'
] as const

/** Why a folder name cannot hold a base (`names.ts`), a parameter of `dir-name-invalid`. */
export const DIR_NAME_REASONS = [
  'empty',
  'control',
  'slash',
  'hidden',
  'windows-chars',
  'trailing',
  'leading-space',
  'reserved',
  'too-long'
] as const
export type DirNameReason = (typeof DIR_NAME_REASONS)[number]

export type ErrorKind = (typeof ERROR_KINDS)[number]

export interface ErrorDetail {
  kind: ErrorKind
  params?: ErrorParams
}

export function isErrorKind(value: unknown): value is ErrorKind {
  return typeof value === 'string' && (ERROR_KINDS as readonly string[]).includes(value)
}
