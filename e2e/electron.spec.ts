import { _electron as electron, expect, test } from '@playwright/test'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { hubEnv, ROOT, tempDir } from './helpers/hub'

function electronBinary(): string | null {
  try {
    // The electron package exports the binary's path; it throws when the binary was not installed.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const p = require('electron') as unknown
    return typeof p === 'string' && existsSync(p) ? p : null
  } catch {
    return null
  }
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
