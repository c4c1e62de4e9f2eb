import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../git/atomic-write'
import type { GapClosure } from '../../shared/insights'

/**
 * What the manager and the closure checks decided about a base's topics, kept in the user-data
 * folder (`insights/<base>.json`), never in the base: dismissals ("not for this base") and the
 * commit that closed a topic. A record names its topic by id and by the query keys it held, so
 * that a topic whose id changed (its first query aged out of the journal, or two topics merged)
 * still finds its decisions.
 */

export const INSIGHTS_DIR = 'insights'

export interface TopicRecord {
  keys: string[]
  closedBy?: GapClosure
  dismissedAt?: string
}

export interface InsightsState {
  v: 1
  topics: Record<string, TopicRecord>
}

const empty = (): InsightsState => ({ v: 1, topics: {} })

function isRecord(v: unknown): v is TopicRecord {
  if (typeof v !== 'object' || v === null) return false
  const r = v as Record<string, unknown>
  return Array.isArray(r.keys) && r.keys.every((k) => typeof k === 'string')
}

/** Base names are manifest names (`[a-z0-9-]+`): safe file names as they are. */
export function stateFile(userDataDir: string, base: string): string {
  return join(userDataDir, INSIGHTS_DIR, `${base}.json`)
}

/** The saved state; a missing or unreadable file is an empty state (decisions are re-derivable but dismissals). */
export function readState(file: string): InsightsState {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as unknown
    if (typeof v !== 'object' || v === null) return empty()
    const topics = (v as Record<string, unknown>).topics
    if (typeof topics !== 'object' || topics === null) return empty()
    const out = empty()
    for (const [id, r] of Object.entries(topics)) if (isRecord(r)) out.topics[id] = r
    return out
  } catch {
    return empty()
  }
}

export async function writeState(file: string, state: InsightsState): Promise<void> {
  mkdirSync(join(file, '..'), { recursive: true })
  await writeFileAtomic(file, JSON.stringify(state, null, 1) + '\n')
}

/** The record of a topic: by id, else the first whose keys meet the topic's. */
export function findRecord(
  state: InsightsState,
  id: string,
  keys: readonly string[]
): [string, TopicRecord] | null {
  const own = state.topics[id]
  if (own) return [id, own]
  const wanted = new Set(keys)
  for (const [rid, r] of Object.entries(state.topics)) if (r.keys.some((k) => wanted.has(k))) return [rid, r]
  return null
}

/** The bases that have a state file (its name is the base's). */
export function basesWithState(userDataDir: string): string[] {
  try {
    return readdirSync(join(userDataDir, INSIGHTS_DIR))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw e
  }
}

/**
 * After the journal's purge: the closures go — they were derived from the agents' queries the purge
 * deleted, and a topic that comes back is a new occurrence —, the manager's dismissals stay (with
 * the query keys that let them hold).
 */
export async function forgetClosures(file: string): Promise<void> {
  const state = readState(file)
  for (const [id, r] of Object.entries(state.topics)) {
    if (!r.dismissedAt) delete state.topics[id]
    else delete r.closedBy
  }
  await writeState(file, state)
}
