import type { Base } from './base'
import { scanBasesDir, type ScanResult } from './discovery'
import { HubError } from '../errors'
import type { HubLog } from '../hublog'

export const SILENT_RESCAN_COOLDOWN_MS = 5000
export type RescanTrigger = 'kb_list' | 'UNKNOWN_BASE'

export interface RescanReport extends ScanResult {
  added: string[]
  removed: string[]
  unchanged: string[]
  changed: boolean
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * One process's view of the bases (no shared state between instances, SPEC
 * §4.4). Git and the file system stay canonical: the registry only remembers
 * which bundle directories were valid at the last scan.
 */
export class Registry {
  private bases = new Map<string, Base>()
  private lastRescanAt = new Map<RescanTrigger, number>()
  lastReport: RescanReport | null = null

  constructor(
    readonly basesDir: string,
    private readonly log: HubLog,
    private readonly clock: () => number = Date.now
  ) {}

  /** Full discovery; logs what it found and returns the diff with the previous scan. */
  rescan(): RescanReport {
    const scan = scanBasesDir(this.basesDir)
    if (!scan.basesDirFound) this.log.warning(`bases-dir introuvable : ${this.basesDir}`)
    const before = new Set(this.bases.keys())
    const next = new Map(scan.bases.map((b) => [b.name, b]))
    const added = [...next.keys()].filter((n) => !before.has(n)).sort(byCodePoint)
    const removed = [...before].filter((n) => !next.has(n)).sort(byCodePoint)
    const unchanged = [...next.keys()].filter((n) => before.has(n)).sort(byCodePoint)
    this.bases = next
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

  list(): Base[] {
    return [...this.bases.values()].sort((a, b) => byCodePoint(a.name, b.name))
  }

  names(): string[] {
    return this.list().map((b) => b.name)
  }

  has(name: string): boolean {
    return this.bases.has(name)
  }

  /** The base named `name` (manifest name), or UNKNOWN_BASE listing the valid ones. */
  get(name: string): Base {
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
      : `base '${name}' inconnue. Aucune base valide n'est enregistrée (vérifiez bases-dir et lancez kb_hub_rescan).`
  )
}
