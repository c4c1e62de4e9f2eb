import {
  HTTP_API_PREFIX,
  HTTP_EVENTS_PATH,
  HUB_API_METHODS,
  isHubApiError,
  type HubApiError,
  type HubApiMethod,
  type HubBridge,
  type HubEvent
} from '../../../shared/hub-api'
import type { ConnectionListener, ConnectionStatus, HubClient } from './types'

/**
 * The HubBridge over `okf-hub ui`'s loopback HTTP door: `POST /api/<method>` with `{ args }`,
 * `GET /api/events` as server-sent events. The auth cookie is the server's business: requests
 * only send it (`same-origin`).
 */

function transportError(message: string): HubApiError {
  return { code: 'TRANSPORT', message }
}

async function call(method: HubApiMethod, args: unknown[]): Promise<unknown> {
  let res: Response
  try {
    res = await fetch(HTTP_API_PREFIX + method, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ args })
    })
  } catch (e) {
    throw transportError(e instanceof Error ? e.message : String(e))
  }
  const text = await res.text().catch(() => '')
  let body: unknown
  try {
    body = text === '' ? null : JSON.parse(text)
  } catch {
    body = null
  }
  const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null
  if (res.ok && envelope && 'result' in envelope) return envelope.result
  if (envelope && isHubApiError(envelope.error)) throw envelope.error
  const detail = text.trim().slice(0, 500) || res.statusText
  if (res.status === 401 || res.status === 403) throw { code: 'UNAUTHORIZED', message: detail }
  throw transportError(`HTTP ${res.status}${detail ? ` — ${detail}` : ''}`)
}

export function createHttpClient(): HubClient {
  const listeners = new Set<(e: HubEvent) => void>()
  const statusListeners = new Set<ConnectionListener>()
  let status: ConnectionStatus = 'connecting'
  let source: EventSource | null = null

  const setStatus = (s: ConnectionStatus): void => {
    if (s === status) return
    status = s
    for (const l of statusListeners) l(s)
  }

  const open = (): void => {
    if (source) return
    source = new EventSource(HTTP_EVENTS_PATH, { withCredentials: true })
    source.onopen = () => setStatus('live')
    source.onerror = () => {
      // Events no longer flow: say so. EventSource retries by itself while CONNECTING; CLOSED
      // (an HTTP error such as 401) is final for that object, so a new one is tried later.
      setStatus('disconnected')
      if (source?.readyState === EventSource.CLOSED) {
        source = null
        window.setTimeout(() => listeners.size > 0 && open(), 5000)
      }
    }
    source.onmessage = (m: MessageEvent<string>) => {
      let event: HubEvent
      try {
        event = JSON.parse(m.data) as HubEvent
      } catch {
        return
      }
      for (const l of listeners) l(event)
    }
  }

  const api: Record<string, unknown> = {}
  for (const method of HUB_API_METHODS) api[method] = (...args: unknown[]) => call(method, args)
  api.subscribe = (listener: (e: HubEvent) => void) => {
    listeners.add(listener)
    open()
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0 && source) {
        source.close()
        source = null
        setStatus('connecting')
      }
    }
  }

  return {
    api: api as unknown as HubBridge,
    transport: 'web',
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener)
      return () => void statusListeners.delete(listener)
    }
  }
}
