import { describe, expect, it } from 'vitest'
import { ErrorCode, ProtocolError, RESOURCE_NOT_FOUND, legacyErrorCode } from './protocol-error'

/** What the v2 SDK does with a thrown error: its code re-coded for 2026-07-28, its data passed by reference. */
const asSdkSends = (e: ProtocolError): { jsonrpc: '2.0'; id: number; error: Record<string, unknown> } => ({
  jsonrpc: '2.0',
  id: 7,
  error: { code: e.code === -32002 ? -32602 : e.code, message: e.message, data: e.data }
})

describe('legacyErrorCode', () => {
  it('gives a 2025 client back the -32002 the SDK re-coded, and writes no trace of it in JSON', () => {
    const e = new ProtocolError(RESOURCE_NOT_FOUND, 'NOT_FOUND: x', {
      uri: 'okf://a/x.md',
      code: 'NOT_FOUND'
    })
    const sent = asSdkSends(e)
    expect(sent.error.code).toBe(-32602)
    const legacy = legacyErrorCode(sent)
    expect(legacy.error.code).toBe(-32002)
    expect(JSON.parse(JSON.stringify(legacy))).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32002, message: 'NOT_FOUND: x', data: { uri: 'okf://a/x.md', code: 'NOT_FOUND' } }
    })
  })

  it('leaves every other message as it is', () => {
    const invalid = asSdkSends(new ProtocolError(ErrorCode.InvalidParams, 'INVALID_INPUT: y', { uri: 'u' }))
    expect(legacyErrorCode(invalid)).toBe(invalid)
    const result = { jsonrpc: '2.0', id: 1, result: {} }
    expect(legacyErrorCode(result)).toBe(result)
    const bare = asSdkSends(new ProtocolError(ErrorCode.InternalError, 'IO_ERROR: z'))
    expect(legacyErrorCode(bare)).toBe(bare)
  })
})
