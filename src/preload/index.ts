import { contextBridge } from 'electron'
import type { HubInfo } from '../shared/hub-api'

// The HubApi bridge grows with the manager issue; today it exposes only what the shell shows.
const api = {
  info: (): HubInfo => ({
    product: 'OKF Hub',
    version: '',
    platform: process.platform,
    transport: 'electron'
  })
}

contextBridge.exposeInMainWorld('api', api)

export type PreloadApi = typeof api
