import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server'
import type { HubLog } from '../engine/hublog'
import type { Handover, QuickAnswer } from './quick-start'
import { listParamsKey, openingKey, type OpeningMethod } from './start-cache'

/**
 * The longest line read, in bytes. The largest legitimate call (kb_propose: 16 KiB of content,
 * every other field bounded, each character at most 6 bytes once JSON-escaped) is far below it;
 * a longer line is refused as soon as it passes this bound, and its rest is skipped unread, so
 * what one message costs in memory is bounded whatever the client sends.
 */
export const MAX_LINE_BYTES = 4 * 1024 * 1024

/**
 * Requests handled at once. Beyond it the transport stops reading stdin, so a client that floods
 * the connection is slowed by its own pipe (backpressure) instead of growing this process.
 */
export const MAX_IN_FLIGHT = 32

const NEWLINE = 0x0a

type Id = string | number

/**
 * The SDK's answer to the session's `initialize` or to its first `tools/list`: what the start cache
 * records (stdio-server.ts). `quick`: the request was answered by the quick start already; this
 * answer was not sent, `line` is what the SDK would have sent, to be compared with `quick.line`.
 */
export interface StartAnswer {
  method: OpeningMethod | 'tools/list'
  /** The session's opening key (openingKey, start-cache.ts). */
  openingKey: string
  /** The first `tools/list`'s params as received (JSON), for a 2026-07-28 session's cache entry. */
  params?: string
  message: Record<string, unknown> & { id: Id | null }
  line: string
  quick?: QuickAnswer
}

/**
 * Newline-delimited JSON-RPC over stdio. The SDK's own transport drops a
 * malformed line silently; a client that sent an unescaped quote in `content`
 * would then wait forever. Here such a line gets a JSON-RPC error (id null, or
 * the request's id when it could be read) and one hub log line — never the payload.
 *
 * Bounded by construction: lines are split as bytes (a character cut between two reads stays
 * whole), one line holds at most MAX_LINE_BYTES, at most MAX_IN_FLIGHT requests run, and stdin is
 * not read while stdout has not drained — a client that never reads its answers stops being read.
 * When stdin ends (or `stop()` is called, on SIGTERM), the lines already received are still
 * handled and every request answered before `onclose`: closing stdin right after a kb_propose
 * files it and prints its answer, it does not cut it in half.
 */
