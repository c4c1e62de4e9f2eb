import { fork } from 'node:child_process'
import { join } from 'node:path'
import type { GitHttpOptions, GitHttpServer } from './git-http'

/**
 * `startGitHttpServer` in a process of its own. Every request the server answers spawns
 * `git http-backend`; spawned from a test or bench process holding dozens of hubs (hundreds of
 * MB), each fork copies that process's page tables on the main thread — seconds over a team bench,
 * a cost no hub pays against a real hosting. From a small process the fork is cheap and off the
 * hubs' thread. `requests` is filled from the child's messages: call `settle()` before reading it.
 */

export async function startGitHttpServerProcess(
  projectRoot: string,
  opts: GitHttpOptions = {}
): Promise<GitHttpServer> {
  const child = fork(join(__dirname, 'git-http-child.ts'), [projectRoot, JSON.stringify(opts)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc']
  })
  const requests: GitHttpServer['requests'] = []
  const pongs = new Map<number, () => void>()
  let nextPing = 0
  let slowMs = opts.slowMs ?? 0
  const url = await new Promise<string>((ok, ko) => {
    child.once('error', ko)
    child.once('exit', (code) => ko(new Error(`serveur git de test arrêté au démarrage (code ${code})`)))
    child.on(
      'message',
      (m: { kind: string; url?: string; id?: number; request?: GitHttpServer['requests'][number] }) => {
        if (m.kind === 'ready' && m.url) ok(m.url)
        else if (m.kind === 'request' && m.request) requests.push(m.request)
        else if (m.kind === 'pong' && m.id !== undefined) {
          pongs.get(m.id)?.()
          pongs.delete(m.id)
        }
      }
    )
  })
  child.removeAllListeners('exit')
  child.removeAllListeners('error')
  return {
    url,
    requests,
    get slowMs() {
      return slowMs
    },
    set slowMs(v: number) {
      slowMs = v
      child.send({ kind: 'slow', slowMs: v })
    },
    settle: () =>
      new Promise<void>((ok) => {
        const id = nextPing++
        pongs.set(id, ok)
        child.send({ kind: 'ping', id })
      }),
    close: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null || child.signalCode !== null) return ok()
        child.once('exit', () => ok())
        child.send({ kind: 'close' })
      })
  }
}
