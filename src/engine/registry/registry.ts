import type { Base } from './base'
import { scanBasesDir, type ScanResult } from './discovery'
import { HubError } from '../errors'
import type { HubLog } from '../hublog'
import { discoveryFingerprint, type DiscoveredPaths } from './freshness'

export const SILENT_RESCAN_COOLDOWN_MS = 5000
export type RescanTrigger = 'kb_list' | 'UNKNOWN_BASE'

export interface RescanReport extends ScanResult {
  added: string[]
  removed: string[]
  unchanged: string[]
  changed: boolean
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** What the tool descriptions and the resource list show of the bases: names, titles, descriptions. */
function listingOf(bases: Map<string, Base>): string {
  return JSON.stringify(
    [...bases.values()].map((b) => [b.name, b.title, b.description]).sort((a, b) => byCodePoint(a[0], b[0]))
  )
}

/**
 * One process's view of the bases (no shared state between instances, SPEC
 * §4.4). Git and the file system stay canonical: the registry only remembers
 * which bundle directories were valid at the last scan.
 *
 * Two kinds of scan. `rescan()` is discovery as the contract reports it (start, kb_list,
 * UNKNOWN_BASE, kb_hub_rescan): its added/removed/unchanged are measured against the previous
 * `rescan()`. `refresh()` is live discovery for long-lived doors: at each request it compares the
 * stat fingerprint of what discovery reads and re-scans only when it moved. It updates the served
 * set but not the report's baseline, so kb_hub_rescan's text says what it always said.
 */
export class Registry {
  private bases = new Map<string, Base>()
  /** Names at the last `rescan()`: what kb_hub_rescan's diff is measured against. */
  private baseline = new Set<string>()
  private lastRescanAt = new Map<RescanTrigger, number>()
  /** Fingerprint taken before the last scan of either kind; null: never trusted (racy or none). */
  private fingerprint: string | null = null
  /** The bases that fingerprint was taken over (those of the scan before it). */
  private fingerprintOver: readonly DiscoveredPaths[] = []
  private listing = '[]'
  /** Bumped whenever the served names, titles or descriptions change, by any scan. */
  listingVersion = 0
  lastReport: RescanReport | null = null

  constructor(
    readonly basesDir: string,
    private readonly log: HubLog,
    private readonly clock: () => number = Date.now
  ) {}

  /** Full discovery; logs what it found and returns the diff with the previous scan. */
  rescan(): RescanReport {
    const over = this.list()
    const fingerprint = discoveryFingerprint(this.basesDir, over)
    const scan = scanBasesDir(this.basesDir)
    if (!scan.basesDirFound) this.log.warning(`bases-dir introuvable : ${this.basesDir}`)
    const before = this.baseline
    const next = new Map(scan.bases.map((b) => [b.name, b]))
    const added = [...next.keys()].filter((n) => !before.has(n)).sort(byCodePoint)
    const removed = [...before].filter((n) => !next.has(n)).sort(byCodePoint)
    const unchanged = [...next.keys()].filter((n) => before.has(n)).sort(byCodePoint)
    this.install(next, fingerprint, over)
    this.baseline = new Set(next.keys())
    for (const i of scan.invalid) this.log.warning(`bundle invalide ignoré : ${i.dir} — ${i.reason}`)
    for (const c of scan.collisions)
      this.log.warning(`collision de name '${c.name}' : '${c.kept}' retenu, '${c.ignored}' ignoré`)
    for (const w of scan.warnings) this.log.warning(`[${w.name}] ${w.warning}`)
    this.log.info(
      `découverte : ${next.size} base(s) — +${added.length} -${removed.length} =${unchanged.length}, ${scan.invalid.length} invalide(s)`
    )
    const report: RescanReport = {
      ...scan,
      added,
      removed,
      unchanged,
      changed: added.length > 0 || removed.length > 0
    }
    this.lastReport = report
    return report
  }

  private install(
    next: Map<string, Base>,
    fingerprint: string | null,
    over: readonly DiscoveredPaths[]
  ): void {
    this.bases = next
    this.fingerprint = fingerprint
    this.fingerprintOver = over
    const listing = listingOf(next)
    if (listing !== this.listing) {
      this.listing = listing
      this.listingVersion++
    }
  }

