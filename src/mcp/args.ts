import { invalidInput } from '../engine/errors'
import { jsonType } from '../engine/jsontype'

/**
 * The one argument rule of the seven tools. The SDK does not validate arguments
 * against inputSchema (seed 000), so every tool declares its parameters here and
 * both its inputSchema and the parsing of its arguments come from that single
 * declaration: a parameter cannot be listed without being checked, nor checked
 * differently from what tools/list announces. `defineTool` (tool.ts) parses
 * before `run`, so no tool ever sees raw arguments.
 *
 * What is refused, for every parameter of every tool, with the contract's
 * INVALID_INPUT (cause + received keys, never a value):
 * - a required parameter absent;
 * - null — required or optional. The contract lists null among the causes of a
 *   missing parameter and types no parameter as nullable; it never says that null
 *   stands for the default. An agent that sends `section: null` meant something,
 *   and reading the whole document instead would hide it, exactly as ignoring a
 *   wrong type did. So null is refused everywhere, and the message says the
 *   parameter is optional (« facultatif »): omitting it is the fix;
 * - a blank string ("" or only spaces): every string parameter is a « chaîne non
 *   vide » (seed 000's own wording), optional ones too — blank was « absent » before,
 *   which is the same silent substitution as for null;
 * - a wrong JSON type: never ignored, never coerced ("3" is not 3);
 * - a non-integer, or an integer out of [minimum, maximum];
 * - a string outside its enum;
 * - a string longer than its maxLength, a list with too few or too many entries,
 *   any list element of the wrong type, blank or too long (`sources[2]`);
 * - a parameter the tool does not declare (the schema's additionalProperties: false),
 *   after the declared ones are read: the message names it and the accepted ones.
 *
 * Never the value, not even an out-of-bounds number or an unknown enum value: the
 * contract says « jamais les valeurs », and a value sent by mistake may be a secret
 * or a whole document. Lengths and counts are not values and help the fix.
 *
 * Rules the schema cannot express (a newline in a commit trailer field, the 16 KiB
 * UTF-8 bound of `content`) stay where they are enforced for every caller
 * (engine/proposals/rules.ts); a rule across parameters is a `CrossCheck`.
 */

export type ToolArgs = Record<string, unknown>

/** `paramètres reçus : a, b` — key names only, never values (they may be secrets or huge). */
export function receivedKeys(args: ToolArgs): string {
  const keys = Object.keys(args)
  return keys.length === 0 ? 'aucun paramètre reçu' : `paramètres reçus : ${keys.join(', ')}`
}

/**
 * Why a present value is refused. `missing` marks the contract's causes of a
 * missing parameter (null, vide, mauvais type): the message then says « requis »
 * for a required parameter; any other fault says « invalide ». `at` names the
 * faulty element of a list (`sources[2]`).
 */
interface Refusal {
  cause: string
  missing: boolean
  at?: string
}

type Read<T> = { ok: true; value: T } | { ok: false; refusal: Refusal }

const ok = <T>(value: T): Read<T> => ({ ok: true, value })
const refuse = (cause: string, missing = false): Read<never> => ({ ok: false, refusal: { cause, missing } })

/** One declared parameter: its JSON Schema fragment and how a present value is read. */
export interface Param<T> {
  readonly schema: Readonly<Record<string, unknown>>
  readonly required: boolean
  /** What is expected, in the message's parenthesis: « chaîne non vide ». */
  readonly expected: string
  /** The value of an absent optional parameter (its default, or undefined). */
  readonly absent: T
  /** A present value (not undefined): the typed value, or why it is refused. */
  read(v: unknown): Read<T>
}

/**
 * The schema fragment in one fixed key order, so that tools/list prints the very
 * JSON it printed when the schemas were written by hand.
 */
function fragment(parts: {
  type?: string
  anyOf?: unknown[]
  items?: Record<string, unknown>
  enum?: readonly string[]
  minimum?: number
  maximum?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  default?: unknown
  description?: string
}): Record<string, unknown> {
  const order = [
    'type',
    'anyOf',
    'items',
    'enum',
    'minimum',
    'maximum',
    'maxLength',
    'minItems',
    'maxItems',
    'default',
    'description'
  ] as const
  const out: Record<string, unknown> = {}
  for (const k of order) {
    const v = parts[k]
    if (v !== undefined) out[k] = Array.isArray(v) && k === 'enum' ? [...v] : v
  }
  return out
}

