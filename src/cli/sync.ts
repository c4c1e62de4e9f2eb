// `okf-hub sync` — bases and their git remotes (issue 12). Parses argv, loads the configuration
// and the registry, runs the sync engine per base, prints one line per base (or JSON), and maps
// the outcomes to one exit code. No behaviour lives here.
import { writeFileSync } from 'node:fs'
import { HubError } from '../engine/errors'
import type { Base } from '../engine/registry/base'
import { Registry } from '../engine/registry/registry'
import { SyncService } from '../engine/sync/service'
import type { SyncState, SyncStatus } from '../shared/hub-api'
import { openHubConfig, takeHubOptions } from './options'
import { alertText, cliMessages, errorText } from './locale'

/** `okf-hub sync --help`, in the CLI's language. */
export const syncUsage = (): string => cliMessages().sync.usage

/** The states as the CLI's lines name them (French: today's words). */
export const stateLabels = (): Record<SyncState, string> => cliMessages().sync.states

/** One status → its exit code (0 when nothing needs doing). */
export function exitCodeOf(s: SyncStatus, pushed: boolean): number {
  if (s.state === 'diverged' || s.state === 'error' || s.dirty.length > 0) return 1
  if (s.state === 'auth-required') return 77
  if (s.state === 'unreachable') return 75
  if (s.state === 'behind') return 1
  if (s.state === 'ahead' && pushed) return 1
  return 0
}

const SEVERITY = [0, 75, 77, 1]
export const worst = (codes: number[]): number =>
  codes.reduce((a, b) => (SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a), 0)

export function renderLine(s: SyncStatus): string {
  const counts =
    s.ahead || s.behind
      ? ` (${[s.ahead ? `+${s.ahead}` : '', s.behind ? `-${s.behind}` : ''].filter(Boolean).join(' ')})`
      : ''
  const m = cliMessages()
  const branch = s.remote?.split('/').slice(1).join('/') || 'main'
  const alerts = (s.alerts ?? []).map((a) => `\n  ! ${alertText(a, branch)}`).join('')
  return `${s.base}  ${m.sync.states[s.state]}${counts}  ${m.sync.explain(s)}${alerts}`
}

export async function runSync(argv: string[]): Promise<number> {
  const o = takeHubOptions(argv)
  const m = cliMessages().sync
  const usage = (why: string): number => {
    process.stderr.write(`okf-hub sync : ${why}\n${m.usage}`)
    return 64
  }
  if (o.error) return usage(o.error)
  let push = false
  let json = false
  let all = false
  let setAside = false
  let planOut: string | null = null
  const names: string[] = []
  for (let i = 0; i < o.rest.length; i++) {
    const a = o.rest[i]
    if (a === '--push') push = true
    else if (a === '--set-aside') setAside = true
    else if (a === '--plan-out' || a.startsWith('--plan-out=')) {
      const v = a === '--plan-out' ? o.rest[++i] : a.slice('--plan-out='.length)
      if (!v) return usage(m.planOutNeedsFile)
      planOut = v
    } else if (a === '--json') json = true
    else if (a === '--all') all = true
    else if (a === '--help' || a === '-h') {
      process.stdout.write(m.usage)
      return 0
    } else if (a.startsWith('-')) return usage(m.unknownOption(a))
    else names.push(a)
  }
  if (names.length > 1) return usage(m.oneBase)
  if (names.length === 1 && all) return usage(m.baseOrAll)
  if (setAside && (names.length !== 1 || push)) return usage(m.setAsideOne)
  if (planOut !== null && !setAside) return usage(m.planOutOnlyWithSetAside)

  const opened = openHubConfig(o)
  if (typeof opened === 'number') return opened
  const { config, log } = opened
  try {
    const registry = new Registry(config.basesDir, log)
    registry.rescan()
    let bases
    try {
      bases = names.length === 1 ? [registry.get(names[0])] : registry.list()
    } catch (e) {
      if (e instanceof HubError) {
        process.stderr.write(`ERROR: ${e.code}: ${errorText(e)}\n`)
        return e.code === 'UNKNOWN_BASE' ? 3 : 1
      }
      throw e
    }
    const sync = new SyncService({ config, log, listenCommits: false })
    if (setAside) return await runSetAside(sync, bases[0], planOut, json)
    const results: SyncStatus[] = []
    for (const b of bases) {
      const s = await sync.sync(b, { push })
      results.push(s)
      if (!json) process.stdout.write(renderLine(s) + '\n')
    }
    await sync.idle()
    // `message` is the engine's French detail; `explanation` is the line's words in the CLI's language.
    if (json)
      process.stdout.write(
        JSON.stringify(
          results.map((s) => ({ ...s, explanation: m.explain(s) })),
          null,
          2
        ) + '\n'
      )
    else if (results.length === 0) process.stdout.write(`${m.noBases(config.basesDir)}\n`)
    return worst(results.map((s) => exitCodeOf(s, push)))
  } finally {
    log.close()
  }
}

/** `--set-aside`: the engine's answer in words, the rebuilt plan to a file or stdout. */
async function runSetAside(
  sync: SyncService,
  base: Base,
  planOut: string | null,
  json: boolean
): Promise<number> {
  let done
  try {
    done = await sync.setAside(base)
  } catch (e) {
    if (e instanceof HubError) {
      process.stderr.write(`ERROR: ${e.code}: ${errorText(e)}\n`)
      return 1
    }
    throw e
  }
  const { outcome, status } = done
  const planText = JSON.stringify(outcome.plan, null, 2) + '\n'
  if (planOut !== null) {
    try {
      writeFileSync(planOut, planText, { flag: 'wx' })
    } catch (e) {
      // The branch has moved already; the plan is still printed so nothing is lost.
      process.stderr.write(cliMessages().sync.planNotWritten(planOut, (e as Error).message))
      process.stdout.write(planText)
      return 1
    }
  }
  if (json) {
    process.stdout.write(JSON.stringify({ ...outcome, status }, null, 2) + '\n')
    return 0
  }
  const out = planOut === null ? process.stderr : process.stdout
  const m = cliMessages().sync
  out.write(
    m.setAsideDone(
      base.name,
      outcome.setAside.length,
      outcome.keptAt,
      status.remote ?? 'origin',
      outcome.replayed
    )
  )
  for (const note of outcome.notes) out.write(`  - ${note}\n`)
  out.write(m.planRebuilt(base.name, planOut))
  if (planOut === null) process.stdout.write(planText)
  return 0
}
