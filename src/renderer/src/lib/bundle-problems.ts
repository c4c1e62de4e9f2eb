import type { TFunction } from 'i18next'
import type { BundleProblem } from '../../../shared/bundle-problems'

/**
 * One refused check of a base's okf-bundle.yaml in the UI's language. Its values come from the
 * manifest (untrusted): interpolated as text by React, never as markup, so i18next's own escaping
 * is off to avoid showing entities.
 */
export function bundleProblemWords(t: TFunction, p: BundleProblem): string {
  return t(`bundleProblems.${p.code}`, { ...p.values, interpolation: { escapeValue: false } })
}
