import type { HubBridge, Unsubscribe } from '../../../shared/hub-api'

/** live: events flow; connecting: (re)connecting; disconnected: the event stream is down. */
export type ConnectionStatus = 'connecting' | 'live' | 'disconnected'
export type ConnectionListener = (status: ConnectionStatus) => void

/** A HubBridge plus the health of its event stream (IPC is always live). */
export interface HubClient {
  api: HubBridge
  transport: 'electron' | 'web'
  status(): ConnectionStatus
  onStatus(listener: ConnectionListener): Unsubscribe
}
