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

const RULES: [ImportFailureKind, RegExp][] = [
  ['cancelled', /\bannul/i],
  ['auth', /authentifi|jeton|identifiant|\b401\b|\b403\b|refus[ée] par le serveur|accès refusé/i],
  ['unreachable', /injoignable|inaccessible|joindre|résolu|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|délai|réseau/i],
  ['branch', /branche/i],
  ['collision', /déjà (le nom|utilisé|servi|porté)|porte déjà|même nom|collision/i],
  ['exists', /existe déjà|déjà un dossier|dossier .* existe/i],
  ['not-git', /pas un dépôt git|aucun dépôt git|comme un dépôt git|dépôt git introuvable/i],
  ['not-bundle', /pas un bundle|n'est pas un bundle|n’est pas un bundle|okf-bundle\.yaml (absent|manquant|introuvable)|aucun okf-bundle/i],
  ['invalid-bundle', /bundle invalide|invalide|non conforme|okf-bundle\.yaml/i],
  ['source', /source|chemin|adresse|URL/i]
]

const FIELD: Partial<Record<ImportFailureKind, ImportField>> = {
  auth: 'token',
  unreachable: 'source',
  branch: 'branch',
  'not-git': 'source',
  'not-bundle': 'source',
  source: 'source',
  collision: 'name',
  exists: 'name'
}

/** The reasons of an invalid bundle: after the first colon, one per line or per `;`. */
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
  const m = /dossier\s+'([^']+)'/.exec(message) ?? /[«“"']\s*([^«»“”"']+?)\s*[»”"']/.exec(message)
  return m ? m[1] : null
}

export function classifyImportFailure(error: HubApiError): ImportFailure {
  let kind: ImportFailureKind = 'other'
  if (error.code === 'TRANSPORT' || error.code === 'UNAUTHORIZED' || error.code === 'NOT_AVAILABLE') kind = 'other'
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
