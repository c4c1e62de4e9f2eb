import { invalidInput } from '../engine/errors'
import { jsonType } from '../engine/jsontype'

export type ToolArgs = Record<string, unknown>

/** `paramètres reçus : a, b` — key names only, never values (they may be secrets or huge). */
export function receivedKeys(args: ToolArgs): string {
  const keys = Object.keys(args)
  return keys.length === 0 ? 'aucun paramètre reçu' : `paramètres reçus : ${keys.join(', ')}`
}

function missingCause(args: ToolArgs, key: string): string | null {
  if (!(key in args) || args[key] === undefined) return `paramètre '${key}' absent`
  const v = args[key]
  if (v === null) return `paramètre '${key}' reçu null`
  if (typeof v !== 'string') return `paramètre '${key}' reçu de type ${jsonType(v)}`
  if (v.trim() === '') return `paramètre '${key}' reçu vide`
  return null
}

/** A required non-blank string, returned trimmed; the error names the cause and the received keys. */
export function requireString(args: ToolArgs, key: string): string {
  const cause = missingCause(args, key)
  if (cause)
    throw invalidInput(`paramètre '${key}' requis (chaîne non vide) — ${cause} ; ${receivedKeys(args)}`)
  return (args[key] as string).trim()
}

/** An optional string: absent, null or blank → undefined. */
export function optionalString(args: ToolArgs, key: string): string | undefined {
  const v = args[key]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string')
    throw invalidInput(`paramètre '${key}' doit être une chaîne (reçu ${jsonType(v)})`)
  return v.trim() === '' ? undefined : v.trim()
}

export function optionalBoolean(args: ToolArgs, key: string, dflt: boolean): boolean {
  const v = args[key]
  if (v === undefined || v === null) return dflt
  if (typeof v !== 'boolean')
    throw invalidInput(`paramètre '${key}' doit être un booléen (reçu ${jsonType(v)})`)
  return v
}

export function optionalInteger(args: ToolArgs, key: string, min: number, max: number, dflt: number): number {
  const v = args[key]
  if (v === undefined || v === null) return dflt
  if (typeof v !== 'number' || !Number.isInteger(v))
    throw invalidInput(`paramètre '${key}' doit être un entier (reçu ${jsonType(v)})`)
  if (v < min || v > max) throw invalidInput(`paramètre '${key}' hors bornes [${min}, ${max}] : ${v}`)
  return v
}

/** The JSON Schema fragment listing one enum, for inputSchema. */
export function enumOf(values: readonly string[], description: string): Record<string, unknown> {
  return { type: 'string', enum: [...values], description }
}
