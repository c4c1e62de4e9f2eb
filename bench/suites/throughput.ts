import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { SERVER_JS, connectServer, record, rssMb, sized, type Options, type Session } from '../lib'
import { SOAK_BASE, soakCorpus, soakStep } from '../soak-lib'
import { hubEnv } from '../../test/helpers/mcp'
import { removeDir } from '../../test/helpers/fixtures'
import { startTeam } from '../../test/helpers/team'

/** Issue 30 §1: today's server makes at least as many soak calls per window as the reference… */
const CALLS_TARGET = 1
/** …and its peak RSS over the window stays at or under this (the 10-minute soak's bound). */
const RSS_TARGET_MB = 100

/** One server to measure: a built `server.js`, and how to start it. */
export interface Arm {
  label: string
  serverJs: string
  env?: Record<string, string>
  nodeArgs?: string[]
}

export interface WindowResult {
  calls: number
  errors: string[]
  /** Per tool: calls and the summed latency seen by the client (ms). */
  perTool: Record<string, { calls: number; ms: number }>
  /** CPU time (user + system) the server spent over the window, per call (ms). */
  cpuMsPerCall: number
  /** VmHWM of the server at the end of the window (MB): its peak over its whole life. */
  peakRssMb: number
}

/** User + system CPU time of a live process in ms (Linux /proc, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  try {
    // The command name (field 2) may hold spaces: the fields counted after its closing parenthesis.
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(f[11]) + Number(f[12])) * 10
  } catch {
    return NaN
  }
}

/**
 * One window of the soak's call mix (bench/soak-lib.ts `soakStep`), sequential, from one client,
 * against one fresh server over a fresh clone of the soak's base behind a git remote — what the
 * soak's MCP clients do, without the other processes: calls counted for `ms`.
 */
export async function soakWindow(arm: Arm, ms: number, pauseMs = 20): Promise<WindowResult> {
  const team = await startTeam({ name: SOAK_BASE, spec: { files: soakCorpus() } })
  const hub = team.clone('throughput')
  const h = hubEnv(hub.basesDir)
  const perTool: WindowResult['perTool'] = {}
  const errors: string[] = []
  let calls = 0
  let session: Session | null = null
  try {
    session = await connectServer({ ...h.env, ...arm.env }, process.execPath, [
      ...(arm.nodeArgs ?? []),
      arm.serverJs
    ])
    const { pid } = session
    const raw = session.call
    const call = async (op: string, args: Record<string, unknown>): Promise<string> => {
      const t = performance.now()
      const text = await raw(op, args)
      const slot = (perTool[op] ??= { calls: 0, ms: 0 })
      slot.calls++
      slot.ms += performance.now() - t
      calls++
      return text
    }
    const cpu0 = cpuMs(pid)
    const deadline = performance.now() + ms
    for (let i = 1; performance.now() < deadline; i++) {
      try {
        await soakStep(call, i, 0, 'mcp-1')
      } catch (e) {
        errors.push((e as Error).message)
      }
      if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs))
    }
    return { calls, errors, perTool, peakRssMb: rssMb(pid), cpuMsPerCall: (cpuMs(pid) - cpu0) / calls }
  } finally {
    await session?.close().catch(() => undefined)
    await team.close()
    removeDir(team.dir)
    removeDir(h.userData)
  }
}

/**
 * The reference: a built tree named by OKF_THROUGHPUT_REF (its `out/main/mcp/server.js`; the
 * issue's is a6e5160, built with today's node_modules, whose runtime dependencies it shares at the
 * same versions). Without one, today's build with its memory policy switched off
 * (OKF_HUB_MEMORY_POLICY=off): what the policy costs, not what changed since a6e5160.
 */
export function referenceArm(): Arm {
  const dir = process.env.OKF_THROUGHPUT_REF
  if (dir) {
    const serverJs = join(resolve(dir), 'out/main/mcp/server.js')
    if (!existsSync(serverJs))
      throw new Error(`OKF_THROUGHPUT_REF: ${serverJs} absent (build that tree first)`)
    return { label: `ref ${dir}`, serverJs }
  }
  return { label: 'memory policy off', serverJs: SERVER_JS, env: { OKF_HUB_MEMORY_POLICY: 'off' } }
}

/**
 * `npm run bench -- throughput`: the soak's mix for a window against today's build and against
 * the reference, alternated (A B A B…) so the shared machine's load falls on both; calls per
 * window, their ratio, each server's peak RSS, and whether both targets are met.
 */
