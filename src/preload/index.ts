import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import {
  HUB_API_METHODS,
  IPC_EVENT_CHANNEL,
  ipcChannel,
  type HttpApiResponse,
  type HubBridge,
  type HubEvent
} from '../shared/hub-api'

// The renderer's only door: the HubApi's methods and the event stream, as `window.okfHub`.
// No Node, no ipcRenderer, no file system crosses the bridge — a test holds this.

async function call(method: (typeof HUB_API_METHODS)[number], args: unknown[]): Promise<unknown> {
  const out = (await ipcRenderer.invoke(ipcChannel(method), ...args)) as HttpApiResponse<unknown>
  if ('error' in out) throw out.error
  return out.result
}

const bridge: Record<string, unknown> = {}
for (const method of HUB_API_METHODS) bridge[method] = (...args: unknown[]) => call(method, args)
/**
 * One IPC listener from the page's first moment, not one per subscriber: the main process sends
 * every event as it happens, and a change made between the page's first requests and its
 * subscription (an agent's proposal, a colleague's commit) was sent to no one, the page showing the
 * state before it until the next change. What arrives while no one listens is kept — the latest
 * event per kind and base, so it stays bounded by the bases — and handed to the next subscriber.
 */
const listeners = new Set<(e: HubEvent) => void>()
const unheard = new Map<string, HubEvent>()
ipcRenderer.on(IPC_EVENT_CHANNEL, (_e: IpcRendererEvent, event: HubEvent): void => {
  if (listeners.size > 0) {
    for (const l of listeners) l(event)
    return
  }
  const key = `${event.type}\u0000${'base' in event ? event.base : ''}`
  unheard.delete(key)
  unheard.set(key, event)
})
bridge.subscribe = (listener: (e: HubEvent) => void): (() => void) => {
  listeners.add(listener)
  const missed = [...unheard.values()]
  unheard.clear()
  for (const e of missed) listener(e)
  return () => void listeners.delete(listener)
}

contextBridge.exposeInMainWorld('okfHub', bridge as unknown as HubBridge)
