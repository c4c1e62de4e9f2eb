import type { HubLog } from '../hublog'

/**
 * What a long-running door does with an error no code caught (issue 28): a library's promise
 * rejected with nobody listening, or an exception thrown from a callback.
 *
 * - A stray **rejection** is logged with its stack and survived. Node's default (since 15) kills
 *   the process, which for the MCP server ends every agent's session and for `okf-hub ui` the
 *   manager's page over an error that touched one request. A rejection is a failed operation,
 *   not a corrupted process: every write of the engine is all-or-nothing under its lock, so the
 *   request that lost the rejection already failed and wrote nothing.
 * - A stray **exception** ends the process cleanly: Node says the process is in an undefined
 *   state then (a callback stopped halfway, a stream half-written). The line is logged and the
 *   log closed first, one line goes to stderr, and the exit code is 70 (EX_SOFTWARE), so that a
 *   host sees a server that stopped with a reason instead of one that vanished.
 *
 * Neither is ever silent: both are in the hub log with the door that met them.
 */
export interface StrayErrorOptions {
  /** Where the handlers are installed (tests pass an emitter of their own). */
  proc?: Pick<NodeJS.Process, 'on' | 'off'>
  /** How the process ends after an uncaught exception (tests record it instead). */
  exit?: (code: number) => void
  stderr?: (line: string) => void
}

export const STRAY_EXCEPTION_EXIT = 70

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.stack ?? `${reason.name}: ${reason.message}`
  try {
    return `valeur rejetée : ${JSON.stringify(reason)}`
  } catch {
    return `valeur rejetée : ${String(reason)}`
  }
}

/** Installs the policy; returns its removal. Installed once per process by `startEngine`. */
export function installStrayErrorPolicy(log: HubLog, door: string, opts: StrayErrorOptions = {}): () => void {
  const proc = opts.proc ?? process
  const exit = opts.exit ?? ((code: number) => process.exit(code))
  const stderr = opts.stderr ?? ((line: string) => void process.stderr.write(line))
  const onRejection = (reason: unknown): void => {
    log.error(`${door} : promesse rejetée sans gestionnaire (processus maintenu) : ${describe(reason)}`)
  }
  let ending = false
  const onException = (error: unknown): void => {
    // A second exception while ending (the log's own close failing, say) must not recurse.
    if (ending) return
    ending = true
    try {
      log.error(`${door} : exception non rattrapée, arrêt du processus : ${describe(error)}`)
      log.close()
    } finally {
      stderr(`okf-hub (${door}): unexpected error, stopping — see the hub log\n`)
      exit(STRAY_EXCEPTION_EXIT)
    }
  }
  proc.on('unhandledRejection', onRejection)
  proc.on('uncaughtException', onException)
  return () => {
    proc.off('unhandledRejection', onRejection)
    proc.off('uncaughtException', onException)
  }
}

let installed = false

/** The process-wide policy, once (the first door that starts the engine names itself). */
export function installStrayErrorPolicyOnce(log: HubLog, door: string): void {
  if (installed) return
  installed = true
  installStrayErrorPolicy(log, door)
}