export default async function throughput(o: Options): Promise<void> {
  const windowMs = Number(process.env.OKF_THROUGHPUT_WINDOW_S ?? sized(o, 30, 15, 3)) * 1000
  const rounds = sized(o, 2, 2, 1)
  const ours: Arm = { label: 'today', serverJs: SERVER_JS }
  const ref = referenceArm()
  console.log(`  ${rounds} × (today, ${ref.label}), ${windowMs / 1000} s each, soak mix, 1 client`)
  const got: { ours: WindowResult[]; ref: WindowResult[] } = { ours: [], ref: [] }
  for (let r = 0; r < rounds; r++)
    for (const [which, arm] of [
      ['ours', ours],
      ['ref', ref]
    ] as const) {
      const w = await soakWindow(arm, windowMs)
      got[which].push(w)
      console.log(
        `  round ${r + 1} ${arm.label.padEnd(24)} ${String(w.calls).padStart(5)} calls  CPU ${w.cpuMsPerCall.toFixed(1)} ms/call  peak RSS ${w.peakRssMb.toFixed(0)} MB` +
          (w.errors.length ? `  ${w.errors.length} error(s): ${w.errors[0]}` : '')
      )
    }
  const sum = (ws: WindowResult[], f: (w: WindowResult) => number): number => ws.reduce((a, w) => a + f(w), 0)
  const oursCalls = sum(got.ours, (w) => w.calls) / rounds
  const refCalls = sum(got.ref, (w) => w.calls) / rounds
  const oursPeak = Math.max(...got.ours.map((w) => w.peakRssMb))
  const refPeak = Math.max(...got.ref.map((w) => w.peakRssMb))
  // Per tool: mean latency of today over the reference's (≤ 1 is as fast or faster).
  const tools = [...new Set([...got.ours, ...got.ref].flatMap((w) => Object.keys(w.perTool)))].sort()
  const mean = (ws: WindowResult[], t: string): number =>
    sum(ws, (w) => w.perTool[t]?.ms ?? 0) /
    Math.max(
      1,
      sum(ws, (w) => w.perTool[t]?.calls ?? 0)
    )
  for (const t of tools)
    record({
      bench: 'throughput',
      case: `${t} mean latency`,
      reference: ref.label,
      referenceMs: mean(got.ref, t),
      oursMs: mean(got.ours, t)
    })
  // The server's own CPU time per call: what each call costs, less moved by the machine's load than
  // the calls a window holds (those include ripgrep's processes and the waits of a shared machine).
  const cpu = (ws: WindowResult[]): number =>
    sum(ws, (w) => w.cpuMsPerCall * w.calls) / sum(ws, (w) => w.calls)
  record({
    bench: 'throughput',
    case: 'server CPU per call',
    reference: ref.label,
    referenceMs: cpu(got.ref),
    oursMs: cpu(got.ours),
    ratio: cpu(got.ours) / cpu(got.ref),
    target: CALLS_TARGET
  })
  const errors = sum([...got.ours, ...got.ref], (w) => w.errors.length)
  const callsMet = oursCalls >= refCalls * CALLS_TARGET
  const rssMet = oursPeak <= RSS_TARGET_MB
  record({
    bench: 'throughput',
    case: `calls per ${windowMs / 1000} s (ref ÷ today)`,
    reference: ref.label,
    // Recorded as a time-like ratio (≤ 1 good): the reference's calls over ours.
    referenceMs: refCalls,
    oursMs: oursCalls,
    unit: 'calls',
    ratio: refCalls / oursCalls,
    target: CALLS_TARGET,
    extra: {
      oursPerWindow: got.ours.map((w) => w.calls).join('/'),
      refPerWindow: got.ref.map((w) => w.calls).join('/')
    }
  })
  record({
    bench: 'throughput',
    case: 'server peak RSS',
    reference: ref.label,
    referenceMs: refPeak,
    oursMs: oursPeak,
    unit: 'MB',
    extra: { targetMb: RSS_TARGET_MB, met: rssMet }
  })
  console.log(
    `  calls today ÷ reference ${(oursCalls / refCalls).toFixed(2)}×, peak RSS ${oursPeak.toFixed(0)} vs ${refPeak.toFixed(0)} MB — ` +
      (callsMet && rssMet && errors === 0
        ? 'target met ✓'
        : `target NOT met ✗ (${[!callsMet && 'calls', !rssMet && `RSS > ${RSS_TARGET_MB} MB`, errors > 0 && `${errors} errors`].filter(Boolean).join(', ')})`)
  )
}
