import { spawn } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A git server for tests: `git http-backend` (git's own smart-HTTP CGI) behind a node HTTP server
 * on 127.0.0.1, serving every repository under `projectRoot` at `<url>/<name>`. Clone, fetch and
 * push work as against any git host. With `token`, every request must carry HTTP Basic auth
 * whose password (or user) is the token — the way GitHub and GitLab accept personal tokens —
 * otherwise it is answered 401 with a `WWW-Authenticate` challenge. With `tokens` (issue 27), each
 * token is one user's: the server tells git who pushes (`REMOTE_USER`), so a repository's
 * pre-receive hook can protect a branch the way a hosting does (`team.ts`, `protect`).
 */
export interface GitHttpServer {
  /** `http://127.0.0.1:<port>` — append `/<repo>` (e.g. `/base.git`). */
  url: string
  /** Requests seen, for tests that check what crossed the wire (never the token itself). */
  requests: { method: string; path: string; authorized: boolean }[]
  /** Delay every response body chunk by this many ms (to cancel an import midway). */
  slowMs: number
  /** Resolves once every request answered so far is in `requests` (at once, in process). */
  settle(): Promise<void>
  close(): Promise<void>
}

export interface GitHttpOptions {
  token?: string
  /** token → user name (every request must carry one of them). */
  tokens?: Record<string, string>
  slowMs?: number
}

function presented(header: string | undefined): string[] {
  if (!header?.startsWith('Basic ')) return []
  const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')
  return [rest.join(':'), user]
}

/** The user the request authenticates as: 'test' without any token configured, null when refused. */
function userOf(header: string | undefined, opts: GitHttpOptions): string | null {
  if (opts.token === undefined && opts.tokens === undefined) return 'test'
  for (const t of presented(header)) {
    if (opts.token !== undefined && t === opts.token) return 'test'
    if (opts.tokens && t !== '' && Object.hasOwn(opts.tokens, t)) return opts.tokens[t]
  }
  return null
}

export async function startGitHttpServer(
  projectRoot: string,
  opts: GitHttpOptions = {},
  /** Told of every request as it is recorded (the out-of-process server relays them). */
  onRequest?: (r: GitHttpServer['requests'][number]) => void
): Promise<GitHttpServer> {
  const requests: GitHttpServer['requests'] = []
  const state = { slowMs: opts.slowMs ?? 0 }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const user = userOf(req.headers.authorization, opts)
    const ok = user !== null
    const seen = { method: req.method ?? '', path: url.pathname, authorized: ok }
    requests.push(seen)
    onRequest?.(seen)
    if (!ok) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="okf-test"', 'Content-Type': 'text/plain' })
      res.end('authentication required\n')
      req.resume()
      return
    }
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: projectRoot,
      GIT_HTTP_EXPORT_ALL: '1',
      // http-backend refuses receive-pack (push) to anonymous users.
      REMOTE_USER: user ?? '',
      REQUEST_METHOD: req.method,
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      HTTP_CONTENT_ENCODING: String(req.headers['content-encoding'] ?? ''),
      GIT_CONFIG_NOSYSTEM: '1'
    }
    if (req.headers['git-protocol']) env.GIT_PROTOCOL = String(req.headers['git-protocol'])
    const cgi = spawn('git', ['http-backend'], { env })
    req.pipe(cgi.stdin)
    let head = Buffer.alloc(0)
    let started = false
    const write = (chunk: Buffer): void => {
      if (state.slowMs > 0) {
        cgi.stdout.pause()
        setTimeout(() => {
          res.write(chunk)
          cgi.stdout.resume()
        }, state.slowMs)
      } else res.write(chunk)
    }
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (started) return write(chunk)
      head = Buffer.concat([head, chunk])
      const i = head.indexOf('\r\n\r\n')
      if (i < 0) return
      started = true
      let status = 200
      for (const line of head.subarray(0, i).toString('latin1').split('\r\n')) {
        const colon = line.indexOf(':')
        const k = line.slice(0, colon).trim()
        const v = line.slice(colon + 1).trim()
        if (k.toLowerCase() === 'status') status = parseInt(v, 10)
        else res.setHeader(k, v)
      }
      res.writeHead(status)
      write(head.subarray(i + 4))
    })
    cgi.stdout.on('end', () => {
      // Let any delayed chunk go out first.
      setTimeout(() => res.end(), state.slowMs > 0 ? state.slowMs + 5 : 0)
    })
    cgi.on('error', () => {
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get slowMs() {
      return state.slowMs
    },
    set slowMs(v: number) {
      state.slowMs = v
    },
    settle: () => Promise.resolve(),
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      })
  }
}
