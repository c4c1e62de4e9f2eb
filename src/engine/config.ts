import { existsSync, readFileSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, isAbsolute, join, resolve } from 'node:path'
import { parse } from 'yaml'
import { PRODUCT_NAME, resolveConfigFile, userDataDir } from './user-data'

export { PRODUCT_NAME, userDataDir }
export const DEFAULT_READ_TOC_THRESHOLD = 8192

export interface HubConfig {
  basesDir: string
  readTocThreshold: number
  /** null: file log disabled. */
  logFile: string | null
  /** Install the default bases into the bases dir when missing. */
  defaultBases: boolean
  /** The config file actually read, if any. */
  configFile: string | null
  userDataDir: string
  /** Per-base settings (`bases:` in hub-config.yaml), by base name; absent: every default. */
  baseSettings?: Record<string, BaseSettings>
  /** `journal: false` turns the usage journal off for every door (absent: on). */
  journal?: boolean
}

/** What `bases: { <name>: { … } }` of hub-config.yaml may set for one base. */
export interface BaseSettings {
  /** Push every local commit (proposal, resolution) to the base's remote right after it is made. */
  autoPush: boolean
  /** Fetch and fast-forward when a server starts (bases with a remote only). */
  syncAtStart: boolean
  /**
   * `sync-mode` (issue 27): `main`, `inbox` or `manager` (`SyncMode`); absent: `auto` — push the
   * base's branch, and move to the inbox when the remote refuses it as protected.
   */
  syncMode?: 'auto' | 'main' | 'inbox' | 'manager'
}

export const SYNC_MODES = ['auto', 'main', 'inbox', 'manager'] as const

export const DEFAULT_BASE_SETTINGS: Readonly<BaseSettings> = Object.freeze({
  autoPush: false,
  syncAtStart: true
})

/** The settings of base `name` (defaults for a base the configuration does not name). */
export function settingsOf(config: HubConfig, name: string): BaseSettings {
  const own =
    config.baseSettings && Object.hasOwn(config.baseSettings, name) ? config.baseSettings[name] : undefined
  return own ?? { ...DEFAULT_BASE_SETTINGS }
}

const BASE_KEYS: Record<string, 'autoPush' | 'syncAtStart'> = {
  'auto-push': 'autoPush',
  'sync-at-start': 'syncAtStart'
}

function baseSettingsValue(file: string, value: unknown): Record<string, BaseSettings> {
  if (value === null || value === undefined) return {}
  if (typeof value !== 'object' || Array.isArray(value))
    throw new ConfigError(`${file} : bases doit être une correspondance « nom de base → réglages »`)
  const out: Record<string, BaseSettings> = {}
  for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
    const where = `bases.${name}`
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      throw new ConfigError(
        `${file} : ${where} doit être une correspondance (par exemple « auto-push: true »)`
      )
    const settings: BaseSettings = { ...DEFAULT_BASE_SETTINGS }
    for (const [key, v] of Object.entries(raw as Record<string, unknown>)) {
      if (key === 'sync-mode') {
        const mode = SYNC_MODES.find((m) => m === v)
        if (!mode) throw new ConfigError(`${file} : ${where}.sync-mode doit valoir ${SYNC_MODES.join(', ')}`)
        if (mode !== 'auto') settings.syncMode = mode
        continue
      }
      const field = Object.hasOwn(BASE_KEYS, key) ? BASE_KEYS[key] : undefined
      if (!field)
        throw new ConfigError(
          `${file} : ${where}.${key} : réglage inconnu (connus : ${[...Object.keys(BASE_KEYS), 'sync-mode'].join(', ')})`
        )
      if (typeof v !== 'boolean')
        throw new ConfigError(`${file} : ${where}.${key} doit être un booléen (true ou false)`)
      settings[field] = v
    }
    out[name] = settings
  }
  return out
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

export interface ConfigSources {
  bases?: string
  config?: string
  env?: NodeJS.ProcessEnv
  platform?: NodeJS.Platform
  cwd?: string
}

function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? join(homedir(), p.slice(1)) : p
}

function pathValue(file: string, key: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new ConfigError(`${file} : ${key} doit être un chemin (chaîne non vide)`)
  const p = expandHome(value.trim())
  return isAbsolute(p) ? p : resolve(dirname(file), p)
}

/**
 * Precedence (DESIGN §8): --config, else OKF_HUB_CONFIG, else
 * <user data>/hub-config.yaml when present — never the working directory,
 * since hosts spawn servers with cwd `/`. Bases dir: --bases, else
 * OKF_HUB_BASES, else the file's `bases-dir`, else <user data>/bases. A named bases dir that does
 * not exist is a ConfigError (checkNamedBasesDir).
 */
