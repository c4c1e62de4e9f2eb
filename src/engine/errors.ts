/**
 * The five error codes of the contract (seed 000). Every door maps a HubError
 * once: the MCP door to `ERROR: <CODE>: <message>` with isError, the CLI to its
 * exit codes. Anything that is not a HubError is an unexpected failure.
 */
export type ErrorCode = 'UNKNOWN_BASE' | 'NOT_FOUND' | 'INVALID_INPUT' | 'BASE_BUSY' | 'IO_ERROR'

export class HubError extends Error {
  readonly code: ErrorCode

  constructor(code: ErrorCode, message: string) {
    super(message)
    this.name = 'HubError'
    this.code = code
  }
}

export const invalidInput = (message: string): HubError => new HubError('INVALID_INPUT', message)
export const notFound = (message: string): HubError => new HubError('NOT_FOUND', message)
export const ioError = (message: string): HubError => new HubError('IO_ERROR', message)

export const BASE_BUSY_MESSAGE = 'base occupée par une autre écriture, réessayez'
export const baseBusy = (): HubError => new HubError('BASE_BUSY', BASE_BUSY_MESSAGE)

export function isHubError(e: unknown): e is HubError {
  return e instanceof HubError
}

/** One-line description of an unexpected error, for logs and IO_ERROR texts. */
export function describeError(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`
  return String(e)
}
