import { readFileSync } from 'node:fs'
import { yamlTooDeep } from '../yaml-depth'
import { parse } from 'yaml'
import type { Base } from '../registry/base'

/**
 * Freshness fields (DESIGN §8 "Resolve"): a field of schema.yaml whose type is `date` and whose name
 * starts with `last-` (`last-verified`, `last-reviewed`…) is set to today's UTC date on every
 * document a resolution edits or creates, unless the plan sets it.
 *
 * Shapes accepted (YAML 1.2 core schema), at the top level of schema.yaml or under a
 * `frontmatter:` key:
 *
 *   fields:      { last-verified: { type: date } }             mapping name → descriptor
 *   properties:  { last-verified: { type: string, format: date } }   JSON-Schema style
 *   fields:      [ { name: last-verified, type: date } ]        list of descriptors with `name`
 *   required: / optional: [ { name: last-verified, type: date } ]   the SPEC §3.5 layout of the bundles
 *
 * A descriptor is "of type date" when `type` is `date` (case-insensitive; also inside a list of
 * types) or `format` is `date`. Anything else in the file is ignored; an unreadable schema yields
 * no freshness field (the context command shows the schema as it is).
 */

type Dict = Record<string, unknown>

const isDict = (v: unknown): v is Dict => v !== null && typeof v === 'object' && !Array.isArray(v)

function isDateDescriptor(d: unknown): boolean {
  if (typeof d === 'string') return d.trim().toLowerCase() === 'date'
  if (!isDict(d)) return false
  const t = d.type
  const types = Array.isArray(t) ? t : [t]
  if (types.some((x) => typeof x === 'string' && x.trim().toLowerCase() === 'date')) return true
  return typeof d.format === 'string' && d.format.trim().toLowerCase() === 'date'
}

function collect(container: unknown, out: string[]): void {
  if (isDict(container)) {
    for (const [name, d] of Object.entries(container)) if (isDateDescriptor(d)) out.push(name)
  } else if (Array.isArray(container)) {
    for (const d of container)
      if (isDict(d) && typeof d.name === 'string' && isDateDescriptor(d)) out.push(d.name)
  }
}

/** Freshness field names declared by a schema text, in declaration order, without duplicates. */
export function freshnessFieldsOf(schemaText: string): string[] {
  let data: unknown
  if (yamlTooDeep(schemaText)) return []
  try {
    data = parse(schemaText, { schema: 'core' })
  } catch {
    return []
  }
  if (!isDict(data)) return []
  const found: string[] = []
  for (const scope of [data, data.frontmatter]) {
    if (!isDict(scope)) continue
    collect(scope.fields, found)
    collect(scope.properties, found)
    collect(scope.required, found)
    collect(scope.optional, found)
  }
  return [...new Set(found.filter((n) => n.startsWith('last-')))]
}

export function freshnessFields(base: Base): string[] {
  if (!base.schemaPath) return []
  try {
    return freshnessFieldsOf(readFileSync(base.schemaPath, 'utf8'))
  } catch {
    return []
  }
}

/** `YYYY-MM-DD`, UTC. */
export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10)
}
