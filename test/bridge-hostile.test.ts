import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect as netConnect } from 'node:net'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { hubConfig, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { memoryHubLog } from '../src/engine/hublog'
import { HubService } from '../src/engine/hub/service'
import { startBridge, type RunningBridge } from '../src/bridge/http-server'
import { chooseBind } from '../src/loopback/guard'

// The UI bridge against what test/ui-bridge.test.ts does not cover: slow clients (slowloris on
// headers, a body a byte at a time), Host and Origin headers generated around the allowed ones
// (fast-check), and static-file requests written byte for byte on a raw socket — no client
// library normalising `..`, backslashes or the request target first. A real HubService over a
// real base, with short client timeouts so that a cut is seen in seconds.

const TIMEOUTS = { headersMs: 1_500, requestMs: 3_000, checkEveryMs: 200 }
const SECRET = 'SECRET-OUTSIDE'

let bridge: RunningBridge
let service: HubService
let renderer: string
const log = memoryHubLog()
const dirs: string[] = []

interface RawReply {
  status: number
  head: string
  body: string
}

/**
 * Writes `text` as is on a fresh connection and reads until the server closes it; the test's
 * timeout, not a clock of its own, bounds the wait.
 */
function rawRequest(text: string | Buffer, port = bridge.port): Promise<RawReply> {
  return new Promise((resolve) => {
    const sock = netConnect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    sock.on('data', (c: Buffer) => chunks.push(c))
    sock.on('error', () => undefined)
    sock.on('close', () => {
      const all = Buffer.concat(chunks).toString('latin1')
      const cut = all.indexOf('\r\n\r\n')
      const head = cut < 0 ? all : all.slice(0, cut)
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: cut < 0 ? '' : Buffer.from(all.slice(cut + 4), 'latin1').toString('utf8')
      })
    })
    sock.write(text)
  })
}

const get = (target: string, headers: Record<string, string> = {}): Promise<RawReply> => {
  const h = { Host: `127.0.0.1:${bridge.port}`, Authorization: `Bearer ${bridge.token}`, ...headers }
  const lines = Object.entries(h).map(([k, v]) => `${k}: ${v}`)
  return rawRequest(`GET ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\nConnection: close\r\n\r\n`)
}

beforeAll(async () => {
  const basesDir = tempDir('okf-hostile-bases-')
  const userData = tempDir('okf-hostile-ud-')
  renderer = tempDir('okf-hostile-renderer-')
  const outside = tempDir('okf-hostile-outside-')
  dirs.push(basesDir, userData, renderer, outside)
  makeBundle(basesDir, 'alpha')
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>OKF Hub</title>')
  mkdirSync(join(renderer, 'assets'))
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(outside, 'secret.js'), SECRET)
  writeFileSync(join(outside, 'index.html'), SECRET)
  // A folder link, and a chain of links, from inside the renderer to outside it.
  symlinkSync(outside, join(renderer, 'assets', 'linkdir'))
  symlinkSync(join(outside, 'secret.js'), join(renderer, 'chain2.js'))
  symlinkSync(join(renderer, 'chain2.js'), join(renderer, 'assets', 'chain1.js'))
  service = new HubService({
    config: hubConfig(basesDir, userData, { logFile: null }),
    log,
    transport: 'web',
    version: 'test'
  })
  bridge = await startBridge({ service, log, rendererDir: renderer, timeouts: TIMEOUTS })
})

afterAll(async () => {
  await bridge.close()
  while (dirs.length) removeDir(dirs.pop() as string)
})

/** A client dripping a request's headers a byte every 200 ms; `sent` says how far it got. */
function slowloris(port: number): {
  connected: Promise<void>
  closed: Promise<{ closedAfterMs: number; answer: string; sent: number; total: number }>
  isOpen: () => boolean
} {
  const t0 = Date.now()
  const sock = netConnect(port, '127.0.0.1')
  const drip = `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Padding: ${'a'.repeat(200)}`
  let i = 0
  let answer = ''
  let open = true
  const timer = setInterval(() => {
    if (i < drip.length && !sock.destroyed) sock.write(drip[i++])
  }, 200)
  sock.on('data', (c: Buffer) => (answer += c.toString('latin1')))
  sock.on('error', () => undefined)
  return {
    connected: new Promise((resolve) => sock.once('connect', () => resolve())),
    closed: new Promise((resolve) =>
      sock.on('close', () => {
        open = false
        clearInterval(timer)
        resolve({ closedAfterMs: Date.now() - t0, answer, sent: i, total: drip.length })
      })
    ),
    isOpen: () => open
  }
}