/** Unicode code points, as JSON Schema's maxLength counts (and rules.ts does). */
const chars = (s: string): number => [...s].length

/** A value that is not of the expected JSON type: null is its own cause. */
function wrongType(v: unknown): Read<never> {
  return v === null ? refuse('reçu null', true) : refuse(`reçu de type ${jsonType(v)}`, true)
}

/** The checks shared by a string parameter and a list element. */
function readText(v: unknown, opts: { maxLength?: number; trim: boolean }): Read<string> {
  if (typeof v !== 'string') return wrongType(v)
  const t = v.trim()
  if (t === '') return refuse('reçu vide', true)
  const value = opts.trim ? t : v
  if (opts.maxLength !== undefined && chars(value) > opts.maxLength)
    return refuse(`reçu trop long (${chars(value)} caractères)`)
  return ok(value)
}

const longest = (max: number | undefined, each = ''): string =>
  max === undefined ? '' : `, ≤ ${max} caractères${each}`

export interface StringOptions {
  description?: string
  maxLength?: number
  /**
   * Returned trimmed (default). `content` keeps its bytes and `section` its
   * spelling: the engine compares labels after its own normalisation.
   */
  trim?: boolean
}

/** A required non-blank string. */
export function text(o: StringOptions = {}): Param<string> {
  return {
    schema: fragment({ type: 'string', maxLength: o.maxLength, description: o.description }),
    required: true,
    expected: `chaîne non vide${longest(o.maxLength)}`,
    absent: '',
    read: (v) => readText(v, { maxLength: o.maxLength, trim: o.trim ?? true })
  }
}

export function flag(o: { default: boolean; description?: string }): Param<boolean> {
  return {
    schema: fragment({ type: 'boolean', default: o.default, description: o.description }),
    required: false,
    expected: 'booléen',
    absent: o.default,
    read: (v) => (typeof v === 'boolean' ? ok(v) : wrongType(v))
  }
}

export function integer(o: {
  minimum: number
  maximum: number
  default: number
  description?: string
}): Param<number> {
  return {
    schema: fragment({
      type: 'integer',
      minimum: o.minimum,
      maximum: o.maximum,
      default: o.default,
      description: o.description
    }),
    required: false,
    expected: `entier de ${o.minimum} à ${o.maximum}`,
    absent: o.default,
    read: (v) => {
      if (typeof v !== 'number') return wrongType(v)
      if (!Number.isInteger(v)) return refuse('reçu un nombre non entier', true)
      if (v < o.minimum || v > o.maximum) return refuse('reçu hors bornes')
      return ok(v)
    }
  }
}

/**
 * A string among `values` (trimmed first, as every string). Required without a
 * default; with one, optional and defaulted.
 */
export function oneOf<V extends string>(
  values: readonly V[],
  o: { default?: NoInfer<V>; description?: string } = {}
): Param<V> {
  return {
    schema: fragment({ type: 'string', enum: values, default: o.default, description: o.description }),
    required: o.default === undefined,
    expected: `l'une des valeurs : ${values.join(', ')}`,
    absent: o.default ?? values[0],
    read: (v) => {
      const r = readText(v, { trim: true })
      if (!r.ok) return r
      return (values as readonly string[]).includes(r.value)
        ? ok(r.value as V)
        : refuse('reçu hors énumération')
    }
  }
}

/** The checks of a list of non-blank strings; the faulty element is named, never shown. */
function readList(
  key: string,
  v: unknown,
  o: { minItems: number; maxItems?: number; itemMaxLength?: number }
): Read<string[]> {
  if (!Array.isArray(v)) return wrongType(v)
  if (v.length === 0 && o.minItems > 0) return refuse('reçu vide', true)
  if (v.length < o.minItems) return refuse(`reçu avec trop peu d'éléments (${v.length})`)
  if (o.maxItems !== undefined && v.length > o.maxItems)
    return refuse(`reçu avec trop d'éléments (${v.length})`)
  const out: string[] = []
  for (const [i, x] of v.entries()) {
    const r = readText(x, { maxLength: o.itemMaxLength, trim: true })
    if (!r.ok) return { ok: false, refusal: { ...r.refusal, missing: false, at: `${key}[${i}]` } }
    out.push(r.value)
  }
  return ok(out)
}

export interface ListOptions {
  minItems: number
  maxItems?: number
  itemMaxLength?: number
  description?: string
}

