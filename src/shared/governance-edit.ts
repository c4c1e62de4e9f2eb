/**
 * A base's governance edited in the app (issue 25 §3): GOVERNANCE.md's text and its draft/stable
 * status, the schema, the manifest's title and description. Previewed as diffs, then written in
 * one commit carrying the reviewer's trailer. Every field is optional: what is absent stays.
 */
export interface GovernanceEdit {
  /** GOVERNANCE.md's whole new text (frontmatter included). */
  rulesText?: string
  /**
   * The rules' text the edit started from (what the editor loaded). When the file changed since (a
   * colleague's commit), the edit is applied on top of the current text — their change kept — or
   * refused if both touched the same lines; without it, `rulesText` replaces whatever is there.
   */
  rulesFrom?: string
  /** The rules' status after the edit: draft (true) or stable (false); set in the frontmatter. */
  draft?: boolean
  /** The schema file's whole new text (YAML, validated before anything is written). */
  schemaText?: string
  /** The schema's text the edit started from: as `rulesFrom`. */
  schemaFrom?: string
  title?: string
  description?: string
  /** The commit's subject after `governance: `; a default names what changed. */
  summary?: string
  /** `Reviewed-By:` trailer value, e.g. `human:morva`. */
  reviewer: string
  /** From the preview: the commit is refused when the files changed since. */
  basis?: string
}

export interface GovernanceFileChange {
  /** Repository path: GOVERNANCE.md, schema.yaml, okf-bundle.yaml. */
  path: string
  diff: string
}

export interface GovernanceEditPreview {
  base: string
  files: GovernanceFileChange[]
  subject: string
  commitMessage: string
  /** Give it back with the edit to commit exactly what was previewed. */
  basis: string
  /** The rules' status after the edit. */
  draft: boolean
  /**
   * Files that changed since the edit started (`rulesFrom`, `schemaFrom`), the edit applied on top
   * of their current text: the diffs show it, the other change is kept.
   */
  merged: string[]
}

export interface GovernanceEditResult {
  base: string
  commit: string
  subject: string
  paths: string[]
}
