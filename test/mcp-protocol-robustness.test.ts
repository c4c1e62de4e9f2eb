import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { git, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { SERVER_JS, assertBuilt, hubEnv, type HubEnv } from './helpers/mcp'
import { assertOnlyProposals, leftovers, snapshot } from './helpers/repo-invariants'
import { repoFingerprint } from './helpers/repo'

// The stdio door under a careless or hostile client, spoken to in raw newline-delimited JSON-RPC
// (the SDK client would refuse to send most of this): oversized lines, a character cut between two
// writes, unknown methods, many requests in flight, a client that never reads, stdin closed and
// SIGTERM right after a kb_propose. The transport's bounds are src/mcp/stdio-transport.ts's.

interface Msg {
  id?: string | number | null
  method?: string
  result?: { content?: { text: string }[]; isError?: boolean }
  error?: { code: number; message: string }
}

interface Raw {
  child: ChildProcessWithoutNullStreams
  /** Every line the server wrote, parsed (a line that does not parse fails the test). */
  msgs: Msg[]
  /** Raw stdout, to check that nothing was cut mid-line. */
  out: () => string
  send(m: unknown): void
  waitFor(pred: (msgs: Msg[]) => boolean): Promise<void>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  rssKb(): number
}

const INIT = {
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }
}

function spawnRaw(h: HubEnv): Raw {
  assertBuilt()
  const child = spawn(process.execPath, [SERVER_JS], {
    env: h.env,
    cwd: '/',
    stdio: ['pipe', 'pipe', 'pipe']
  })
  const msgs: Msg[] = []
  let buf = ''
  let all = ''
  let err = ''
  child.stderr.on('data', (d: Buffer) => (err += d.toString()))
  const onData = (d: Buffer): void => {
    const s = d.toString()
    all += s
    buf += s
    let i: number
    while ((i = buf.indexOf('\n')) >= 0) {
      msgs.push(JSON.parse(buf.slice(0, i)) as Msg)
      buf = buf.slice(i + 1)
    }
  }
  child.stdout.on('data', onData)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) =>
    child.on('exit', (code, signal) => ok({ code, signal }))
  )
  // A write after the server exited is the test's business, not an unhandled error.
  child.stdin.on('error', () => {})
  const raw: Raw = {
    child,
    msgs,
    out: () => all,
    send: (m) => {
      child.stdin.write(JSON.stringify(m) + '\n')
    },
    // No deadline of its own (the test's timeout bounds it): a server that exits ends the wait.
    waitFor: async (pred) => {
      while (!pred(msgs)) {
        if (child.exitCode !== null)
          throw new Error(
            `the server exited (${child.exitCode}); got ${msgs.length} messages; stderr: ${err}`
          )
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    exited,
    rssKb: () => {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))
      return m ? Number(m[1]) : 0
    }
  }
  return raw
}

async function initialized(h: HubEnv): Promise<Raw> {
  const r = spawnRaw(h)
  r.send(INIT)
  r.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
  await r.waitFor((m) => m.some((x) => x.id === 'init'))
  return r
}

const call = (id: string | number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args }
})

const answersTo = (msgs: Msg[], id: string | number): Msg[] =>
  msgs.filter((m) => m.id === id && (m.result !== undefined || m.error !== undefined))

const textOf = (m: Msg | undefined): string => m?.result?.content?.map((c) => c.text).join('') ?? ''

const PROPOSAL = {
  base: 'alpha',
  type: 'observation',
  concerns: 'arrêt du serveur',
  content: 'Un contenu déposé juste avant la fin.',
  sources: ['test'],
  confidence: 'low',
  submitted_by: 'human:robustesse'
}

/** ~10 KB of answer per kb_read of it. */
const BIG_DOC = `# Gros\n\n${'ligne de texte assez longue pour peser. '.repeat(250)}\n`

let dir: string
let root: string
let h: HubEnv