function listExpected(o: ListOptions): string {
  const count = o.maxItems === undefined ? `au moins ${o.minItems}` : `de ${o.minItems} à ${o.maxItems}`
  return `liste ${count} chaîne(s) non vide(s)${longest(o.itemMaxLength, ' chacune')}`
}

/** A required list of non-blank strings (each returned trimmed). `key` names its elements. */
export function textList(key: string, o: ListOptions): Param<string[]> {
  return {
    schema: fragment({
      type: 'array',
      items: fragment({ type: 'string', maxLength: o.itemMaxLength }),
      minItems: o.minItems,
      maxItems: o.maxItems,
      description: o.description
    }),
    required: true,
    expected: listExpected(o),
    absent: [],
    read: (v) => readList(key, v, o)
  }
}

/** kb_search's `base`: one name or a non-empty list of names (`expected` is the tool's wording). */
export function textOrList(
  key: string,
  o: { minItems: number; expected: string; description?: string }
): Param<string | string[]> {
  return {
    schema: fragment({
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: o.minItems }],
      description: o.description
    }),
    required: true,
    expected: o.expected,
    absent: [],
    read: (v) => (Array.isArray(v) ? readList(key, v, o) : readText(v, { trim: true }))
  }
}

/** An optional parameter: absent → undefined; anything present is read as the required one. */
export function optional<T>(p: Param<T>): Param<T | undefined> {
  return { ...p, required: false, absent: undefined }
}

export type Params = Record<string, Param<unknown>>
export type Parsed<P extends Params> = { [K in keyof P]: P[K] extends Param<infer T> ? T : never }

export interface ToolInput<P extends Params> {
  /** The tool's inputSchema, as tools/list lists it. */
  readonly schema: Record<string, unknown>
  /** The arguments read in declaration order; the first refusal is thrown as INVALID_INPUT. */
  parse(args: ToolArgs): Parsed<P>
}

/**
 * A rule across parameters that the schema cannot say (kb_proposal_status: « au
 * moins un de id ou submitted_by »): the explanation of the refusal, or null. It is
 * refused with the received keys like every other refusal.
 */
export type CrossCheck<P extends Params> = (parsed: Parsed<P>) => string | null

/** The contract's message: `paramètre 'k' requis (attendu) — paramètre 'k' <cause> ; <clés reçues>`. */
function refusalMessage(key: string, p: Param<unknown>, r: Refusal, args: ToolArgs): string {
  const head = p.required && r.missing ? 'requis' : 'invalide'
  // « facultatif » first: after an enum's list it would read as one more value.
  const expected = p.required ? p.expected : `facultatif, ${p.expected}`
  return `paramètre '${key}' ${head} (${expected}) — paramètre '${r.at ?? key}' ${r.cause} ; ${receivedKeys(args)}`
}

export function toolInput<P extends Params>(params: P, cross?: CrossCheck<P>): ToolInput<P> {
  const keys = Object.keys(params)
  const required = keys.filter((k) => params[k].required)
  const schema: Record<string, unknown> = {
    type: 'object',
    properties: Object.fromEntries(keys.map((k) => [k, params[k].schema]))
  }
  if (required.length > 0) schema.required = required
  schema.additionalProperties = false
  return {
    schema,
    parse(args) {
      const out: Record<string, unknown> = {}
      for (const k of keys) {
        const p = params[k]
        // A key whose value is undefined cannot come from JSON; it counts as absent.
        const v = Object.hasOwn(args, k) ? args[k] : undefined
        if (v === undefined) {
          if (p.required) throw invalidInput(refusalMessage(k, p, { cause: 'absent', missing: true }, args))
          out[k] = p.absent
          continue
        }
        const r = p.read(v)
        if (!r.ok) throw invalidInput(refusalMessage(k, p, r.refusal, args))
        out[k] = r.value
      }
      // The schema says additionalProperties: false, and it is kept: a parameter no tool has is
      // most often a misspelt one (`max_result`), whose value would otherwise be silently lost.
      const unknown = Object.keys(args).find((k) => !Object.hasOwn(params, k))
      if (unknown !== undefined)
        throw invalidInput(
          `paramètre '${unknown}' inconnu (${keys.length === 0 ? 'aucun paramètre accepté' : `paramètres acceptés : ${keys.join(', ')}`}) ; ${receivedKeys(args)}`
        )
      const parsed = out as Parsed<P>
      const refusal = cross?.(parsed) ?? null
      if (refusal !== null) throw invalidInput(`${refusal} ; ${receivedKeys(args)}`)
      return parsed
    }
  }
}
