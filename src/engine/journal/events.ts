/**
 * The usage journal's events (issue 29 §1): what agents asked and were shown, never what they were
 * given to read nor what they wrote. One JSON object per line in the user-data folder; `v` lets a
 * later reader tell today's shape from a future one.
 */

export const JOURNAL_VERSION = 1

/** The folder, under the user-data folder, that holds the journal's files. */
export const JOURNAL_DIR = 'journal'

/**
 * Bounds, documented in docs/RELIABILITY.md. A file is closed at 5 MB (or when the UTC day
 * changes), so that age drops whole files; 50 MB in all keeps a heavy year of searches on disk
 * without letting the folder grow unseen; 180 days covers two quarters of gap history.
 */
export const JOURNAL_MAX_FILE_BYTES = 5 * 1024 * 1024
export const JOURNAL_MAX_TOTAL_BYTES = 50 * 1024 * 1024
export const JOURNAL_MAX_AGE_DAYS = 180

/** Where a call came from: the MCP session (ours, random per session) and the client's declared name. */
export interface CallOrigin {
  session: string
  /** `clientInfo.name` from `initialize`; null when the client declared none. */
  client: string | null
}

export interface SearchShown {
  path: string
  /** The `§` labels of the excerpts shown for this document, in order. */
  sections: string[]
}

export interface SearchGroupEvent {
  base: string
  /** The OR fallback ran: no document of this base held every term. */
  orFallback: boolean
  shown: SearchShown[]
}

export interface SearchEvent {
  tool: 'kb_search'
  bases: string[]
  query: string
  mode: 'keyword' | 'regex'
  /** Results the agent was shown, all bases together. */
  results: number
  orFallback: boolean
  groups: SearchGroupEvent[]
}

export interface ReadEvent {
  tool: 'kb_read'
  base: string
  path: string
  /**
   * The section read, as kb_search prints its `§` label (the request resolved: `référence`,
   * `RÉFÉRENCE` and `Référence {#ref}` read one section and count as one); null: the whole
   * document (or its table of headings). Lines written before 2026-12-07 hold the label as typed.
   */
  section: string | null
  /** What the agent got: the document, the section, or the table of headings instead. */
  shown: 'full' | 'section' | 'toc'
}

export interface ProposeEvent {
  tool: 'kb_propose'
  base: string
  /** The proposal's id alone: its body stays in the base. */
  id: string
}

export type JournalEventBody = SearchEvent | ReadEvent | ProposeEvent

export type JournalEvent = JournalEventBody &
  CallOrigin & {
    v: typeof JOURNAL_VERSION
    /** ISO 8601, UTC. */
    t: string
  }

/** The bases an event concerns (a search may span several). */
export function eventBases(e: JournalEventBody): string[] {
  return e.tool === 'kb_search' ? e.bases : [e.base]
}

const isString = (v: unknown): v is string => typeof v === 'string'
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString)

/**
 * A parsed line checked for the shape a reader relies on: a line written by another version, or
 * edited by hand, is skipped rather than handed on half-formed.
 */
export function isJournalEvent(v: unknown): v is JournalEvent {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
  const e = v as Record<string, unknown>
  if (e.v !== JOURNAL_VERSION || !isString(e.t) || Number.isNaN(Date.parse(e.t))) return false
  if (!isString(e.session) || !(e.client === null || isString(e.client))) return false
  switch (e.tool) {
    case 'kb_search':
      return (
        isStringList(e.bases) &&
        isString(e.query) &&
        (e.mode === 'keyword' || e.mode === 'regex') &&
        typeof e.results === 'number' &&
        typeof e.orFallback === 'boolean' &&
        Array.isArray(e.groups) &&
        e.groups.every((g: unknown) => {
          if (typeof g !== 'object' || g === null) return false
          const r = g as Record<string, unknown>
          return (
            isString(r.base) &&
            typeof r.orFallback === 'boolean' &&
            Array.isArray(r.shown) &&
            r.shown.every(
              (s: unknown) =>
                typeof s === 'object' &&
                s !== null &&
                isString((s as Record<string, unknown>).path) &&
                isStringList((s as Record<string, unknown>).sections)
            )
          )
        })
      )
    case 'kb_read':
      return (
        isString(e.base) &&
        isString(e.path) &&
        (e.section === null || isString(e.section)) &&
        (e.shown === 'full' || e.shown === 'section' || e.shown === 'toc')
      )
    case 'kb_propose':
      return isString(e.base) && isString(e.id)
    default:
      return false
  }
}
