/**
 * How a long-running door stops (`okf-hub serve`, `serve --http`, `okf-hub ui`): the first SIGINT
 * or SIGTERM asks it to finish what it holds and close; a second one exits at once, as Node's
 * default action would have (130 for SIGINT, 143 for SIGTERM).
 *
 * The handlers stay installed (`on`, never `once`): proper-lockfile's signal-exit, loaded at the
 * first lock, re-raises a signal it finds no other listener for, so a `once` already spent by then
 * would let it kill the process before the door closes.
 */
export interface StopSignalOptions {
  /** Where the handlers are installed (tests pass an emitter of their own). */
  proc?: Pick<NodeJS.Process, 'on'>
  /** How a second signal ends the process (tests record it instead). */
  exit?: (code: number) => void
}

export function onStopSignal(stop: (signal: NodeJS.Signals) => void, opts: StopSignalOptions = {}): void {
  const proc = opts.proc ?? process
  const exit = opts.exit ?? ((code: number) => process.exit(code))
  let stopping = false
  const handler = (signal: NodeJS.Signals): void => {
    if (stopping) return exit(signal === 'SIGINT' ? 130 : 143)
    stopping = true
    stop(signal)
  }
  proc.on('SIGINT', handler)
  proc.on('SIGTERM', handler)
}
