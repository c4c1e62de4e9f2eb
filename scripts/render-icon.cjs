// Renders resources/icon.svg to resources/icon.png (1024×1024, the installers' icon) and
// resources/icon-512.png (512×512, the .mcpb's: the size Claude Desktop recommends), transparent
// corners, with a headless Chromium: `node scripts/render-icon.cjs [path-to-chromium]`. Run it after
// editing the SVG and commit the three files; electron-builder derives the macOS .icns and the
// Windows .ico from the 1024 PNG.
const { spawnSync } = require('node:child_process')
const { existsSync, mkdtempSync, renameSync, rmSync } = require('node:fs')
const { tmpdir } = require('node:os')
const { join } = require('node:path')
const { pathToFileURL } = require('node:url')

const root = join(__dirname, '..')
const svg = join(root, 'resources', 'icon.svg')
const candidates = [process.argv[2], process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']
const chromium = candidates.find((c) => c && existsSync(c))
if (!chromium) {
  process.stderr.write('Chromium introuvable : passez son chemin en argument ou dans CHROMIUM.\n')
  process.exit(1)
}
function render(png, scale) {
  const work = mkdtempSync(join(tmpdir(), 'okf-icon-'))
  const shot = join(work, 'icon.png')
  const r = spawnSync(
    chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      '--default-background-color=00000000',
      '--window-size=1024,1024',
      `--force-device-scale-factor=${scale}`,
      `--user-data-dir=${join(work, 'profile')}`,
      `--screenshot=${shot}`,
      pathToFileURL(svg).href
    ],
    { encoding: 'utf8' }
  )
  if (r.status !== 0 || !existsSync(shot)) {
    process.stderr.write(`échec du rendu (${r.status}) : ${r.stderr}\n`)
    rmSync(work, { recursive: true, force: true })
    process.exit(1)
  }
  renameSync(shot, png)
  rmSync(work, { recursive: true, force: true })
  process.stdout.write(`${png}\n`)
}

render(join(root, 'resources', 'icon.png'), 1)
render(join(root, 'resources', 'icon-512.png'), 0.5)
