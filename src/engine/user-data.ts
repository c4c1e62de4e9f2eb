import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * Where the hub keeps its own files, in a module of its own (config.ts re-exports it): the MCP
 * server's quick start (`src/mcp/quick-start.ts`) finds its cache there before the YAML library
 * that config.ts loads.
 */

export const PRODUCT_NAME = 'OKF Hub'

/**
 * Electron's `userData` for our productName, computed without Electron so the
 * CLI and the server use the very folder the desktop app will use.
 * OKF_HUB_USER_DATA overrides it (portable installs, tests).
 */
export function userDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform
): string {
  if (env.OKF_HUB_USER_DATA) return resolve(env.OKF_HUB_USER_DATA)
  const home = env.HOME || env.USERPROFILE || homedir()
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME)
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), PRODUCT_NAME)
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), PRODUCT_NAME)
}

/** The file a user may keep the hub's settings in, in the user-data folder. */
export const CONFIG_FILE_NAME = 'hub-config.yaml'

/**
 * Which configuration file is read (DESIGN §8): --config, else OKF_HUB_CONFIG, else
 * <user data>/hub-config.yaml when present — never the working directory, since hosts spawn servers
 * with cwd `/`. null: none (every default).
 */
export function resolveConfigFile(
  config: string | undefined,
  env: NodeJS.ProcessEnv,
  cwd: string,
  ud: string
): string | null {
  if (config) return resolve(cwd, config)
  if (env.OKF_HUB_CONFIG) return resolve(cwd, env.OKF_HUB_CONFIG)
  const inUserData = join(ud, CONFIG_FILE_NAME)
  return existsSync(inUserData) ? inUserData : null
}
