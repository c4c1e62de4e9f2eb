// `okf-hub register` — writes, removes or verifies OKF Hub's entry in the AI hosts' user config
// files. Parses argv, calls the registration engine, prints what it did; no behaviour here.
import { isHubError } from '../engine/errors'
import { HOSTS, hostDef, processHostEnv } from '../engine/registration/hosts'
import { Registrar, type RegistrationChange } from '../engine/registration/registrar'
import { nodeServerFacts } from '../engine/registration/server-command'
import type { HostId, HostRegistration } from '../shared/hub-api'
import { probeServer } from '../probe/server-probe'
import { openHubConfig, takeHubOptions } from './options'
import { cliLang, cliMessages, detailText, errorText, uiWords } from './locale'

/** `okf-hub register --help`, in the CLI's language. */
export const registerUsage = (): string => cliMessages().register.usage()

type Action = 'register' | 'unregister' | 'check'

interface HostOutcome {
  host: HostId
  registration?: HostRegistration
  files?: RegistrationChange['files']
  error?: { code: string; message: string }
  /** The same failure worded in the CLI's language (the JSON keeps the engine's sentence). */
  errorWords?: string
}

function usage(msg: string): number {
  process.stderr.write(`okf-hub register : ${msg}\n\n${registerUsage()}`)
  return 64
}

function label(host: string): string {
  return hostDef(host)?.label ?? host
}

function printOutcome(action: Action, o: HostOutcome): void {
  const m = cliMessages().register
  const name = label(o.host)
  if (o.error) {
    process.stderr.write(`${name} : ERROR: ${o.error.code}: ${o.errorWords ?? o.error.message}\n`)
    return
  }
  const r = o.registration as HostRegistration
  const out: string[] = []
  if (action === 'check') {
    out.push(`${name} : ${m.checkState(r.present, r.working)}`)
    for (const f of r.configFiles.length > 0 ? r.configFiles : [r.configFile ?? '?'])
      out.push(`  ${m.file} : ${f}`)
  } else {
    const files = o.files ?? []
    const changed = files.some((f) => f.changed)
    out.push(`${name} : ${action === 'register' ? m.registered(changed) : m.removed(changed)}`)
    for (const f of files)
      out.push(
        `  ${m.fileState(f.changed, f.created)} : ${f.file}${f.backup ? `\n  ${m.backup} : ${f.backup}` : ''}`
      )
    // What the host needs to see the new entry (a restart for Claude Desktop), as the app says it.
    const next = action === 'register' && changed ? uiWords(`hosts.afterRegister.${o.host}`) : null
    if (next) out.push(`  ${m.next} : ${next}`)
  }
  if (r.problem && (action === 'check' || !r.present || r.working === false)) {
    const words =
      cliLang() === 'fr' || r.problems.length === 0
        ? r.problem
        : r.problems
            .map((p) => detailText(p) ?? '')
            .filter(Boolean)
            .join(' ') || r.problem
    out.push(`  ${m.problem} : ${words}`)
  }
  process.stdout.write(`${out.join('\n')}\n`)
}

function exitFor(action: Action, outcomes: HostOutcome[]): number {
  let code = 0
  for (const o of outcomes) {
    if (o.error) code = Math.max(code, o.error.code === 'IO_ERROR' ? 5 : 4)
    else if (action === 'check' && (!o.registration?.present || o.registration.working !== true))
      code = Math.max(code, 1)
  }
  return code
}

export async function runRegister(argv: string[]): Promise<number> {
  const o = takeHubOptions(argv)
  if (o.error) return usage(o.error)
  const hosts: HostId[] = []
  let remove = false
  let check = false
  let json = false
  for (let i = 0; i < o.rest.length; i++) {
    const a = o.rest[i]
    if (a === '--remove') remove = true
    else if (a === '--check') check = true
    else if (a === '--json') json = true
    else if (a === '--help' || a === '-h') {
      process.stdout.write(registerUsage())
      return 0
    } else if (a === '--host' || a.startsWith('--host=')) {
      const v = a === '--host' ? o.rest[++i] : a.slice('--host='.length)
      if (v === undefined) return usage(cliMessages().register.needsValue)
      if (v === 'all') hosts.push(...HOSTS.map((h) => h.id))
      else if (hostDef(v)) hosts.push(v as HostId)
      else return usage(cliMessages().register.unknownHost(v))
    } else return usage(cliMessages().register.unknownArgument(a))
  }
  if (remove && check) return usage(cliMessages().register.removeAndCheck)
  const action: Action = check ? 'check' : remove ? 'unregister' : 'register'
  const opened = openHubConfig(o)
  if (typeof opened === 'number') return opened
  const { config, log } = opened
  const registrar = new Registrar({
    hostEnv: processHostEnv(),
    server: nodeServerFacts(),
    config,
    log,
    probe: probeServer
  })
  const outcomes: HostOutcome[] = []
  for (const host of hosts.length > 0 ? [...new Set(hosts)] : (['claude-desktop'] as HostId[])) {
    try {
      if (action === 'check') outcomes.push({ host, registration: await registrar.status(host, true) })
      else {
        const r = action === 'register' ? await registrar.register(host) : await registrar.unregister(host)
        outcomes.push({ host, registration: r.registration, files: r.files })
      }
    } catch (e) {
      if (!isHubError(e)) throw e
      outcomes.push({ host, error: { code: e.code, message: e.message }, errorWords: errorText(e) })
    }
    if (!json) printOutcome(action, outcomes[outcomes.length - 1])
  }
  log.close()
  if (json)
    process.stdout.write(
      `${JSON.stringify(
        {
          action,
          hosts: outcomes.map((x) =>
            x.error ? { host: x.host, error: x.error } : { ...x.registration, files: x.files }
          )
        },
        null,
        2
      )}\n`
    )
  return exitFor(action, outcomes)
}
