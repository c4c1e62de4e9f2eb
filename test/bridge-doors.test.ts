import { describe, expect, it } from 'vitest'
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process'
import { connect as netConnect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { existsSync, readFileSync } from 'node:fs'
import fc from 'fast-check'
import { makeBundle, removeDir, tempDir, waitFor } from './helpers/fixtures'
import { assertBuilt, CLI_JS, hubEnv, type HubEnv } from './helpers/mcp'

// The two HTTP doors as real processes (the built CLI): `okf-hub ui`'s bind policy (loopback, or
// forced with a warning), its token kept out of the hub log, of stderr and of every Location
// header, printed once on stdout in the URL; and `okf-hub serve --http` against generated Host and
// Origin variants, a slowloris, and its token kept out of the log.

interface RawReply {
  status: number
  head: string
  body: string
  closedAfterMs: number
}

/** One request on a raw socket, read until the server closes it; the test's timeout bounds it. */
function raw(port: number, text: string, host = '127.0.0.1'): Promise<RawReply> {
  return new Promise((resolve) => {
    const t0 = Date.now()
    const sock = netConnect(port, host)
    const chunks: Buffer[] = []
    sock.on('data', (c: Buffer) => chunks.push(c))
    sock.on('error', () => undefined)
    sock.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8')
      const cut = all.indexOf('\r\n\r\n')
      const head = cut < 0 ? all : all.slice(0, cut)
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: cut < 0 ? '' : all.slice(cut + 4),
        closedAfterMs: Date.now() - t0
      })
    })
    sock.write(text)
  })
}

