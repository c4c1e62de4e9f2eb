import { startGitHttpServer, type GitHttpOptions } from './git-http'

/**
 * The test git server as a process of its own (`git-http-process.ts`): started with the project
 * root and options as JSON in argv, it tells its parent the URL, then every request it sees, over
 * the IPC channel; a `ping` is answered once every record sent before it has gone.
 */
const [projectRoot, optsJson] = process.argv.slice(2)
const send = (m: unknown): void => {
  process.send?.(m)
}
void startGitHttpServer(projectRoot, JSON.parse(optsJson) as GitHttpOptions, (r) =>
  send({ kind: 'request', request: r })
).then((server) => {
  process.on('message', (m: { kind: string; id?: number; slowMs?: number }) => {
    if (m.kind === 'ping') send({ kind: 'pong', id: m.id })
    else if (m.kind === 'slow') server.slowMs = m.slowMs ?? 0
    else if (m.kind === 'close') void server.close().then(() => process.exit(0))
  })
  // The parent gone (a killed bench), nothing left to serve.
  process.on('disconnect', () => process.exit(0))
  send({ kind: 'ready', url: server.url })
})
