// Where the Electron binary is, without triggering electron's lazy download (require('electron')
// downloads on first use, which fails — slowly — on machines without GitHub access).
const { existsSync, readFileSync } = require('node:fs')
const { dirname, join } = require('node:path')

function electronBinary() {
  let pkg
  try {
    pkg = dirname(require.resolve('electron/package.json'))
  } catch {
    return null
  }
  const pathFile = join(pkg, 'path.txt')
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron'
    const p = join(process.env.ELECTRON_OVERRIDE_DIST_PATH, name)
    return existsSync(p) ? p : null
  }
  if (!existsSync(pathFile)) return null
  const p = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(p) ? p : null
}

module.exports = { electronBinary }
