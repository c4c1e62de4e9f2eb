import { jsonType } from '../jsontype'
import type { HubLog } from '../hublog'
import { HUB_API_METHODS, type HttpApiResponse, type HubApi, type HubApiMethod } from '../../shared/hub-api'
import { ApiError, toApiError } from './api-error'

/**
 * What both transports do with a call: the method name and its arguments arrive as untrusted
 * JSON (a page in a browser, a compromised renderer), so each argument's JSON type is checked
 * here, once, before the engine sees it; the engine then validates meaning (names, paths, plans).
 * The answer is the envelope both transports carry: `{ result }` or `{ error }`.
 */

type Kind = 'string' | 'string?' | 'boolean' | 'boolean?' | 'object' | 'object?' | 'any'

const SIGNATURES: Record<HubApiMethod, readonly Kind[]> = {
  info: [],
  getSettings: [],
  updateSettings: ['object'],
  journal: [],
  purgeJournal: [],
  insights: ['string'],
  dismissGap: ['string', 'string', 'boolean'],
  listBases: [],
  rescan: [],
  corpusTree: ['string'],
  documentPaths: ['string'],
  readDocument: ['string', 'string'],
  governance: ['string'],
  context: ['string'],
  reconcile: ['string', 'boolean'],
  removeStaleGitLock: ['string'],
  inventory: ['string'],
  proposal: ['string', 'string'],
  proposalStates: ['string', 'any'],
  previewPlan: ['string', 'any'],
  resolvePlan: ['string', 'any', 'string?'],
  loadDraft: ['string'],
  saveDraft: ['string', 'any', 'string?'],
  history: ['string', 'object?'],
  auditTrail: ['string', 'string'],
  commitDetail: ['string', 'string'],
  importBase: ['object'],
  cancelImport: ['string'],
  confirmImport: ['string'],
  discardImport: ['string'],
  newBase: ['object'],
  removeBase: ['string'],
  trash: [],
  restoreBase: ['string'],
  pickDirectory: [],
  registrations: ['boolean?'],
  register: ['string'],
  unregister: ['string'],
  syncStatus: ['string?'],
  sync: ['string', 'object'],
  setAsideResolutions: ['string'],
  setCredential: ['string', 'string'],
  deleteCredential: ['string'],
  credentialHosts: [],
  firstSteps: [],
  localChanges: ['string'],
  keepLocalChanges: ['string', 'object'],
  setAsideLocalChanges: ['string', 'object'],
  setAsideChanges: [],
  restoreSetAsideChanges: ['string'],
  previewGovernanceEdit: ['string', 'object'],
  commitGovernanceEdit: ['string', 'object']
}

export const MAX_STRING_ARG = 4096

export function isHubApiMethod(name: string): name is HubApiMethod {
  return (HUB_API_METHODS as readonly string[]).includes(name)
}

function checkArgs(method: HubApiMethod, args: unknown): unknown[] {
  if (!Array.isArray(args)) throw new ApiError('INVALID_INPUT', `${method} : args doit être une liste`)
  const sig = SIGNATURES[method]
  const optionalTail = sig.filter((k) => k.endsWith('?')).length
  if (args.length > sig.length || args.length < sig.length - optionalTail)
    throw new ApiError('INVALID_INPUT', `${method} attend ${sig.length} argument(s), reçu ${args.length}`)
  sig.forEach((kind, i) => {
    const v = args[i]
    const ok =
      kind === 'any' ||
      ((kind === 'string' || kind === 'string?') && typeof v === 'string' && v.length <= MAX_STRING_ARG) ||
      (kind === 'string?' && v === undefined) ||
      ((kind === 'boolean' || kind === 'boolean?') && typeof v === 'boolean') ||
      (kind === 'boolean?' && v === undefined) ||
      ((kind === 'object' || kind === 'object?') &&
        typeof v === 'object' &&
        v !== null &&
        !Array.isArray(v)) ||
      (kind === 'object?' && v === undefined)
    if (!ok)
      throw new ApiError(
        'INVALID_INPUT',
        `${method} : argument ${i + 1} de type ${kind.replace('?', '')} attendu (reçu ${jsonType(v)})`
      )
  })
  return args
}

export async function dispatch(
  api: HubApi,
  method: string,
  args: unknown,
  log: HubLog
): Promise<HttpApiResponse<unknown>> {
  if (!isHubApiMethod(method))
    return { error: { code: 'NOT_FOUND', message: `méthode inconnue : ${method.slice(0, 80)}` } }
  try {
    const checked = checkArgs(method, args)
    const fn = api[method] as (...a: unknown[]) => Promise<unknown>
    const result = await fn.apply(api, checked)
    return { result: result === undefined ? null : result }
  } catch (e) {
    return { error: toApiError(e, log, `HubApi ${method}`) }
  }
}