beforeAll(() => {
  dir = tempDir()
  root = makeBundle(dir, 'alpha', {
    files: {
      'knowledge/doc.md': '# Doc\n\nIntro.\n\n## Partie\n\ntexte reconnexion\n',
      'knowledge/gros.md': BIG_DOC,
      'proposals/pending/.gitkeep': '',
      'proposals/accepted/.gitkeep': '',
      'proposals/rejected/.gitkeep': ''
    }
  })
  h = hubEnv(dir)
})
afterAll(() => removeDir(dir))

describe('MCP stdio protocol robustness (raw JSON-RPC against the built server)', () => {
  it('a 50 MB line is refused at once (one -32700, id null), memory stays bounded, and the server keeps serving', async () => {
    const r = await initialized(h)
    try {
      const before = repoFingerprint(root)
      const rss0 = r.rssKb()
      let peak = rss0
      const sampler = setInterval(() => (peak = Math.max(peak, r.rssKb())), 50)
      const head =
        '{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"name":"kb_propose","arguments":{"content":"'
      const t0 = Date.now()
      r.child.stdin.write(head)
      const chunk = 'x'.repeat(1024 * 1024)
      for (let i = 0; i < 50; i++)
        if (!r.child.stdin.write(chunk)) await new Promise((ok) => r.child.stdin.once('drain', ok))
      r.child.stdin.write('"}}}\n')
      r.send(call('after', 'kb_list', {}))
      await r.waitFor((m) => answersTo(m, 'after').length === 1)
      const elapsed = Date.now() - t0
      clearInterval(sampler)
      const refused = r.msgs.filter((m) => m.error?.code === -32700)
      expect(refused).toHaveLength(1)
      expect(refused[0].id).toBeNull()
      expect(refused[0].error!.message).toContain('trop volumineux')
      // The request's id could not be read (it was never parsed), so nothing answers "big".
      expect(answersTo(r.msgs, 'big')).toHaveLength(0)
      expect(textOf(answersTo(r.msgs, 'after')[0])).toContain('## alpha')
      // Before the bound was in bytes and the rest skipped, this line cost 21 s and 660 MB.
      expect(elapsed).toBeLessThan(20_000)
      expect(peak - rss0, `RSS ${rss0} → peak ${peak} kB`).toBeLessThan(64 * 1024)
      expect(repoFingerprint(root)).toBe(before)
      expect(readFileSync(h.logFile, 'utf8')).toContain('MessageTooLarge')
    } finally {
      r.child.kill('SIGKILL')
    }
  })

  it('a character cut between two writes arrives whole (lines are split as bytes)', async () => {
    const r = await initialized(h)
    try {
      const path = 'dossier-é/😀-ü\u2028.md'
      const bytes = Buffer.from(JSON.stringify(call('split', 'kb_read', { base: 'alpha', path })) + '\n')
      const emoji = bytes.indexOf(Buffer.from('😀'))
      r.child.stdin.write(bytes.subarray(0, emoji + 2))
      // Invites the server to read the two halves apart; one read of both passes too, so the pause
      // can only weaken the test on a loaded machine, never turn it red.
      await new Promise((ok) => setTimeout(ok, 200))
      r.child.stdin.write(bytes.subarray(emoji + 2))
      await r.waitFor((m) => answersTo(m, 'split').length === 1)
      const text = textOf(answersTo(r.msgs, 'split')[0])
      expect(text.startsWith('ERROR: NOT_FOUND: '), text).toBe(true)
      expect(text).toContain(path)
      expect(text).not.toContain('\uFFFD')
    } finally {
      r.child.kill('SIGKILL')
    }
  })

  it('unknown methods get JSON-RPC method-not-found (-32601), notifications none, and the session goes on', async () => {
    const r = await initialized(h)
    try {
      r.send({ jsonrpc: '2.0', id: 'u1', method: 'tools/inexistant', params: {} })
      r.send({ jsonrpc: '2.0', id: 'u2', method: 'x'.repeat(10_000) })
      r.send({ jsonrpc: '2.0', method: 'notifications/inexistante', params: { a: 1 } })
      r.send({ jsonrpc: '2.0', id: 'u3', method: 'ping' })
      await r.waitFor((m) => answersTo(m, 'u3').length === 1)
      for (const id of ['u1', 'u2']) expect(answersTo(r.msgs, id).map((m) => m.error?.code)).toEqual([-32601])
      expect(answersTo(r.msgs, 'u3')[0].result).toEqual({})
      // Nothing answers a notification.
      expect(r.msgs.filter((m) => m.id === undefined && m.error)).toEqual([])
    } finally {
      r.child.kill('SIGKILL')
    }
  })

  it('200 requests in flight on one connection (more than the 32 handled at once): every id answered exactly once', async () => {
    const r = await initialized(h)
    try {
      const kinds = [
        (id: number) => call(id, 'kb_read', { base: 'alpha', path: 'doc.md', section: 'Partie' }),
        (id: number) => call(id, 'kb_search', { base: 'alpha', query: 'reconnexion' }),
        (id: number) => call(id, 'kb_list', {}),
        (id: number) => call(id, 'kb_governance', { base: 'alpha' }),
        (id: number) => call(id, 'kb_read', { base: 'alpha', path: '../okf-bundle.yaml' }),
        (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' })
      ]
      const ids = Array.from({ length: 200 }, (_, i) => i + 1)
      // One write for all of them: they reach the server in one or a few reads.
      r.child.stdin.write(ids.map((i) => JSON.stringify(kinds[i % kinds.length](i)) + '\n').join(''))
      await r.waitFor((m) => ids.every((i) => answersTo(m, i).length > 0))
      // A second answer to any of them would have been written before the answer to a later ping.
      r.send({ jsonrpc: '2.0', id: 'after', method: 'ping' })
      await r.waitFor((m) => answersTo(m, 'after').length === 1)
      for (const i of ids) {
        const a = answersTo(r.msgs, i)
        expect(a, `id ${i}`).toHaveLength(1)
        const kind = i % kinds.length
        if (kind === 0) expect(textOf(a[0])).toContain('texte reconnexion')
        if (kind === 1) expect(textOf(a[0])).toContain('doc.md')
        if (kind === 4) expect(textOf(a[0]).startsWith('ERROR: NOT_FOUND: ')).toBe(true)
      }
    } finally {
      r.child.kill('SIGKILL')
    }
  })

  it('a client that never reads its output: the server stops reading (RSS bounded), then answers everything once read', async () => {
    // Read until the session is open (the server started, its RSS a fair baseline), then no more:
    // a paused stream stops reading its pipe, which fills, which blocks the server's writes.
    const r = await initialized(h)
    r.child.stdout.pause()
    try {
      const rss0 = r.rssKb()
      let peak = rss0
      let sent = 0
      // 4,000 answers of ~10 KB: 40 MB the server would otherwise hold for a client that never reads.
      const N = 4000
      let blocked = false
      const writer = (async () => {
        for (let i = 0; i < N; i++) {
          sent++
          if (
            !r.child.stdin.write(
              JSON.stringify(call(i, 'kb_read', { base: 'alpha', path: 'gros.md', force: true })) + '\n'
            )
          ) {
            blocked = true
            await new Promise((ok) => r.child.stdin.once('drain', ok))
          }
        }
      })()
      // Sampled until the client's writes stop being accepted (an event however slow the machine),
      // then twenty samples more while the server holds what it read: a measurement, not a wait.
      for (let after = 0; after < 20; after += blocked ? 1 : 0) {
        peak = Math.max(peak, r.rssKb())
        await new Promise((ok) => setTimeout(ok, 100))
      }
      // Backpressure reached the client: its writes stopped being accepted.
      expect(blocked).toBe(true)
      expect(sent).toBeLessThan(N)
      expect(peak - rss0, `RSS ${rss0} → peak ${peak} kB`).toBeLessThan(40 * 1024)
      r.child.stdout.resume()
      await writer
      await r.waitFor((m) => m.filter((x) => typeof x.id === 'number').length >= N)
      const ids = r.msgs.filter((x) => typeof x.id === 'number').map((x) => x.id as number)
      expect(new Set(ids).size).toBe(N)
      expect(ids).toHaveLength(N)
      expect(r.msgs.every((x) => typeof x.id !== 'number' || textOf(x).startsWith('# Gros'))).toBe(true)
    } finally {
      r.child.kill('SIGKILL')
    }
  }, 180_000)

  it('stdin closed right after a kb_propose and a kb_list: both answered in full, then a clean exit; the proposal committed whole', async () => {
    const before = snapshot(root)
    const r = await initialized(h)
    r.send(call('p', 'kb_propose', PROPOSAL))
    r.send(call('l', 'kb_list', {}))
    r.child.stdin.end()
    const { code, signal } = await r.exited
    expect({ code, signal }).toEqual({ code: 0, signal: null })
    expect(r.out().endsWith('\n')).toBe(true)
    expect(textOf(answersTo(r.msgs, 'p')[0])).toMatch(/^Proposition déposée\.\nid : prop-/)
    expect(textOf(answersTo(r.msgs, 'l')[0])).toContain('## alpha')
    assertOnlyProposals(root, before, 1)
  })

  it('SIGTERM at any moment around a kb_propose: the proposal is committed and answered, or nothing at all; fsck clean, no lock left', async () => {
    const outcomes: string[] = []
    for (const delay of [0, 1, 3, 6, 10, 15, 25, 40, 70, 120]) {
      const before = snapshot(root)
      const r = await initialized(h)
      r.send(call('p', 'kb_propose', { ...PROPOSAL, concerns: `arrêt après ${delay} ms` }))
      await new Promise((ok) => setTimeout(ok, delay))
      r.child.kill('SIGTERM')
      const { code, signal } = await r.exited
      expect({ code, signal }, `delay ${delay}`).toEqual({ code: 0, signal: null })
      expect(r.out().endsWith('\n'), `delay ${delay}: cut mid-line`).toBe(true)
      const answered = answersTo(r.msgs, 'p')
      const committed = git(root, 'rev-parse', 'HEAD').trim() !== before.head
      expect(answered.length === 1, `delay ${delay}: answered ⇔ committed`).toBe(committed)
      if (committed) expect(textOf(answered[0])).toMatch(/^Proposition déposée\./)
      const added = assertOnlyProposals(root, before, committed ? 1 : 0)
      expect(added).toHaveLength(committed ? 1 : 0)
      expect(leftovers(root)).toEqual([])
      outcomes.push(`${delay} ms: ${committed ? 'committed' : 'nothing'}`)
    }
    // The loop must have hit both sides at least once to prove anything about "nothing at all";
    // at 0 ms the request is usually not yet read, at 120 ms it is done.
    expect(
      outcomes.some((o) => o.endsWith('committed')),
      outcomes.join(', ')
    ).toBe(true)
  }, 120_000)
})

describe('a proposal filed through a stdin that ends inside a second write', () => {
  it('the half line after the last newline is dropped, the whole request before it answered', async () => {
    const dir2 = tempDir()
    const root2 = makeBundle(dir2, 'alpha')
    const h2 = hubEnv(dir2)
    try {
      const r = await initialized(h2)
      const whole = JSON.stringify(call('w', 'kb_read', { base: 'alpha', path: 'exemple.md' })) + '\n'
      const half = JSON.stringify(call('h', 'kb_propose', { ...PROPOSAL })).slice(0, 60)
      r.child.stdin.end(whole + half)
      const { code } = await r.exited
      expect(code).toBe(0)
      expect(textOf(answersTo(r.msgs, 'w')[0])).toContain('Un document exemple.')
      expect(answersTo(r.msgs, 'h')).toHaveLength(0)
      expect(git(root2, 'rev-list', '--count', 'HEAD').trim()).toBe('1')
    } finally {
      removeDir(dir2)
    }
  })
})
