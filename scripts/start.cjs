// `npm start`: the desktop app; where the Electron binary is missing, the same UI in the browser
// through `okf-hub ui` (arguments after `--` go to it, e.g. `npm start -- --bases DIR`).
const { spawn } = require('node:child_process')
const { join } = require('node:path')
const { electronBinary } = require('./electron-binary.cjs')

const root = join(__dirname, '..')
const args = process.argv.slice(2)
const binary = electronBinary()
let child
if (binary) {
  child = spawn(binary, [root, ...args], { stdio: 'inherit' })
} else {
  process.stdout.write(
    'Electron binary not available on this machine — starting `okf-hub ui` in the browser instead.\n'
  )
  child = spawn(process.execPath, [join(root, 'bin', 'okf-hub.js'), 'ui', ...args], { stdio: 'inherit' })
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)))
