import type { HubApiError } from '../../../shared/hub-api'

/**
 * Why an import was refused, as the wizard explains it: each kind has its own words, its own
 * "what to do" and the field to correct. The HubApi carries `{ code, message }` only, so the kind
 * is read from the engine's French sentence (its wording is the engine's contract with this
 * screen, checked by e2e/import.spec.ts); anything unrecognised is shown as the engine said it.
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
  /** Every reason of an invalid bundle (the engine lists them, one per line or `;`-separated). */
  reasons: string[]
  /** The folder of the base already holding the name, for a collision. */
  other: string | null
  field: ImportField | null
}

// Most specific first: an invalid bundle's reasons may contain any word of the later rules.
const RULES: [ImportFailureKind, RegExp][] = [
  ['cancelled', /import annulé/i],
  ['invalid-bundle', /^base invalide|bundle invalide/i],
  ['not-bundle', /pas une base OKF|aucun okf-bundle\.yaml/i],
  ['collision', /est déjà servie|porte déjà la base|même name/i],
  ['exists', /existe déjà|vient d['’]apparaître|déjà utilisé par un autre import/i],
  ['auth', /authentification|jeton|refuse l['’]accès|\b401\b|\b403\b/i],
  ['branch', /branche/i],
  ['not-git', /pas un dépôt git|aucun dépôt git|comme un dépôt git/i],
  ['unreachable', /injoignable|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT/i],
  ['source', /source|chemin|adresse|URL|dossier introuvable|n['’]est pas un dossier/i]
]

const FIELD: Partial<Record<ImportFailureKind, ImportField>> = {
  auth: 'token',
  unreachable: 'source',
  branch: 'branch',
  'not-git': 'source',
  'not-bundle': 'source',
  source: 'source',
  exists: 'name'
}

/** The reasons of an invalid bundle: the engine's `  - reason` lines after its first line. */
function reasonsOf(message: string): string[] {
  const lines = message
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*[-•*]\s*/, '').trim())
    .filter((l) => l !== '')
  if (lines.length > 1) return lines.slice(1)
  const colon = message.indexOf(' : ')
  const tail = colon >= 0 ? message.slice(colon + 3) : message
  return tail
    .split(/\s*;\s*/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

/** The folder already serving the name, as a collision names it ("… depuis le dossier 'x'"). */
function otherBaseOf(message: string): string | null {
  const m = /depuis le dossier\s+'([^']+)'/.exec(message)
  return m ? m[1] : null
}

export function classifyImportFailure(error: HubApiError): ImportFailure {
  let kind: ImportFailureKind = 'other'
  if (error.code === 'TRANSPORT' || error.code === 'UNAUTHORIZED' || error.code === 'NOT_AVAILABLE')
    kind = 'other'
  else {
    for (const [k, re] of RULES)
      if (re.test(error.message)) {
        kind = k
        break
      }
  }
  return {
    kind,
    error,
    reasons: kind === 'invalid-bundle' ? reasonsOf(error.message) : [],
    other: kind === 'collision' ? otherBaseOf(error.message) : null,
    field: FIELD[kind] ?? null
  }
}
