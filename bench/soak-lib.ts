import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { ChildProcess } from 'node:child_process'
import { git, removeDir } from '../test/helpers/fixtures'
import { CLI_JS, SERVER_JS, assertBuilt, hubEnv } from '../test/helpers/mcp'
import { pushFromElsewhere, startTeam, type Team } from '../test/helpers/team'
import { spawnUi } from '../test/helpers/ui-process'

/**
 * The soak (issue 13 item 8): mixed concurrent traffic for a while against real processes — three
 * stdio MCP servers (the built `out/main/mcp/server.js`, as a host spawns it) and one `okf-hub ui`
 * sharing one bases dir whose base is a clone of a remote behind `git http-backend`. Searches,
 * reads, listings and status queries all the time, a proposal every 50 calls per server, the UI's
 * inventory and previews, one resolution and one sync (after someone else pushed) per period.
 * Then an audit of what git holds, and every process's RSS over time. `bench/soak.ts` runs it from
 * the command line (`npm run soak`); `test/soak.test.ts` runs a short one in `npm test`.
 */

export interface SoakOptions {
  durationMs: number
  /** RSS sampled this often (ms). */
  sampleMs?: number
  /** One resolution through the UI bridge this often (ms). */
  resolveEveryMs?: number
  /** Someone else pushes, then one sync through the UI bridge, this often (ms). */
  syncEveryMs?: number
  /** Pause of each MCP client between its calls (ms): traffic, not a CPU benchmark. */
  pauseMs?: number
  /** One line per event worth seeing while it runs. */
  progress?: (line: string) => void
  /**
   * What the run must have done before it ends, however slow the machine: it goes on past
   * `durationMs` (for at most `graceMs` more) until it made that many resolutions that accepted one
   * proposal and rejected another, and that many syncs after a colleague's push. The short soak in
   * `npm test` sets it, so that its verdict never depends on how busy the machine was.
   */
  atLeast?: { resolutions: number; syncs: number; graceMs: number }
  /** Experiments: node flags and extra environment for the MCP servers (default: as a host runs them). */
  mcpNodeArgs?: string[]
  mcpEnv?: Record<string, string>
}

export interface RssSeries {
  label: string
  pid: number
  /** [seconds since start, MB] */
  samples: [number, number][]
  peakMb: number
  /** Peak of the first and of the last third of the run after the warm-up minute (0 when shorter). */
  firstThirdPeakMb: number
  lastThirdPeakMb: number
}

export interface SoakResult {
  durationMs: number
  operations: Record<string, number>
  /** Unexpected answers (each fails the soak): kind and text, truncated. */
  errors: { op: string; message: string }[]
  proposals: { filed: number; pending: number; accepted: number; rejected: number }
  /** Audit failures (empty when every invariant holds). */
  audit: string[]
  rss: RssSeries[]
}

export const SOAK_BASE = 'soak'
const BASE = SOAK_BASE
/** Seconds of warm-up left out of the flatness figures. */
export const WARMUP_S = 60
const TOPICS = ['sauvegarde', 'réseau', 'accès', 'messagerie', 'impression', 'sécurité', 'poste', 'badge']
const DOCS = 60

/** The soak's base: 60 documents of six sections over eight topics. */
export function soakCorpus(): Record<string, string> {
  const files: Record<string, string> = {}
  for (let i = 0; i < DOCS; i++) {
    const t = TOPICS[i % TOPICS.length]
    const sections = Array.from(
      { length: 6 },
      (_, s) =>
        `## Étape ${s + 1}\n\n` +
        `Pour la procédure ${t} numéro ${i}, vérifier le ${TOPICS[(i + s) % TOPICS.length]} puis noter le résultat. `.repeat(
          8
        ) +
        '\n'
    )
    files[`knowledge/${t}/doc-${i}.md`] =
      `---\ntitle: Procédure ${t} ${i}\ntags: [${t}, soak]\n---\n# Procédure ${t} ${i}\n\n${sections.join('\n')}`
  }
  return files
}

const docPath = (i: number): string => `${TOPICS[i % TOPICS.length]}/doc-${i}.md`

