import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import type { HubLog } from '../engine/hublog'

const MAX_LINE = 64 * 1024 * 1024

/**
 * Newline-delimited JSON-RPC over stdio. The SDK's own transport drops a
 * malformed line silently; a client that sent an unescaped quote in `content`
 * would then wait forever. Here such a line gets a JSON-RPC error (id null, or
 * the request's id when it could be read) and one hub log line — never the payload.
 */
export class HubStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void
  onerror?: (error: Error) => void
  onclose?: () => void
  private buffer = ''
  private closed = false

  constructor(
    private readonly log: HubLog,
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout
  ) {}

  private readonly onData = (chunk: Buffer | string): void => {
    this.buffer += typeof chunk === 'string' ? chunk : chunk.toString('utf8')
    let nl: number
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, '')
      this.buffer = this.buffer.slice(nl + 1)
      if (line.trim() !== '') this.handleLine(line)
    }
    if (this.buffer.length > MAX_LINE) {
      this.buffer = ''
      this.reject(null, -32700, 'Parse error: message trop volumineux', 'MessageTooLarge')
    }
  }

  private readonly onEnd = (): void => {
    void this.close()
  }

  private readonly onStreamError = (e: Error): void => {
    this.onerror?.(e)
  }

  private handleLine(line: string): void {
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch (e) {
      this.reject(null, -32700, 'Parse error: JSON illisible', (e as Error).name)
      return
    }
    const result = JSONRPCMessageSchema.safeParse(parsed)
    if (!result.success) {
      const id =
        parsed && typeof parsed === 'object' && 'id' in parsed
          ? ((parsed as { id: unknown }).id as string | number | null)
          : null
      this.reject(
        typeof id === 'string' || typeof id === 'number' ? id : null,
        -32600,
        'Invalid Request',
        'InvalidRequest'
      )
      return
    }
    this.onmessage?.(result.data)
  }

  private reject(id: string | number | null, code: number, message: string, kind: string): void {
    this.log.info(
      `transport : message client rejeté avant tout outil — JSON-RPC illisible, souvent des arguments mal échappés (guillemet, antislash ou saut de ligne brut dans un champ comme 'content') — ${kind}`
    )
    this.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }) + '\n')
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData)
    this.stdin.on('end', this.onEnd)
    this.stdin.on('error', this.onStreamError)
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const json = JSON.stringify(message) + '\n'
    await new Promise<void>((resolve) => {
      if (this.stdout.write(json)) resolve()
      else this.stdout.once('drain', () => resolve())
    })
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.stdin.off('data', this.onData)
    this.stdin.off('end', this.onEnd)
    this.stdin.off('error', this.onStreamError)
    this.onclose?.()
  }
}
