import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { tempDir, waitFor } from './fixtures'
import type { Readable } from 'node:stream'

export const ROOT = resolve(__dirname, '../..')
export const SERVER_JS = join(ROOT, 'out/main/mcp/server.js')
export const CLI_JS = join(ROOT, 'bin/okf-hub.js')

/**
 * Each whole line a child writes to `stream` (newline-delimited JSON-RPC over stdio), as it comes:
 * decoded as UTF-8 across chunks, so a character cut between two writes arrives whole.
 */
export function eachLine(stream: Readable, onLine: (line: string) => void): void {
  let buf = ''
  stream.setEncoding('utf8')
  stream.on('data', (d: string) => {
    buf += d
    let nl: number
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl)
      buf = buf.slice(nl + 1)
      onLine(line)
    }
  })
}

export function assertBuilt(): void {
  if (!existsSync(SERVER_JS))
    throw new Error(`${SERVER_JS} missing: run \`npm run build\` (npm test does it)`)
}

export interface HubEnv {
  basesDir: string
  userData: string
  logFile: string
  configFile: string
  env: Record<string, string>
}

/**
 * An isolated environment: its own user-data dir (never the developer's), a
 * config with the default bases off unless asked, a log file to inspect.
 */
export function hubEnv(
  basesDir: string,
  opts: { defaultBases?: boolean; extraConfig?: string } = {}
): HubEnv {
  // A bases folder the configuration names must exist (only the default one is created on first
  // use): made here, as an operator would before pointing the hub at it.
  mkdirSync(basesDir, { recursive: true })
  const userData = tempDir('okf-ud-')
  const logFile = join(userData, 'hub.log')
  const configFile = join(userData, 'hub-config.yaml')
  writeFileSync(
    configFile,
    `bases-dir: ${JSON.stringify(basesDir)}\nlog-file: ${JSON.stringify(logFile)}\ndefault-bases: ${opts.defaultBases ? 'true' : 'false'}\n${opts.extraConfig ?? ''}`
  )
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? userData,
    OKF_HUB_USER_DATA: userData,
    OKF_HUB_CONFIG: configFile,
    // the CLI's own messages follow the locale (English when none is set); these tests assert
    // its French texts, so they run it in French
    LANG: 'fr_FR.UTF-8'
  }
  return { basesDir, userData, logFile, configFile, env }
}

export interface Connected {
  client: Client
  close(): Promise<void>
  text(name: string, args?: Record<string, unknown>): Promise<string>
  call(name: string, args?: Record<string, unknown>): Promise<{ text: string; isError: boolean }>
  notifications: { listChanged: number; resourcesListChanged: number; updated: string[] }
  stderr: () => string
}

/** Spawns the built server as a host would (cwd `/`, minimal env) and connects the SDK client. */
export async function connect(h: HubEnv, extraEnv: Record<string, string> = {}): Promise<Connected> {
  assertBuilt()
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_JS],
    env: { ...h.env, ...extraEnv },
    cwd: '/',
    stderr: 'pipe'
  })
  let err = ''
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()))
  const client = new Client({ name: 'okf-test', version: '0.0.0' })
  const notifications = { listChanged: 0, resourcesListChanged: 0, updated: [] as string[] }
  const {
    ToolListChangedNotificationSchema,
    ResourceListChangedNotificationSchema,
    ResourceUpdatedNotificationSchema
  } = await import('@modelcontextprotocol/sdk/types.js')
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    notifications.listChanged++
  })
  client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => {
    notifications.resourcesListChanged++
  })
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (n) => {
    notifications.updated.push(n.params.uri)
  })
  await client.connect(transport)
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const r = await client.callTool({ name, arguments: args })
    const content = r.content as { type: string; text: string }[]
    return { text: content.map((c) => c.text).join(''), isError: r.isError === true }
  }
  return {
    client,
    notifications,
    stderr: () => err,
    close: () => client.close(),
    call,
    text: async (name, args) => (await call(name, args)).text
  }
}

/**
 * Resolves once the server's background poll has run after this call, everything that poll said
 * received: a control document is subscribed and replaced (a new inode: seen whatever the clock's
 * granularity), its resources/updated awaited, then a ping — answered on the same stream after
 * any notification sent before it. Lets a test assert that a change was *not* notified without
 * sleeping through "a poll or two".
 */
export async function afterNextPoll(s: Connected, uri: string, file: string): Promise<void> {
  const seen = s.notifications.updated.filter((u) => u === uri).length
  await s.client.subscribeResource({ uri })
  writeFileSync(`${file}.poll-tmp`, `# Témoin\n\n${seen + 1}\n`)
  renameSync(`${file}.poll-tmp`, file)
  await waitFor(() => s.notifications.updated.filter((u) => u === uri).length > seen)
  await s.client.unsubscribeResource({ uri })
  await s.client.ping()
}