/** VmRSS of a live process in MB (Linux /proc); NaN once it is gone. */
export function currentRssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) / 1024 : NaN
  } catch {
    return NaN
  }
}

interface McpProc {
  label: string
  pid: number
  client: Client
}

async function startMcp(label: string, env: Record<string, string>, nodeArgs: string[]): Promise<McpProc> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...nodeArgs, SERVER_JS],
    env,
    cwd: '/',
    stderr: 'ignore'
  })
  const client = new Client({ name: `okf-soak-${label}`, version: '0' })
  await client.connect(transport)
  return { label, pid: transport.pid ?? -1, client }
}

interface UiProc {
  child: ChildProcess
  port: number
  token: string
}

function uiCall<T>(ui: UiProc, method: string, args: unknown[]): Promise<T> {
  const body = JSON.stringify({ args })
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: ui.port,
        method: 'POST',
        path: `/api/${method}`,
        headers: {
          Host: `127.0.0.1:${ui.port}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Authorization: `Bearer ${ui.token}`
        }
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          try {
            const out = JSON.parse(text) as { result?: T; error?: { code: string; message: string } }
            if (out.error) reject(new Error(`${out.error.code}: ${out.error.message}`))
            else resolve(out.result as T)
          } catch {
            reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`))
          }
        })
      }
    )
    req.on('error', reject)
    req.end(body)
  })
}

