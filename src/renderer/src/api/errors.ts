import { isHubApiError, type HubApiError, type HubErrorCode } from '../../../shared/hub-api'
import { isErrorKind } from '../../../shared/error-kinds'

const KNOWN_CODES: readonly HubErrorCode[] = [
  'UNKNOWN_BASE',
  'NOT_FOUND',
  'INVALID_INPUT',
  'BASE_BUSY',
  'IO_ERROR',
  'UNAUTHORIZED',
  'TRANSPORT',
  'NOT_AVAILABLE'
]

/**
 * Whatever a HubApi call rejected with, as a HubApiError. Both transports reject with the
 * engine's `{ code, message }`; anything else (a thrown Error, an IPC failure) is the transport's.
 */
export function toHubApiError(e: unknown): HubApiError {
  if (isHubApiError(e)) {
    const code = (KNOWN_CODES as readonly string[]).includes(e.code) ? e.code : 'IO_ERROR'
    const out: HubApiError = { code, message: e.message }
    if (isErrorKind(e.kind)) {
      out.kind = e.kind
      if (e.params && typeof e.params === 'object') out.params = e.params
    }
    return out
  }
  if (e instanceof Error) return { code: 'TRANSPORT', message: e.message }
  return { code: 'TRANSPORT', message: String(e) }
}
