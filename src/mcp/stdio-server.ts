import { prepareHub, type ServeOptions } from './hub-setup'
import { HubStdioTransport } from './stdio-transport'
import { createMcpSession } from './protocol'

/** Serves the MCP surface (protocol.ts) over stdio until the client closes stdin. */
export async function serveStdio(opts: ServeOptions): Promise<void> {
  const { log, hub } = await prepareHub(opts)
  const { server, dispose } = createMcpSession(hub, log)
  const transport = new HubStdioTransport(log)
  // A host stopping the server (the SDK's client sends SIGTERM 2 s after closing stdin) gets the
  // requests already received answered first: a kb_propose under way ends committed, its locks
  // released, instead of being cut between two writes. A second signal exits at once. `on`, not
  // `once`: proper-lockfile's signal-exit re-raises a signal it finds no other listener for.
  let signalled = false
  const stop = (sig: NodeJS.Signals): void => {
    if (signalled) process.exit(sig === 'SIGINT' ? 130 : 143)
    signalled = true
    transport.stop()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  await new Promise<void>((resolve, reject) => {
    transport.onclose = () => resolve()
    server.connect(transport).catch(reject)
  })
  dispose()
  log.info('arrêt')
  log.close()
}
