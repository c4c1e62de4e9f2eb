import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import type { HubLog } from '../engine/hublog'
import { describeError } from '../engine/errors'
import {
  BodyTooLarge,
  CLIENT_TIMEOUTS,
  checkHostAndOrigin,
  hasBearer,
  readBoundedBody,
  type ClientTimeouts
} from '../loopback/guard'
import type { Hub } from './hub'
import { createMcpSession, type McpSession } from './protocol'
import { BoundedEventStore } from './event-store'
import { prepareHub, type ServeOptions } from './hub-setup'

/**
 * `okf-hub serve --http`: the same MCP server (protocol.ts) over Streamable HTTP, for hosts that
 * prefer a URL to spawning a process. Loopback only (127.0.0.1, no option to bind wider: kb_propose
 * writes), with the bridge's guard (guard.ts): a foreign `Host` (DNS rebinding) or `Origin` is
 * refused before anything else, then a bearer token is required, then the body is bounded.
 *
 * Session-based, not stateless: list_changed and resources/updated are server-initiated and need
 * the session's standalone SSE stream, and subscriptions are per-client state. Each session has its
 * own SDK `Server` over the one process-wide Hub (one registry, as on stdio). Sessions are bounded:
 * past MAX_HTTP_SESSIONS the least recently used is closed (a host that never says DELETE cannot
 * lock the others out).
 */

export const MCP_HTTP_PATH = '/mcp'
export const DEFAULT_HTTP_PORT = 7345
export const HTTP_TOKEN_ENV = 'OKF_HUB_HTTP_TOKEN'
/** A chosen token shorter than this is refused at start: it would be guessable. */
export const MIN_TOKEN_LENGTH = 16
/** kb_propose's content is ≤ 16 KiB; JSON escaping can multiply it by six. 1 MiB is ample. */
export const MCP_HTTP_MAX_BODY_BYTES = 1024 * 1024
export const MAX_HTTP_SESSIONS = 32
/** The `retry` field of the priming event: how long a client waits before reconnecting a cut stream. */
export const SSE_RETRY_MS = 1000

export interface HttpDoorOptions {
  hub: Hub
  log: HubLog
  /** 0: any free port. */
  port: number
  token: string
  /** Tests only: shorter bounds on slow clients. */
  timeouts?: ClientTimeouts
}

export interface RunningHttpDoor {
  port: number
  url: string
  close(): Promise<void>
}

interface Session {
  transport: StreamableHTTPServerTransport
  mcp: McpSession
  lastSeen: number
}

/** A JSON-RPC error answered by the door itself (no request id: it never reached the protocol). */
function refuse(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {}
): void {
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } })
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...headers
  })
  res.end(body)
}

/** The request's path, never its query: the only part of a URL the log sees. */
const pathOnly = (url: string | undefined): string => (url ?? '/').split('?')[0].slice(0, 200)

