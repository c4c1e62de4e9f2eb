/**
 * The five error codes of the contract (seed 000). Every door maps a HubError
 * once: the MCP door to `ERROR: <CODE>: <message>` with isError, the CLI to its
 * exit codes. Anything that is not a HubError is an unexpected failure.
 */
import type { ErrorDetail, ErrorKind, ErrorParams } from '../shared/error-kinds'

export type ErrorCode = 'UNKNOWN_BASE' | 'NOT_FOUND' | 'INVALID_INPUT' | 'BASE_BUSY' | 'IO_ERROR'

/**
 * The code is the contract's; the message is the contract's French sentence (what the MCP door
 * prints byte for byte); `kind` and `params` are the same failure as data, which the UI and the
 * CLI word in the user's language (`src/shared/error-kinds.ts`).
 */
export class HubError extends Error {
  readonly code: ErrorCode
  readonly kind?: ErrorKind
  readonly params?: ErrorParams

  constructor(code: ErrorCode, message: string, detail?: ErrorDetail) {
    super(message)
    this.name = 'HubError'
    this.code = code
    if (detail) {
      this.kind = detail.kind
      if (detail.params) this.params = detail.params
    }
  }
}

export const invalidInput = (message: string, detail?: ErrorDetail): HubError =>
  new HubError('INVALID_INPUT', message, detail)
export const notFound = (message: string, detail?: ErrorDetail): HubError =>
  new HubError('NOT_FOUND', message, detail)
export const ioError = (message: string, detail?: ErrorDetail): HubError =>
  new HubError('IO_ERROR', message, detail)

export const BASE_BUSY_MESSAGE = 'base occupée par une autre écriture, réessayez'
export const baseBusy = (): HubError => new HubError('BASE_BUSY', BASE_BUSY_MESSAGE, { kind: 'base-busy' })

/**
 * The same refusal, told more by a caller that knows more: its sentence prefixed by where it
 * happened (the contract's text), its kind's parameters completed (the file a text-only module
 * could not name). Anything that is not a HubError passes unchanged.
 */
export function toldMore(e: unknown, params: ErrorParams, where?: string): unknown {
  if (!(e instanceof HubError)) return e
  return new HubError(
    e.code,
    where ? `${where} : ${e.message}` : e.message,
    e.kind ? { kind: e.kind, params: { ...e.params, ...params } } : undefined
  )
}

export function isHubError(e: unknown): e is HubError {
  return e instanceof HubError
}

/** One-line description of an unexpected error, for logs and IO_ERROR texts. */
export function describeError(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`
  return String(e)
}
