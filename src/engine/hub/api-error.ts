import { describeError, HubError } from '../errors'
import type { HubLog } from '../hublog'
import type { HubApiError, HubErrorCode } from '../../shared/hub-api'

/** A HubApi failure that is not one of the engine's five codes (NOT_AVAILABLE, UNAUTHORIZED…). */
export class ApiError extends Error {
  constructor(
    readonly code: HubErrorCode,
    message: string
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * The one mapping of a failure to what crosses a transport: the engine's code and its sentence;
 * anything unexpected becomes IO_ERROR and is logged with its stack (never swallowed).
 */
export function toApiError(e: unknown, log: HubLog, what: string): HubApiError {
  if (e instanceof HubError) {
    const out: HubApiError = { code: e.code, message: e.message }
    if (e.kind) out.kind = e.kind
    if (e.params) out.params = e.params
    return out
  }
  if (e instanceof ApiError) return { code: e.code, message: e.message }
  log.error(`${what} : ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
  return { code: 'IO_ERROR', message: describeError(e) }
}
