import { readdirSync } from 'node:fs'
import { statMark } from '../fingerprint'
import { join } from 'node:path'
import type { Base } from '../registry/base'
import type { HubLog } from '../hublog'
import { describeError } from '../errors'
import { headState } from '../review/worktree'
import { PROPOSAL_STATUSES } from '../proposals/store'
import type { HubEvent } from '../../shared/hub-api'

/**
 * Live updates for the manager: the bases dir, each base's `proposals/` folders and its branch tip
 * are polled by stat fingerprint. Polling was chosen over OS watchers: it behaves the same on
 * macOS, Windows, Linux and network drives, needs no native module, and a handful of `stat`s per
 * base every half second costs nothing next to the 2-second promise it serves. The poll runs only
 * while someone listens.
 */

export const WATCH_INTERVAL_MS = 500

export interface WatchSource {
  basesDir: string
  /** The current bases (after the rescan the watcher asks for when the bases dir moves). */
  bases(): Base[]
  /** Re-discovers the bases (the bases dir or a manifest moved). */
  rescan(): void
}

/** Compared from one poll to the next, so no racy verdict is needed: only the key. */
const statKey = (path: string): string => statMark(path, 0).key

/** The bases dir's entries and each entry's manifest stat: a base added, removed or renamed. */
function basesDirKey(dir: string): string {
  let names: string[]
  try {
    names = readdirSync(dir).sort()
  } catch {
    return '-'
  }
  return names.map((n) => `${n}=${statKey(join(dir, n, 'okf-bundle.yaml'))}`).join('|')
}

function proposalsKey(base: Base): string {
  return PROPOSAL_STATUSES.map((s) => {
    const dir = join(base.root, 'proposals', s)
    let names: string[] = []
    try {
      names = readdirSync(dir)
    } catch {
      // absent folder: its key is simply empty
    }
    return `${s}:${statKey(dir)}:${names.length}`
  }).join('|')
}

export class HubWatcher {
  private listeners = new Set<(e: HubEvent) => void>()
  private timer: NodeJS.Timeout | null = null
  private running = false
  /** A snapshot was taken: the next listener's first poll is compared with it. */
  private primed = false
  private started: Promise<void> = Promise.resolve()
  private basesKey = ''
  private proposals = new Map<string, string>()
  /** Per base: HEAD's commit, and whether it is detached. */
  private heads = new Map<string, string>()

  constructor(
    private readonly source: WatchSource,
    private readonly log: HubLog,
    private readonly intervalMs = WATCH_INTERVAL_MS
  ) {}

  subscribe(listener: (e: HubEvent) => void): () => void {
    this.listeners.add(listener)
    if (this.listeners.size === 1)
      this.started = this.start().catch((e: unknown) =>
        this.log.warning(`surveillance des bases : ${describeError(e)}`)
      )
    return () => {
      this.listeners.delete(listener)
      if (this.listeners.size === 0) this.stop()
    }
  }

  /** Events are also emitted by the hub's own writes, so the UI never waits for a poll. */
  emit(event: HubEvent): void {
    for (const l of this.listeners) {
      try {
        l(event)
      } catch (e) {
        this.log.warning(`abonné aux événements en erreur : ${describeError(e)}`)
      }
    }
  }

  /**
   * Resolves once the first poll has taken its snapshot: a change made after it is reported. Tests
   * await it instead of guessing how long the first poll takes.
   */
  ready(): Promise<void> {
    return this.started
  }

  /**
   * Takes the snapshot a first listener's poll is compared with, without polling on. A UI door
   * primes when it starts: a page asks for its data, then opens its event stream, and a change
   * made in between (an agent's proposal, a colleague's commit) used to become the stream's
   * baseline and was never announced, the page showing the state before it until the next change.
   * A listener coming back after all had left is compared with the last poll the same way, so
   * what changed while no one listened is announced too.
   */
  async prime(): Promise<void> {
    if (!this.primed) await this.snapshot(false)
  }

  private async start(): Promise<void> {
    await this.snapshot(this.primed)
    if (this.listeners.size === 0) return
    this.timer = setInterval(() => void this.tick(), this.intervalMs)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  private async tick(): Promise<void> {
    if (this.running) return // a slow disk never stacks polls
    this.running = true
    try {
      await this.snapshot(true)
    } catch (e) {
      this.log.warning(`surveillance des bases : ${describeError(e)}`)
    } finally {
      this.running = false
    }
  }

  /** One poll: compares fingerprints with the previous poll and emits what moved. */
  private async snapshot(notify: boolean): Promise<void> {
    const key = basesDirKey(this.source.basesDir)
    if (key !== this.basesKey) {
      this.basesKey = key
      this.source.rescan()
      if (notify) this.emit({ type: 'bases-changed' })
    }
    const seen = new Set<string>()
    for (const base of this.source.bases()) {
      seen.add(base.name)
      const pk = proposalsKey(base)
      const before = this.proposals.get(base.name)
      this.proposals.set(base.name, pk)
      if (notify && before !== undefined && before !== pk)
        this.emit({ type: 'proposals-changed', base: base.name })
      // A checkout that detaches HEAD keeps its commit: the branch's loss is a change too (the base's
      // screen then says that nothing can be written).
      const { commit: head, detached } = await headState(base.root)
      const key = `${head ?? ''}${detached ? ' detached' : ''}`
      const had = this.heads.has(base.name)
      const prev = this.heads.get(base.name)
      this.heads.set(base.name, key)
      if (notify && had && prev !== key) this.emit({ type: 'head-changed', base: base.name, head })
    }
    for (const name of [...this.proposals.keys()]) {
      if (seen.has(name)) continue
      this.proposals.delete(name)
      this.heads.delete(name)
    }
    this.primed = true
  }
}
