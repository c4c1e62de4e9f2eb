import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'

/** What one session keeps for a client to resume a cut stream (Last-Event-ID): the newest events only. */
export const EVENT_STORE_MAX_EVENTS = 200
export const EVENT_STORE_MAX_BYTES = 1024 * 1024

interface Stored {
  id: string
  streamId: string
  message: JSONRPCMessage
  bytes: number
}

/**
 * The Streamable HTTP door's event store, one per session, in memory and bounded (events and
 * bytes, oldest dropped first: 32 sessions cannot hold more than 32 MiB). With it the SDK's
 * transport opens each server-sent event stream with a priming event (an id and the `retry`
 * interval, for clients of 2025-11-25 and later), and a client whose stream was cut resumes from
 * its Last-Event-ID instead of losing the answer under way.
 */
export class BoundedEventStore implements EventStore {
  private events: Stored[] = []
  private bytes = 0
  private seq = 0

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `${++this.seq}`
    const bytes = JSON.stringify(message).length
    this.events.push({ id, streamId, message, bytes })
    this.bytes += bytes
    while (
      this.events.length > EVENT_STORE_MAX_EVENTS ||
      (this.bytes > EVENT_STORE_MAX_BYTES && this.events.length > 1)
    )
      this.bytes -= this.events.shift()!.bytes
    return id
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.events.find((e) => e.id === eventId)?.streamId
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }
  ): Promise<string> {
    const at = this.events.findIndex((e) => e.id === lastEventId)
    if (at < 0) return ''
    const streamId = this.events[at].streamId
    for (const e of this.events.slice(at + 1)) {
      // The priming event stores an empty message: nothing to replay.
      if (e.streamId === streamId && Object.keys(e.message).length > 0) await send(e.id, e.message)
    }
    return streamId
  }

  get size(): number {
    return this.events.length
  }
}
