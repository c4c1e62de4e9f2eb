import { join } from 'node:path'
import { loadConfig, type HubConfig } from '../config'
import { openHubLog, type HubLog } from '../hublog'
import { installDefaultBases } from './default-bases'
import { preferSmallHeap, type HeapPolicy } from '../memory'
import { removeStaleTemps, STALE_TEMP_MS } from '../git/atomic-write'
import { SETTINGS_FILE } from '../hub/settings'
import { SYNC_STATE_FILE } from '../sync/state'
import { installStrayErrorPolicyOnce } from './stray-errors'

export interface StartOptions {
  bases?: string
  config?: string
  /** Mirror the hub log on stderr. */
  verbose?: boolean
  /** Who starts: named in the first log line. */
  door: string
  /** How the heap is kept small (memory.ts); the memory-saving mode when not said. */
  heap?: HeapPolicy
}

/**
 * What every long-running door does before serving (the MCP server, `okf-hub ui`, the desktop
 * app): a heap kept small (they live for hours), the configuration (ConfigError on a bad one),
 * the shared log, the stray-error policy (`stray-errors.ts`), the default bases.
 */
export async function startEngine(opts: StartOptions): Promise<{ config: HubConfig; log: HubLog }> {
  preferSmallHeap(opts.heap)
  const config = loadConfig({ bases: opts.bases, config: opts.config })
  const log = openHubLog(config.logFile, opts.verbose ? (line) => process.stderr.write(line) : undefined)
  // From here on an error no code caught is logged with its door, never a silent crash.
  installStrayErrorPolicyOnce(log, opts.door)
  log.info(
    `démarrage (${opts.door}) — bases_dir=${config.basesDir} read_toc_threshold=${config.readTocThreshold} config=${config.configFile ?? '(aucune)'}`
  )
  await sweepUserDataTemps(config.userDataDir, log)
  if (config.defaultBases) await installDefaultBases(config.basesDir, log)
  return { config, log }
}

/**
 * The temp files a process killed while saving the UI settings or the sync state left in the
 * user-data folder (`.okf-tmp-<hex>-ui-settings.json`…): those files are written without a lock
 * (the last writer wins), so only temps older than `STALE_TEMP_MS` are taken for a dead writer's.
 */
export async function sweepUserDataTemps(
  userDataDir: string,
  log: HubLog,
  olderThanMs = STALE_TEMP_MS
): Promise<string[]> {
  const removed: string[] = []
  for (const file of [SETTINGS_FILE, SYNC_STATE_FILE])
    removed.push(...(await removeStaleTemps(join(userDataDir, file), olderThanMs)))
  for (const n of removed) log.info(`écriture interrompue nettoyée dans ${userDataDir} : ${n}`)
  return removed
}
