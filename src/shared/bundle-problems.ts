/**
 * Why a bundle's `okf-bundle.yaml` is refused, as data beside discovery's French sentence (the
 * predecessor's text, which the CLI and the logs print): the UI words each code in the manager's
 * language from its values. Values are names, paths and counts taken from the manifest itself —
 * untrusted text, shown as text.
 */
export const BUNDLE_PROBLEM_CODES = [
  'unreadable', // okf-bundle.yaml cannot be read
  'unparseable', // not YAML, or nested too deep
  'root-not-map', // the YAML is not a mapping
  'field-missing', // { field }
  'field-not-string', // { field, got }: got is the JSON type received
  'field-empty', // { field }
  'name-pattern', // { name }
  'title-newline',
  'title-control', // { char } as U+XXXX
  'title-too-long', // { length }
  'path-not-relative', // { field, path }
  'path-escapes', // { field, path }
  'corpus-root', // corpus-dir is the bundle's root
  'corpus-in-proposals', // { path }
  'corpus-missing', // { path }
  'rules-missing', // { path }
  'io' // the folder itself cannot be read
] as const

export type BundleProblemCode = (typeof BUNDLE_PROBLEM_CODES)[number]

export interface BundleProblem {
  code: BundleProblemCode
  values?: Record<string, string | number>
}
