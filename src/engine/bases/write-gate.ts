import { promises as fsp } from 'node:fs'

/**
 * The file system isomorphic-git's clone writes through during an import, closed by the job's
 * signal. isomorphic-git takes no abort signal: when a request is aborted its clone rejects while
 * writes it started (objects, the pack and its index, the folders it re-creates before writing)
 * may still be in flight, and a staging folder removed at that moment came back — a cancelled
 * import left `.okf-import-*` in the bases folder about one run in three, more under load.
 *
 * Once the signal fires every new write or folder creation is refused (the clone fails on it, as
 * it would on a full disk), and `drained()` resolves when the writes already started have all
 * finished: after it, removing the staging folder is final. Reads and removals pass through.
 */

type Promises = typeof fsp

/** What isomorphic-git may call that creates or changes a file or folder. */
const WRITES = ['writeFile', 'appendFile', 'mkdir', 'symlink', 'link', 'rename', 'copyFile', 'chmod'] as const
type WriteName = (typeof WRITES)[number]

export class WriteGate {
  private inFlight = 0
  private waiters: (() => void)[] = []
  /** The object handed to isomorphic-git as `fs` (it uses an enumerable `promises` when present). */
  readonly fs: { promises: Promises }

  constructor(
    private readonly signal: AbortSignal,
    private readonly refused: () => Error
  ) {
    const gated: Partial<Record<WriteName, unknown>> = {}
    for (const name of WRITES) gated[name] = this.gate(fsp[name] as (...args: unknown[]) => Promise<unknown>)
    this.fs = { promises: { ...fsp, ...gated } as Promises }
  }

  /** Resolves once no write started through the gate is still running. */
  drained(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  private gate<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return async (...args: A): Promise<R> => {
      if (this.signal.aborted) throw this.refused()
      this.inFlight++
      try {
        return await fn(...args)
      } finally {
        if (--this.inFlight === 0) for (const wake of this.waiters.splice(0)) wake()
      }
    }
  }
}
