import { readFileSync, statSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describeError } from '../errors'
import type { HubLog } from '../hublog'
import { removeStaleTemps, STALE_TEMP_MS, writeFileAtomic } from '../git/atomic-write'
import type { StepHook } from '../steps'
import type { SyncAlert, SyncState } from '../../shared/hub-api'
import type { InventoryProposal } from '../../shared/review'
import { INBOX_PREFIX } from './hub-id'

/**
 * What the last exchange with each base's remote gave, kept in memory and in
 * `<user data>/sync-state.json` (so that a status shown before any network call says when the
 * base last synced and whether the remote answered): times, outcome, message. Never a token, never
 * a URL with credentials. Keyed by the base's root. Several processes share the file; each writes
 * it whole (rename), the last one wins — these are indications, git is the authority.
 */

export interface SyncRecord {
  /** ISO: the last exchange that reached the remote (fetch or push). */
  lastSync: string | null
  /** ISO: the last attempt, successful or not. */
  lastAttempt: string
  /** The outcome of that attempt. */
  state: SyncState
  message: string
  /** ISO: when the remote refused this hub's push to the base's branch as protected (issue 27). */
  mainProtected?: string
  /** The last attempt's alerts: a status made without the network still shows them (issue 27). */
  alerts?: SyncAlert[]
  /**
   * Manager mode: the proposals this hub integrated from an inbox, by their id on the branch —
   * where they came from, which git does not say once they are replayed (the inventory marks them).
   */
  origins?: Record<string, ProposalOrigin>
}

/** Where a proposal integrated from an inbox came from (issue 27). */
export interface ProposalOrigin {
  /** The inbox's branch, `okf-hub/inbox/<hub id>`. */
  inbox: string
  /** ISO: when this hub integrated it. */
  at: string
  /** Its id in the inbox, when the integration renamed it (another hub drew the same id). */
  renamedFrom?: string
}

/** The origins kept per base: the newest ones (a proposal decided long ago needs no mark). */
export const MAX_ORIGINS = 2_000

function isOrigin(v: unknown): v is ProposalOrigin {
  const o = v as Partial<ProposalOrigin> | null
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.inbox === 'string' &&
    typeof o.at === 'string' &&
    (o.renamedFrom === undefined || typeof o.renamedFrom === 'string')
  )
}

function readOrigins(v: unknown): Record<string, ProposalOrigin> | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null
  const out: Record<string, ProposalOrigin> = {}
  for (const [id, o] of Object.entries(v)) if (isOrigin(o)) out[id] = o
  return Object.keys(out).length > 0 ? out : null
}

function isAlert(v: unknown): v is SyncAlert {
  const a = v as Partial<SyncAlert> | null
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof a.kind === 'string' &&
    typeof a.message === 'string' &&
    typeof a.params === 'object' &&
    a.params !== null
  )
}

/** The proposal with where it came from, when this hub integrated it from an inbox. */
export function withOrigin<P extends InventoryProposal>(p: P, origins: Record<string, ProposalOrigin>): P {
  const o = Object.hasOwn(origins, p.id) ? origins[p.id] : undefined
  if (!o) return p
  const hubId = o.inbox.startsWith(INBOX_PREFIX) ? o.inbox.slice(INBOX_PREFIX.length) : o.inbox
  return {
    ...p,
    origin: {
      inbox: o.inbox,
      hubId,
      collectedAt: o.at,
      ...(o.renamedFrom ? { renamedFrom: o.renamedFrom } : {})
    }
  }
}

/** The file's records; an unreadable file is said and read as empty (nothing here is the authority). */
function readRecords(file: string, log: HubLog | undefined): Map<string, SyncRecord> {
  const map = new Map<string, SyncRecord>()
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      for (const [root, r] of Object.entries(data as Record<string, unknown>)) {
        const rec = r as Partial<SyncRecord>
        const origins = readOrigins(rec.origins)
        if (rec && typeof rec.lastAttempt === 'string' && typeof rec.state === 'string')
          map.set(root, {
            lastSync: typeof rec.lastSync === 'string' ? rec.lastSync : null,
            lastAttempt: rec.lastAttempt,
            state: rec.state,
            message: typeof rec.message === 'string' ? rec.message : '',
            ...(typeof rec.mainProtected === 'string' ? { mainProtected: rec.mainProtected } : {}),
            ...(Array.isArray(rec.alerts) && rec.alerts.every(isAlert) && rec.alerts.length > 0
              ? { alerts: rec.alerts }
              : {}),
            ...(origins ? { origins } : {})
          })
      }
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      log?.warning(`état de synchronisation illisible (${file}) : ${describeError(e)} — repart de zéro`)
  }
  return map
}

/** The newest `MAX_ORIGINS` marks (insertion order: a mark recorded again moves to the end). */
function newest(origins: Record<string, ProposalOrigin>): Record<string, ProposalOrigin> {
  const ids = Object.keys(origins)
  for (const id of ids.slice(0, Math.max(0, ids.length - MAX_ORIGINS))) delete origins[id]
  return origins
}

export const SYNC_STATE_FILE = 'sync-state.json'

export class SyncStateStore {
  private records: Map<string, SyncRecord> | null = null
  /** The file as this store last merged it (inode, size, time), or null when it had none. */
  private seen: string | null | undefined = undefined
  private writing: Promise<void> = Promise.resolve()

