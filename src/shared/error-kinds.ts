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
export type ErrorParamValue = string | number | boolean | string[]
export type ErrorParams = Record<string, ErrorParamValue>

export const ERROR_KINDS = [
  // a plan was previewed against a state that moved before the resolve (issue 25)
  'stale-preview',
  // a plan names a proposal that is no longer pending: { id, ids, status, date?, reviewer? } — status is
  // accepted | rejected | missing, date its resolved-at (issue 25, item 4)
  'proposal-not-pending',
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
  // governance edit: invalid YAML (params { file, reason }), an invalid title or description
  // (params { field, reason }), nothing changed, or the files moved since the preview
  'governance-invalid-yaml',
  'governance-invalid-field',
  'governance-unchanged',
  'governance-moved'
] as const

export type ErrorKind = (typeof ERROR_KINDS)[number]

export interface ErrorDetail {
  kind: ErrorKind
  params?: ErrorParams
}

export function isErrorKind(value: unknown): value is ErrorKind {
  return typeof value === 'string' && (ERROR_KINDS as readonly string[]).includes(value)
}
