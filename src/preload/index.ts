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
bridge.subscribe = (listener: (e: HubEvent) => void): (() => void) => {
  const handler = (_e: IpcRendererEvent, event: HubEvent): void => listener(event)
  ipcRenderer.on(IPC_EVENT_CHANNEL, handler)
  return () => void ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler)
}

contextBridge.exposeInMainWorld('okfHub', bridge as unknown as HubBridge)
