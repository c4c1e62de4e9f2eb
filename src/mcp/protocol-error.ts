/**
 * A JSON-RPC error answered by a request handler, its message sent as written. The SDK's `McpError`
 * prefixes its own message with « MCP error <code>: », and the SDK's client wraps what it receives
 * in an McpError again — so a client showed « MCP error -32002: MCP error -32002: NOT_FOUND: … ».
 * The SDK's Protocol only reads `code`, `message` and `data` of what a handler throws, so this
 * plain Error carries the contract's `CODE: message` once.
 */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Record<string, unknown>
  ) {
    super(message)
    this.name = 'ProtocolError'
  }
}
