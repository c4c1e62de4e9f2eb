import { randomBytes } from 'node:crypto'
import { realpathSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { HubLog } from '../engine/hublog'
import { dispatch } from '../engine/hub/dispatch'
import type { HubService } from '../engine/hub/service'
import {
  HTTP_API_PREFIX,
  HTTP_EVENTS_PATH,
  HTTP_MAX_BODY_BYTES,
  HTTP_TOKEN_QUERY,
  type HttpApiResponse,
  type HubEvent
} from '../shared/hub-api'
import {
  BodyTooLarge,
  CLIENT_TIMEOUTS,
  checkHostAndOrigin,
  type ClientTimeouts,
  isAuthenticated,
  readBoundedBody as readBody,
  sameToken,
  tokenCookie
} from '../loopback/guard'
import { cacheControlFor, staticFile } from './static-files'

/**
 * `okf-hub ui`'s door: the built renderer and the HubApi over loopback HTTP, for browsers and for
 * machines where the desktop shell cannot run. It only translates: `POST /api/<method>` →
 * dispatch → JSON envelope; `GET /api/events` → server-sent events from the service's watcher;
 * anything else → a file of the renderer. The token is never logged: logs name the method only.
 */

/** Same policy as the renderer's meta tag, sent as a header so that it also covers error pages. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const SSE_HEARTBEAT_MS = 15_000

export interface BridgeOptions {
  service: HubService
  log: HubLog
  /** Absolute folder of the built renderer (`out/renderer`). */
  rendererDir: string
  /** 0: any free port. */
  port?: number
  /** Tests only: a fixed token. */
  token?: string
  /** Where to listen (default 127.0.0.1); a non-loopback address only after `chooseBind` allowed it. */
  host?: string
  /** `Host` names served besides the loopback ones (a forced remote bind's addresses). */
  extraHosts?: readonly string[]
  /** Tests only: shorter bounds on slow clients. */
  timeouts?: ClientTimeouts
}

export interface RunningBridge {
  port: number
  token: string
  /** The URL to open: it carries the token once, the bridge moves it into a cookie. */
  url: string
  close(): Promise<void>
}

function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'no-referrer')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
}

function sendJson(res: ServerResponse, status: number, body: unknown, since?: number): void {
  const text = JSON.stringify(body)
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store'
  }
  // The server's own share of the call (request received → answer serialised), for the page's
  // Resource Timing: what the page waits beyond it is transport and its own main thread.
  if (since !== undefined) headers['Server-Timing'] = `hub;dur=${(performance.now() - since).toFixed(1)}`
  res.writeHead(status, headers)
  res.end(text)
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(text + '\n')
}

/** The HTTP status of an API error: the envelope carries the code, the status helps tools. */
function statusOf(r: HttpApiResponse<unknown>): number {
  if (!('error' in r)) return 200
  switch (r.error.code) {
    case 'INVALID_INPUT':
      return 400
    case 'UNKNOWN_BASE':
    case 'NOT_FOUND':
      return 404
    case 'BASE_BUSY':
      return 409
    case 'NOT_AVAILABLE':
      return 501
    default:
      return 500
  }
}

