/** A registered base: a valid bundle, addressed by its manifest `name`. */
export interface Base {
  /** Manifest `name` — the only way tools address a base. */
  name: string
  /** Directory name under the bases dir (differs from `name` when a clone is renamed). */
  dirName: string
  /** Absolute, canonical (realpath) bundle root. */
  root: string
  /** Absolute, canonical corpus directory (strictly inside `root`). */
  corpusDir: string
  /** `corpus-dir` as written in the manifest, normalised to `/` separators. */
  corpusRel: string
  title: string
  /** Whitespace-normalised, at most 500 characters (+ `…`). */
  description: string
  version?: string
  bundleSpec: string
  /** Absolute path of `governance.rules` (exists). */
  governancePath: string
  /** `governance.rules` relative to the bundle root. */
  governanceRel: string
  /** Absolute path of `governance.frontmatter-schema` when declared and present. */
  schemaPath?: string
  schemaRel?: string
}