export async function startHttpDoor(opts: HttpDoorOptions): Promise<RunningHttpDoor> {
  const { hub, log, token } = opts
  const sessions = new Map<string, Session>()
  let port = 0

  const closeSession = (id: string): void => {
    const s = sessions.get(id)
    if (!s) return
    sessions.delete(id)
    s.mcp.dispose()
    s.transport
      .close()
      .catch((e: unknown) => log.warning(`http : fermeture de session : ${describeError(e)}`))
  }

  const openSession = async (): Promise<StreamableHTTPServerTransport> => {
    if (sessions.size >= MAX_HTTP_SESSIONS) {
      const oldest = [...sessions.entries()].sort((a, b) => a[1].lastSeen - b[1].lastSeen)[0]
      log.info(`http : ${MAX_HTTP_SESSIONS} sessions ouvertes — la moins récemment utilisée est fermée`)
      closeSession(oldest[0])
    }
    const mcp = createMcpSession(hub, log, 'http')
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      // A priming event (id + retry) opens every event stream, and a cut stream can be resumed.
      eventStore: new BoundedEventStore(),
      retryInterval: SSE_RETRY_MS,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, mcp, lastSeen: Date.now() })
        log.info(`http : session ouverte (${sessions.size} en cours)`)
      },
      onsessionclosed: (id) => closeSession(id)
    })
    transport.onclose = () => {
      const id = transport.sessionId
      if (id !== undefined && sessions.has(id)) closeSession(id)
      else mcp.dispose()
    }
    await mcp.server.connect(transport)
    return transport
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const verdict = checkHostAndOrigin(req, port)
    if (!verdict.ok) {
      log.warning(`http : requête refusée (${verdict.reason}) ${req.method ?? '?'} ${pathOnly(req.url)}`)
      return refuse(res, verdict.status, verdict.reason)
    }
    if (pathOnly(req.url) !== MCP_HTTP_PATH)
      return refuse(res, 404, `introuvable : le serveur MCP répond sur ${MCP_HTTP_PATH}`)
    if (!hasBearer(req, token)) {
      log.warning(`http : requête refusée (jeton absent ou invalide) ${req.method ?? '?'}`)
      return refuse(
        res,
        401,
        `jeton requis : en-tête Authorization: Bearer <jeton> (celui de ${HTTP_TOKEN_ENV}, ou celui affiché au démarrage)`,
        { 'WWW-Authenticate': 'Bearer realm="okf-hub"' }
      )
    }
    let body: unknown
    if (req.method === 'POST') {
      let raw: Buffer
      try {
        raw = await readBoundedBody(req, MCP_HTTP_MAX_BODY_BYTES)
      } catch (e) {
        if (e instanceof BodyTooLarge)
          return refuse(res, 413, `requête trop volumineuse (plus de ${MCP_HTTP_MAX_BODY_BYTES} octets)`)
        throw e
      }
      try {
        body = JSON.parse(raw.toString('utf8'))
      } catch {
        log.info(
          "transport : message client rejeté avant tout outil — JSON-RPC illisible, souvent des arguments mal échappés (guillemet, antislash ou saut de ligne brut dans un champ comme 'content') — http"
        )
        const text = JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32700, message: 'Parse error: JSON illisible' }
        })
        res.writeHead(400, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(text)
        })
        res.end(text)
        return
      }
    }
    const sessionId = req.headers['mcp-session-id']
    if (typeof sessionId === 'string') {
      const s = sessions.get(sessionId)
      if (!s) return refuse(res, 404, 'session inconnue ou fermée : réinitialisez la connexion')
      s.lastSeen = Date.now()
      return s.transport.handleRequest(req, res, body)
    }
    if (req.method === 'POST' && isInitializeRequest(body)) {
      const transport = await openSession()
      return transport.handleRequest(req, res, body)
    }
    return refuse(
      res,
      400,
      'en-tête mcp-session-id requis (ou une requête initialize pour ouvrir une session)'
    )
  }

  const limits = opts.timeouts ?? CLIENT_TIMEOUTS
  const server: Server = createServer({ connectionsCheckingInterval: limits.checkEveryMs }, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      log.error(`http : ${req.method ?? '?'} ${pathOnly(req.url)} : ${describeError(e)}`)
      if (!res.headersSent) refuse(res, 500, 'erreur interne (voir le journal du hub)')
      else res.end()
    })
  })
  server.headersTimeout = limits.headersMs
  server.requestTimeout = limits.requestMs

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, '127.0.0.1', () => resolve())
  })
  port = (server.address() as AddressInfo).port
  log.info(`http : serveur MCP sur 127.0.0.1:${port}${MCP_HTTP_PATH}`)
  return {
    port,
    url: `http://127.0.0.1:${port}${MCP_HTTP_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const id of [...sessions.keys()]) closeSession(id)
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

/** The token of this start: the host's (OKF_HUB_HTTP_TOKEN) or a random one, said to be generated. */
export function httpToken(
  env: NodeJS.ProcessEnv = process.env
): { token: string; generated: boolean } | string {
  const chosen = env[HTTP_TOKEN_ENV]
  if (chosen === undefined) return { token: randomBytes(32).toString('base64url'), generated: true }
  const t = chosen.trim()
  if (t.length < MIN_TOKEN_LENGTH)
    return `${HTTP_TOKEN_ENV} trop court (${MIN_TOKEN_LENGTH} caractères au moins) : choisissez un jeton long et aléatoire, ou retirez la variable pour qu'un jeton soit généré`
  return { token: t, generated: false }
}

/** `okf-hub serve --http [--port N]`: until SIGINT/SIGTERM. The token is printed only when generated. */
export async function serveHttp(opts: ServeOptions): Promise<number> {
  const t = httpToken()
  if (typeof t === 'string') {
    process.stderr.write(`okf-hub serve : ${t}\n`)
    return 2
  }
  const { log, hub } = await prepareHub(opts, 'mcp-http')
  log.mask(t.token)
  let door: RunningHttpDoor
  try {
    door = await startHttpDoor({ hub, log, port: opts.port ?? DEFAULT_HTTP_PORT, token: t.token })
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    process.stderr.write(
      `okf-hub serve : écoute impossible sur 127.0.0.1:${opts.port ?? DEFAULT_HTTP_PORT} (${code ?? describeError(e)})${code === 'EADDRINUSE' ? ' — port déjà pris : choisissez-en un autre avec --port' : ''}\n`
    )
    log.close()
    return 2
  }
  process.stderr.write(`okf-hub : serveur MCP (Streamable HTTP) sur ${door.url}\n`)
  process.stderr.write(
    t.generated
      ? `okf-hub : jeton de cette session (en-tête Authorization: Bearer …) : ${t.token}\n         fixez-le avec ${HTTP_TOKEN_ENV} pour qu'il survive aux redémarrages\n`
      : `okf-hub : jeton : celui de ${HTTP_TOKEN_ENV}\n`
  )
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve()
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
  await door.close()
  log.info('arrêt')
  log.close()
  return 0
}
