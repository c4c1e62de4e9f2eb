import type { HubBridge } from '../../../shared/hub-api'
import { createHttpClient } from './http-bridge'
import type { HubClient } from './types'

declare global {
  interface Window {
    /** Exposed by the Electron preload: exactly the HubBridge shape. */
    okfHub?: HubBridge
  }
}

/** The one factory that knows about transports: the preload's bridge, else HTTP. */
export function createHubClient(): HubClient {
  const ipc = window.okfHub
  if (ipc)
    return {
      api: ipc,
      transport: 'electron',
      status: () => 'live',
      onStatus: () => () => undefined
    }
  return createHttpClient()
}

let client: HubClient | null = null

/** The transport, created once on first use (not UI state: the door to the engine). */
export function hubClient(): HubClient {
  client ??= createHubClient()
  return client
}

export function hub(): HubBridge {
  return hubClient().api
}
