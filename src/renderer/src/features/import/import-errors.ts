import type { HubApiError } from '../../../../shared/hub-api'
import type { ErrorKind } from '../../../../shared/error-kinds'
import type { BundleProblem } from '../../../../shared/bundle-problems'
import { problemList, stringList } from '../../lib/error-words'

/**
 * Why an import was refused, as the wizard sorts it: a family (which picks the step's framing) and
 * the form field to correct. Read from the engine's error kind, never from its sentence; an error
 * without a kind (a transport failure) is `other`.
 */
export type ImportFailureKind =
  | 'auth'
  | 'unreachable'
  | 'branch'
  | 'not-git'
  | 'not-bundle'
  | 'invalid-bundle'
  | 'collision'
  | 'exists'
  | 'source'
  | 'cancelled'
  | 'other'

/** The form field a kind sends the manager back to. */
export type ImportField = 'source' | 'branch' | 'token' | 'name'

export interface ImportFailure {
  kind: ImportFailureKind
  error: HubApiError
  /** Every reason of an invalid bundle (the engine's list parameter). */
  reasons: string[]
  /** The same reasons as data, one for one, when the engine gave them (worded by the wizard). */
  problems: BundleProblem[]
  /** The folder of the base already holding the name, for a collision. */
  other: string | null
  field: ImportField | null
}

/** The family of each engine kind an import can raise; any other kind is `other`. */
const FAMILY: Partial<Record<ErrorKind, ImportFailureKind>> = {
  'import-cancelled': 'cancelled',
  'import-invalid-bundle': 'invalid-bundle',
  'import-not-bundle': 'not-bundle',
  'base-name-taken': 'collision',
  'import-staged-elsewhere': 'collision',
  'dir-taken': 'exists',
  'dir-in-use': 'exists',
  'dir-name-invalid': 'exists',
  'import-auth-required': 'auth',
  'import-token-refused': 'auth',
  'import-access-denied': 'auth',
  'import-branch-missing': 'branch',
  'import-default-branch-missing': 'branch',
  'import-branch-invalid': 'branch',
  'import-folder-no-branch': 'branch',
  'import-detached-head': 'branch',
  'import-not-git': 'not-git',
  'import-repo-not-found': 'not-git',
  'import-unreachable': 'unreachable',
  'import-server-error': 'unreachable',
  'import-source-empty': 'source',
  'import-url-unreadable': 'source',
  'import-url-protocol': 'source',
  'import-url-credentials': 'source',
  'import-url-query': 'source',
  'import-url-no-path': 'source',
  'import-url-ssh': 'source',
  'import-path-relative': 'source',
  'import-folder-missing': 'source',
  'import-not-folder': 'source',
  'import-repo-unusable': 'source',
  'import-inside-bases': 'source'
}

const FIELD: Partial<Record<ImportFailureKind, ImportField>> = {
  auth: 'token',
  unreachable: 'source',
  branch: 'branch',
  'not-git': 'source',
  'not-bundle': 'source',
  source: 'source',
  exists: 'name'
}

export function classifyImportFailure(error: HubApiError): ImportFailure {
  const kind: ImportFailureKind = (error.kind && FAMILY[error.kind]) || 'other'
  const holder = error.params?.holder
  return {
    kind,
    error,
    reasons: kind === 'invalid-bundle' ? stringList(error.params?.reasons) : [],
    problems: kind === 'invalid-bundle' ? problemList(error.params?.problems) : [],
    other: error.kind === 'base-name-taken' && typeof holder === 'string' ? holder : null,
    field: FIELD[kind] ?? null
  }
}
