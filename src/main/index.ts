import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  session,
  shell,
  type MenuItemConstructorOptions
} from 'electron'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startEngine } from '../engine/bootstrap/start'
import { ConfigError } from '../engine/config'
import { dispatch } from '../engine/hub/dispatch'
import { HubService } from '../engine/hub/service'
import type { HubLog } from '../engine/hublog'
import { electronServerFacts } from '../engine/registration/server-command'
import { probeServer } from '../probe/server-probe'
import { HUB_API_METHODS, IPC_EVENT_CHANNEL, ipcChannel } from '../shared/hub-api'
import { isExternalWebLink, parseWindowState, secureWebPreferences, type WindowState } from './window-options'
import { safeStorageCredentials } from './credentials'
import { version } from '../../package.json'

// The desktop shell: one instance, one window, the HubService wired to IPC. Everything the
// manager does goes through the same HubService `okf-hub ui` serves over HTTP.

let win: BrowserWindow | null = null

const stateFile = (): string => join(app.getPath('userData'), 'window-state.json')

function readState(): WindowState {
  try {
    return parseWindowState(readFileSync(stateFile(), 'utf8'))
  } catch {
    return parseWindowState(null)
  }
}

function saveState(w: BrowserWindow, log: HubLog): void {
  const b = w.getNormalBounds()
  try {
    mkdirSync(app.getPath('userData'), { recursive: true })
    writeFileSync(stateFile(), JSON.stringify({ ...b, maximized: w.isMaximized() }))
  } catch (e) {
    log.warning(`état de la fenêtre non enregistré : ${(e as Error).message}`)
  }
}

/** The page is ours and local: the file we load, or electron-vite's dev server in development. */
function isAppUrl(url: string): boolean {
  const dev = process.env.ELECTRON_RENDERER_URL
  return url.startsWith('file://') || (dev !== undefined && url.startsWith(dev))
}

function createWindow(log: HubLog): BrowserWindow {
  const state = readState()
  const w = new BrowserWindow({
    ...state,
    minWidth: 720,
    minHeight: 480,
    title: 'OKF Hub',
    show: false,
    webPreferences: secureWebPreferences(join(__dirname, '../preload'))
  })
  if (state.maximized) w.maximize()
  w.once('ready-to-show', () => w.show())
  w.on('close', () => saveState(w, log))
  // No navigation away from the app, no new windows; a link the user clicked opens in the browser.
  w.webContents.on('will-navigate', (e, url) => {
    if (!isAppUrl(url)) e.preventDefault()
  })
  w.webContents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebLink(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  if (process.env.ELECTRON_RENDERER_URL) void w.loadURL(process.env.ELECTRON_RENDERER_URL)
  else void w.loadFile(join(__dirname, '../renderer/index.html'))
  return w
}

function buildMenu(): void {
  const isMac = process.platform === 'darwin'
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'Affichage',
      submenu: [
        { role: 'reload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' }
      ]
    },
    { role: 'windowMenu' }
  ]
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

function wire(service: HubService, log: HubLog): void {
  for (const method of HUB_API_METHODS) {
    ipcMain.handle(ipcChannel(method), (event, ...args: unknown[]) => {
      // Only our own page may call the HubApi (never a frame or a page navigated elsewhere).
      const url = event.senderFrame?.url ?? ''
      if (!isAppUrl(url))
        return { error: { code: 'UNAUTHORIZED', message: 'appel refusé : page étrangère à OKF Hub' } }
      return dispatch(service, method, args, log)
    })
  }
  service.subscribe((e) => win?.webContents.send(IPC_EVENT_CHANNEL, e))
}

function checkRegistrations(service: HubService, log: HubLog): void {
  service.registrations(true).then(
    (rows) => {
      for (const r of rows.filter((x) => x.present && x.working === false))
        log.warning(`inscription dans ${r.host} en panne : ${r.problem ?? '?'}`)
    },
    (e: unknown) => log.warning(`vérification des inscriptions impossible : ${(e as Error).message}`)
  )
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  app.on('second-instance', () => {
    if (!win) return
    if (win.isMinimized()) win.restore()
    win.focus()
  })
  await app.whenReady()
  // The renderer needs no device, camera, notification or geolocation permission.
  session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false))
  let engine
  try {
    engine = await startEngine({ door: 'desktop' })
  } catch (e) {
    dialog.showErrorBox(
      'OKF Hub',
      e instanceof ConfigError ? `Configuration invalide : ${e.message}` : String(e)
    )
    app.quit()
    return
  }
  const service = new HubService({
    config: engine.config,
    log: engine.log,
    transport: 'electron',
    version,
    pickDirectory: async () => {
      const opts = { properties: ['openDirectory' as const] }
      const r = win ? await dialog.showOpenDialog(win, opts) : await dialog.showOpenDialog(opts)
      return r.canceled ? null : (r.filePaths[0] ?? null)
    },
    // What the registration writes: this very executable as Node (packaged: the script unpacked
    // from the asar) — the engine gets the facts, it never imports Electron.
    serverCommand: electronServerFacts({
      isPackaged: app.isPackaged,
      execPath: process.execPath,
      resourcesPath: process.resourcesPath,
      appPath: app.getAppPath(),
      appImage: process.env.APPIMAGE
    }),
    probeServer,
    // Git tokens per host, encrypted by the OS keychain (team sync).
    credentials: safeStorageCredentials(engine.config.userDataDir)
  })
  wire(service, engine.log)
  service.startBackgroundSync()
  buildMenu()
  win = createWindow(engine.log)
  win.on('closed', () => (win = null))
  // The start-up check of the registrations (an update of a host may have dropped or broken our
  // entry): the window's banner asks the same question and shares this run.
  win.webContents.once('did-finish-load', () => checkRegistrations(service, engine.log))
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) win = createWindow(engine.log)
  })
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

void main()
