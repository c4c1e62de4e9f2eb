import { loadConfig, type HubConfig } from '../config'
import { openHubLog, type HubLog } from '../hublog'
import { installDefaultBases } from './default-bases'
import { preferSmallHeap } from '../memory'

export interface StartOptions {
  bases?: string
  config?: string
  /** Mirror the hub log on stderr. */
  verbose?: boolean
  /** Who starts: named in the first log line. */
  door: string
}

/**
 * What every long-running door does before serving (the MCP server, `okf-hub ui`, the desktop
 * app): a heap kept small (they live for hours), the configuration (ConfigError on a bad one),
 * the shared log, the default bases.
 */
export async function startEngine(opts: StartOptions): Promise<{ config: HubConfig; log: HubLog }> {
  preferSmallHeap()
  const config = loadConfig({ bases: opts.bases, config: opts.config })
  const log = openHubLog(config.logFile, opts.verbose ? (line) => process.stderr.write(line) : undefined)
  log.info(
    `démarrage (${opts.door}) — bases_dir=${config.basesDir} read_toc_threshold=${config.readTocThreshold} config=${config.configFile ?? '(aucune)'}`
  )
  if (config.defaultBases) await installDefaultBases(config.basesDir, log)
  return { config, log }
}
