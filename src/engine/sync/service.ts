import { realpathSync } from 'node:fs'
import { sep } from 'node:path'
import { settingsOf, type HubConfig } from '../config'
import { describeError } from '../errors'
import type { HubLog } from '../hublog'
import type { Base } from '../registry/base'
import type { SyncStatus } from '../../shared/hub-api'
import { MemoryCredentialStore, type CredentialStore } from './credentials'
import { hubIdOf } from './hub-id'
import { SyncStateStore } from './state'
import { remoteTarget } from './target'
import type { SyncDeps, SyncRequest } from './sync'
import type { SetAsideOutcome } from './set-aside'

/**
 * When sync runs, for one process (an MCP server, `okf-hub ui`, the desktop app, a CLI call):
 * on demand; at start for the bases with a remote (fast-forward only, in the background); after
 * each local commit of a base whose configuration sets `auto-push: true`. Runs of one base never
 * overlap (a queue per base) and auto-pushes coalesce: twenty proposals filed while a push is on
 * the wire make one more push, not twenty. The network code (isomorphic-git) loads on the first
 * run only: a server whose bases have no remote never loads it.
 */

export interface SyncServiceOptions {
  config: HubConfig
  log: HubLog
  credentials?: CredentialStore
  state?: SyncStateStore
  /** Timeouts, retries, an HTTP client: tests and benchmarks. */
  tuning?: Partial<Omit<SyncDeps, 'log' | 'credentials' | 'state'>>
  /** Hear every local commit of a base in this configuration's bases dir (default true). */
  listenCommits?: boolean
  /** How long an auto-push waits for more commits to go with it (default 250 ms). */
  autoPushDelayMs?: number
}

export const AUTO_PUSH_DELAY_MS = 250

type Listener = (status: SyncStatus) => void

/** The services of this process that hear local commits (`committed`). */
const listening = new Set<SyncService>()

/**
 * Every write path calls this once its commit is made (a proposal filed, a plan resolved): each
 * sync service of the process whose bases dir holds the base pushes it when `auto-push` is set.
 * Nothing else happens here — no import of the network code, no wait.
 */
export function committed(base: Base): void {
  for (const s of listening) s.heardCommit(base)
}

export class SyncService {
  readonly credentials: CredentialStore
  readonly state: SyncStateStore
  private readonly queues = new Map<string, Promise<unknown>>()
  private readonly autoQueued = new Set<string>()
  private readonly listeners = new Set<Listener>()
  private readonly running = new Set<Promise<unknown>>()

  private basesDirReal: string | null = null

  constructor(private readonly opts: SyncServiceOptions) {
    this.credentials = opts.credentials ?? new MemoryCredentialStore()
    this.state = opts.state ?? SyncStateStore.inUserData(opts.config.userDataDir, opts.log)
    if (opts.listenCommits !== false) listening.add(this)
  }

  /** Stops hearing commits (a door that closes; tests). */
  close(): void {
    listening.delete(this)
  }

