import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { statMark } from '../engine/fingerprint'
import { discoveryFingerprint, type DiscoveredPaths } from '../engine/registry/freshness'
import { resolveConfigFile, userDataDir } from '../engine/user-data'
import { parseServeArgs } from './serve-args'

/**
 * The MCP server's start cache: the answers its last start gave to `initialize` (or 2026-07-28's
 * `server/discover`) and `tools/list`, with what they were computed from, so that the next start
 * can give them again before the MCP SDK, the engine or the YAML library are loaded
 * (quick-start.ts; issue 30 §2). Only these light modules may be imported here.
 *
 * What an answer depends on, and how each is checked without loading anything:
 * - this build (an id the bundler writes into the code at each build);
 * - the process's arguments, working folder and the environment variables that choose the user-data
 *   folder and the configuration (`OKF_*`, HOME…);
 * - the configuration file chosen (resolved as loadConfig does) and its stat: mtime, size, inode;
 * - the bases as discovery reads them: the registry's own stat fingerprint (freshness.ts), recorded
 *   over the very bases its scan found.
 * A stat recorded less than 2 s after the file's mtime is never kept (fingerprint.ts's racy rule):
 * a same-size rewrite within the file system's clock tick could hide behind it. Whatever this
 * misses, the SDK's own answers are compared once it has loaded, and the client is sent
 * `notifications/tools/list_changed` when the tools differ (stdio-server.ts).
 */

/** In the user-data folder; never in a base. */
export const START_CACHE_FILE = 'mcp-start.json'

/** Openings a cache answers for (one per protocol version an `initialize` asked, or discover's params). */
export const MAX_CACHED_VERSIONS = 8

/**
 * Starts remembered side by side, one per key (build, arguments, working folder, environment): two
 * hosts that start the server differently (Claude Desktop and an IDE, each from its own folder) each
 * keep their answers instead of overwriting the other's at every start. The most recent first.
 */
export const MAX_START_ENTRIES = 8

declare const __OKF_BUILD_ID__: string | undefined
/** Written by the bundler at each build (electron.vite.config.ts); `source` when run unbundled. */
export const BUILD_ID: string = typeof __OKF_BUILD_ID__ === 'string' ? __OKF_BUILD_ID__ : 'source'

/** A response as the SDK wrote it, its id to be replaced by the request's. */
export type AnswerMessage = Record<string, unknown> & { id: string | number | null }

export interface StartAnswers {
  /** The answer to the session's opening request: `initialize`, or 2026-07-28's `server/discover`. */
  opening: AnswerMessage
  toolsList: AnswerMessage
  /**
   * 2026-07-28: the first `tools/list`'s params as sent (JSON), its envelope included; a request
   * with other params is the SDK's. Absent for `initialize` sessions, whose lists take no params.
   */
  listParams?: string
}

/** The two requests that may open a session, each answered from the cache under its own key. */
export type OpeningMethod = 'initialize' | 'server/discover'

/**
 * The key a session's answers are kept under, from its opening request: the protocol version an
 * `initialize` asks for; for a 2026-07-28 `server/discover`, its whole params (the envelope names
 * the version, the client and its capabilities, which the answer may depend on). Null: a request
 * that cannot open a quick session.
 */
export function openingKey(method: unknown, params: Record<string, unknown>): string | null {
  if (method === 'initialize')
    return typeof params.protocolVersion === 'string' ? params.protocolVersion : null
  if (method === 'server/discover') return `server/discover ${JSON.stringify(params)}`
  return null
}

/**
 * What a session's first `tools/list` is recorded and matched by (StartAnswers.listParams): nothing
 * after an `initialize`, whose lists take no params; after a 2026-07-28 discover, its params as
 * sent, envelope included. The quick start answers a list only when this equals what was recorded.
 */
export function listParamsKey(opening: OpeningMethod, params: Record<string, unknown>): string | undefined {
  return opening === 'server/discover' ? JSON.stringify(params) : undefined
}

/** What a start reads before anything else; kept with the answers, compared at the next start. */
export interface StartInputs {
  userDataDir: string
  /** This build, the arguments, the working folder and the environment that matter, as one string. */
  key: string
  configFile: string | null
  /** `mtimeMs:size:ino` of configFile, `-` when none or unreadable. */
  configStat: string
  /** False when the configuration's mtime was too recent to be trusted (then nothing is recorded). */
  configSettled: boolean
}

/** One start's answers and what they were computed from. */
export interface StartCache {
  key: string
  configFile: string | null
  configStat: string
  basesDir: string
  fingerprint: string
  bases: DiscoveredPaths[]
  /** By opening key (`openingKey`): the protocol version an `initialize` asked, or a discover's params. */
  answers: Record<string, StartAnswers>
}

/** Environment variables that choose the user-data folder, the configuration or the bases. */
const KEY_ENV = /^(OKF_|HOME$|USERPROFILE$|APPDATA$|XDG_CONFIG_HOME$)/

/** What this start depends on besides the bases (read once, before the configuration is loaded). */
export function startInputs(argv: string[], env: NodeJS.ProcessEnv, cwd: string): StartInputs {
  const now = Date.now()
  const ud = userDataDir(env)
  const args = parseServeArgs(argv)
  const configFile = resolveConfigFile(typeof args === 'string' ? undefined : args.config, env, cwd, ud)
  const config = configFile === null ? { key: '-', settled: true } : statMark(configFile, now)
  const picked = Object.keys(env)
    .filter((k) => KEY_ENV.test(k))
    .sort()
    .map((k) => [k, env[k]])
  return {
    userDataDir: ud,
    key: JSON.stringify({ build: BUILD_ID, platform: process.platform, argv, cwd, env: picked }),
    configFile,
    configStat: config.key,
    configSettled: config.settled
  }
}

