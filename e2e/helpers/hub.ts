import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { tempDir } from '../../test/helpers/fixtures'
import { hubEnv } from '../../test/helpers/mcp'
import { spawnUi } from '../../test/helpers/ui-process'

/**
 * A real `okf-hub ui` over real bases in temp dirs: its own bases folder, user-data folder and
 * configuration (never the developer's). Nothing is stubbed: the browser talks to the bridge, the
 * bridge to the engine, the engine to git.
 */

export const ROOT = resolve(__dirname, '../..')
export const CLI_JS = join(ROOT, 'bin/okf-hub.js')
export const SERVER_JS = join(ROOT, 'out/main/mcp/server.js')
export const RENDERER_INDEX = join(ROOT, 'out/renderer/index.html')

export interface Hub {
  /** The printed URL, with the token (the bridge trades it for a cookie). */
  url: string
  origin: string
  port: number
  token: string
  basesDir: string
  userData: string
  env: Record<string, string>
  /** A HubApi call as a program would make it (Bearer token), to check what the engine serves. */
  api<T = unknown>(method: string, ...args: unknown[]): Promise<T>
  /** The names of the bases served right now (after a rescan). */
  listBases(): Promise<string[]>
  stop(): Promise<void>
}

export function assertBuilt(): void {
  for (const f of [CLI_JS, SERVER_JS, RENDERER_INDEX])
    if (!existsSync(f)) throw new Error(`${f} missing: run \`npm run build\` before the e2e suite`)
}

/**
 * Starts `okf-hub ui --no-open` and waits for the URL it prints. The hub gets a temporary HOME
 * (and XDG_CONFIG_HOME, APPDATA, LOCALAPPDATA) inside its user-data folder; `env` is laid over
 * its environment last.
 */
export async function startHub(
  opts: { defaultBases?: boolean; env?: Record<string, string>; extraConfig?: string } = {}
): Promise<Hub> {
  assertBuilt()
  const basesDir = tempDir('okf-e2e-bases-')
  const made = hubEnv(basesDir, {
    defaultBases: opts.defaultBases ?? true,
    ...(opts.extraConfig ? { extraConfig: opts.extraConfig } : {})
  })
  const { userData } = made
  // A home of its own: the AI apps' config files the hub reads (and would write) are never the
  // developer's.
  const home = join(userData, 'home')
  mkdirSync(home, { recursive: true })
  const env = {
    ...made.env,
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    APPDATA: join(home, 'AppData', 'Roaming'),
    LOCALAPPDATA: join(home, 'AppData', 'Local'),
    ...opts.env
  }
  const { child, url } = await spawnUi(CLI_JS, ['--no-open', '--port', '0'], env)
  const u = new URL(url)
  const token = u.searchParams.get('token') ?? ''
  const api = async <T>(method: string, ...args: unknown[]): Promise<T> => {
    const res = await fetch(`${u.origin}/api/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ args })
    })
    const body = (await res.json()) as { result?: T; error?: { code: string; message: string } }
    if (body.error) throw new Error(`${method}: ${body.error.code}: ${body.error.message}`)
    return body.result as T
  }
  return {
    url,
    origin: u.origin,
    port: Number(u.port),
    token,
    basesDir,
    userData,
    env,
    api,
    async listBases() {
      const r = await api<{ bases: { name: string }[] }>('rescan')
      return r.bases.map((b) => b.name)
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      rmSync(basesDir, { recursive: true, force: true })
      rmSync(userData, { recursive: true, force: true })
    }
  }
}
