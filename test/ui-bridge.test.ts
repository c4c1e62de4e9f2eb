import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from 'node:http'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { hubConfig, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { memoryHubLog } from '../src/engine/hublog'
import { HubService } from '../src/engine/hub/service'
import { startBridge, type RunningBridge } from '../src/bridge/http-server'
import { HTTP_MAX_BODY_BYTES, HTTP_TOKEN_COOKIE } from '../src/shared/hub-api'
import { fileProposal } from '../src/engine/proposals/propose'

// The loopback bridge of `okf-hub ui`, attacked the ways a local page or program can: no token,
// a wrong token, DNS rebinding (foreign Host), cross-site requests (foreign Origin), oversized
// bodies, path tricks against the static files. Nothing here is stubbed: a real HubService over
// a real base.

interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

let bridge: RunningBridge
let service: HubService
const log = memoryHubLog()
const dirs: string[] = []
let secretOutside = ''

function send(
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: bridge.port,
        path,
        method: opts.method ?? 'GET',
        headers: { Host: `127.0.0.1:${bridge.port}`, ...opts.headers }
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8')
          })
        )
      }
    )
    req.on('error', reject)
    if (opts.body !== undefined) req.write(opts.body)
    req.end()
  })
}

const cookie = (): string => `${HTTP_TOKEN_COOKIE}=${bridge.token}`
const api = (method: string, args: unknown[], headers: Record<string, string> = {}): Promise<Reply> =>
  send(`/api/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie(), ...headers },
    body: JSON.stringify({ args })
  })

beforeAll(async () => {
  const basesDir = tempDir('okf-bridge-bases-')
  const userData = tempDir('okf-bridge-ud-')
  const renderer = tempDir('okf-bridge-renderer-')
  const outside = tempDir('okf-bridge-outside-')
  dirs.push(basesDir, userData, renderer, outside)
  makeBundle(basesDir, 'alpha')
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>OKF Hub</title>')
  mkdirSync(join(renderer, 'assets'))
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(renderer, 'assets', 'boot-Bd4lLO2L.js'), 'console.log(2)')
  writeFileSync(join(renderer, 'assets', 'index-Czd60FW3.css'), 'body{}')
  secretOutside = join(outside, 'secret.js')
  writeFileSync(secretOutside, 'SECRET-OUTSIDE')
  symlinkSync(secretOutside, join(renderer, 'assets', 'leak.js'))
  service = new HubService({
    config: hubConfig(basesDir, userData, { logFile: null }),
    log,
    transport: 'web',
    version: 'test'
  })
  bridge = await startBridge({ service, log, rendererDir: renderer })
})

afterAll(async () => {
  await bridge.close()
  while (dirs.length) removeDir(dirs.pop() as string)
})

describe('okf-hub ui bridge', () => {
  it('binds 127.0.0.1 only and prints a URL carrying a random token', () => {
    expect(bridge.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${bridge.port}/\\?token=[A-Za-z0-9_-]{43}$`)
    )
  })

  it('trades the token in the URL for an HttpOnly SameSite=Strict cookie and a redirect', async () => {
    const r = await send(`/?token=${bridge.token}`)
    expect(r.status).toBe(303)
    expect(r.headers.location).toBe('/')
    expect(String(r.headers['set-cookie'])).toBe(
      `${HTTP_TOKEN_COOKIE}=${bridge.token}; HttpOnly; SameSite=Strict; Path=/`
    )
    const page = await send('/', { headers: { Cookie: cookie() } })
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>OKF Hub</title>')
    expect(page.headers['content-security-policy']).toContain("default-src 'self'")
  })

  it('refuses a missing or wrong token, everywhere', async () => {
    expect((await send('/?token=wrong')).status).toBe(401)
    expect((await send('/')).status).toBe(401)
    expect((await send('/assets/app.js')).status).toBe(401)
    expect((await api('listBases', [], { Cookie: `${HTTP_TOKEN_COOKIE}=${'x'.repeat(43)}` })).status).toBe(
      401
    )
    expect((await api('listBases', [], { Cookie: '', Authorization: 'Bearer nope' })).status).toBe(401)
    expect((await send('/api/events')).status).toBe(401)
    expect(log.lines.join('\n')).not.toContain(bridge.token)
  })

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin, even with the token', async () => {
    const rebinding = await send('/', { headers: { Host: `evil.example:${bridge.port}`, Cookie: cookie() } })
    expect(rebinding.status).toBe(421)
    const wrongPort = await send('/', { headers: { Host: `127.0.0.1:1`, Cookie: cookie() } })
    expect(wrongPort.status).toBe(421)
    const crossOrigin = await api('listBases', [], { Origin: 'http://evil.example' })
    expect(crossOrigin.status).toBe(403)
    const crossSite = await api('listBases', [], { 'Sec-Fetch-Site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    const sameOrigin = await api('listBases', [], { Origin: `http://127.0.0.1:${bridge.port}` })
    expect(sameOrigin.status).toBe(200)
  })

  it('answers the HubApi as { result } / { error } and refuses non-JSON and oversized bodies', async () => {
    const ok = await api('listBases', [])
    expect(JSON.parse(ok.body).result.bases.map((b: { name: string }) => b.name)).toEqual(['alpha'])
    // The server's own share of the call, for the page's Resource Timing (bench/suites/ui.ts).
    expect(ok.headers['server-timing']).toMatch(/^hub;dur=\d+(\.\d)?$/)
    const unknownBase = await api('corpusTree', ['nope'])
    expect(unknownBase.status).toBe(404)
    expect(JSON.parse(unknownBase.body).error.code).toBe('UNKNOWN_BASE')
    const form = await send('/api/listBases', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie() },
      body: 'args=[]'
    })
    expect(form.status).toBe(415)
    const big = await send('/api/saveDraft', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie() },
      body: Buffer.alloc(HTTP_MAX_BODY_BYTES + 10, 0x20)
    })
    expect(big.status).toBe(413)
    const notJson = await send('/api/listBases', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie() },
      body: '{'
    })
    expect(notJson.status).toBe(400)
    expect((await send('/api/listBases', { headers: { Cookie: cookie() } })).status).toBe(405)
  })

  it('serves only files of the renderer folder', async () => {
    const get = (p: string): Promise<Reply> => send(p, { headers: { Cookie: cookie() } })
    expect((await get('/assets/app.js')).status).toBe(200)
    for (const p of [
      '/../package.json',
      '/assets/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/%252e%252e/etc/passwd',
      '/assets%2f..%2f..%2fetc%2fpasswd',
      '/..%5c..%5cwindows%5cwin.ini',
      '/C:/Windows/win.ini',
      '/assets/leak.js',
      '/.git/config',
      '/assets/app.js%00.html'
    ]) {
      const r = await get(p)
      expect([400, 404], p).toContain(r.status)
      expect(r.body).not.toContain('SECRET-OUTSIDE')
    }
  })

  it('lets the browser keep the content-named scripts and styles (and V8 their compiled code), never the HTML', async () => {
    const get = (p: string): Promise<Reply> => send(p, { headers: { Cookie: cookie() } })
    for (const p of ['/assets/boot-Bd4lLO2L.js', '/assets/index-Czd60FW3.css']) {
      const r = await get(p)
      expect(r.status, p).toBe(200)
      expect(r.headers['cache-control'], p).toBe('public, max-age=31536000, immutable')
    }
    // Not named after their content: asked again each time.
    for (const p of ['/', '/index.html', '/assets/app.js']) {
      const r = await get(p)
      expect(r.status, p).toBe(200)
      expect(r.headers['cache-control'], p).toBe('no-cache')
    }
    expect((await send('/assets/boot-Bd4lLO2L.js')).headers['cache-control']).not.toContain('max-age')
  })

  /**
   * Opens the event stream; once it is open, `then` runs; resolves with what the stream said up to
   * the first event `until` accepts.
   */
  function stream(then: () => void, until: (data: string) => boolean): Promise<string[]> {
    return new Promise<string[]>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: bridge.port,
          path: '/api/events',
          headers: { Host: `127.0.0.1:${bridge.port}`, Cookie: cookie() }
        },
        (res) => {
          expect(res.headers['content-type']).toContain('text/event-stream')
          let buf = ''
          const events: string[] = []
          res.on('data', (c: Buffer) => {
            buf += c.toString('utf8')
            let end: number
            while ((end = buf.indexOf('\n\n')) >= 0) {
              const block = buf.slice(0, end)
              buf = buf.slice(end + 2)
              if (!block.startsWith('data: ')) continue
              events.push(block.slice('data: '.length))
              if (until(events[events.length - 1])) {
                req.destroy()
                resolve(events)
              }
            }
          })
          then()
        }
      )
      req.on('error', (e) => (String(e).includes('socket hang up') ? undefined : reject(e)))
      req.end()
    })
  }

  // The first stream this bridge serves: no earlier listener keeps the watcher polling.
  it('announces, as the stream opens, a change made between the page’s first requests and the stream', async () => {
    // The page asks for its data…
    expect((await api('listBases', [])).status).toBe(200)
    // …an agent in another process files a proposal (a file and a commit, no event from this hub)…
    const base = service.registry.get('alpha')
    await fileProposal(
      base,
      {
        type: 'addition',
        concerns: 'entre-deux',
        content: 'x',
        sources: ['x'],
        confidence: 'low',
        submittedBy: 'a'
      },
      { log: memoryHubLog() }
    )
    // …then the page's stream opens. Once its first poll is done, a marker event ends the wait:
    // whatever that poll announced came before it.
    const MARK = '{"type":"bases-changed"}'
    const got = await stream(
      () => void service.watcher.ready().then(() => service.watcher.emit({ type: 'bases-changed' })),
      (d) => d === MARK
    )
    expect(got).toContain('{"type":"proposals-changed","base":"alpha"}')
    expect(got.some((d) => d.startsWith('{"type":"head-changed","base":"alpha"'))).toBe(true)
  })

  it('streams events over SSE', async () => {
    let rescan: Promise<Reply> = Promise.resolve({ status: 0, headers: {}, body: '' })
    // Once the stream is open, a rescan that finds a new base is an event every subscriber gets.
    const got = await stream(
      () => {
        makeBundle(dirs[0], 'beta')
        rescan = api('rescan', [])
      },
      (d) => d === '{"type":"bases-changed"}'
    )
    expect(got).toContain('{"type":"bases-changed"}')
    expect((await rescan).status).toBe(200)
  })
})