export class HubStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void
  onerror?: (error: Error) => void
  onclose?: () => void
  /**
   * Sees each well-formed message before the protocol does: the stdio door follows the documents a
   * 2026-07-28 `subscriptions/listen` names, which the SDK's entry answers without a handler.
   */
  observe?: (message: JSONRPCMessage) => void
  /** Rewrites each outgoing message (the 2025 era's error codes: `legacyErrorCode`). */
  outbound?: (message: JSONRPCMessage) => JSONRPCMessage
  /** Told of the answers to `initialize` and to the first `tools/list` (the start cache's input). */
  onStartAnswer?: (answer: StartAnswer) => void
  /** Settles when the transport has closed (after `onclose`), whoever owns `onclose`. */
  readonly done: Promise<void>
  private settleDone!: () => void
  /** Bytes of the line being received (its newline not seen yet). */
  private partial: Buffer[] = []
  private partialBytes = 0
  /** A line past MAX_LINE_BYTES: refused already, the rest of it is skipped until its newline. */
  private skipping = false
  /** Complete lines not handled yet (read while MAX_IN_FLIGHT requests were running). */
  private readonly queue: Buffer[] = []
  /** Requests received and not answered yet, by id (a client may reuse an id). */
  private readonly inFlight = new Map<Id, number>()
  private inFlightCount = 0
  private reading = true
  private ended = false
  private finishing = false
  private closed = false
  /** The requests whose answers are watched for onStartAnswer, by id. */
  private readonly watched = new Map<
    Id,
    { method: StartAnswer['method']; openingKey: string; params?: string }
  >()
  private watchedList = false
  /** The session's opening, once seen: its key (openingKey) and its method. */
  private opened: { key: string; method: OpeningMethod } | null = null
  /** What the quick start read and answered before this transport existed (quick-start.ts). */
  private handover: Handover | undefined
  private readonly answered: Map<string, QuickAnswer>

  constructor(
    private readonly log: HubLog,
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    handover?: Handover
  ) {
    this.handover = handover
    this.answered = handover?.answered ?? new Map()
    this.done = new Promise((resolve) => (this.settleDone = resolve))
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk
    let nl: number
    while ((nl = buf.indexOf(NEWLINE)) >= 0) {
      const head = buf.subarray(0, nl)
      buf = buf.subarray(nl + 1)
      if (this.skipping) {
        this.skipping = false
        continue
      }
      if (this.partialBytes + head.length > MAX_LINE_BYTES) {
        this.tooLarge()
        this.skipping = false
        continue
      }
      const line = this.partialBytes === 0 ? Buffer.from(head) : Buffer.concat([...this.partial, head])
      this.partial = []
      this.partialBytes = 0
      this.queue.push(line)
    }
    if (buf.length > 0 && !this.skipping) {
      if (this.partialBytes + buf.length > MAX_LINE_BYTES) {
        this.tooLarge()
      } else {
        // Copied: the chunk's memory is not kept alive by a slice of it.
        this.partial.push(Buffer.from(buf))
        this.partialBytes += buf.length
      }
    }
    this.pump()
  }

  /** Refuses the line being received, once, and skips the rest of it. */
  private tooLarge(): void {
    this.partial = []
    this.partialBytes = 0
    this.skipping = true
    this.reject(null, -32700, 'Parse error: message trop volumineux', 'MessageTooLarge')
  }

  private readonly onEnd = (): void => {
    this.stop()
  }

  private readonly onStreamError = (e: Error): void => {
    this.onerror?.(e)
  }

  private readonly onDrain = (): void => {
    this.pump()
  }

  /** Handles queued lines while under the bounds, then reads stdin again or finishes. */
  private pump(): void {
    while (this.queue.length > 0 && this.inFlightCount < MAX_IN_FLIGHT && !this.closed) {
      const line = this.queue.shift()!
      this.handleLine(line.toString('utf8').replace(/\r$/, ''))
    }
    const blocked = this.queue.length > 0 || this.stdoutBacklogged()
    if (!this.ended) {
      if (blocked && this.reading) {
        this.stdin.pause()
        this.reading = false
      } else if (!blocked && !this.reading) {
        this.reading = true
        this.stdin.resume()
      }
    }
    if (this.ended && this.queue.length === 0 && this.inFlightCount === 0) this.finish()
  }

  private stdoutBacklogged(): boolean {
    return (this.stdout as { writableNeedDrain?: boolean }).writableNeedDrain === true
  }

  private handleLine(line: string): void {
    if (line.trim() === '') return
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch (e) {
      this.reject(null, -32700, 'Parse error: JSON illisible', (e as Error).name)
      return
    }
    let msg: JSONRPCMessage
    try {
      msg = parseJSONRPCMessage(parsed)
    } catch {
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
    if ('method' in msg && 'id' in msg) {
      this.track(msg.id, 1)
      this.watch(msg.id, msg.method, msg.params)
    }
    // A cancelled request is never answered (the SDK drops its result): its slot is free.
    if ('method' in msg && !('id' in msg) && msg.method === 'notifications/cancelled') {
      const id = (msg.params as { requestId?: unknown } | undefined)?.requestId
      if (typeof id === 'string' || typeof id === 'number') this.track(id, -1)
    }
    this.observe?.(msg)
    this.onmessage?.(msg)
  }

  /**
   * The session's opening (`initialize`, or 2026-07-28's `server/discover`) and its first
   * `tools/list` (no cursor): their answers are reported.
   */
  private watch(id: Id, method: string, params: unknown): void {
    const p = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {}
    const key = this.opened === null ? openingKey(method, p) : null
    if (key !== null) {
      this.opened = { key, method: method as OpeningMethod }
      this.watched.set(id, { method: this.opened.method, openingKey: key })
    } else if (
      method === 'tools/list' &&
      !this.watchedList &&
      this.opened !== null &&
      p.cursor === undefined
    ) {
      this.watchedList = true
      const params = listParamsKey(this.opened.method, p)
      this.watched.set(id, {
        method,
        openingKey: this.opened.key,
        ...(params !== undefined ? { params } : {})
      })
    }
  }

  private track(id: Id, delta: 1 | -1): void {
    const n = this.inFlight.get(id) ?? 0
    if (delta < 0 && n === 0) return
    if (n + delta === 0) this.inFlight.delete(id)
    else this.inFlight.set(id, n + delta)
    this.inFlightCount += delta
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
    this.stdout.on('drain', this.onDrain)
    // The quick start's bytes come first, as if read here; stdin, which it paused, flows again.
    const handover = this.handover
    this.handover = undefined
    if (handover && handover.prefix.length > 0) this.onData(handover.prefix)
    if (this.reading && !this.ended) this.stdin.resume()
    if (handover?.ended) this.onEnd()
  }

  /**
   * Resolves once the message is handed to stdout, drained or not: the backlog is bounded by not
   * reading stdin while it lasts (pump), not by holding each answer's promise.
   */
  async send(message: JSONRPCMessage): Promise<void> {
    const outgoing = this.outbound ? this.outbound(message) : message
    const id = !('method' in message) && 'id' in message ? message.id : undefined
    const quick = typeof id === 'string' ? this.answered.get(id) : undefined
    const watched = id !== undefined && id !== null ? this.watched.get(id) : undefined
    if (id !== undefined && id !== null) this.watched.delete(id)
    if (quick) {
      // Answered already, by the quick start: reported under the client's id, never sent twice.
      this.answered.delete(id as string)
      const asClient = { ...(outgoing as Record<string, unknown>), id: quick.id }
      this.onStartAnswer?.({
        method: quick.method,
        openingKey: quick.openingKey,
        message: asClient,
        line: JSON.stringify(asClient),
        quick
      })
    } else {
      const line = JSON.stringify(outgoing)
      this.stdout.write(line + '\n')
      if (watched)
        this.onStartAnswer?.({
          ...watched,
          message: outgoing as Record<string, unknown> & { id: Id | null },
          line
        })
    }
    if (id !== undefined && id !== null) {
      this.track(id, -1)
      this.pump()
    }
  }

  /**
   * No more input (stdin ended, or the process was asked to stop): the lines already read are
   * handled, every request answered and stdout flushed, then `onclose`.
   */
  stop(): void {
    if (this.ended) return
    this.ended = true
    this.stdin.off('data', this.onData)
    this.stdin.pause()
    this.pump()
  }

  /** Closes once everything written has left for the pipe (an exit right after loses nothing). */
  private finish(): void {
    if (this.closed || this.finishing) return
    this.finishing = true
    this.stdout.write('', () => void this.close())
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.stdin.off('data', this.onData)
    this.stdin.off('end', this.onEnd)
    this.stdin.off('error', this.onStreamError)
    this.stdout.off('drain', this.onDrain)
    this.onclose?.()
    this.settleDone()
  }
}
