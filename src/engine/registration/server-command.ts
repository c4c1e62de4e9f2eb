import { existsSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { loadConfig, userDataDir, type HubConfig } from '../config'
import type { HostEnv } from './hosts'

/**
 * The command an AI host runs to start our MCP server: what `register` writes in the host's config
 * and what `check` starts. The doors hand the facts in (packaged or not, the executable, the
 * resources folder); nothing here imports Electron.
 */

/** Where the built server sits inside the app (electron-vite's output). */
export const SERVER_SCRIPT_REL = join('out', 'main', 'mcp', 'server.js')

/**
 * In the packaged app the server script must be a real file on disk (a host spawns the app as
 * plain Node, which cannot run a script inside the asar archive): electron-builder unpacks it to
 * `<resources>/app.asar.unpacked/…`. The installers' static test checks this very path.
 */
export function packagedServerScript(resourcesPath: string): string {
  return join(resourcesPath, 'app.asar.unpacked', SERVER_SCRIPT_REL)
}

export type ServerCommandFacts =
  /** Plain Node (the CLI, `okf-hub ui`, tests): `node <checkout>/out/main/mcp/server.js`. */
  | { kind: 'node'; execPath: string; script: string }
  /**
   * Electron from a source checkout (`npm start`): the Electron binary run as Node. Same command
   * shape as packaged, with the checkout's built script.
   */
  | { kind: 'electron'; execPath: string; script: string }
  /** The installed app: its own executable as Node and the unpacked script. */
  | { kind: 'packaged'; execPath: string; resourcesPath: string; appImage?: string }

/** What `register` writes for `command` / `args` / `env` (the host-specific `type` is added by the host). */
export interface ServerCommand {
  command: string
  args: string[]
  env: Record<string, string>
}

/**
 * The built server script next to this code: `out/main/{cli,chunks}/…` → `out/main/mcp/server.js`,
 * `out/main/index.js` → `out/main/mcp/server.js`, and from the sources (tests) the checkout's
 * `out/`. The first that exists; the checkout's `out/` path when none does (check then says the
 * script is missing).
 */
export function builtServerScript(dir: string = __dirname): string {
  const candidates = [
    resolve(dir, '..', 'mcp', 'server.js'),
    resolve(dir, 'mcp', 'server.js'),
    resolve(dir, '..', '..', '..', SERVER_SCRIPT_REL)
  ]
  return candidates.find((c) => existsSync(c)) ?? candidates[candidates.length - 1]
}

/** The facts of this very process when it is plain Node (the default of every non-desktop door). */
export function nodeServerFacts(
  execPath: string = process.execPath,
  script: string = builtServerScript()
): ServerCommandFacts {
  return { kind: 'node', execPath, script }
}

/** The desktop shell's facts, from what Electron says about itself (`app.isPackaged`, …). */
export function electronServerFacts(app: {
  isPackaged: boolean
  execPath: string
  resourcesPath: string
  appPath: string
  /** `process.env.APPIMAGE`: the AppImage file, the only stable path of that format. */
  appImage?: string
}): ServerCommandFacts {
  if (app.isPackaged)
    return {
      kind: 'packaged',
      execPath: app.execPath,
      resourcesPath: app.resourcesPath,
      appImage: app.appImage || undefined
    }
  return { kind: 'electron', execPath: app.execPath, script: join(app.appPath, SERVER_SCRIPT_REL) }
}

/**
 * `command` + `args` + the runtime part of `env`. Paths are absolute and passed as separate
 * arguments (hosts spawn without a shell), so spaces and non-ASCII characters need no quoting.
 *
 * An AppImage runs from a mount point that changes at every start (`/tmp/.mount_…`): the command
 * is the `.AppImage` file itself and the script is found from `APPDIR`, which the AppImage runtime
 * sets for the process it starts.
 */
export function serverCommand(facts: ServerCommandFacts): ServerCommand {
  switch (facts.kind) {
    case 'node':
      return { command: absolute(facts.execPath), args: [absolute(facts.script)], env: {} }
    case 'electron':
      return {
        command: absolute(facts.execPath),
        args: [absolute(facts.script)],
        env: { ELECTRON_RUN_AS_NODE: '1' }
      }
    case 'packaged':
      if (facts.appImage)
        return {
          command: absolute(facts.appImage),
          args: [
            '-e',
            `require(require('path').join(process.env.APPDIR, 'resources', ${JSON.stringify(join('app.asar.unpacked', SERVER_SCRIPT_REL))}))`
          ],
          env: { ELECTRON_RUN_AS_NODE: '1' }
        }
      return {
        command: absolute(facts.execPath),
        args: [packagedServerScript(absolute(facts.resourcesPath))],
        env: { ELECTRON_RUN_AS_NODE: '1' }
      }
  }
}

function absolute(p: string): string {
  return isAbsolute(p) ? p : resolve(p)
}

/**
 * The hub variables the entry carries so the host's server serves the very bases this manager
 * sees: none in the common case (the server finds `<user data>/hub-config.yaml` and its bases
 * alone), `OKF_HUB_USER_DATA` / `OKF_HUB_CONFIG` / `OKF_HUB_BASES` when this process was started
 * with overrides the host would not have. A host passes its server little of its own environment
 * (HOME, PATH, on Windows USERPROFILE and APPDATA — the MCP SDK's default list, no
 * XDG_CONFIG_HOME), so "what the server finds alone" is computed from those only.
 */
export function hubEnvFor(config: HubConfig, h: HostEnv): Record<string, string> {
  const hostPasses: NodeJS.ProcessEnv =
    h.platform === 'win32' ? { USERPROFILE: h.home, APPDATA: h.env.APPDATA } : { HOME: h.home }
  const out: Record<string, string> = {}
  if (resolve(userDataDir(hostPasses, h.platform)) !== resolve(config.userDataDir))
    out.OKF_HUB_USER_DATA = config.userDataDir
  if (config.configFile && resolve(config.configFile) !== resolve(config.userDataDir, 'hub-config.yaml'))
    out.OKF_HUB_CONFIG = config.configFile
  let alone: string | null
  try {
    alone = loadConfig({ env: { ...hostPasses, ...out }, platform: h.platform, cwd: '/' }).basesDir
  } catch {
    alone = null
  }
  if (alone === null || resolve(alone) !== resolve(config.basesDir)) out.OKF_HUB_BASES = config.basesDir
  return out
}

/** The entry the registration writes: the runtime command plus the hub variables it needs. */
export function serverEntryCommand(facts: ServerCommandFacts, config: HubConfig, h: HostEnv): ServerCommand {
  const c = serverCommand(facts)
  return { ...c, env: { ...c.env, ...hubEnvFor(config, h) } }
}
