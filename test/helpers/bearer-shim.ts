import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface BearerShim {
  url: string
  close(): Promise<void>
}

/**
 * A loopback relay that adds `Authorization: Bearer <token>` to every request, for a client that
 * sends no auth header (the official conformance suite). Bodies and event streams are piped as
 * they come. The relay's own Host (and a loopback Origin of its port) are rewritten to the
 * door's, so the door's checks see what a direct client would send; any other Host or Origin is
 * passed as is, so DNS-rebinding probes still meet the door's refusal.
 */
export async function startBearerShim(targetPort: number, token: string, path = '/mcp'): Promise<BearerShim> {
  let port = 0
  const own = (v: string | undefined): boolean =>
    v !== undefined && [`127.0.0.1:${port}`, `localhost:${port}`].some((h) => v === h || v.endsWith(`//${h}`))
  const server: Server = createServer((req, res) => {
    const headers = { ...req.headers, authorization: `Bearer ${token}` }
    if (own(req.headers.host)) headers.host = `127.0.0.1:${targetPort}`
    if (typeof req.headers.origin === 'string' && own(req.headers.origin))
      headers.origin = `http://127.0.0.1:${targetPort}`
    const out = request(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(out)
    res.on('close', () => out.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
