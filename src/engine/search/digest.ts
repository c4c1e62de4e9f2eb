import { stringify } from 'yaml'

/**
 * The one-line frontmatter digest of a kb_search result: `title`, `tags` and dates — nothing else
 * of the frontmatter is exposed (seed 000). Rendered as a YAML flow mapping on one line, e.g.
 * `{title: Procédure de reconnexion SSO, tags: [sso], last-verified: 2026-01-15}`.
 */

export const DATE_KEY =
  /(date|^at$|_at$|-at$|verified|modified|stale|generated|updated|created|timestamp|window)/i
const DATE_VALUE = /^\d{4}-\d{2}-\d{2}/

function isDateValue(v: unknown): boolean {
  return (typeof v === 'string' && DATE_VALUE.test(v.trim())) || v instanceof Date
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
}

/** Strings on one line: the digest is a single line whatever the YAML said. */
function oneLine(v: unknown): unknown {
  if (typeof v === 'string') return v.replace(/\s+/gu, ' ').trim()
  if (Array.isArray(v)) return v.map(oneLine)
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, oneLine(x)]))
  return v
}

/**
 * A mapping reduced to its dates (and its `id`, which says what the date is about — OKF 0.2
 * `sources[].last_modified`); null when it holds no date.
 */
function datedPart(m: Record<string, unknown>): Record<string, unknown> | null {
  const out: Record<string, unknown> = {}
  let dated = false
  for (const [k, v] of Object.entries(m)) {
    const kept = keptDated(k, v)
    if (kept !== undefined) {
      out[k] = kept
      dated = true
    }
  }
  if (!dated) return null
  return 'id' in m && m.id !== null && typeof m.id !== 'object' ? { id: m.id, ...out } : out
}

/** What survives of an entry as a date, or undefined. */
function keptDated(key: string, v: unknown): unknown {
  if (v === null || v === undefined) return undefined
  if (Array.isArray(v)) {
    if (v.length === 0) return undefined
    if (v.every(isDateValue)) return v
    const parts = v.map((x) => (isPlainObject(x) ? datedPart(x) : null)).filter((x) => x !== null)
    if (parts.length > 0) return parts
    return DATE_KEY.test(key) && v.every((x) => !isPlainObject(x) && !Array.isArray(x)) ? v : undefined
  }
  if (isPlainObject(v)) return datedPart(v) ?? undefined
  if (DATE_KEY.test(key) || isDateValue(v)) return v
  return undefined
}

/** The digest object (title, tags, dates), or null when nothing is kept. */
export function digestEntries(data: Record<string, unknown> | null): Record<string, unknown> | null {
  if (data === null) return null
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(data)) {
    if (k === 'title' || k === 'tags') {
      if (v !== null && v !== undefined && v !== '') out[k] = v
      continue
    }
    const kept = keptDated(k, v)
    if (kept !== undefined) out[k] = kept
  }
  return Object.keys(out).length === 0 ? null : out
}

/** The digest as printed after `frontmatter : `, or null. */
export function frontmatterDigest(data: Record<string, unknown> | null): string | null {
  const kept = digestEntries(data)
  if (kept === null) return null
  return stringify(oneLine(kept), { collectionStyle: 'flow', lineWidth: 0, flowCollectionPadding: false })
    .replace(/\s*\n\s*/g, ' ')
    .trim()
}