export async function startBridge(opts: BridgeOptions): Promise<RunningBridge> {
  const token = opts.token ?? randomBytes(32).toString('base64url')
  const rendererReal = realpathSync(opts.rendererDir)
  const { service, log } = opts
  const sockets = new Set<ServerResponse>()
  let port = 0

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const received = performance.now()
    securityHeaders(res)
    const verdict = checkHostAndOrigin(req, port, opts.extraHosts)
    if (!verdict.ok) {
      log.warning(`ui : requête refusée (${verdict.reason}) ${req.method ?? '?'} ${pathOnly(req.url)}`)
      return sendText(res, verdict.status, verdict.reason)
    }
    // Origin-form targets only, glued after our own authority: `new URL('//x', base)` would read
    // `x` as a host (a 500 on `//%252e`, another host's path on `//evil/…`).
    const target = req.url ?? '/'
    if (!target.startsWith('/')) return sendText(res, 400, 'cible de requête refusée')
    let url: URL
    try {
      url = new URL(`http://127.0.0.1:${port}${target}`)
    } catch {
      return sendText(res, 400, 'cible de requête refusée')
    }

    // The printed URL: trade the token for the cookie, then drop it from the address bar.
    if (req.method === 'GET' && url.pathname === '/' && url.searchParams.has(HTTP_TOKEN_QUERY)) {
      if (!sameToken(url.searchParams.get(HTTP_TOKEN_QUERY) ?? undefined, token)) {
        log.warning('ui : jeton refusé')
        return sendText(res, 401, 'Jeton invalide : ouvrez l’adresse affichée par « okf-hub ui ».')
      }
      res.writeHead(303, { 'Set-Cookie': tokenCookie(token), Location: '/', 'Cache-Control': 'no-store' })
      res.end()
      return
    }
    if (!isAuthenticated(req, token))
      return sendText(
        res,
        401,
        'Accès refusé : ouvrez l’adresse complète affichée par « okf-hub ui » (elle contient le jeton de cette session).'
      )

    if (url.pathname === HTTP_EVENTS_PATH) {
      if (req.method !== 'GET') return sendText(res, 405, 'méthode non autorisée')
      return openEvents(req, res)
    }
    if (url.pathname.startsWith(HTTP_API_PREFIX)) {
      if (req.method !== 'POST') return sendText(res, 405, 'méthode non autorisée')
      // A JSON content type cannot be sent by a plain HTML form: one more wall against CSRF.
      if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
        return sendText(res, 415, 'application/json attendu')
      const method = url.pathname.slice(HTTP_API_PREFIX.length)
      let body: Buffer
      try {
        body = await readBody(req, HTTP_MAX_BODY_BYTES)
      } catch (e) {
        if (e instanceof BodyTooLarge)
          return sendJson(res, 413, {
            error: {
              code: 'INVALID_INPUT',
              message: `requête trop volumineuse (plus de ${HTTP_MAX_BODY_BYTES} octets)`
            }
          })
        throw e
      }
      let parsed: unknown
      try {
        parsed = JSON.parse(body.toString('utf8'))
      } catch {
        return sendJson(res, 400, { error: { code: 'INVALID_INPUT', message: 'corps JSON illisible' } })
      }
      const args =
        typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
          ? (parsed as { args?: unknown }).args
          : undefined
      const out = await dispatch(service, method, args ?? [], log)
      return sendJson(res, statusOf(out), out, received)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'méthode non autorisée')
    const file = await staticFile(rendererReal, url.pathname)
    if (!file) return sendText(res, 404, 'introuvable')
    res.writeHead(200, {
      'Content-Type': file.type,
      'Content-Length': file.body.length,
      'Cache-Control': cacheControlFor(url.pathname)
    })
    res.end(req.method === 'HEAD' ? undefined : file.body)
  }

  const openEvents = (req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive'
    })
    res.write(': connecté\n\n')
    sockets.add(res)
    const send = (e: HubEvent): void => void res.write(`data: ${JSON.stringify(e)}\n\n`)
    const unsubscribe = service.subscribe(send)
    const beat = setInterval(() => res.write(': ping\n\n'), SSE_HEARTBEAT_MS)
    beat.unref()
    req.on('close', () => {
      clearInterval(beat)
      unsubscribe()
      sockets.delete(res)
    })
  }

  const limits = opts.timeouts ?? CLIENT_TIMEOUTS
  const server: Server = createServer({ connectionsCheckingInterval: limits.checkEveryMs }, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      log.error(
        `ui : ${req.method ?? '?'} ${pathOnly(req.url)} : ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`
      )
      if (!res.headersSent) sendText(res, 500, 'erreur interne (voir le journal du hub)')
      else res.end()
    })
  })
  server.requestTimeout = limits.requestMs
  server.headersTimeout = limits.headersMs

  // The baseline a page's event stream is compared with when it opens (HubWatcher.prime).
  await service.watcher.prime()
  const host = opts.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => resolve())
  })
  port = (server.address() as AddressInfo).port
  const shown = host.includes(':') ? `[${host}]` : host
  log.info(`ui : pont HTTP sur ${shown}:${port}`)
  // A wildcard bind is still opened from this machine through loopback.
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : shown
  return {
    port,
    token,
    url: `http://${urlHost}:${port}/?${HTTP_TOKEN_QUERY}=${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.end()
        service.watcher.stop()
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

/** A request's path without its query: the only part of a URL the log ever sees. */
function pathOnly(url: string | undefined): string {
  return (url ?? '/').split('?')[0].slice(0, 200)
}
