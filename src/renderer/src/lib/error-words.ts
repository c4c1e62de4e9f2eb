import type { TFunction } from 'i18next'
import type { HubApiError } from '../../../shared/hub-api'
import type { ErrorParams, ErrorParamValue } from '../../../shared/error-kinds'
import type { BundleProblem } from '../../../shared/bundle-problems'

export interface ErrorWords {
  title: string
  action: string
  /** True when the kind worded the failure itself: the engine's (French) sentence is not shown. */
  worded: boolean
}

/** Parameters as i18next interpolates them: lists joined, in the order the engine gave them. */
export function interpolationOf(params: ErrorParams | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(params ?? {}))
    out[k] = Array.isArray(v) ? stringList(v).join(', ') : typeof v === 'boolean' ? String(v) : v
  return out
}

/** A list parameter's strings (paths, commits, reasons); anything else in it is left out. */
export function stringList(v: ErrorParamValue | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

/** A list parameter's bundle problems (`import-invalid-bundle`'s `problems`). */
export function problemList(v: ErrorParamValue | undefined): BundleProblem[] {
  return Array.isArray(v)
    ? v.filter((x): x is BundleProblem => typeof x === 'object' && x !== null && 'code' in x)
    : []
}

/**
 * A failure in the manager's words: its kind when the engine gave one (worded from its
 * parameters), else what its code means in general. Never matches the engine's sentence.
 */
export function errorWords(error: HubApiError, t: TFunction): ErrorWords {
  if (error.kind) {
    const values = { ...interpolationOf(error.params), interpolation: { escapeValue: false } }
    return {
      title: t(`errorKinds.${error.kind}.title`, values),
      action: t(`errorKinds.${error.kind}.action`, values),
      worded: true
    }
  }
  return { title: t(`errors.${error.code}.title`), action: t(`errors.${error.code}.action`), worded: false }
}