  /** A commit of `base` somewhere in this process: ours when the base sits in our bases dir. */
  heardCommit(base: Base): void {
    if (this.basesDirReal === null) {
      try {
        this.basesDirReal = realpathSync(this.opts.config.basesDir)
      } catch {
        return
      }
    }
    if (!base.root.startsWith(this.basesDirReal + sep)) return
    this.afterCommit(base)
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private hubId: string | null = null

  /** This installation's hub id (drawn on first need: a hub that never meets an inbox has none). */
  private ownHubId(): string | undefined {
    if (this.hubId === null) {
      try {
        this.hubId = hubIdOf(this.opts.config.userDataDir)
      } catch (e) {
        this.opts.log.warning(`identifiant du hub illisible : ${describeError(e)}`)
        return undefined
      }
    }
    return this.hubId
  }

  private deps(base?: Base): SyncDeps {
    const mode = base ? (settingsOf(this.opts.config, base.name).syncMode ?? 'auto') : 'auto'
    return {
      ...this.opts.tuning,
      log: this.opts.log,
      credentials: this.credentials,
      state: this.state,
      mode,
      hubId: this.opts.tuning?.hubId ?? this.ownHubId()
    }
  }

  private emit(status: SyncStatus): void {
    for (const l of this.listeners) {
      try {
        l(status)
      } catch (e) {
        this.opts.log.warning(`sync : un abonné a échoué (${describeError(e)})`)
      }
    }
  }

  private enqueue<T>(base: Base, fn: () => Promise<T>): Promise<T> {
    const prev = this.queues.get(base.root) ?? Promise.resolve()
    const next = prev.then(fn, fn)
    this.queues.set(base.root, next)
    const tracked = next.finally(() => {
      if (this.queues.get(base.root) === next) this.queues.delete(base.root)
      this.running.delete(tracked)
    })
    tracked.catch(() => undefined)
    this.running.add(tracked)
    return next
  }

  private async run(base: Base, req: SyncRequest): Promise<SyncStatus> {
    const { syncBase } = await import('./sync')
    const status = await syncBase(base, req, this.deps(base))
    this.emit(status)
    return status
  }

  /** Status from the last known remote tip and the last attempt (no network). */
  async status(base: Base): Promise<SyncStatus> {
    const { localStatus } = await import('./sync')
    return localStatus(base, this.deps(base))
  }

  /** Fetch + fast-forward, and with `push` send local commits; after any run of this base already queued. */
  sync(base: Base, req: SyncRequest): Promise<SyncStatus> {
    return this.enqueue(base, () => this.run(base, req))
  }

  /**
   * Sets a diverged base's unpushed resolutions aside (`set-aside.ts`), in this base's queue so
   * no sync runs meanwhile; the status that follows is emitted like a sync's.
   */
  setAside(base: Base): Promise<{ outcome: SetAsideOutcome; status: SyncStatus }> {
    return this.enqueue(base, async () => {
      const { setAsideDiverged } = await import('./set-aside')
      const outcome = await setAsideDiverged(base, {
        log: this.opts.log,
        lockTimeoutMs: this.opts.tuning?.lockTimeoutMs
      })
      const status = await this.status(base)
      this.emit(status)
      return { outcome, status }
    })
  }

  /** After a local commit: push in the background when the base has `auto-push: true`. */
  afterCommit(base: Base): void {
    if (!settingsOf(this.opts.config, base.name).autoPush) return
    if (this.autoQueued.has(base.root)) return
    this.autoQueued.add(base.root)
    void this.enqueue(base, async () => {
      // A burst of commits (an agent filing several proposals) leaves in one push.
      await new Promise((r) => setTimeout(r, this.opts.autoPushDelayMs ?? AUTO_PUSH_DELAY_MS))
      // From here on a new commit queues one more push (this one may already have read HEAD).
      this.autoQueued.delete(base.root)
      return this.run(base, { push: true, pushOnly: true })
    }).catch((e: unknown) => this.opts.log.error(`auto-push de '${base.name}' : ${describeError(e)}`))
  }

  /**
   * At start: a fast-forward of every base with a remote (and `sync-at-start` not false), in the
   * background — the caller never waits for the network. A base with `auto-push` also sends what
   * a previous process committed but could not push before it ended.
   */
  startAtLaunch(bases: Base[]): void {
    for (const base of bases) {
      const settings = settingsOf(this.opts.config, base.name)
      if (!settings.syncAtStart) continue
      const p: Promise<unknown> = remoteTarget(base.root)
        .then((t) => {
          if (t.kind !== 'ok') return
          return this.enqueue(base, () => this.run(base, { push: settings.autoPush }))
        })
        .catch((e: unknown) =>
          this.opts.log.error(`sync au démarrage de '${base.name}' : ${describeError(e)}`)
        )
        .finally(() => this.running.delete(p))
      this.running.add(p)
    }
  }

  /** Resolves when no run is queued or in flight (a short-lived process waits for its auto-push). */
  async idle(maxMs = Infinity): Promise<boolean> {
    const end = Date.now() + maxMs
    while (this.running.size > 0 || this.autoQueued.size > 0) {
      const left = end - Date.now()
      if (left <= 0) return false
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        Promise.allSettled([...this.running]),
        new Promise((r) => (timer = setTimeout(r, Math.min(left, 50))))
      ])
      clearTimeout(timer)
    }
    await this.state.flush()
    return true
  }
}
