import { _electron as electron, expect, test } from '@playwright/test'
import { rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { ROOT } from './helpers/hub'
import { tempDir } from '../test/helpers/fixtures'
import { hubEnv } from '../test/helpers/mcp'

// Found as `npm start` finds it (path.txt + dist/), never through require('electron'), which
// downloads a missing binary: a test must not reach the network.
const { electronBinary } = createRequire(__filename)('../scripts/electron-binary.cjs') as {
  electronBinary: () => string | null
}
const binary = electronBinary()

const definedEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined))

test('the desktop app opens on the bases overview', async () => {
  test.skip(
    binary === null,
    'Electron binary not installed on this machine (node_modules/electron/dist): desktop launch not tested here'
  )
  const basesDir = tempDir('okf-e2e-el-bases-')
  const { userData, env } = hubEnv(basesDir, { defaultBases: true })
  try {
    const app = await electron.launch({
      executablePath: binary as string,
      args: [join(ROOT, 'out/main/index.js'), '--no-sandbox'],
      env: { ...definedEnv(), ...env }
    })
    const window = await app.firstWindow()
    await expect(window.getByTestId('base-card-okf-hub-guide')).toBeVisible({ timeout: 20_000 })
    expect(await window.evaluate(() => typeof (window as unknown as { okfHub?: unknown }).okfHub)).toBe(
      'object'
    )
    expect(await window.evaluate(() => typeof (globalThis as unknown as { require?: unknown }).require)).toBe(
      'undefined'
    )
    await app.close()
  } finally {
    rmSync(basesDir, { recursive: true, force: true })
    rmSync(userData, { recursive: true, force: true })
  }
})
