import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import { createMcpHandler, isLegacyRequest, type McpHttpHandler } from '@modelcontextprotocol/server'
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
import { POLL_INTERVAL_MS, createMcpSession, type McpSession } from './protocol'
import { DocumentWatch } from './document-watch'
import { legacyErrorCode } from './protocol-error'
import { BoundedEventStore } from './event-store'
import { prepareHub, type ServeOptions } from './hub-setup'
import { onStopSignal } from '../engine/bootstrap/stop-signals'

/**
 * `okf-hub serve --http`: the same MCP server (protocol.ts) over Streamable HTTP, for hosts that
 * prefer a URL to spawning a process. Loopback only (127.0.0.1, no option to bind wider: kb_propose
 * writes), with the bridge's guard (guard.ts): a foreign `Host` (DNS rebinding) or `Origin` is
 * refused before anything else, then a bearer token is required, then the body is bounded.
 *
 * Two protocol eras behind the one guard, told apart by the SDK's own classification
 * (`isLegacyRequest`: a request without the 2026-07-28 `_meta` envelope is 2025-era):
 *
 * - 2025-06-18 / 2025-11-25 clients get the session-based door they always had: list_changed and
 *   resources/updated are server-initiated and need the session's standalone SSE stream, and
 *   subscriptions are per-client state. Each session has its own SDK `Server` over the one
 *   process-wide Hub (one registry, as on stdio). Sessions are bounded: past MAX_HTTP_SESSIONS the
 *   least recently used is closed (a host that never says DELETE cannot lock the others out). The
 *   SDK's own legacy leg would be stateless (no GET stream: no notification at all), hence ours.
 * - 2026-07-28 clients are served per request by the SDK's handler (`legacy: 'reject'`: it never
 *   sees a 2025 request), each request by a fresh instance of the same definition; their
 *   notifications travel on `subscriptions/listen` streams, fed by one door-wide poll while a
 *   stream is open.
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

/** A Node request as the web-standard `Request` the SDK's 2026-07-28 handler takes (body already read). */
function toWebRequest(
  req: IncomingMessage,
  port: number,
  body: Buffer | undefined,
  signal: AbortSignal
): Request {
  const headers = new Headers()
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue
    for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one)
  }
  return new Request(`http://127.0.0.1:${port}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    signal,
    ...(body && req.method !== 'GET' && req.method !== 'HEAD' ? { body: new Uint8Array(body) } : {})
  })
}

/** Resolves when the response can take more, or when its client is gone. */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

/** Writes a web `Response` (a JSON answer or an event stream) to the Node response, stream by stream. */
async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {}
  response.headers.forEach((v, k) => (headers[k] = v))
  res.writeHead(response.status, headers)
  if (!response.body) {
    res.end()
    return
  }
  const reader = response.body.getReader()
  // A client gone: the SDK's stream is cancelled (a listen stream releases its subscription).
  res.once('close', () => void reader.cancel().catch(() => {}))
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    // A client slow to read holds the stream back (it is not buffered here without bound).
    if (!res.write(value) && !res.destroyed) await drainedOrClosed(res)
  }
  res.end()
}

/** The documents a `subscriptions/listen` request names (2026-07-28), or null for any other request. */
function listenedDocuments(body: unknown): string[] | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null
  const m = body as { method?: unknown; params?: { notifications?: { resourceSubscriptions?: unknown } } }
  if (m.method !== 'subscriptions/listen') return null
  const wanted = m.params?.notifications?.resourceSubscriptions
  return Array.isArray(wanted) ? wanted.filter((u): u is string => typeof u === 'string') : []
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
    const mcp = createMcpSession(hub, log, { label: 'http' })
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
    // 2025 clients keep their error codes (the SDK re-codes -32002 for 2026-07-28 on every era).
    const send = transport.send.bind(transport)
    transport.send = (message, options) => send(legacyErrorCode(message), options)
    await mcp.server.connect(transport)
    return transport
  }

  // 2026-07-28: one handler for the door, a fresh instance per request, nothing live in it.
  const modern: McpHttpHandler = createMcpHandler(
    () => createMcpSession(hub, log, { label: 'http', live: false }).server,
    {
      legacy: 'reject',
      maxRequestBodySize: MCP_HTTP_MAX_BODY_BYTES,
      onerror: (e) => log.info(`http : ${e.message}`)
    }
  )
  // Its listen streams hear what the 2025 sessions hear: the bases changed (tools and resources
  // lists), and the documents they named changed — one poll for the door, only while one listens.
  const watch = new DocumentWatch(hub.ctx)
  let listening = 0
  let poll: NodeJS.Timeout | undefined
  const stopBases = hub.onBasesChanged(() => {
    modern.notify.toolsChanged()
    modern.notify.resourcesChanged()
  })
  const startListening = (uris: string[]): (() => void) => {
    const release = watch.hold(uris)
    if (listening++ === 0) {
      poll = setInterval(() => {
        hub.fresh()
        for (const uri of watch.changed()) modern.notify.resourceUpdated(uri)
      }, POLL_INTERVAL_MS)
      poll.unref()
    }
    let live = true
    return () => {
      if (!live) return
      live = false
      release()
      if (--listening === 0) clearInterval(poll)
    }
  }

  const serveModern = async (res: ServerResponse, web: Request, body: unknown): Promise<void> => {
    const uris = listenedDocuments(body)
    const release = uris === null ? null : startListening(uris)
    try {
      const response = await modern.fetch(web, body !== undefined ? { parsedBody: body } : {})
      await sendWebResponse(res, response)
    } finally {
      release?.()
    }
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
    let raw: Buffer | undefined
    if (req.method === 'POST') {
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
    // The SDK's own era test, on the body already read and bounded: a 2026-07-28 request (its `_meta`
    // envelope, even a malformed one the handler must answer) goes to the per-request handler.
    const gone = new AbortController()
    res.once('close', () => gone.abort())
    const web = toWebRequest(req, port, raw, gone.signal)
    if (!(await isLegacyRequest(web, body, { maxRequestBodySize: MCP_HTTP_MAX_BODY_BYTES })))
      return serveModern(res, web, body)
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
        stopBases()
        clearInterval(poll)
        void modern.close()
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
  await new Promise<void>((resolve) => onStopSignal(() => resolve()))
  await door.close()
  log.info('arrêt')
  log.close()
  return 0
}
