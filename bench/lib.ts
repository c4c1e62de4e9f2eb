import { spawn } from 'node:child_process'
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

export const ROOT = resolve(__dirname, '..')
export const SERVER_JS = join(ROOT, 'out/main/mcp/server.js')
export const CACHE = join(ROOT, 'bench/.cache')
export const RESULTS = join(ROOT, 'bench/results')

export const now = (): number => performance.now()

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

export interface Options {
  runs: number
  /** Smaller corpora, fewer runs: a figure in a minute or two. */
  quick: boolean
  /** Tiny corpora, one run: proves the suite still works (run by `npm test`). */
  smoke: boolean
}

/** The corpus size for a mode: full figures, --quick, or --smoke. */
export function sized(o: Options, full: number, quick: number, smoke: number): number {
  return o.smoke ? smoke : o.quick ? quick : full
}

/** Median of `runs` timed calls after one warm-up. */
export async function timeIt(
  fn: () => Promise<unknown> | unknown,
  runs: number
): Promise<{ median: number; samples: number[] }> {
  await fn()
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = now()
    await fn()
    samples.push(now() - t)
  }
  return { median: median(samples), samples }
}

export interface Row {
  bench: string
  case: string
  reference?: string
  referenceMs?: number
  oursMs: number
  ratio?: number
  target?: number
  extra?: Record<string, unknown>
  /** Unit of oursMs when it is not a duration (e.g. 'MB'). */
  unit?: string
}

const rows: Row[] = []

/** Runs ours and the reference interleaved (same noise for both), prints and records the ratio. */
export async function compare(
  bench: string,
  name: string,
  ours: () => Promise<unknown>,
  reference: { label: string; fn: () => Promise<unknown> } | null,
  opts: Options,
  target?: number,
  extra?: Record<string, unknown>
): Promise<Row> {
  await ours()
  if (reference) await reference.fn()
  const a: number[] = []
  const b: number[] = []
  for (let i = 0; i < opts.runs; i++) {
    let t = now()
    await ours()
    a.push(now() - t)
    if (reference) {
      t = now()
      await reference.fn()
      b.push(now() - t)
    }
  }
  const row: Row = { bench, case: name, oursMs: median(a), target, extra }
  if (reference) {
    row.reference = reference.label
    row.referenceMs = median(b)
    row.ratio = row.oursMs / row.referenceMs
  }
  record(row)
  return row
}

export function record(row: Row): void {
  rows.push(row)
  const fmt = (n: number | undefined) => (n === undefined ? '—' : n >= 100 ? n.toFixed(0) : n.toFixed(1))
  const ratio = row.ratio === undefined ? '' : `  ratio ${row.ratio.toFixed(2)}×`
  const verdict =
    row.ratio !== undefined && row.target !== undefined
      ? `  cible ≤ ${row.target}× ${row.ratio <= row.target ? '✓' : '✗'}`
      : ''
  const ref = row.reference ? `  ref ${fmt(row.referenceMs)} ${row.unit ?? 'ms'} (${row.reference})` : ''
  const extra = row.extra
    ? '  ' +
      Object.entries(row.extra)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')
    : ''
  console.log(
    `  ${row.case.padEnd(44)} ours ${fmt(row.oursMs)} ${row.unit ?? 'ms'}${ref}${ratio}${verdict}${extra}`
  )
}

export function writeResults(name: string): void {
  mkdirSync(RESULTS, { recursive: true })
  const machine = {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memGiB: Math.round(totalmem() / 2 ** 30)
  }
  writeFileSync(
    join(RESULTS, `${name}.json`),
    JSON.stringify({ date: new Date().toISOString(), machine, rows }, null, 2) + '\n'
  )
  rows.length = 0
}

/**
 * Git's own fsync settings for a commit as durable as the hub's (objects and the branch hardened:
 * src/engine/git/commit.ts). Git's default, `committed,-loose-object`, fsyncs neither loose objects
 * nor refs: a `git add` + `git commit` of one file then calls fsync not once.
 */
export const GIT_DURABLE = ['-c', 'core.fsync=loose-object,reference', '-c', 'core.fsyncMethod=fsync']

/**
 * The write path's reference: one line appended to `knowledge/cli-touch.md`, then `git add` and
 * `git commit` — two git processes, as a person or a script would commit it (`durable`: with
 * GIT_DURABLE).
 */
export async function gitAppendCommit(root: string, line: string, durable = false): Promise<void> {
  appendFileSync(join(root, 'knowledge', 'cli-touch.md'), `${line}\n`)
  const fsync = durable ? GIT_DURABLE : []
  await runProcess('git', ['-C', root, ...fsync, 'add', 'knowledge/cli-touch.md'])
  await runProcess('git', [
    '-C',
    root,
    ...fsync,
    '-c',
    'user.name=bench',
    '-c',
    'user.email=b@l',
    'commit',
    '-qm',
    'bench'
  ])
}

/** The kb_propose arguments the write-path benches file (an observation, the smallest proposal). */
export function benchProposal(base: string, concerns: string): Record<string, unknown> {
  return {
    base,
    type: 'observation',
    concerns,
    content: 'contenu du banc',
    sources: ['banc'],
    confidence: 'low',
    submitted_by: 'process:bench'
  }
}

/** Runs a process to completion; resolves with its stdout size (output is drained, as a client would). */
export function runProcess(cmd: string, args: string[], cwd?: string): Promise<number> {
  return new Promise((resolveP, reject) => {
    const p = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
    let n = 0
    p.stdout.on('data', (d: Buffer) => (n += d.length))
    p.on('error', reject)
    p.on('close', () => resolveP(n))
  })
}

export interface Session {
  client: Client
  pid: number
  call(name: string, args: Record<string, unknown>): Promise<string>
  close(): Promise<void>
}

/** A user-data dir with a config that serves `basesDir` and installs no default bases. */
export function benchHome(name: string, basesDir: string): { userData: string; env: Record<string, string> } {
  const userData = join(CACHE, 'home', name)
  mkdirSync(userData, { recursive: true })
  mkdirSync(basesDir, { recursive: true })
  const configFile = join(userData, 'hub-config.yaml')
  // Rewritten only when it differs: like a user's, the file keeps its date from one run to the next
  // (the MCP server's start cache is keyed on it, src/mcp/start-cache.ts).
  const config = `bases-dir: ${JSON.stringify(basesDir)}\ndefault-bases: false\nlog-file: null\n`
  if (!existsSync(configFile) || readFileSync(configFile, 'utf8') !== config)
    writeFileSync(configFile, config)
  return {
    userData,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: userData,
      OKF_HUB_USER_DATA: userData,
      OKF_HUB_CONFIG: configFile
    }
  }
}

export async function connectServer(
  env: Record<string, string>,
  command = process.execPath,
  args = [SERVER_JS]
): Promise<Session> {
  const transport = new StdioClientTransport({ command, args, cwd: '/', env, stderr: 'ignore' })
  const client = new Client({ name: 'okf-bench', version: '0' })
  await client.connect(transport)
  return {
    client,
    pid: transport.pid ?? -1,
    async call(name, a) {
      const r = await client.callTool({ name, arguments: a })
      const text = (r.content as { text: string }[]).map((c) => c.text).join('')
      if (r.isError) throw new Error(`${name} → ${text}`)
      return text
    },
    close: () => client.close()
  }
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const m = /VmHWM:\s+(\d+) kB/.exec(status)
    return m ? Number(m[1]) / 1024 : NaN
  } catch {
    return NaN
  }
}
