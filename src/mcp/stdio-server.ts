import { isJSONRPCNotification, isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/server'
import { serveStdio as serveEras } from '@modelcontextprotocol/server/stdio'
import { prepareHub, type ServeOptions } from './hub-setup'
import { HubStdioTransport } from './stdio-transport'
import { createMcpSession } from './protocol'
import { DocumentWatch } from './document-watch'
import { legacyErrorCode } from './protocol-error'
import { onStopSignal } from '../engine/bootstrap/stop-signals'
import type { Handover } from './quick-start'
import { recordStartAnswers } from './start-record'

type Id = string | number

/**
 * Serves the MCP surface (protocol.ts) over stdio until the client closes stdin, in both protocol
 * eras: the SDK's entry reads the opening message (an `initialize` is 2025-06-18 / 2025-11-25, a
 * `server/discover` or an enveloped request 2026-07-28) and pins one instance of the one definition
 * for the connection; 2025 clients are served as they were before the entry existed.
 */
export async function serveStdio(opts: ServeOptions, handover?: Handover): Promise<void> {
  const { log, hub, config } = await prepareHub(opts)
  const transport = new HubStdioTransport(log, process.stdin, process.stdout, handover)
  // The bundled server's entry (and `okf-hub serve`, which starts through it) answered initialize
  // and tools/list from the start cache, or the SDK's answers are recorded for the next start
  // (quick-start.ts). The CLI bundle run directly, or OKF_HUB_QUICK_START=0, does neither.
  if (handover) {
    if (handover.answered.size > 0)
      log.info(
        `démarrage rapide : ${[...handover.answered.values()].map((a) => a.method).join(' et ')} servis par le cache de démarrage`
      )
    transport.onStartAnswer = recordStartAnswers(handover, hub, config, log, () => {
      transport
        .send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })
        .catch((e: unknown) =>
          log.warning(`mcp : notification tools/list_changed non délivrée : ${String(e)}`)
        )
    })
  }
  // The documents this connection's listen streams named (2026-07-28), by listen request id: the
  // entry answers subscriptions/listen and its cancellation itself, so they are read on the way in.
  const watch = new DocumentWatch(hub.ctx)
  const listens = new Map<Id, () => void>()
  transport.observe = (m: JSONRPCMessage) => {
    if (isJSONRPCRequest(m) && m.method === 'subscriptions/listen') {
      const wanted = (m.params as { notifications?: { resourceSubscriptions?: unknown } } | undefined)
        ?.notifications?.resourceSubscriptions
      const uris = Array.isArray(wanted) ? wanted.filter((u): u is string => typeof u === 'string') : []
      if (uris.length > 0) {
        listens.get(m.id)?.()
        listens.set(m.id, watch.hold(uris))
      }
    } else if (isJSONRPCNotification(m) && m.method === 'notifications/cancelled') {
      const id = (m.params as { requestId?: unknown } | undefined)?.requestId
      if (typeof id === 'string' || typeof id === 'number') {
        listens.get(id)?.()
        listens.delete(id)
      }
    }
  }
  const disposers: (() => void)[] = []
  const handle = serveEras(
    ({ era }) => {
      // One instance is pinned per connection (a discarded discover probe comes first at most).
      transport.outbound = era === 'legacy' ? legacyErrorCode : undefined
      const s = createMcpSession(hub, log, { watch })
      disposers.push(s.dispose)
      return s.server
    },
    {
      legacy: 'serve',
      transport,
      onerror: (e) => log.warning(`mcp : ${e.message}`)
    }
  )
  // A host stopping the server (the SDK's client sends SIGTERM 2 s after closing stdin) gets the
  // requests already received answered first: a kb_propose under way ends committed, its locks
  // released, instead of being cut between two writes (a second signal exits at once).
  onStopSignal(() => transport.stop())
  await transport.done
  await handle.close()
  for (const d of disposers) d()
  log.info('arrêt')
  log.close()
}
