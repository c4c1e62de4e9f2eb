/** MCP 2025's "resource not found" (spec, resources § Error handling); -32602 from 2026-07-28 on. */
export const RESOURCE_NOT_FOUND = -32002
const LEGACY_CODE = Symbol('okf-hub.legacy-error-code')

/**
 * A JSON-RPC error answered by a request handler, its message sent as written. The SDK's `McpError`
 * prefixes its own message with « MCP error <code>: », and the SDK's client wraps what it receives
 * in an McpError again — so a client showed « MCP error -32002: MCP error -32002: NOT_FOUND: … ».
 * The SDK's Protocol only reads `code`, `message` and `data` of what a handler throws, so this
 * plain Error carries the contract's `CODE: message` once.
 */
export class ProtocolError extends Error {
  readonly data?: Record<string | symbol, unknown>

  constructor(
    readonly code: number,
    message: string,
    data?: Record<string, unknown>
  ) {
    super(message)
    this.name = 'ProtocolError'
    // The v2 SDK answers -32002 (resource not found) as -32602 on every era, as 2026-07-28 demands;
    // 2025 clients were told -32002 and still are: the code is kept under a key JSON never writes,
    // and the 2025 doors put it back (legacyErrorCode).
    this.data = code === RESOURCE_NOT_FOUND && data ? { ...data, [LEGACY_CODE]: code } : data
  }
}

/**
 * An outgoing message as a 2025-era client was always answered: an error the SDK re-coded for
 * 2026-07-28 gets its 2025 code back. Anything else is returned as is.
 */
export function legacyErrorCode<M extends object>(message: M): M {
  const error = (message as { error?: { code?: unknown; data?: unknown } }).error
  const data = error?.data
  if (!error || data === null || typeof data !== 'object') return message
  const code = (data as Record<symbol, unknown>)[LEGACY_CODE]
  if (typeof code !== 'number' || code === error.code) return message
  return { ...message, error: { ...error, code } }
}

/**
 * The JSON-RPC codes the handlers throw. They are JSON-RPC's own numbers, the same in both MCP
 * eras; kept here so that resources.ts and prompts.ts load no SDK module (`okf-hub tool` and a
 * cold start pay for none).
 */
export const ErrorCode = {
  InvalidRequest: -32600,
  InvalidParams: -32602,
  InternalError: -32603
} as const