interface PendingProposal {
  id: string
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** A tool call as the soak makes it: the text of the answer, thrown when it is an error. */
export type SoakCall = (op: string, args: Record<string, unknown>) => Promise<string>

/**
 * The `i`-th call of the `k`-th MCP client of the soak: searches, reads, listings and status
 * queries, a proposal every 50 calls (its id returned). The throughput bench replays the same mix.
 */
export async function soakStep(
  call: SoakCall,
  i: number,
  k: number,
  label: string
): Promise<string | undefined> {
  const who = `process:${label}`
  const topic = TOPICS[(i + k) % TOPICS.length]
  const n = (i * 7 + k * 13) % DOCS
  if (i % 50 === 0) {
    const text = await call('kb_propose', {
      base: BASE,
      type: 'observation',
      concerns: `constat ${topic} ${label} ${i}`,
      content: `Observé pendant le soak : la procédure ${topic} ${n} a changé (${label}, appel ${i}).`,
      sources: [`soak ${label}`],
      confidence: 'medium',
      submitted_by: who
    })
    const id = /id : (\S+)/.exec(text)?.[1]
    if (!id) throw new Error(`kb_propose: no id in ${text.slice(0, 200)}`)
    return id
  }
  switch (i % 6) {
    case 0:
    case 1:
      await call('kb_search', {
        base: i % 4 === 0 ? '*' : BASE,
        query: i % 12 === 0 ? 'procédure' : `${topic} résultat`
      })
      break
    case 2:
      await call('kb_read', { base: BASE, path: docPath(n), section: `Étape ${1 + (i % 6)}` })
      break
    case 3:
      await call('kb_read', { base: BASE, path: docPath(n) })
      break
    case 4:
      await call('kb_list', {})
      break
    case 5:
      await call('kb_proposal_status', { base: BASE, submitted_by: who, limit: 10 })
      break
  }
  return undefined
}

export async function runSoak(opts: SoakOptions): Promise<SoakResult> {
  assertBuilt()
  const sampleMs = opts.sampleMs ?? 2_000
  const resolveEvery = opts.resolveEveryMs ?? 60_000
  const syncEvery = opts.syncEveryMs ?? 60_000
  const pauseMs = opts.pauseMs ?? 20
  const say = opts.progress ?? (() => undefined)

  const team: Team = await startTeam({ name: BASE, spec: { files: soakCorpus() } })
  const hub = team.clone('soak')
  const h = hubEnv(hub.basesDir)
  const operations: Record<string, number> = {}
  const errors: SoakResult['errors'] = []
  const filed = new Set<string>()
  const count = (op: string): void => void (operations[op] = (operations[op] ?? 0) + 1)
  const fail = (op: string, e: unknown): void => {
    const message = (e instanceof Error ? e.message : String(e)).slice(0, 300)
    errors.push({ op, message })
    if (errors.length <= 20) say(`  ✗ ${op}: ${message}`)
  }

  const mcps: McpProc[] = []
  let ui: UiProc | null = null
  const series: RssSeries[] = []
  let sampler: NodeJS.Timeout | null = null
  const t0 = Date.now()
  try {
    for (let k = 0; k < 3; k++)
      mcps.push(await startMcp(`mcp-${k + 1}`, { ...h.env, ...opts.mcpEnv }, opts.mcpNodeArgs ?? []))
    const started = await spawnUi(CLI_JS, ['--no-open', '--port', '0'], h.env, 30_000)
    const u = new URL(started.url)
    ui = { child: started.child, port: Number(u.port), token: u.searchParams.get('token') ?? '' }
    const uiProc: UiProc = ui

    const procs = [
      ...mcps.map((m) => ({ label: m.label, pid: m.pid })),
      { label: 'ui', pid: started.child.pid ?? -1 }
    ]
    for (const p of procs)
      series.push({ ...p, samples: [], peakMb: 0, firstThirdPeakMb: 0, lastThirdPeakMb: 0 })
    const sample = (): void => {
      const t = (Date.now() - t0) / 1000
      for (const s of series) {
        const mb = currentRssMb(s.pid)
        if (Number.isFinite(mb)) s.samples.push([Math.round(t * 10) / 10, Math.round(mb * 10) / 10])
      }
    }
    sample()
    sampler = setInterval(sample, sampleMs)

    const deadline = t0 + opts.durationMs
    let fullResolutions = 0
    let syncsDone = 0
    const owed = (): boolean =>
      opts.atLeast !== undefined &&
      (fullResolutions < opts.atLeast.resolutions || syncsDone < opts.atLeast.syncs)
    const running = (): boolean =>
      Date.now() < deadline || (owed() && Date.now() < deadline + (opts.atLeast?.graceMs ?? 0))

    const mcpWorker = async (m: McpProc, k: number): Promise<void> => {
      let i = 0
      const call = async (op: string, args: Record<string, unknown>): Promise<string> => {
        const r = await m.client.callTool({ name: op, arguments: args })
        const text = (r.content as { text: string }[]).map((c) => c.text).join('')
        if (r.isError) throw new Error(text)
        count(op)
        return text
      }
      while (running()) {
        i++
        try {
          const id = await soakStep(call, i, k, m.label)
          if (id !== undefined) {
            if (filed.has(id)) throw new Error(`kb_propose: id ${id} returned twice`)
            filed.add(id)
          }
        } catch (e) {
          fail(`${m.label}`, e)
        }
        await sleep(pauseMs)
      }
    }

    let resolutions = 0
    /** False when there was nothing to resolve yet. */
    const resolveOnce = async (): Promise<boolean> => {
      const inv = await uiCall<{ groups: { proposals: { id: string }[] }[] }>(uiProc, 'inventory', [BASE])
      count('ui:inventory')
      const pending: PendingProposal[] = inv.groups.flatMap((g) => g.proposals)
      // A resolution owed by `atLeast` waits for two pending proposals: one accepted, one rejected.
      if (pending.length === 0 || (owed() && pending.length < 2)) return false
      const take = pending.slice(0, 4)
      const target = docPath(resolutions % DOCS)
      resolutions++
      const plan = {
        summary: `soak : résolution ${resolutions}`,
        reviewed_by: 'soak-manager',
        resolutions: take.map((p, j) =>
          j === 0
            ? { id: p.id, resolution: 'accepted', integrated_into: [target] }
            : { id: p.id, resolution: 'rejected', reason: 'doublon (soak)' }
        ),
        edits: [{ path: target, append: `\nNote intégrée par le soak (${take[0].id}).\n` }]
      }
      await uiCall(uiProc, 'previewPlan', [BASE, plan])
      count('ui:previewPlan')
      await uiCall(uiProc, 'resolvePlan', [BASE, plan])
      count('ui:resolvePlan')
      say(`  résolution ${resolutions} : ${take.length} proposition(s)`)
      if (take.length >= 2) fullResolutions++
      return true
    }

    let syncs = 0
    const syncOnce = async (final: boolean): Promise<void> => {
      if (!final) {
        syncs++
        pushFromElsewhere(
          team,
          'colleague',
          { [`knowledge/remote/note-${syncs}.md`]: `# Note ${syncs}\n\nÉcrite ailleurs et poussée.\n` },
          `note ${syncs} d'un collègue`
        )
        count('remote:push')
      }
      // A proposal filed while the push was on the wire leaves the branch where the replay could
      // not move it: the engine says « behind, sync again » and the next sync settles it. That is
      // the designed answer to the race (counted), not an error; the final sync, with the traffic
      // stopped, must end up to date.
      let status = await uiCall<{ state: string; message: string }>(uiProc, 'sync', [BASE, { push: true }])
      count('ui:sync')
      for (let again = 0; final && status.state === 'behind' && again < 3; again++) {
        count('ui:sync-raced')
        status = await uiCall<{ state: string; message: string }>(uiProc, 'sync', [BASE, { push: true }])
        count('ui:sync')
      }
      if (!final && status.state === 'behind') count('ui:sync-raced')
      const fine = final ? ['up-to-date'] : ['up-to-date', 'ahead', 'behind']
      if (!fine.includes(status.state)) throw new Error(`sync: ${status.state} — ${status.message}`)
      if (!final) syncsDone++
      say(`  sync ${final ? 'finale' : syncs} : ${status.state}`)
    }

    const uiWorker = async (): Promise<void> => {
      let nextResolve = t0 + resolveEvery
      let nextSync = t0 + syncEvery / 2
      let i = 0
      while (running()) {
        i++
        try {
          if (Date.now() >= nextResolve) {
            nextResolve += resolveEvery
            // Nothing to resolve yet while a resolution is owed: look again in a second.
            if (!(await resolveOnce()) && owed()) nextResolve = Date.now() + Math.min(resolveEvery, 1_000)
          } else if (Date.now() >= nextSync) {
            nextSync += syncEvery
            await syncOnce(false)
          } else if (i % 3 === 0) {
            const inv = await uiCall<{ groups: { proposals: { id: string }[] }[] }>(uiProc, 'inventory', [
              BASE
            ])
            count('ui:inventory')
            const first = inv.groups[0]?.proposals[0]
            if (first) {
              await uiCall(uiProc, 'previewPlan', [
                BASE,
                {
                  summary: 'aperçu',
                  reviewed_by: 'soak-manager',
                  resolutions: [{ id: first.id, resolution: 'rejected', reason: 'aperçu seulement' }],
                  edits: []
                }
              ])
              count('ui:previewPlan')
            }
          } else if (i % 3 === 1) {
            await uiCall(uiProc, 'listBases', [])
            count('ui:listBases')
          } else {
            await uiCall(uiProc, 'readDocument', [BASE, docPath(i % DOCS)])
            count('ui:readDocument')
          }
        } catch (e) {
          fail('ui', e)
        }
        await sleep(250)
      }
    }

    const progress = setInterval(() => {
      const t = Math.round((Date.now() - t0) / 1000)
      const rss = series.map((s) => `${s.label} ${s.samples.at(-1)?.[1] ?? '?'} MB`).join(', ')
      const total = Object.values(operations).reduce((a, b) => a + b, 0)
      say(`  ${t} s : ${total} opérations, ${filed.size} propositions, ${errors.length} erreur(s) — ${rss}`)
    }, 30_000)
    try {
      await Promise.all([...mcps.map((m, k) => mcpWorker(m, k)), uiWorker()])
    } finally {
      clearInterval(progress)
      clearInterval(sampler)
      sampler = null
      sample()
    }
    // Everything filed reaches the remote before the audit.
    try {
      await syncOnce(true)
    } catch (e) {
      fail('ui', e)
    }

    for (const s of series) {
      const peak = (xs: [number, number][]): number => xs.reduce((a, [, mb]) => Math.max(a, mb), 0)
      // The first minute is warm-up (code compiled, caches filled): flatness is judged after it.
      const settled = s.samples.filter(([t]) => t >= WARMUP_S)
      const third = Math.max(1, Math.floor(settled.length / 3))
      s.peakMb = peak(s.samples)
      s.firstThirdPeakMb = peak(settled.slice(0, third))
      s.lastThirdPeakMb = peak(settled.slice(-third))
    }
    const { audit, proposals } = auditRepositories(hub.root, team.bare, [...filed])
    return { durationMs: Date.now() - t0, operations, errors, proposals, audit, rss: series }
  } finally {
    if (sampler) clearInterval(sampler)
    await Promise.all(mcps.map((m) => m.client.close().catch(() => undefined)))
    if (ui) {
      const child = ui.child
      await new Promise<void>((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
      })
    }
    await team.close()
    removeDir(team.dir)
    removeDir(h.userData)
  }
}

/** Every invariant the soak promises about what git holds, on the base and on the remote. */
function auditRepositories(
  root: string,
  bare: string,
  filed: string[]
): { audit: string[]; proposals: SoakResult['proposals'] } {
  const audit: string[] = []
  const proposals = { filed: filed.length, pending: 0, accepted: 0, rejected: 0 }
  const statuses = ['pending', 'accepted', 'rejected'] as const
  const onDisk = new Map<string, string[]>()
  for (const s of statuses) {
    const dir = join(root, 'proposals', s)
    if (!existsSync(dir)) continue
    for (const f of readdirSync(dir))
      if (f.endsWith('.md')) onDisk.set(f.slice(0, -3), [...(onDisk.get(f.slice(0, -3)) ?? []), s])
  }
  const remoteTree = git(bare, 'ls-tree', '-r', '--name-only', 'main', 'proposals/')
    .split('\n')
    .filter((l) => l.endsWith('.md'))
  const local = git(root, 'rev-parse', 'HEAD').trim()
  const remote = git(bare, 'rev-parse', 'main').trim()
  if (local !== remote) audit.push(`the base's HEAD ${local} is not the remote's main ${remote}`)
  const commitsFor = (repo: string, id: string): number =>
    git(repo, 'log', '-i', '--format=%H', '--grep', `proposal: ${id}`, 'main')
      .split('\n')
      .filter((l) => l !== '').length
  for (const id of filed) {
    const where = onDisk.get(id) ?? []
    if (where.length !== 1) {
      audit.push(`${id}: found ${where.length} time(s) in the worktree (${where.join(', ')})`)
      continue
    }
    const status = where[0] as (typeof statuses)[number]
    proposals[status]++
    const inRemote = remoteTree.filter((p) => p.endsWith(`/${id}.md`))
    if (inRemote.length !== 1 || inRemote[0] !== `proposals/${status}/${id}.md`)
      audit.push(`${id}: on the remote as ${JSON.stringify(inRemote)}, locally ${status}`)
    const want = status === 'pending' ? 1 : 2
    for (const [label, repo] of [
      ['base', root],
      ['remote', bare]
    ] as const) {
      const n = commitsFor(repo, id)
      if (n !== want) audit.push(`${id} (${status}): ${n} commit(s) on the ${label}, ${want} expected`)
    }
  }
  for (const id of onDisk.keys()) if (!filed.includes(id)) audit.push(`${id}: on disk but never filed`)
  for (const [label, repo] of [
    ['base', root],
    ['remote', bare]
  ] as const) {
    try {
      const out = git(repo, 'fsck', '--strict', '--no-dangling')
      if (out.trim() !== '') audit.push(`git fsck on the ${label}: ${out.trim()}`)
    } catch (e) {
      audit.push(`git fsck on the ${label} failed: ${(e as Error).message}`)
    }
  }
  const dirty = git(root, 'status', '--porcelain').trim()
  if (dirty !== '') audit.push(`the base's worktree is not clean: ${dirty.slice(0, 300)}`)
  return { audit, proposals }
}