const request = (method: string, target: string, headers: Record<string, string>, body = ''): string =>
  `${method} ${target} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode)
    child.once('exit', (code) => resolve(code))
    child.kill('SIGTERM')
  })
}

function withHub<T>(fn: (h: HubEnv) => Promise<T>): Promise<T> {
  const dir = tempDir('okf-doors-')
  makeBundle(dir, 'alpha')
  const h = hubEnv(dir)
  return fn(h).finally(() => {
    removeDir(dir)
    removeDir(h.userData)
  })
}

/** A non-loopback IPv4 address of this machine, if it has one. */
const lanAddress = (): string | undefined =>
  Object.values(networkInterfaces())
    .flatMap((l) => l ?? [])
    .find((a) => a.family === 'IPv4' && !a.internal)?.address

describe('okf-hub ui: where it listens', () => {
  it(
    "--host 0.0.0.0 is refused with the reason in the command's language (exit 64), nothing served",
    () =>
      withHub(async (h) => {
        assertBuilt()
        const ui = (host: string, lang: string): SpawnSyncReturns<string> =>
          spawnSync(process.execPath, [CLI_JS, 'ui', '--no-open', '--host', host, '--port', '0'], {
            env: { ...h.env, LC_ALL: lang },
            cwd: '/',
            encoding: 'utf8',
            timeout: 20_000
          })
        for (const host of ['0.0.0.0', '192.168.1.10', '::']) {
          const fr = ui(host, 'fr_FR.UTF-8')
          expect(fr.status, host).toBe(64)
          expect(fr.stderr).toContain(`écoute sur ${host} refusée`)
          expect(fr.stderr).toContain('--allow-remote')
          expect(fr.stdout).not.toContain('http://')
          const en = ui(host, 'en_US.UTF-8')
          expect(en.status, host).toBe(64)
          expect(en.stderr).toContain(`listening on ${host} refused`)
          expect(en.stderr).toContain('--allow-remote')
          expect(en.stderr).not.toMatch(/refusée|écoute/)
          expect(en.stdout).not.toContain('http://')
        }
        const typo = ui('127.0.0.1/x', 'en_US.UTF-8')
        expect(typo.status).toBe(64)
        expect(typo.stderr).toContain('"127.0.0.1/x" is not an address to listen on')
      }),
    60_000
  )

  it(
    '--allow-remote starts it with a warning on stderr and in the log, reachable on the wide address',
    () =>
      withHub(async (h) => {
        assertBuilt()
        const child = spawn(
          process.execPath,
          [CLI_JS, 'ui', '--no-open', '--host', '0.0.0.0', '--allow-remote', '--port', '0'],
          { env: h.env, cwd: '/', stdio: ['ignore', 'pipe', 'pipe'] }
        )
        let out = ''
        let err = ''
        child.stdout.on('data', (d: Buffer) => (out += d.toString()))
        child.stderr.on('data', (d: Buffer) => (err += d.toString()))
        try {
          await waitFor(() => /token=\S+\n/.test(out) || child.exitCode !== null)
          const url = /OKF Hub UI: (\S+)\n/.exec(out)?.[1] ?? ''
          const u = new URL(url)
          const port = Number(u.port)
          const token = u.searchParams.get('token') ?? ''
          expect(u.hostname).toBe('127.0.0.1')
          await waitFor(() => err.includes('ATTENTION'))
          expect(err).toContain('écoute sur 0.0.0.0')
          expect(err).toContain('HTTP non chiffré')
          expect(err).not.toContain(token)
          await waitFor(() => existsSync(h.logFile) && readFileSync(h.logFile, 'utf8').includes('ATTENTION'))
          const lan = lanAddress()
          if (lan) {
            const r = await raw(
              port,
              request(
                'POST',
                '/api/listBases',
                {
                  Host: `${lan}:${port}`,
                  Authorization: `Bearer ${token}`,
                  'Content-Type': 'application/json'
                },
                '{"args":[]}'
              ),
              lan
            )
            expect(r.status).toBe(200)
            // A name resolving to it (DNS rebinding) is still foreign.
            const rebound = await raw(
              port,
              request('GET', '/', { Host: `evil.example:${port}`, Authorization: `Bearer ${token}` }),
              lan
            )
            expect(rebound.status).toBe(421)
          }
        } finally {
          await stop(child)
        }
      }),
    60_000
  )
})

describe('okf-hub ui: the token', () => {
  it(
    'is printed once on stdout, never on stderr, in the hub log or a Location header',
    () =>
      withHub(async (h) => {
        assertBuilt()
        const child = spawn(process.execPath, [CLI_JS, 'ui', '--no-open', '--port', '0', '--verbose'], {
          env: h.env,
          cwd: '/',
          stdio: ['ignore', 'pipe', 'pipe']
        })
        let out = ''
        let err = ''
        child.stdout.on('data', (d: Buffer) => (out += d.toString()))
        child.stderr.on('data', (d: Buffer) => (err += d.toString()))
        try {
          await waitFor(() => /token=\S+\n/.test(out) || child.exitCode !== null)
          const m = /OKF Hub UI: http:\/\/127\.0\.0\.1:(\d+)\/\?token=(\S+)\n/.exec(out)
          expect(m, out + err).not.toBeNull()
          const port = Number(m![1])
          const token = m![2]
          const host = { Host: `127.0.0.1:${port}` }
          const locations: string[] = []
          for (const target of [
            `/?token=${token}`,
            `/?token=${token}&next=//evil.example/`,
            `/?next=x&token=${token}`
          ]) {
            const r = await raw(port, request('GET', target, host))
            expect(r.status, target).toBe(303)
            locations.push(/\r\nlocation: (.*)/i.exec(r.head)?.[1] ?? '')
          }
          expect(locations).toEqual(['/', '/', '/'])
          // Refusals that see the token in the URL or a header, and failures inside the API.
          const tries = [
            request('GET', `/?token=${token}x`, host),
            request('GET', `/?token=${token}`, { Host: `evil.example:${port}` }),
            request('GET', `/?token=${token}`, { ...host, Origin: 'http://evil.example' }),
            request('GET', `/assets/none.js?token=${token}`, host),
            request('GET', `/nope.js?token=${token}`, { ...host, Authorization: `Bearer ${token}` }),
            request(
              'POST',
              `/api/noSuchMethod?token=${token}`,
              {
                ...host,
                Authorization: `Bearer ${token}`,
                'Content-Type': 'application/json'
              },
              '{"args":[]}'
            ),
            request(
              'POST',
              '/api/readDocument',
              {
                ...host,
                Authorization: `Bearer ${token}`,
                'Content-Type': 'application/json'
              },
              JSON.stringify({ args: ['alpha', `../${token}`] })
            ),
            request('POST', '/api/listBases', { ...host, Authorization: `Bearer ${token.slice(1)}` }, '{}'),
            request(
              'POST',
              '/api/saveDraft',
              {
                ...host,
                Authorization: `Bearer ${token}`,
                'Content-Type': 'application/json'
              },
              '{'
            )
          ]
          for (const t of tries) {
            const r = await raw(port, t)
            expect(r.status).toBeGreaterThanOrEqual(200)
            expect(r.head).not.toContain(token)
          }
          expect(await stop(child)).toBe(0)
          const logText = readFileSync(h.logFile, 'utf8')
          expect(logText).toContain('ui : requête refusée')
          expect(logText).not.toContain(token)
          expect(err).not.toContain(token)
          expect(out.split(token).length - 1).toBe(1)
        } finally {
          await stop(child)
        }
      }),
    60_000
  )
})