  constructor(
    private readonly file: string | null,
    private readonly log?: HubLog,
    /** Tests only (issue 13): called after each durable step of a save. */
    private readonly onStep?: StepHook
  ) {}

  static inUserData(userDataDir: string, log?: HubLog): SyncStateStore {
    return new SyncStateStore(join(userDataDir, SYNC_STATE_FILE), log)
  }

  private load(): Map<string, SyncRecord> {
    if (this.records) return this.records
    this.records = this.file ? readRecords(this.file, this.log) : new Map<string, SyncRecord>()
    return this.records
  }

  /**
   * Another process of this installation (the CLI's `okf-hub sync` beside the app) may have
   * integrated proposals since this one read the file: their marks join this one's rather than be
   * lost to whichever process writes last. Marks only grow, so a union is right; the rest of the
   * records stay indications, the last writer's.
   */
  private mergeOriginsFromDisk(ifChanged = false): void {
    if (!this.file) return
    // Every save renames a new file into place: a new inode, so the signature moves with each one.
    const st = statSync(this.file, { throwIfNoEntry: false })
    const seen = st ? `${st.ino}:${st.size}:${st.mtimeMs}` : null
    if (ifChanged && seen === this.seen) return
    this.seen = seen
    const map = this.load()
    for (const [root, rec] of readRecords(this.file, this.log)) {
      if (!rec.origins) continue
      const mine = map.get(root)
      map.set(root, mine ? { ...mine, origins: newest({ ...rec.origins, ...mine.origins }) } : rec)
    }
  }

  get(root: string): SyncRecord | null {
    return this.load().get(root) ?? null
  }

  /** Records an attempt; `reached` when the remote answered (its time becomes the last sync). */
  record(
    root: string,
    state: SyncState,
    message: string,
    reached: boolean,
    at: Date,
    alerts: SyncAlert[] = []
  ): SyncRecord {
    const map = this.load()
    const prev = map.get(root)
    const rec: SyncRecord = {
      lastSync: reached ? at.toISOString() : (prev?.lastSync ?? null),
      lastAttempt: at.toISOString(),
      state,
      message,
      ...(prev?.mainProtected ? { mainProtected: prev.mainProtected } : {}),
      ...(alerts.length > 0 ? { alerts } : {}),
      ...(prev?.origins ? { origins: prev.origins } : {})
    }
    map.set(root, rec)
    this.persist()
    return rec
  }

  /** The remote refused the base's branch as protected: `auto` sync mode files on the inbox from now on. */
  learnMainProtected(root: string, at: Date): void {
    const map = this.load()
    const prev = map.get(root)
    map.set(root, {
      lastSync: prev?.lastSync ?? null,
      lastAttempt: prev?.lastAttempt ?? at.toISOString(),
      state: prev?.state ?? 'ahead',
      message: prev?.message ?? '',
      mainProtected: at.toISOString(),
      ...(prev?.origins ? { origins: prev.origins } : {})
    })
    this.persist()
  }

  /** Remembers where integrated proposals came from; the oldest marks go past `MAX_ORIGINS`. */
  recordOrigins(
    root: string,
    collected: { id: string; inbox: string; renamedFrom?: string }[],
    at: Date
  ): void {
    if (collected.length === 0) return
    const map = this.load()
    const prev = map.get(root)
    const origins: Record<string, ProposalOrigin> = { ...prev?.origins }
    for (const c of collected) {
      delete origins[c.id]
      origins[c.id] = {
        inbox: c.inbox,
        at: at.toISOString(),
        ...(c.renamedFrom ? { renamedFrom: c.renamedFrom } : {})
      }
    }
    map.set(root, {
      lastSync: prev?.lastSync ?? null,
      lastAttempt: prev?.lastAttempt ?? at.toISOString(),
      state: prev?.state ?? 'up-to-date',
      message: prev?.message ?? '',
      ...(prev?.mainProtected ? { mainProtected: prev.mainProtected } : {}),
      ...(prev?.alerts ? { alerts: prev.alerts } : {}),
      origins: newest(origins)
    })
    this.persist()
  }

  /** Where this hub's integrated proposals of the base came from, by id. */
  originsOf(root: string): Record<string, ProposalOrigin> {
    this.mergeOriginsFromDisk(true)
    return this.get(root)?.origins ?? {}
  }

  private persist(): void {
    const file = this.file
    if (!file) return
    this.mergeOriginsFromDisk()
    const snapshot = JSON.stringify(Object.fromEntries(this.load()), null, 2) + '\n'
    this.writing = this.writing
      .then(async () => {
        await mkdir(dirname(file), { recursive: true })
        // A process killed mid-save left its temp beside the file (no lock here: only old ones go).
        await removeStaleTemps(file, STALE_TEMP_MS)
        await writeFileAtomic(file, snapshot, this.onStep)
        await this.onStep?.('sync:state-written')
      })
      .catch((e: unknown) =>
        this.log?.warning(`état de synchronisation non enregistré (${file}) : ${describeError(e)}`)
      )
  }

  /** Resolves once the file holds every record made so far. */
  flush(): Promise<void> {
    return this.writing
  }
}