/** The file: `version` 2, whose entries are keyed (version 1 held one start and is read as empty). */
interface StartCacheFile {
  version: 2
  entries: StartCache[]
}

/** The well-formed entries of the file, the most recent first; none when it is missing, torn or old. */
function readEntries(ud: string): StartCache[] {
  let data: unknown
  try {
    data = JSON.parse(readFileSync(join(ud, START_CACHE_FILE), 'utf8'))
  } catch {
    return []
  }
  if (!isRecord(data) || data.version !== 2 || !Array.isArray(data.entries)) return []
  return data.entries.filter(isStartCache)
}

/** This start's entry when the file holds a well-formed one for its key; null otherwise (the long way). */
export function readStartCache(ud: string, key: string): StartCache | null {
  return readEntries(ud).find((e) => e.key === key) ?? null
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

const isAnswer = (v: unknown): v is AnswerMessage =>
  isRecord(v) && v.jsonrpc === '2.0' && 'id' in v && isRecord(v.result)

function isStartCache(v: unknown): v is StartCache {
  if (!isRecord(v)) return false
  if (typeof v.key !== 'string' || typeof v.configStat !== 'string' || typeof v.basesDir !== 'string')
    return false
  if (v.configFile !== null && typeof v.configFile !== 'string') return false
  if (typeof v.fingerprint !== 'string' || !Array.isArray(v.bases) || !isRecord(v.answers)) return false
  const paths = (b: unknown): boolean =>
    isRecord(b) &&
    typeof b.name === 'string' &&
    typeof b.governancePath === 'string' &&
    typeof b.corpusDir === 'string' &&
    (b.schemaPath === undefined || typeof b.schemaPath === 'string')
  if (!v.bases.every(paths)) return false
  return Object.values(v.answers).every(
    (a) =>
      isRecord(a) &&
      isAnswer(a.opening) &&
      isAnswer(a.toolsList) &&
      (a.listParams === undefined || typeof a.listParams === 'string')
  )
}

type Inputs = Pick<StartInputs, 'key' | 'configFile' | 'configStat'>

/** Same build, arguments, environment, and configuration file unchanged. */
function sameInputs(a: Inputs, b: Inputs): boolean {
  return a.key === b.key && a.configFile === b.configFile && a.configStat === b.configStat
}

/**
 * Whether the cache's answers are this start's: same build, arguments and environment, same
 * configuration file unchanged, and the bases' fingerprint the same as when it was recorded.
 */
export function cacheHolds(cache: StartCache, inputs: StartInputs): boolean {
  if (!sameInputs(cache, inputs)) return false
  const now = discoveryFingerprint(cache.basesDir, cache.bases)
  return now !== null && now === cache.fingerprint
}

/**
 * The cache after this start's answers under `opening` (openingKey): the others kept when
 * everything they depend on is the same, dropped otherwise.
 */
export function nextStartCache(
  previous: StartCache | null,
  inputs: StartInputs,
  discovery: { basesDir: string; fingerprint: string; bases: DiscoveredPaths[] },
  opening: string,
  answers: StartAnswers
): StartCache {
  const next: StartCache = {
    key: inputs.key,
    configFile: inputs.configFile,
    configStat: inputs.configStat,
    basesDir: discovery.basesDir,
    fingerprint: discovery.fingerprint,
    bases: discovery.bases,
    answers: {}
  }
  const same =
    previous !== null &&
    sameInputs(previous, next) &&
    previous.basesDir === next.basesDir &&
    previous.fingerprint === next.fingerprint
  const kept = same ? Object.entries(previous.answers).filter(([v]) => v !== opening) : []
  for (const [v, a] of kept.slice(-(MAX_CACHED_VERSIONS - 1))) next.answers[v] = a
  next.answers[opening] = answers
  return next
}

/**
 * Whether an entry's key names this build: another build's entries can never be answered again
 * (each build has its own id), so a write drops them rather than carry them into every start's read.
 */
function ofThisBuild(key: string): boolean {
  try {
    return (JSON.parse(key) as { build?: unknown }).build === BUILD_ID
  } catch {
    return false
  }
}

/**
 * Records `cache` as its key's entry, first, beside this build's other entries as the file holds them
 * now (read again here: another host's server may have written since this one started), at most
 * MAX_START_ENTRIES. Written whole then renamed into place, so a reader sees the old file or the new
 * one, never half of one. Two servers writing at once: the last rename wins and the other's entry
 * waits for its next start. Not fsynced: after a power cut the file may be missing or old, and a
 * start then goes the long way or is corrected by the SDK's answers.
 */
export function writeStartCache(ud: string, cache: StartCache): void {
  const target = join(ud, START_CACHE_FILE)
  const temp = `${target}.${process.pid}.tmp`
  const others = readEntries(ud).filter((e) => e.key !== cache.key && ofThisBuild(e.key))
  const file: StartCacheFile = { version: 2, entries: [cache, ...others].slice(0, MAX_START_ENTRIES) }
  try {
    mkdirSync(ud, { recursive: true })
    writeFileSync(temp, JSON.stringify(file))
    renameSync(temp, target)
  } catch (e) {
    rmSync(temp, { force: true })
    throw e
  }
}