describe('UI bridge: slow clients', () => {
  // No upper bound on a clock: a loaded machine may cut late. What is held is that the cut never
  // comes before the timeout and always comes before the client is done (the drip lasts ~50 s).
  it('slowloris on the headers (a byte every 200 ms) is cut after the timeout, before its headers end', async () => {
    const slow = Array.from({ length: 20 }, () => slowloris(bridge.port))
    for (const s of await Promise.all(slow.map((c) => c.closed))) {
      expect(s.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 100)
      expect(s.sent).toBeLessThan(s.total)
      expect(s.answer).not.toContain('OKF Hub')
    }
  })

  // A bridge whose headers timeout outlasts the test: every ordinary answer must arrive while all
  // twenty slow clients still hold their connections — an order of events, not a stopwatch.
  it('twenty slowloris clients block no one: ordinary requests are answered while they hang', async () => {
    const patient = await startBridge({
      service,
      log,
      rendererDir: renderer,
      timeouts: { ...TIMEOUTS, headersMs: 120_000, requestMs: 120_000 }
    })
    const slow = Array.from({ length: 20 }, () => slowloris(patient.port))
    try {
      await Promise.all(slow.map((c) => c.connected))
      for (let k = 0; k < 10; k++) {
        const r = await rawRequest(
          `GET /assets/app.js HTTP/1.1\r\nHost: 127.0.0.1:${patient.port}\r\nAuthorization: Bearer ${patient.token}\r\n` +
            'Connection: close\r\n\r\n',
          patient.port
        )
        expect(r.status).toBe(200)
        expect(slow.filter((c) => c.isOpen())).toHaveLength(20)
      }
    } finally {
      await patient.close()
    }
  })

  it('a body sent a byte at a time is cut after the request timeout, before it is whole; the API still answers', async () => {
    const t0 = Date.now()
    let sent = 0
    const cut = new Promise<{ ms: number; answer: string }>((resolve) => {
      const sock = netConnect(bridge.port, '127.0.0.1')
      let answer = ''
      sock.write(
        `POST /api/listBases HTTP/1.1\r\nHost: 127.0.0.1:${bridge.port}\r\nAuthorization: Bearer ${bridge.token}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n'
      )
      const timer = setInterval(() => {
        if (sock.destroyed) return
        sock.write(' ')
        sent++
      }, 200)
      sock.on('data', (c: Buffer) => (answer += c.toString('latin1')))
      sock.on('error', () => undefined)
      sock.on('close', () => {
        clearInterval(timer)
        resolve({ ms: Date.now() - t0, answer })
      })
    })
    const body = JSON.stringify({ args: [] })
    const ok = await rawRequest(
      `POST /api/listBases HTTP/1.1\r\nHost: 127.0.0.1:${bridge.port}\r\nAuthorization: Bearer ${bridge.token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`
    )
    expect(ok.status).toBe(200)
    expect(JSON.parse(ok.body).result.bases[0].name).toBe('alpha')
    const r = await cut
    expect(r.ms).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 100)
    expect(sent).toBeLessThan(1000)
    // Never dispatched: no API answer, at most node's 408.
    expect(r.answer).not.toContain('"result"')
  })
})

describe('UI bridge: Host and Origin (DNS rebinding, cross-site), generated', () => {
  const variants = (p: number): string[] => [
    `127.0.0.1.evil.com:${p}`,
    `localhost:${p}@evil.com`,
    `evil.com@localhost:${p}`,
    `evil.com:${p}`,
    `LOCALHOST:${p}`,
    `LocalHost:${p}`,
    `localhost.:${p}`,
    `127.0.0.1.:${p}`,
    `[::1]:${p}`,
    `[::ffff:127.0.0.1]:${p}`,
    '127.0.0.1',
    'localhost',
    `127.0.0.1:0${p}`,
    `127.1:${p}`,
    `0x7f000001:${p}`,
    `2130706433:${p}`,
    `127.0.0.2:${p}`,
    `0.0.0.0:${p}`,
    `127.0.0.1:${p}:${p}`,
    `localhost:${p}/`,
    `localhost:${p}.evil`,
    `127.0.0.1:${p + 1}`,
    `127.0.0.1%2e:${p}`,
    `127.0.0.1:${p}`,
    `localhost:${p}`,
    ` 127.0.0.1:${p} `
  ]
  // Header values are one line of visible ASCII here; a raw CR/LF would be another header.
  const junk = fc.string({ maxLength: 12 }).map((s) => s.replace(/[^\x21-\x7e]/g, ''))
  const hostValue = (p: number): fc.Arbitrary<string> =>
    fc.oneof(
      fc.constantFrom(...variants(p)),
      fc
        .tuple(
          fc.constantFrom('127.0.0.1', 'localhost'),
          fc.array(fc.boolean(), { minLength: 9, maxLength: 9 })
        )
        .map(([h, up]) => [...h].map((c, i) => (up[i % 9] ? c.toUpperCase() : c)).join('') + `:${p}`),
      fc
        .tuple(junk, fc.constantFrom(`127.0.0.1:${p}`, `localhost:${p}`), junk)
        .map(([a, h, b]) => `${a}${h}${b}`)
    )
  const allowedHost = (v: string, p: number): boolean =>
    [`127.0.0.1:${p}`, `localhost:${p}`].includes(v.trim().toLowerCase())

  it('a Host is served only when it is exactly a loopback name and this port, case aside', async () => {
    const p = bridge.port
    await fc.assert(
      fc.asyncProperty(hostValue(p), async (host) => {
        const r = await get('/', { Host: host })
        if (allowedHost(host, p)) {
          expect(r.status, host).toBe(200)
          expect(r.body).toContain('OKF Hub')
        } else {
          expect([400, 421], host).toContain(r.status)
          expect(r.body).not.toContain('OKF Hub')
        }
      }),
      { numRuns: 150 }
    )
  })

  it('an Origin is accepted only when it is this loopback origin, and the API does not run otherwise', async () => {
    const p = bridge.port
    const originValue = fc.oneof(
      hostValue(p).map((h) => `http://${h}`),
      hostValue(p).map((h) => `https://${h}`),
      fc.constantFrom('null', 'file://', `http://127.0.0.1:${p}/`, `HTTP://127.0.0.1:${p}`, '')
    )
    await fc.assert(
      fc.asyncProperty(originValue, async (origin) => {
        const body = JSON.stringify({ args: [] })
        const r = await rawRequest(
          `POST /api/listBases HTTP/1.1\r\nHost: 127.0.0.1:${p}\r\nOrigin: ${origin}\r\nAuthorization: Bearer ${bridge.token}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`
        )
        const o = origin.trim().toLowerCase()
        const allowed = [`http://127.0.0.1:${p}`, `http://localhost:${p}`].includes(o)
        if (allowed) expect(r.status, origin).toBe(200)
        else {
          expect([400, 403], origin).toContain(r.status)
          expect(r.body).not.toContain('"result"')
        }
      }),
      { numRuns: 150 }
    )
  })
})

describe('UI bridge: static files, requests written byte for byte', () => {
  const fixed = [
    '/assets/linkdir/secret.js',
    '/assets/linkdir/index.html',
    '/assets/chain1.js',
    '/chain2.js',
    '/../secret.js',
    '/assets/../../secret.js',
    '/%2e%2e/secret.js',
    '/%2E%2E%2Fsecret.js',
    '/%252e%252e/secret.js',
    '/%25252e%25252e/secret.js',
    '/.%2e/.%2e/etc/passwd',
    '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
    '/..\\..\\secret.js',
    '/assets\\..\\..\\secret.js',
    '/%5c..%5c..%5csecret.js',
    '//etc/passwd',
    '//%252e%252e',
    '//evil.example/assets/app.js',
    '/%2Fetc%2Fpasswd',
    '/etc/passwd',
    '/C:/Windows/win.ini',
    '/C%3A%5CWindows%5Cwin.ini',
    '/%5c%5cserver%5cshare%5csecret.js',
    '/assets/app.js%00.html',
    '/assets/%00',
    '/assets/app.js%2500',
    '/\u2024\u2024/secret.js',
    '/%e2%80%a4%e2%80%a4/secret.js',
    '/%ef%bc%8e%ef%bc%8e/secret.js',
    `http://127.0.0.1:PORT/../secret.js`,
    `http://evil.example/assets/linkdir/secret.js`,
    '*',
    '../secret.js'
  ]

  it('no traversal form, link or chain of links serves a byte from outside the renderer folder', async () => {
    for (const raw of fixed) {
      const target = raw.replace('PORT', String(bridge.port))
      const r = await get(target)
      expect([400, 404, 421], target).toContain(r.status)
      expect(r.body, target).not.toContain(SECRET)
    }
    expect((await get('/assets/app.js')).status).toBe(200)
  })

  it('generated paths from traversal pieces never leak (fast-check)', async () => {
    const piece = fc.constantFrom(
      '..',
      '.',
      '',
      '%2e%2e',
      '%2e',
      '.%2e',
      '%252e%252e',
      '%2f',
      '%5c',
      '\\',
      '%00',
      'assets',
      'linkdir',
      'chain1.js',
      'chain2.js',
      'secret.js',
      'index.html',
      'app.js',
      '%2fsecret.js'
    )
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 7 }), async (parts) => {
        const target = '/' + parts.join('/')
        const r = await get(target)
        expect([200, 400, 404], target).toContain(r.status)
        expect(r.body, target).not.toContain(SECRET)
      }),
      { numRuns: 200 }
    )
  })
})

describe('bind address', () => {
  it('loopback is accepted, anything else refused unless forced, and then with a warning', () => {
    for (const h of ['127.0.0.1', 'localhost', '::1', '127.0.0.2'])
      expect(chooseBind(h, false), h).toMatchObject({ ok: true, remote: false })
    expect(chooseBind('localhost', false)).toMatchObject({ host: '127.0.0.1' })
    for (const h of [
      '0.0.0.0',
      '::',
      '192.168.1.10',
      'example.com',
      '127.0.0.1.evil.com',
      '::ffff:127.0.0.1'
    ]) {
      const c = chooseBind(h, false)
      expect(c.ok, h).toBe(false)
      expect(c, h).toMatchObject({ refused: 'not-loopback', host: h })
      expect(chooseBind(h, true), h).toMatchObject({ ok: true, remote: true, host: h })
    }
    for (const h of ['', ' ', 'a b', 'localhost/x', 'user@host', '127.0.0.1?x'])
      expect(chooseBind(h, true), h).toMatchObject({ ok: false, refused: 'invalid' })
  })
})
