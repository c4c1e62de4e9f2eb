import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { tempDir } from '../../test/helpers/fixtures'
import { hubEnv } from '../../test/helpers/mcp'

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
  stop(): Promise<void>
}

export function assertBuilt(): void {
  for (const f of [CLI_JS, SERVER_JS, RENDERER_INDEX])
    if (!existsSync(f)) throw new Error(`${f} missing: run \`npm run build\` before the e2e suite`)
}

/** Starts `okf-hub ui --no-open` and waits for the URL it prints. */
export async function startHub(opts: { defaultBases?: boolean } = {}): Promise<Hub> {
  assertBuilt()
  const basesDir = tempDir('okf-e2e-bases-')
  const { userData, env } = hubEnv(basesDir, { defaultBases: opts.defaultBases ?? true })
  const child: ChildProcess = spawn(process.execPath, [CLI_JS, 'ui', '--no-open', '--port', '0'], {
    env,
    cwd: '/',
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  let err = ''
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()))
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`okf-hub ui printed no URL in 20 s\n${out}\n${err}`)),
      20_000
    )
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /OKF Hub UI: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        ok(m[1])
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`okf-hub ui exited (${code})\n${out}\n${err}`))
    })
  })
  const u = new URL(url)
  return {
    url,
    origin: u.origin,
    port: Number(u.port),
    token: u.searchParams.get('token') ?? '',
    basesDir,
    userData,
    env,
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
