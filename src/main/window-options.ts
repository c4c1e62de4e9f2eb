import { join } from 'node:path'

/**
 * The renderer's sandbox, in one place so a test can hold it: no Node in the page, the preload
 * isolated from it, and nothing but the HubApi bridge in between. Kept free of `electron` imports
 * so it can be checked without the Electron binary.
 */
export function secureWebPreferences(preloadDir: string): {
  preload: string
  sandbox: true
  contextIsolation: true
  nodeIntegration: false
  nodeIntegrationInWorker: false
  nodeIntegrationInSubFrames: false
  webSecurity: true
  allowRunningInsecureContent: false
  webviewTag: false
  spellcheck: false
} {
  return {
    preload: join(preloadDir, 'index.js'),
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false
  }
}

/** Links the user clicked that may leave the app: the system browser opens them, nothing else. */
export function isExternalWebLink(url: string): boolean {
  try {
    const u = new URL(url)
    return u.protocol === 'https:' || u.protocol === 'http:'
  } catch {
    return false
  }
}

export interface WindowState {
  x?: number
  y?: number
  width: number
  height: number
  maximized: boolean
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false }

/** A remembered window state, or the default when the file is absent or not a sane state. */
export function parseWindowState(text: string | null): WindowState {
  if (text === null) return { ...DEFAULT_WINDOW_STATE }
  try {
    const d = JSON.parse(text) as Record<string, unknown>
    const num = (v: unknown): number | undefined =>
      typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : undefined
    const width = num(d.width)
    const height = num(d.height)
    if (width === undefined || height === undefined || width < 400 || height < 300)
      return { ...DEFAULT_WINDOW_STATE }
    return { x: num(d.x), y: num(d.y), width, height, maximized: d.maximized === true }
  } catch {
    return { ...DEFAULT_WINDOW_STATE }
  }
}
