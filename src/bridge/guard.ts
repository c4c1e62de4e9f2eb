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

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`])
}

export function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`])
}

export type GuardVerdict = { ok: true } | { ok: false; status: number; reason: string }

/** Host and Origin checks (DNS rebinding, cross-site requests), before anything else is read. */
export function checkHostAndOrigin(req: IncomingMessage, port: number): GuardVerdict {
  const host = req.headers.host
  if (!host || !allowedHosts(port).has(host.toLowerCase()))
    return { ok: false, status: 421, reason: 'hôte refusé' }
  const origin = req.headers.origin
  if (origin !== undefined && !allowedOrigins(port).has(origin.toLowerCase()))
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

export function tokenCookie(token: string): string {
  return `${HTTP_TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`
}