export function loadConfig(src: ConfigSources = {}): HubConfig {
  const env = src.env ?? process.env
  const cwd = src.cwd ?? process.cwd()
  const ud = userDataDir(env, src.platform)
  const configFile = resolveConfigFile(src.config, env, cwd, ud)

  const cfg: HubConfig = {
    basesDir: join(ud, 'bases'),
    readTocThreshold: DEFAULT_READ_TOC_THRESHOLD,
    logFile: join(ud, 'logs', 'hub.log'),
    defaultBases: true,
    configFile,
    userDataDir: ud
  }

  if (configFile) {
    let text: string
    try {
      text = readFileSync(configFile, 'utf8')
    } catch (e) {
      throw new ConfigError(`${configFile} : fichier de configuration illisible (${(e as Error).message})`)
    }
    let data: unknown
    try {
      data = parse(text, { schema: 'core' })
    } catch (e) {
      throw new ConfigError(`${configFile} : YAML invalide (${(e as Error).message.split('\n')[0]})`)
    }
    if (data !== null && data !== undefined) {
      if (typeof data !== 'object' || Array.isArray(data))
        throw new ConfigError(`${configFile} : la racine doit être une correspondance YAML`)
      const m = data as Record<string, unknown>
      if ('bases-dir' in m) cfg.basesDir = pathValue(configFile, 'bases-dir', m['bases-dir'])
      if ('read-toc-threshold' in m) {
        const v = m['read-toc-threshold']
        if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0)
          throw new ConfigError(`${configFile} : read-toc-threshold doit être un entier positif`)
        cfg.readTocThreshold = v
      }
      if ('log-file' in m) {
        const v = m['log-file']
        cfg.logFile = v === null || v === false || v === '' ? null : pathValue(configFile, 'log-file', v)
      }
      if ('default-bases' in m) {
        const v = m['default-bases']
        if (typeof v !== 'boolean')
          throw new ConfigError(`${configFile} : default-bases doit être un booléen`)
        cfg.defaultBases = v
      }
      if ('journal' in m) {
        const v = m['journal']
        if (typeof v !== 'boolean') throw new ConfigError(`${configFile} : journal doit être un booléen`)
        cfg.journal = v
      }
      if ('bases' in m) cfg.baseSettings = baseSettingsValue(configFile, m['bases'])
    }
  }
  let named: { by: string; as: string } | null = null
  if (cfg.basesDir !== join(ud, 'bases') && configFile) named = { by: `${configFile} (bases-dir)`, as: '' }
  if (env.OKF_HUB_BASES) {
    cfg.basesDir = resolve(cwd, expandHome(env.OKF_HUB_BASES))
    named = { by: 'OKF_HUB_BASES', as: env.OKF_HUB_BASES }
  }
  if (src.bases) {
    cfg.basesDir = resolve(cwd, expandHome(src.bases))
    named = { by: '--bases', as: src.bases }
  }
  if (named && resolve(cfg.basesDir) !== resolve(ud, 'bases'))
    checkNamedBasesDir(cfg.basesDir, named, cwd, ud)
  return cfg
}

/**
 * Only the default bases folder (user data) is created on first use. A folder named by --bases,
 * OKF_HUB_BASES or bases-dir must exist: created silently, a typo gave an empty hub that looked
 * healthy (and `register` wrote that path into every host). A relative path is resolved against
 * the current directory, and the message shows it absolute.
 */
function checkNamedBasesDir(dir: string, named: { by: string; as: string }, cwd: string, ud: string): void {
  let isDir: boolean
  try {
    isDir = statSync(dir).isDirectory()
  } catch {
    isDir = false
    if (!existsSync(dir)) {
      const relative = named.as !== '' && !isAbsolute(expandHome(named.as))
      throw new ConfigError(
        `dossier des bases introuvable : ${dir} (désigné par ${named.by}${relative ? `, chemin relatif « ${named.as} » résolu depuis ${cwd}` : ''}) — créez-le d'abord (mkdir -p "${dir}") ou corrigez le chemin ; seul le dossier par défaut (${join(ud, 'bases')}) est créé automatiquement`
      )
    }
  }
  if (!isDir)
    throw new ConfigError(
      `${dir} (désigné par ${named.by}) n'est pas un dossier : indiquez le dossier qui contient les bases`
    )
}
