import { _electron as electron, expect, test } from '@playwright/test'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { hubEnv, ROOT, tempDir } from './helpers/hub'

/**
 * The installed Electron binary, found the way the electron package finds it (path.txt + dist/),
 * without requiring the package: since Electron 45 `require('electron')` downloads a missing
 * binary, and a test must not reach the network.
 */
function electronBinary(): string | null {
  const pkg = join(ROOT, 'node_modules/electron')
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  const pathFile = join(pkg, 'path.txt')
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null
  const candidate = override ? join(override, name ?? 'electron') : name ? join(pkg, 'dist', name) : null
  return candidate && existsSync(candidate) ? candidate : null
}

const binary = electronBinary()

const definedEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined))

test('the desktop app opens on the bases overview', async () => {
  test.skip(binary === null, 'Electron binary not installed on this machine (node_modules/electron/dist): desktop launch not tested here')
  const basesDir = tempDir('okf-e2e-el-bases-')
  const userData = tempDir('okf-e2e-el-ud-')
  try {
    const app = await electron.launch({
      executablePath: binary as string,
      args: [join(ROOT, 'out/main/index.js'), '--no-sandbox'],
      env: { ...definedEnv(), ...hubEnv(basesDir, userData, true) }
    })
    const window = await app.firstWindow()
    await expect(window.getByTestId('base-card-okf-hub-guide')).toBeVisible({ timeout: 20_000 })
    expect(await window.evaluate(() => typeof (window as unknown as { okfHub?: unknown }).okfHub)).toBe('object')
    expect(await window.evaluate(() => typeof (globalThis as unknown as { require?: unknown }).require)).toBe('undefined')
    await app.close()
  } finally {
    rmSync(basesDir, { recursive: true, force: true })
    rmSync(userData, { recursive: true, force: true })
  }
})
