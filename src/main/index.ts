import { app, BrowserWindow } from 'electron'
import { join } from 'node:path'

// The desktop manager arrives with its own issue; until then the window shows the
// renderer shell so the build, the preload bridge and the sandbox settings are real.
function createWindow(): void {
  const win = new BrowserWindow({
    width: 1100,
    height: 760,
    title: 'OKF Hub',
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false
    }
  })
  if (process.env.ELECTRON_RENDERER_URL) void win.loadURL(process.env.ELECTRON_RENDERER_URL)
  else void win.loadFile(join(__dirname, '../renderer/index.html'))
}

void app.whenReady().then(() => {
  createWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow()
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
