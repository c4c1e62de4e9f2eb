import { join } from 'node:path'
import { existsSync, mkdirSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { createServer, type Socket } from 'node:net'
import { CACHE, ROOT, SERVER_JS, benchHome, compare, connectServer, runProcess, type Options } from '../lib'
import { generateBase } from '../corpus'
import { Client as ModernClient } from '@modelcontextprotocol/client'
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio'

const FS_SERVER = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js')

/** spawn → initialize → tools/list, against a bare `node -e ""` and server-filesystem on the same folder. */
export default async function coldstart(o: Options): Promise<void> {
  const basesDir = join(CACHE, 'coldstart')
  mkdirSync(basesDir, { recursive: true })
  const base = generateBase(basesDir, 'petite', 50, 7)
  const home = benchHome('coldstart', basesDir)
  const ours = async () => {
    const s = await connectServer(home.env)
    await s.client.listTools()
    await s.close()
  }
  await compare(
    'coldstart',
    'okf-hub server → tools/list',
    ours,
    { label: 'node -e ""', fn: () => runProcess(process.execPath, ['-e', '']) },
    o,
    2.5
  )
  await compare(
    'coldstart',
    'okf-hub server → tools/list',
    ours,
    {
      label: 'server-filesystem',
      fn: async () => {
        const s = await connectServer(home.env, process.execPath, [FS_SERVER, basesDir])
        await s.client.listTools()
        await s.close()
      }
    },
    o
  )

  // Both protocol eras (issue 26): a client pinned to 2026-07-28 (server/discover, then tools/list
  // with the per-request envelope) against the 2025-11-25 one (initialize, then tools/list).
  await compare(
    'coldstart',
    'okf-hub server, 2026-07-28 client → tools/list',
    async () => {
      const c = new ModernClient(
        { name: 'okf-bench', version: '0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } }
      )
      await c.connect(
        new ModernStdio({
          command: process.execPath,
          args: [SERVER_JS],
          cwd: '/',
          env: home.env,
          stderr: 'ignore'
        })
      )
      await c.listTools()
      await c.close()
    },
    { label: '2025-11-25 client', fn: ours },
    o
  )

  // Team sync (issue 12): the same base as a clone whose remote accepts connections and never
  // answers — the worst remote for a start-up — against the same server with no remote at all.
  const silentSockets: Socket[] = []
  const silent = createServer((sock) => silentSockets.push(sock))
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()))
  const port = (silent.address() as { port: number }).port
  const remoteDir = join(CACHE, 'coldstart-remote')
  mkdirSync(remoteDir, { recursive: true })
  const clone = join(remoteDir, 'petite')
  if (!existsSync(clone)) execFileSync('git', ['clone', '-q', base.root, clone])
  execFileSync('git', ['-C', clone, 'remote', 'set-url', 'origin', `http://127.0.0.1:${port}/base.git`])
  const remoteHome = benchHome('coldstart-remote', remoteDir)
  const start = (env: Record<string, string>) => async () => {
    const s = await connectServer(env)
    await s.client.listTools()
    await s.close()
  }
  try {
    await compare(
      'coldstart',
      'server, remote never answers → tools/list',
      start(remoteHome.env),
      { label: 'same base, no remote', fn: start(home.env) },
      o,
      1.1
    )
  } finally {
    for (const sock of silentSockets) sock.destroy()
    await new Promise<void>((r) => silent.close(() => r()))
  }
}
