import { statSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import type { ErrorDetail } from '../../shared/error-kinds'

/**
 * Does a registered entry actually start our server? The entry is started exactly as a host
 * would — its absolute command, its `args`, **its `env` only**, working directory `/` — and must
 * answer MCP `initialize` and `tools/list` with our tools. Speaking MCP is the door's job (the
 * engine imports no MCP SDK): it hands a `ServerProbe` in; this module checks what can be checked
 * without starting anything and turns every outcome into words a manager understands.
 */

export const CHECK_TIMEOUT_MS = 10_000
/** A server answering without these is not OKF Hub. */
export const REQUIRED_TOOLS = ['kb_list', 'kb_search', 'kb_read'] as const

export interface ProbeSpec {
  command: string
  args: string[]
  env: Record<string, string>
  cwd: string
  timeoutMs: number
}

export type ProbeResult =
  | { ok: true; serverName: string | null; tools: string[] }
  /** The command could not be started at all (ENOENT, EACCES…). */
  | { ok: false; kind: 'spawn'; message: string }
  /** It ended before answering. */
  | { ok: false; kind: 'exit'; code: number | null; signal: string | null; stderr: string }
  | { ok: false; kind: 'timeout'; stderr: string }
  /** It answered, but not as an MCP server (or with an error). */
  | { ok: false; kind: 'protocol'; message: string; stderr: string }

export type ServerProbe = (spec: ProbeSpec) => Promise<ProbeResult>

export interface CheckResult {
  working: boolean
  problem: string | null
  /** The same problem as data, which the UI words in the manager's language. */
  detail: ErrorDetail | null
}

// The panel that shows this offers the Repair button itself: no command to name (issue 25 §3).
const REPAIR = '« Réparer » réécrit l’inscription'

function lastLine(stderr: string): string | null {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
  const last = lines[lines.length - 1]
  if (last === undefined) return null
  return last.length > 300 ? `${last.slice(0, 300)}…` : last
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile()
  } catch {
    return false
  }
}

function stringRecord(v: unknown): v is Record<string, string> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.values(v).every((x) => typeof x === 'string')
  )
}

/** The arguments that name a script to run (an absolute `.js` path): each must exist. */
function scripts(args: string[]): string[] {
  return args.filter((a) => isAbsolute(a) && /\.[cm]?js$/i.test(a))
}

/**
 * The environment the probe passes: the entry's, plus on Windows `SYSTEMROOT` — without it a
 * Windows process cannot even load its crypto provider, and every host passes it (the MCP SDK's
 * default environment does), so its absence would only make the check lie.
 */
function probeEnv(
  env: Record<string, string>,
  platform: NodeJS.Platform,
  from: NodeJS.ProcessEnv
): Record<string, string> {
  if (platform !== 'win32' || env.SYSTEMROOT || !from.SYSTEMROOT) return { ...env }
  return { ...env, SYSTEMROOT: from.SYSTEMROOT }
}

/** Checks `entry` as found in a host's file (anything: it is the user's file). */
export async function checkEntry(
  entry: unknown,
  probe: ServerProbe,
  opts: { timeoutMs?: number; platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv } = {}
): Promise<CheckResult> {
  const fail = (problem: string, detail: ErrorDetail): CheckResult => ({ working: false, problem, detail })
  const malformed = (problem: string, part: string): CheckResult =>
    fail(problem, { kind: 'host-entry-malformed', params: { part } })
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return malformed(`l’entrée « okf-hub » n’est pas un objet : ${REPAIR}`, 'entry')
  const e = entry as Record<string, unknown>
  const command = e.command
  if (typeof command !== 'string' || command === '')
    return malformed(`l’entrée « okf-hub » n’a pas de commande : ${REPAIR}`, 'command')
  const args = e.args ?? []
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string'))
    return malformed(
      `les arguments de l’entrée « okf-hub » ne sont pas une liste de textes : ${REPAIR}`,
      'args'
    )
  const env = e.env ?? {}
  if (!stringRecord(env))
    return malformed(`l’« env » de l’entrée « okf-hub » n’est pas un objet de textes : ${REPAIR}`, 'env')
  if (!isAbsolute(command))
    return fail(
      `la commande « ${command} » n’est pas un chemin absolu : l’hôte la chercherait dans son propre PATH, souvent différent du vôtre — ${REPAIR} avec le chemin complet`,
      { kind: 'host-command-relative', params: { command } }
    )
  if (!isFile(command))
    return fail(
      `la commande ${command} n’existe plus (application déplacée, mise à jour ou désinstallée ?) : ${REPAIR}`,
      { kind: 'host-command-missing', params: { command } }
    )
  for (const s of scripts(args))
    if (!isFile(s))
      return fail(`le script du serveur ${s} n’existe plus (dossier déplacé, build effacé ?) : ${REPAIR}`, {
        kind: 'host-script-missing',
        params: { script: s }
      })

  const timeoutMs = opts.timeoutMs ?? CHECK_TIMEOUT_MS
  const r = await probe({
    command,
    args,
    env: probeEnv(env, opts.platform ?? process.platform, opts.env ?? process.env),
    cwd: '/',
    timeoutMs
  })
  if (r.ok) {
    const missing = REQUIRED_TOOLS.filter((t) => !r.tools.includes(t))
    if (missing.length === 0) return { working: true, problem: null, detail: null }
    return fail(
      `la commande démarre un serveur MCP${r.serverName ? ` (« ${r.serverName} »)` : ''} qui ne propose pas les outils d’OKF Hub (${missing.join(', ')} absents) : ${REPAIR}`,
      { kind: 'host-server-not-ours', params: { missing } }
    )
  }
  switch (r.kind) {
    case 'spawn':
      return fail(`la commande ${command} ne démarre pas (${r.message}) : ${REPAIR}`, {
        kind: 'host-server-no-start',
        params: { command, detail: r.message }
      })
    case 'exit': {
      const how = r.code !== null ? `code ${r.code}` : `signal ${r.signal ?? 'inconnu'}`
      const why = lastLine(r.stderr)
      return fail(`le serveur s’est arrêté sans répondre (${how})${why ? ` : « ${why} »` : ''}`, {
        kind: 'host-server-exited',
        params: { how, detail: why ?? '' }
      })
    }
    case 'timeout': {
      const why = lastLine(r.stderr)
      return fail(
        `le serveur n’a pas répondu à initialize + tools/list en ${Math.round(timeoutMs / 1000)} s${why ? ` (dernier message : « ${why} »)` : ''}`,
        { kind: 'host-server-timeout', params: { seconds: Math.round(timeoutMs / 1000), detail: why ?? '' } }
      )
    }
    case 'protocol': {
      const why = lastLine(r.stderr)
      return fail(
        `le serveur a répondu autre chose que MCP (${r.message})${why ? ` ; stderr : « ${why} »` : ''}`,
        { kind: 'host-server-not-mcp', params: { detail: `${r.message}${why ? ` — ${why}` : ''}` } }
      )
    }
  }
}
