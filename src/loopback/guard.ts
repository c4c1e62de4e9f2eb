import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { HTTP_TOKEN_COOKIE } from '../shared/hub-api'

/**
 * Who may talk to the loopback bridge. Binding 127.0.0.1 keeps other machines out; these checks
 * keep out the other things on this machine that can reach 127.0.0.1:
 *  - a web page in the user's browser, through DNS rebinding (a hostile name resolving to
 *    127.0.0.1): its requests carry a foreign `Host` — refused;
 *  - a web page posting cross-site: its `Origin` is foreign — refused; and without the token
 *    cookie (SameSite=Strict, HttpOnly) it cannot authenticate anyway;
 *  - another local user or program: it does not know the per-start token.
 */

/**
 * The `Host` values served: the loopback names of this port, plus `extra` (host names or address
 * literals, IPv6 in brackets) when a bind wider than loopback was forced. Exact matches only
 * (case aside): `127.0.0.1.evil.example`, `localhost.`, a missing or wrong port are foreign.
 */
export function allowedHosts(port: number, extra: readonly string[] = []): Set<string> {
  return new Set(['127.0.0.1', 'localhost', ...extra].map((h) => `${h.toLowerCase()}:${port}`))
}

export function allowedOrigins(port: number, extra: readonly string[] = []): Set<string> {
  return new Set([...allowedHosts(port, extra)].map((h) => `http://${h}`))
}

/** localhost, 127.0.0.0/8, ::1: addresses no other machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase()
  return h === 'localhost' || h === '::1' || /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(h)
}

export type BindChoice =
  | { ok: true; host: string; remote: boolean }
  /** `invalid`: not an address at all; `not-loopback`: reachable from other machines, not forced. */
  | { ok: false; refused: 'invalid' | 'not-loopback'; host: string }

/**
 * Where a door may listen. Loopback always; anything else only when forced (`--allow-remote`), and
 * then `remote`, for the door to warn in its own words: the bridge speaks plain HTTP and serves the
 * HubApi, writes included, to whoever holds the token.
 */
export function chooseBind(host: string, allowRemote: boolean): BindChoice {
  const h = host.trim()
  if (h === '' || /[\s/@?#]/.test(h)) return { ok: false, refused: 'invalid', host }
  if (isLoopbackHost(h))
    return { ok: true, host: h.toLowerCase() === 'localhost' ? '127.0.0.1' : h, remote: false }
  if (!allowRemote) return { ok: false, refused: 'not-loopback', host: h }
  return { ok: true, host: h, remote: true }
}

export type GuardVerdict = { ok: true } | { ok: false; status: number; reason: string }

/** Host and Origin checks (DNS rebinding, cross-site requests), before anything else is read. */
export function checkHostAndOrigin(
  req: IncomingMessage,
  port: number,
  extraHosts: readonly string[] = []
): GuardVerdict {
  const host = req.headers.host
  if (!host || !allowedHosts(port, extraHosts).has(host.toLowerCase()))
    return { ok: false, status: 421, reason: 'hôte refusé' }
  const origin = req.headers.origin
  if (origin !== undefined && !allowedOrigins(port, extraHosts).has(origin.toLowerCase()))
    return { ok: false, status: 403, reason: 'origine refusée' }
  // Browsers that send Fetch Metadata say when a request comes from another site.
  const site = req.headers['sec-fetch-site']
  if (site === 'cross-site') return { ok: false, status: 403, reason: 'requête inter-sites refusée' }
  return { ok: true }
}

export function sameToken(candidate: string | undefined, token: string): boolean {
  if (candidate === undefined) return false
  const a = Buffer.from(candidate)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

/** An `Authorization: Bearer <token>` header carrying exactly `token` (programs, MCP hosts). */
export function hasBearer(req: IncomingMessage, token: string): boolean {
  const auth = req.headers.authorization
  return auth?.startsWith('Bearer ') === true && sameToken(auth.slice('Bearer '.length).trim(), token)
}

/** The token from the cookie the bridge set, or an `Authorization: Bearer` header (programs). */
export function isAuthenticated(req: IncomingMessage, token: string): boolean {
  if (hasBearer(req, token)) return true
  return sameToken(cookieValue(req.headers.cookie, HTTP_TOKEN_COOKIE), token)
}

export class BodyTooLarge extends Error {}

/** Past this much, a client that keeps sending is cut off rather than drained. */
const DRAIN_LIMIT_FACTOR = 8

/**
 * The body, at most `max` bytes. A bigger one is drained (not buffered) so that the client reads
 * a clear 413 instead of a reset connection; one that goes on far beyond is cut off.
 */
export function readBoundedBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > max * DRAIN_LIMIT_FACTOR) req.destroy()
      else if (size <= max) chunks.push(c)
    })
    req.on('end', () => (size > max ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks))))
    req.on('error', reject)
  })
}

/**
 * How long a client may take: its headers (a slowloris sending a byte a second is cut after
 * `headersMs`), its whole request (a slow body, after `requestMs`), and how often node checks
 * (its default, 30 s, would let a stalled client hold a socket for 40 s).
 */
export interface ClientTimeouts {
  headersMs: number
  requestMs: number
  checkEveryMs: number
}

/** Loopback clients send a request in milliseconds: these bounds only stop the stalled ones. */
export const CLIENT_TIMEOUTS: ClientTimeouts = { headersMs: 10_000, requestMs: 30_000, checkEveryMs: 1_000 }

export function tokenCookie(token: string): string {
  return `${HTTP_TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`
}