describe('okf-hub serve --http: hostile clients', () => {
  it(
    'generated Host and Origin variants, a slowloris, the token never logged',
    () =>
      withHub(async (h) => {
        assertBuilt()
        const token = 'T0k3n-' + 'x'.repeat(30)
        const child = spawn(process.execPath, [CLI_JS, 'serve', '--http', '--port', '0'], {
          env: { ...h.env, OKF_HUB_HTTP_TOKEN: token },
          cwd: '/',
          stdio: ['ignore', 'pipe', 'pipe']
        })
        let err = ''
        child.stderr.on('data', (d: Buffer) => (err += d.toString()))
        try {
          await waitFor(() => /127\.0\.0\.1:\d+\/mcp\n/.test(err) || child.exitCode !== null)
          const port = Number(/127\.0\.0\.1:(\d+)\/mcp\n/.exec(err)![1])
          const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json, text/event-stream' }

          // A slowloris first: it must not hold up anything that follows, and is cut after ~10 s.
          const slow = Array.from({ length: 5 }, () => {
            return new Promise<{ ms: number; whole: boolean }>((resolve) => {
              const t0 = Date.now()
              const sock = netConnect(port, '127.0.0.1')
              const drip = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Pad: ${'p'.repeat(100)}`
              let i = 0
              const timer = setInterval(
                () => !sock.destroyed && i < drip.length && sock.write(drip[i++]),
                500
              )
              sock.on('error', () => undefined)
              sock.on('close', () => {
                clearInterval(timer)
                resolve({ ms: Date.now() - t0, whole: i >= drip.length })
              })
            })
          })

          const junk = fc.string({ maxLength: 10 }).map((s) => s.replace(/[^\x21-\x7e]/g, ''))
          const hostValue = fc.oneof(
            fc.constantFrom(
              `127.0.0.1.evil.com:${port}`,
              `localhost:${port}@evil.com`,
              `LOCALHOST:${port}`,
              `localhost.:${port}`,
              `[::1]:${port}`,
              '127.0.0.1',
              `127.0.0.1:${port}`,
              `localhost:${port}`,
              `127.1:${port}`,
              `127.0.0.1:${port + 1}`
            ),
            fc
              .tuple(junk, fc.constantFrom(`127.0.0.1:${port}`, `localhost:${port}`), junk)
              .map(([a, x, b]) => `${a}${x}${b}`)
          )
          const ok = (v: string): boolean =>
            [`127.0.0.1:${port}`, `localhost:${port}`].includes(v.trim().toLowerCase())
          await fc.assert(
            fc.asyncProperty(hostValue, async (hv) => {
              const r = await raw(port, request('GET', '/mcp', { Host: hv, ...auth }))
              // Past the guard, a GET without a session is the door's own 400 naming mcp-session-id.
              if (ok(hv)) expect(r.body, hv).toContain('mcp-session-id')
              else {
                expect([400, 421], hv).toContain(r.status)
                expect(r.body, hv).not.toContain('mcp-session-id')
              }
            }),
            { numRuns: 80 }
          )
          await fc.assert(
            fc.asyncProperty(
              fc.oneof(
                hostValue.map((x) => `http://${x}`),
                fc.constantFrom('null', `https://127.0.0.1:${port}`)
              ),
              async (origin) => {
                const r = await raw(
                  port,
                  request('GET', '/mcp', { Host: `127.0.0.1:${port}`, Origin: origin, ...auth })
                )
                const allowed = [`http://127.0.0.1:${port}`, `http://localhost:${port}`].includes(
                  origin.trim().toLowerCase()
                )
                if (allowed) expect(r.body, origin).toContain('mcp-session-id')
                else {
                  expect([400, 403], origin).toContain(r.status)
                  expect(r.body, origin).not.toContain('mcp-session-id')
                }
              }
            ),
            { numRuns: 60 }
          )
          // The token where a careless log would print it: in the query, and a near miss.
          await raw(port, request('GET', `/mcp?token=${token}`, { Host: `127.0.0.1:${port}`, ...auth }))
          await raw(port, request('GET', `/other?token=${token}`, { Host: `127.0.0.1:${port}`, ...auth }))
          await raw(
            port,
            request('GET', '/mcp', { Host: `127.0.0.1:${port}`, Authorization: `Bearer ${token}x` })
          )

          // Cut at the headers timeout (10 s) or later on a loaded machine, and always before the
          // drip (~70 s) has sent its headers whole: an order of events, not an upper bound.
          for (const { ms, whole } of await Promise.all(slow)) {
            expect(ms).toBeGreaterThanOrEqual(9_500)
            expect(whole).toBe(false)
          }
          expect(await stop(child)).toBe(0)
          expect(readFileSync(h.logFile, 'utf8')).not.toContain(token)
          expect(err).not.toContain(token)
        } finally {
          await stop(child)
        }
      }),
    90_000
  )
})