  /**
   * Live discovery: re-scans when the stat fingerprint of the bases dir, a manifest, or a base's
   * rules moved since the last scan (fingerprint taken before the scan, never latched while racy).
   * Returns true when a scan ran. Quiet in the log unless the served set changed.
   */
  refresh(): boolean {
    const over = this.list()
    const fingerprint = discoveryFingerprint(this.basesDir, over)
    if (fingerprint !== null && fingerprint === this.fingerprint) return false
    const scan = scanBasesDir(this.basesDir)
    const before = this.listingVersion
    const names = [...this.bases.keys()].sort(byCodePoint).join(', ')
    this.install(new Map(scan.bases.map((b) => [b.name, b])), fingerprint, over)
    if (this.listingVersion !== before) {
      const now = this.names().join(', ')
      this.log.info(
        `découverte en direct : ${this.bases.size} base(s) — ${names === now ? 'titres ou descriptions modifiés' : `${names || '—'} → ${now || '—'}`}`
      )
    }
    return true
  }

  /**
   * The implicit rescans of the contract, each under its own 5 s cooldown so
   * a kb_list never deprives the next UNKNOWN_BASE of its compensating scan.
   * Returns the report when a scan ran, null when in cooldown.
   */
  silentRescan(trigger: RescanTrigger): RescanReport | null {
    const now = this.clock()
    const last = this.lastRescanAt.get(trigger)
    if (last !== undefined && now - last < SILENT_RESCAN_COOLDOWN_MS) {
      this.log.info(`re-scan silencieux ignoré (cooldown) — ${trigger}`)
      return null
    }
    this.lastRescanAt.set(trigger, now)
    this.log.info(`re-scan silencieux déclenché par ${trigger}`)
    return this.rescan()
  }

  /**
   * The served listing's discovery state, for a later process to check without scanning (the MCP
   * server's quick start): the fingerprint taken before the last scan, when it was trusted and was
   * taken over the very bases that scan found — else null (the start-up scan's fingerprint knew no
   * bases yet; a scan that found a change was taken over the old ones).
   */
  discoveryState(): { fingerprint: string; bases: DiscoveredPaths[] } | null {
    if (this.fingerprint === null) return null
    const bases = this.list().map(pathsOf)
    const same = (a: readonly DiscoveredPaths[]): boolean =>
      a.length === bases.length && a.every((b, i) => JSON.stringify(pathsOf(b)) === JSON.stringify(bases[i]))
    return same(this.fingerprintOver) ? { fingerprint: this.fingerprint, bases } : null
  }

  list(): Base[] {
    return [...this.bases.values()].sort((a, b) => byCodePoint(a.name, b.name))
  }

  names(): string[] {
    return this.list().map((b) => b.name)
  }

  has(name: string): boolean {
    return this.bases.has(name)
  }

  /**
   * The base named `name` (manifest name), or UNKNOWN_BASE listing the valid ones. A base live
   * discovery serves but the last `rescan()` did not know is the case where a tool used to fail
   * with UNKNOWN_BASE and trigger its compensating rescan: that rescan still runs (same trigger,
   * same cooldown), so kb_hub_rescan's report afterwards reads as it did before live discovery.
   */
  get(name: string): Base {
    if (this.bases.has(name) && !this.baseline.has(name)) this.silentRescan('UNKNOWN_BASE')
    const b = this.bases.get(name)
    if (b) return b
    throw unknownBase(name, this.names())
  }
}

export function unknownBase(name: string, known: string[]): HubError {
  return new HubError(
    'UNKNOWN_BASE',
    known.length > 0
      ? `base '${name}' inconnue. Bases disponibles : ${known.join(', ')}`
      : `base '${name}' inconnue. Aucune base valide n'est enregistrée (vérifiez bases-dir et lancez kb_hub_rescan).`,
    { kind: 'unknown-base', params: { name, known } }
  )
}

/** Only what the fingerprint reads, in a fixed key order (compared as JSON). */
function pathsOf(b: DiscoveredPaths): DiscoveredPaths {
  return {
    name: b.name,
    governancePath: b.governancePath,
    ...(b.schemaPath ? { schemaPath: b.schemaPath } : {}),
    corpusDir: b.corpusDir
  }
}
