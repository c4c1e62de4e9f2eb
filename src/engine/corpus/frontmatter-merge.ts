import { yamlTooDeep } from '../yaml-depth'
import {
  CST,
  Document,
  Lexer,
  Pair,
  Scalar,
  YAMLMap,
  YAMLSeq,
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument
} from 'yaml'
import type { Node as YamlNode, ParsedNode } from 'yaml'
import { invalidInput, toldMore } from '../errors'
import type { HubError } from '../errors'

/**
 * Frontmatter merge (behaviours §15, DESIGN §8 "YAML").
 *
 * The merge works on the concrete source, never on a re-emitted document:
 *
 *  1. the block between the `---` lines is parsed (YAML 1.2 core schema) only to *locate* its
 *     top-level entries; a series of gates refuses whatever cannot be split with certainty
 *     (aliases, anchors, merge keys, flow root, keys off column 0, non-canonical layout…);
 *  2. the block is cut into entries: the blank / comment lines preceding a key, then the key line
 *     and every line up to the end of its value (as located by the parser);
 *  3. a targeted entry's own lines are replaced by the library's emission of a one-key mapping
 *     (its preceding lines stay); new keys are emitted the same way and appended at the end of the
 *     block. Values are always serialised by the `yaml` library, never templated;
 *  4. the result is verified from scratch — re-delimited, re-parsed, re-split — and every untouched
 *     entry, its preceding lines, the comments, the key order, the body and the read-back value of
 *     every targeted key are compared with what was expected. Any difference is a refusal and
 *     nothing is returned.
 *
 * Decisions:
 *  - line endings: a CRLF frontmatter stays CRLF (the block is handled as LF internally and the
 *    emitted lines get the document's `\r\n`); a block mixing `\n` and `\r\n`, or holding a lone
 *    `\r`, is refused (`fins de ligne mixtes dans le frontmatter`). The body is never looked at.
 *  - keys: any non-empty single-line string of at most 1000 characters, without control or
 *    non-printable characters, other than `<<`; the library quotes the ones that need it
 *    (`'yes': …`, `'a: b': …`). Anything else → `clé de frontmatter invalide : {repr}`.
 *  - values: JSON data only (string, finite number, boolean, null, array, plain object, acyclic);
 *    strings holding characters YAML cannot carry or that other readers take for line breaks
 *    (C1 controls, U+0085, U+2028, U+2029, U+FFFE/U+FFFF, lone surrogates) are refused too.
 *  - the "normalisation résiduelle" gate keeps the predecessor's contract: a frontmatter whose
 *    layout is outside the canonical family (`key: value` with one space, nested block mappings
 *    indented by 2 or 4, block sequences offset by 0, 1, 2 or 4) is refused even though the
 *    splice itself would keep it, so that every frontmatter we accept, and every one we produce,
 *    looks the same way.
 *  - a replaced one-line scalar keeps its quote style when the new value is a one-line string; a
 *    replaced collection keeps its flow/block style; the end-of-line comment of a replaced
 *    entry's key line is kept. Other comments inside a replaced entry cannot be kept: refusal.
 *  - a frontmatter made only of comments / blank lines counts as an empty mapping (kept, new keys
 *    appended after it).
 */

export const FRONTMATTER_MAX_BYTES = 64 * 1024
export const FRONTMATTER_MAX_DEPTH = 20
export const FRONTMATTER_MAX_EVENTS = 5000
const MAX_KEY_LENGTH = 1000

const REFUSAL_TAIL =
  " : la préservation des champs non ciblés ne peut pas être garantie, rien n'a été modifié. " +
  'Corriger le frontmatter à la source, ou passer par un autre chemin de résolution — recomposer le frontmatter ' +
  'via edits[].content recréerait le templating de chaînes interdit par le § 1.7.'

/** Exact refusal text for a `{raison}` of behaviours §15. */
export function frontmatterRefusalMessage(reason: string): string {
  return `fusion de frontmatter refusée (${reason})${REFUSAL_TAIL}`
}

/** The file's path is the caller's to add: this module sees text only. */
function refuse(reason: string): HubError {
  return invalidInput(frontmatterRefusalMessage(reason), { kind: 'frontmatter-unmergeable' })
}

/** The `{raison}` strings (behaviours §15), plus the mixed line endings one of ours. */
export const FRONTMATTER_MERGE_REASONS = {
  tooLarge: 'frontmatter trop volumineux',
  unreadable: (detail: string) => `frontmatter illisible : ${detail}`,
  notMapping: "le frontmatter n'est pas un mapping",
  alias: 'le frontmatter contient un alias YAML (`*ancre`)',
  anchor: 'le frontmatter contient une ancre YAML (`&ancre`)',
  mergeKey: 'le frontmatter contient une clé de fusion (`<<`)',
  tooDeep: 'frontmatter trop imbriqué',
  tooComplex: 'frontmatter trop complexe',
  duplicateKeys: 'clés dupliquées dans le frontmatter',
  notBlockMapping: "le frontmatter n'est pas un mapping en style bloc",
  nonScalarKey: 'le frontmatter contient une clé non scalaire',
  mixedEol: 'fins de ligne mixtes dans le frontmatter',
  normalisation: "normalisation résiduelle du frontmatter d'origine",
  reemission: (detail: string) => `réémission impossible : ${detail}`,
  header: "l'en-tête du frontmatter a changé",
  duplicateKeysAfter: 'clés dupliquées dans le frontmatter réémis',
  fieldGone: (k: string) => `le champ '${k}' a disparu`,
  precedingLines: (k: string) => `les lignes précédant le champ '${k}' ont changé`,
  representation: (k: string) => `la représentation du champ non ciblé '${k}' a changé`,
  order: "l'ordre des champs a changé",
  comments: 'les commentaires du frontmatter ont changé',
  keyNotAnchored: 'découpage du frontmatter ambigu (clé non ancrée en colonne 0)',
  twoKeysOneLine: 'découpage du frontmatter ambigu (deux clés sur une même ligne)',
  noField: 'frontmatter sans champ',
  notDelimited: "le frontmatter réémis n'est plus délimité",
  notOneBlock: "le frontmatter réémis n'est pas relu comme un seul bloc",
  bodyChanged: 'le corps du document a changé',
  unreadableAfter: (detail: string) => `le frontmatter réémis n'est plus lisible : ${detail}`,
  notMappingAfter: "le frontmatter réémis n'est plus un mapping",
  unexpectedFields: 'les champs du frontmatter réémis ne sont pas ceux attendus',
  valueDiffers: (k: string) => `la valeur relue du champ '${k}' diffère de la valeur demandée`
} as const

// ---------------------------------------------------------------------------------------------
// Delimitation (behaviours §7)

interface Delimited {
  /** Offset where the inner block starts (just after the opening line's `\n`). */
  blockStart: number
  /** Offset where the closing `---` line starts. */
  blockEnd: number
  /** `\r\n` when the opening line ends with it, else `\n`. */
  eol: string
}

/**
 * First line trimmed `---`, closed by the first later line whose trim is `---` (the closing line
 * may be the last one, without a newline). No closing line → no frontmatter.
 */
function delimit(text: string): Delimited | null {
  const firstEnd = text.indexOf('\n')
  if (firstEnd === -1 || text.slice(0, firstEnd).trim() !== '---') return null
  const eol = firstEnd > 0 && text[firstEnd - 1] === '\r' ? '\r\n' : '\n'
  const blockStart = firstEnd + 1
  let lineStart = blockStart
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart)
    const lineEnd = nl === -1 ? text.length : nl
    if (text.slice(lineStart, lineEnd).trim() === '---') return { blockStart, blockEnd: lineStart, eol }
    if (nl === -1) break
    lineStart = nl + 1
  }
  return null
}

// ---------------------------------------------------------------------------------------------
// Update validation

function pyRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'"
  let out = quote
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0
    if (ch === '\\') out += '\\\\'
    else if (ch === quote) out += '\\' + quote
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (c < 0x20 || (c >= 0x7f && c < 0xa0)) out += '\\x' + c.toString(16).padStart(2, '0')
    else if (c === 0x2028 || c === 0x2029) out += '\\u' + c.toString(16)
    else out += ch
  }
  return out + quote
}

/** Characters a frontmatter key may not hold (controls, line breaks of any YAML version, non-printables). */
const BAD_KEY_CHARS = /[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/
/** Characters refused in string values: no escape would make every reader see them as written. */
const BAD_VALUE_CHARS = /[\x7f-\x9f\u2028\u2029\ufffe\uffff]/
/** True when `s` holds a C0 control character other than those in `allowed`. */
function hasC0(s: string, allowed: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) < 0x20 && !allowed.includes(s[i])) return true
  }
  return false
}
/** With the `u` flag, a paired surrogate is one code point: only lone halves match. */
const LONE_SURROGATE = /\p{Cs}/u

function validateKey(key: string): void {
  if (
    key === '' ||
    key === '<<' ||
    key.length > MAX_KEY_LENGTH ||
    BAD_KEY_CHARS.test(key) ||
    hasC0(key, '') ||
    LONE_SURROGATE.test(key) ||
    key.trim() === '---'
  ) {
    throw invalidInput(`clé de frontmatter invalide : ${pyRepr(key)}`, { kind: 'frontmatter-field-invalid' })
  }
}

function typeName(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  if (isPlainObject(v)) return 'object'
  if (typeof v === 'object') {
    const ctor = (v as { constructor?: { name?: unknown } }).constructor
    return typeof ctor?.name === 'string' && ctor.name !== '' ? ctor.name : 'object'
  }
  return typeof v
}

function notSerialisable(detail: string): HubError {
  return invalidInput(`valeur de frontmatter non sérialisable : ${detail}`, {
    kind: 'frontmatter-field-invalid'
  })
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false
  const proto = Object.getPrototypeOf(v) as unknown
  return proto === Object.prototype || proto === null
}

function validateValue(v: unknown, seen: Set<object>): void {
  switch (typeof v) {
    case 'string': {
      if (LONE_SURROGATE.test(v)) throw notSerialisable('string (surrogate isolé)')
      const bad = BAD_VALUE_CHARS.exec(v)
      if (bad) {
        const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')
        throw notSerialisable(`string (caractère U+${code})`)
      }
      return
    }
    case 'number':
      if (!Number.isFinite(v)) throw notSerialisable(`number (${String(v)})`)
      return
    case 'boolean':
      return
    case 'object': {
      if (v === null) return
      if (!Array.isArray(v) && !isPlainObject(v)) throw notSerialisable(typeName(v))
      if (seen.has(v)) throw notSerialisable(`${typeName(v)} (référence circulaire)`)
      seen.add(v)
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          if (!(i in v)) throw notSerialisable('array (trou)')
          validateValue(v[i], seen)
        }
      } else {
        for (const [k, item] of Object.entries(v)) {
          if (LONE_SURROGATE.test(k) || BAD_VALUE_CHARS.test(k))
            throw notSerialisable(`object (clé ${pyRepr(k)})`)
          validateValue(item, seen)
        }
      }
      seen.delete(v)
      return
    }
    default:
      throw notSerialisable(typeof v)
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing and gates

/**
 * `uniqueKeys` is off because the library's check is quadratic (seconds on a 64 KiB block of short
 * keys); duplicates are found by `walkGates` instead, by the keys' string form (as `toJS` names them).
 */
const PARSE_OPTIONS = { schema: 'core', version: '1.2', uniqueKeys: false, prettyErrors: true } as const

type Phase = 'source' | 'result'

interface Entry {
  /** String form of the key (as `toJS` would name it). */
  key: string
  pair: Pair<ParsedNode, ParsedNode | null>
  /** Offset of the first blank/comment line preceding the key line (= keyStart when none). */
  precedingStart: number
  /** Offset of the key line (column 0). */
  keyStart: number
  /** Offset just after the entry's last line (its `\n` included). */
  end: number
}

interface Analysed {
  src: string
  doc: Document.Parsed
  entries: Entry[]
  /** Offset where the trailing blank/comment lines start (= src.length when none). */
  trailerStart: number
}

function oneLine(message: string): string {
  const first = message.split('\n')[0].trim()
  return first.replace(/:$/, '').replace(/\s+/g, ' ')
}

function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8')
}

function isBlankOrComment(line: string): boolean {
  const t = line.replace(/^[ \t]+/, '')
  return t === '' || t === '\n' || t.startsWith('#')
}

function lineStartOf(src: string, offset: number): number {
  return src.lastIndexOf('\n', offset - 1) + 1
}

function lineEndAfter(src: string, offset: number): number {
  if (offset > 0 && src[offset - 1] === '\n') return offset
  const nl = src.indexOf('\n', offset)
  return nl === -1 ? src.length : nl + 1
}

/** Structural walk: aliases, anchors, merge keys, depth, event count, duplicate keys; no recursion. */
function walkGates(root: YamlNode, phase: Phase): void {
  let duplicate = false
  let alias = false
  let anchor = false
  let merge = false
  let maxDepth = 0
  let events = 4 // stream and document start/end, as a YAML event stream counts them
  const stack: Array<[unknown, number]> = [[root, 1]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number]
    if (isAlias(node)) {
      alias = true
      events++
      continue
    }
    if (isScalar(node)) {
      events++
      if (node.anchor) anchor = true
      continue
    }
    if (isCollection(node)) {
      events += 2
      if (node.anchor) anchor = true
      if (depth > maxDepth) maxDepth = depth
      const keys = new Set<string>()
      for (const item of node.items) {
        if (isPair(item)) {
          if (isScalar(item.key)) {
            if (item.key.value === '<<') merge = true
            const k = String(item.key.value)
            if (isMap(node) && keys.has(k)) duplicate = true
            keys.add(k)
          }
          if (item.key !== null && item.key !== undefined) stack.push([item.key, depth + 1])
          if (item.value !== null && item.value !== undefined) stack.push([item.value, depth + 1])
          else events++ // implicit null value
        } else {
          stack.push([item, depth + 1])
        }
      }
    }
  }
  if (alias) throw refuse(FRONTMATTER_MERGE_REASONS.alias)
  if (anchor) throw refuse(FRONTMATTER_MERGE_REASONS.anchor)
  if (merge) throw refuse(FRONTMATTER_MERGE_REASONS.mergeKey)
  if (maxDepth > FRONTMATTER_MAX_DEPTH) throw refuse(FRONTMATTER_MERGE_REASONS.tooDeep)
  if (events > FRONTMATTER_MAX_EVENTS) throw refuse(FRONTMATTER_MERGE_REASONS.tooComplex)
  if (duplicate)
    throw refuse(
      phase === 'result'
        ? FRONTMATTER_MERGE_REASONS.duplicateKeysAfter
        : FRONTMATTER_MERGE_REASONS.duplicateKeys
    )
}

/**
 * Canonical layout check (the predecessor's "residual normalisation" gate): in every block
 * mapping, `key: value` with exactly one space after the colon and the colon right after the key;
 * a nested block mapping indented by 2 or 4 columns; a nested block sequence's dashes offset by
 * 0, 1, 2 or 4 columns from the key.
 */
function canonicalLayout(src: string, root: YamlNode): string | null {
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()
    if (!isCollection(node)) continue
    for (const item of node.items) {
      if (!isPair(item)) {
        stack.push(item)
        continue
      }
      if (item.value) stack.push(item.value)
      if (item.key) stack.push(item.key)
      if (!isMap(node) || node.flow) continue
      const key = item.key as ParsedNode | null
      if (!key || !key.range) return 'clé implicite absente'
      const colon = key.range[1]
      if (src[colon] !== ':') return `caractère inattendu après la clé ligne ${lineNumber(src, colon)}`
      const after = src[colon + 1]
      if (after === undefined || after === '\n') {
        // value on the following lines (or none)
      } else if (after === ' ') {
        let i = colon + 1
        while (src[i] === ' ') i++
        if (i > colon + 2 && src[i] !== '#' && src[i] !== '\n') {
          return `espacement après « : » ligne ${lineNumber(src, colon)}`
        }
      } else {
        return `espacement après « : » ligne ${lineNumber(src, colon)}`
      }
      const value = item.value as ParsedNode | null
      if (!isCollection(value) || value.flow) continue
      // first content line after the key line
      const keyCol = key.range[0] - lineStartOf(src, key.range[0])
      let pos = lineEndAfter(src, colon + 1)
      let lineText = ''
      while (pos < src.length) {
        const nl = src.indexOf('\n', pos)
        lineText = src.slice(pos, nl === -1 ? src.length : nl)
        if (!isBlankOrComment(lineText)) break
        pos = nl === -1 ? src.length : nl + 1
      }
      if (pos >= src.length) continue
      const col = lineText.length - lineText.replace(/^ +/, '').length
      const offset = col - keyCol
      const allowed = isSeq(value) ? [0, 1, 2, 4] : [2, 4]
      if (!allowed.includes(offset)) return `indentation de ${offset} ligne ${lineNumber(src, pos)}`
    }
  }
  return null
}

function lineNumber(src: string, offset: number): number {
  let n = 1
  for (let i = src.indexOf('\n'); i !== -1 && i < offset; i = src.indexOf('\n', i + 1)) n++
  return n
}

/** The comments of a YAML source, in order (block scalar contents and quoted text excluded). */
function commentsOf(src: string): string[] {
  const out: string[] = []
  let nextIsScalar = false
  for (const tok of new Lexer().lex(src)) {
    if (tok === CST.SCALAR) {
      nextIsScalar = true
      continue
    }
    if (nextIsScalar) {
      nextIsScalar = false
      continue
    }
    if (CST.tokenType(tok) === 'comment') out.push(tok)
  }
  return out
}

/**
 * Parses an LF block and splits it into entries, or refuses. `phase` picks the wording: the
 * checks are the same for the original block and for the merged one (what we write must be a
 * frontmatter we would accept again).
 */
function analyse(src: string, phase: Phase): Analysed {
  const after = phase === 'result'
  if (utf8Length(src) > FRONTMATTER_MAX_BYTES) throw refuse(FRONTMATTER_MERGE_REASONS.tooLarge)
  if (yamlTooDeep(src)) throw refuse(FRONTMATTER_MERGE_REASONS.tooDeep)
  let doc: Document.Parsed
  try {
    doc = parseDocument(src, PARSE_OPTIONS)
  } catch (e) {
    if (e instanceof RangeError) throw refuse(FRONTMATTER_MERGE_REASONS.tooDeep)
    const msg = oneLine(e instanceof Error ? e.message : String(e))
    throw refuse(
      after ? FRONTMATTER_MERGE_REASONS.unreadableAfter(msg) : FRONTMATTER_MERGE_REASONS.unreadable(msg)
    )
  }
  const problems = [...doc.errors, ...doc.warnings]
  if (problems.length > 0) {
    const msg = oneLine(problems[0].message)
    throw refuse(
      after ? FRONTMATTER_MERGE_REASONS.unreadableAfter(msg) : FRONTMATTER_MERGE_REASONS.unreadable(msg)
    )
  }
  const contents = doc.contents as ParsedNode | null
  if (contents === null) {
    // empty, blank or comments only: an empty mapping (only blank/comment lines can be there)
    if (!src.split('\n').every(isBlankOrComment))
      throw refuse(after ? FRONTMATTER_MERGE_REASONS.notMappingAfter : FRONTMATTER_MERGE_REASONS.notMapping)
    return { src, doc, entries: [], trailerStart: 0 }
  }
  if (!isMap(contents))
    throw refuse(after ? FRONTMATTER_MERGE_REASONS.notMappingAfter : FRONTMATTER_MERGE_REASONS.notMapping)
  walkGates(contents, phase)

  // keys: scalars, unique by their string form
  const seen = new Set<string>()
  const keyed: Array<{ key: string; pair: Pair<ParsedNode, ParsedNode | null> }> = []
  for (const item of contents.items as Array<Pair<ParsedNode | null, ParsedNode | null>>) {
    if (!isScalar(item.key) || !item.key.range) throw refuse(FRONTMATTER_MERGE_REASONS.nonScalarKey)
    const key = String(item.key.value)
    if (seen.has(key))
      throw refuse(
        after ? FRONTMATTER_MERGE_REASONS.duplicateKeysAfter : FRONTMATTER_MERGE_REASONS.duplicateKeys
      )
    seen.add(key)
    keyed.push({ key, pair: item as Pair<ParsedNode, ParsedNode | null> })
  }

  // split into entries: one key per line, each at column 0
  let prevKeyLine = -1
  for (const { pair } of keyed) {
    const keyLine = lineStartOf(src, pair.key.range[0])
    if (keyLine === prevKeyLine) throw refuse(FRONTMATTER_MERGE_REASONS.twoKeysOneLine)
    prevKeyLine = keyLine
  }
  const entries: Entry[] = []
  let cursor = 0 // end of the previous entry
  for (const { key, pair } of keyed) {
    const keyStart = pair.key.range[0]
    if (keyStart < cursor) throw refuse(FRONTMATTER_MERGE_REASONS.twoKeysOneLine)
    if (lineStartOf(src, keyStart) !== keyStart) throw refuse(FRONTMATTER_MERGE_REASONS.keyNotAnchored)
    // lines between the previous entry and this key: blank or comments only
    const between = src.slice(cursor, keyStart)
    if (!between.split('\n').every(isBlankOrComment)) throw refuse(FRONTMATTER_MERGE_REASONS.keyNotAnchored)
    const valueEnd = pair.value?.range ? pair.value.range[1] : pair.key.range[1]
    const lastEnd = Math.max(valueEnd, pair.key.range[1])
    const end = lineEndAfter(src, lastEnd)
    // the rest of the value's last line can only be a comment
    if (!isBlankOrComment(src.slice(lastEnd, end))) throw refuse(FRONTMATTER_MERGE_REASONS.twoKeysOneLine)
    entries.push({ key, pair, precedingStart: cursor, keyStart, end })
    cursor = end
  }
  if (contents.flow) throw refuse(FRONTMATTER_MERGE_REASONS.notBlockMapping)
  if (!src.slice(cursor).split('\n').every(isBlankOrComment))
    throw refuse(FRONTMATTER_MERGE_REASONS.keyNotAnchored)
  if (keyed.length === 0) throw refuse(FRONTMATTER_MERGE_REASONS.noField)

  const layout = canonicalLayout(src, contents)
  if (layout !== null)
    throw refuse(
      after ? FRONTMATTER_MERGE_REASONS.reemission(layout) : FRONTMATTER_MERGE_REASONS.normalisation
    )
  return { src, doc, entries, trailerStart: cursor }
}

// ---------------------------------------------------------------------------------------------
// Emission (always through the library)

interface EmitStyle {
  indent: number
  indentSeq: boolean
}

/** Style for new block collections, taken from the frontmatter's own block collections. */
function detectStyle(src: string, root: YamlNode | null): EmitStyle {
  const style: EmitStyle = { indent: 2, indentSeq: true }
  if (!isMap(root)) return style
  let mapIndent: number | null = null
  let seqOffset: number | null = null
  for (const item of root.items) {
    const key = item.key as ParsedNode | null
    const value = item.value as ParsedNode | null
    if (!key?.range || !isCollection(value) || value.flow || !value.range) continue
    const first = value.items[0]
    let start: number | undefined
    if (isPair(first)) start = (first.key as ParsedNode | null)?.range?.[0]
    else start = (first as ParsedNode | undefined)?.range?.[0]
    if (start === undefined) continue
    const col = start - lineStartOf(src, start)
    if (isMap(value) && mapIndent === null) mapIndent = col
    if (isSeq(value) && seqOffset === null) {
      const line = src.slice(lineStartOf(src, start), start)
      seqOffset = line.indexOf('-')
    }
  }
  if (mapIndent === 4) style.indent = 4
  if (seqOffset === 0) style.indentSeq = false
  return style
}

interface Shape {
  /** The replaced value's form, when there is one. */
  flow?: boolean
  indentSeq?: boolean
  quote?: Scalar.Type
  blockLiteral?: boolean
  /**
   * The replaced value was a plain YAML 1.1 timestamp (`last-verified: 2026-12-02`) and so is the
   * new string: it stays plain, so a YAML 1.1 reader (PyYAML…) still reads a date, not a string.
   */
  plainTimestamp?: boolean
}

/** YAML 1.1's timestamp forms (the ones the `yaml-1.1` compat check would quote). */
const YAML11_TIMESTAMP =
  /^(?:\d{4}-\d\d?-\d\d?(?:(?:[Tt]|[ \t]+)\d\d?:\d\d:\d\d(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d\d?(?::\d\d)?))?)?)$/

function isScalarValue(v: unknown): boolean {
  return v === null || typeof v !== 'object'
}

function isFlatMapping(v: unknown): boolean {
  return isPlainObject(v) && Object.values(v).every(isScalarValue)
}

/** Lists of scalars or of flat mappings go on one line; anything deeper is block. */
function prefersFlow(v: unknown): boolean {
  if (Array.isArray(v)) return v.every((item) => isScalarValue(item) || isFlatMapping(item))
  return false
}

function stringNode(s: string, quote?: Scalar.Type, blockLiteral?: boolean): Scalar {
  const node = new Scalar(s)
  if (/[\n\r]/.test(s)) {
    node.type =
      blockLiteral && !s.split('\n').some((l) => l.trim() === '---') && !hasC0(s, '\n')
        ? Scalar.BLOCK_LITERAL
        : Scalar.QUOTE_DOUBLE
  } else if (quote === Scalar.QUOTE_DOUBLE || quote === Scalar.QUOTE_SINGLE) {
    node.type = quote
  } else if (quote === Scalar.PLAIN) {
    node.type = Scalar.PLAIN
  } else if (s === '=' || s === '<<') {
    // PyYAML resolves these two plain scalars to special tags
    node.type = Scalar.QUOTE_SINGLE
  }
  return node
}

function buildNode(v: unknown, inFlow: boolean, shape: Shape = {}): YamlNode {
  if (typeof v === 'string')
    return stringNode(v, shape.plainTimestamp ? Scalar.PLAIN : shape.quote, shape.blockLiteral)
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return new Scalar(v)
  if (Array.isArray(v)) {
    const seq = new YAMLSeq()
    seq.flow = inFlow || v.length === 0 || (shape.flow ?? prefersFlow(v))
    for (const item of v) seq.items.push(buildNode(item, seq.flow))
    return seq
  }
  if (isPlainObject(v)) {
    const map = new YAMLMap()
    map.flow = inFlow || Object.keys(v).length === 0 || (shape.flow ?? false)
    for (const [k, item] of Object.entries(v)) {
      map.items.push(new Pair(stringNode(k), buildNode(item, map.flow)))
    }
    return map
  }
  throw notSerialisable(typeName(v))
}

function emitOneKeyMap(key: string, value: YamlNode, style: EmitStyle, shape: Shape): string {
  // The 1.1 compat check quotes what a YAML 1.1 reader would not read as a string; a kept plain
  // timestamp is exactly such a value, on purpose.
  const doc = new Document(null, {
    schema: 'core',
    version: '1.2',
    ...(shape.plainTimestamp ? {} : { compat: 'yaml-1.1' as const })
  })
  const map = new YAMLMap()
  map.items.push(new Pair(stringNode(key), value))
  doc.contents = map
  const out = doc.toString({
    directives: false,
    indent: style.indent,
    indentSeq: shape.indentSeq ?? style.indentSeq,
    lineWidth: 0,
    minContentWidth: 0,
    flowCollectionPadding: false,
    singleQuote: true,
    doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER,
    simpleKeys: true
  })
  return out.endsWith('\n') ? out : out + '\n'
}

/**
 * `key: value\n` (possibly several lines) emitted by the library, LF line endings. With
 * `keySource` (a replaced entry), the key keeps its original text: the library's rendering of the
 * same key, found by emitting it with a null value, is swapped for it.
 */
function emitEntry(key: string, value: unknown, style: EmitStyle, shape: Shape, keySource?: string): string {
  try {
    let out = emitOneKeyMap(key, buildNode(value, false, shape), style, shape)
    if (keySource !== undefined) {
      const probe = emitOneKeyMap(key, new Scalar(null), style, shape)
      const keyText = probe.endsWith(': null\n') ? probe.slice(0, -': null\n'.length) : null
      if (keyText !== null && out.startsWith(keyText + ':')) out = keySource + out.slice(keyText.length)
    }
    return out
  } catch (e) {
    if (e instanceof Error && 'code' in e) throw e
    throw refuse(FRONTMATTER_MERGE_REASONS.reemission(oneLine(e instanceof Error ? e.message : String(e))))
  }
}

/** Shape of the value being replaced, so the replacement keeps its form. */
function shapeOf(src: string, pair: Pair<ParsedNode, ParsedNode | null>, value: unknown): Shape {
  const old = pair.value
  if (!old) return {}
  if (isCollection(old) && (Array.isArray(value) || isPlainObject(value))) {
    const shape: Shape = { flow: old.flow === true }
    if (isSeq(old) && !old.flow && Array.isArray(value) && old.items.length > 0) {
      const keyCol = pair.key.range[0] - lineStartOf(src, pair.key.range[0])
      const first = old.items[0] as ParsedNode | null
      if (first?.range) {
        const line = src.slice(lineStartOf(src, first.range[0]), first.range[0])
        shape.indentSeq = line.indexOf('-') - keyCol !== 0
      }
    }
    return shape
  }
  if (isScalar(old) && typeof value === 'string') {
    if (old.type === Scalar.QUOTE_DOUBLE || old.type === Scalar.QUOTE_SINGLE) return { quote: old.type }
    if (old.type === Scalar.BLOCK_LITERAL) return { blockLiteral: true }
    if (
      old.type === Scalar.PLAIN &&
      typeof old.source === 'string' &&
      YAML11_TIMESTAMP.test(old.source) &&
      YAML11_TIMESTAMP.test(value)
    )
      return { plainTimestamp: true }
  }
  return {}
}

/** Keeps the end-of-line comment of a replaced entry's key line, when it has exactly that one comment. */
function keepKeyLineComment(src: string, entry: Entry, emitted: string): string {
  const own = src.slice(entry.keyStart, entry.end)
  const comments = commentsOf(own)
  if (comments.length !== 1) return emitted
  const firstLine = own.slice(0, own.indexOf('\n') === -1 ? own.length : own.indexOf('\n'))
  const at = firstLine.lastIndexOf(comments[0])
  if (at === -1 || !firstLine.endsWith(comments[0])) return emitted
  let gapStart = at
  while (gapStart > 0 && (firstLine[gapStart - 1] === ' ' || firstLine[gapStart - 1] === '\t')) gapStart--
  const gap = firstLine.slice(gapStart, at) || ' '
  const nl = emitted.indexOf('\n')
  return emitted.slice(0, nl) + gap + comments[0] + emitted.slice(nl)
}

// ---------------------------------------------------------------------------------------------
// Read back

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, i) => deepEqual(item, b[i]))
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  const rb = b as Record<string, unknown>
  const ra = a as Record<string, unknown>
  return ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && deepEqual(ra[k], rb[k]))
}

function valueOf(doc: Document.Parsed, pair: Pair<ParsedNode, ParsedNode | null>): unknown {
  return pair.value ? (pair.value.toJS(doc, { maxAliasCount: 0 }) as unknown) : null
}

/**
 * The frontmatter of `text` as data (YAML 1.2 core schema: dates stay strings), `{}` for an empty
 * block, `null` when there is none or it is not a readable mapping.
 */
export function frontmatterReadsBack(text: string): Record<string, unknown> | null {
  const d = delimit(text)
  if (!d) return null
  const block = text.slice(d.blockStart, d.blockEnd)
  if (yamlTooDeep(block)) return null
  try {
    const doc = parseDocument(block, PARSE_OPTIONS)
    if (doc.errors.length > 0 || doc.warnings.length > 0) return null
    if (doc.contents === null) return {}
    if (!isMap(doc.contents)) return null
    return doc.toJS({ maxAliasCount: 100 }) as Record<string, unknown>
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------------------------
// Merge

function toLf(block: string, eol: string): string {
  if (eol === '\r\n') {
    const lines = block.split('\n')
    lines.pop() // after the last `\n`: empty (the block ends where the closing line starts)
    if (!lines.every((l) => l.endsWith('\r') && !l.slice(0, -1).includes('\r')))
      throw refuse(FRONTMATTER_MERGE_REASONS.mixedEol)
    return block.replace(/\r\n/g, '\n')
  }
  if (block.includes('\r')) throw refuse(FRONTMATTER_MERGE_REASONS.mixedEol)
  return block
}

function fromLf(block: string, eol: string): string {
  return eol === '\n' ? block : block.replace(/\n/g, eol)
}

/**
 * Sets `updates` in the frontmatter of `text` (replacing present keys in place, appending new
 * ones at the end in the given order) and returns the new text; every untouched byte — other
 * fields, comments, blank lines, body — stays identical, or the merge is refused
 * (`INVALID_INPUT`). `updates` empty → `text` itself.
 */
export function mergeFrontmatter(text: string, updates: Record<string, unknown>): string {
  const keys = Object.keys(updates)
  for (const k of keys) validateKey(k)
  for (const k of keys) validateValue(updates[k], new Set())
  if (keys.length === 0) return text

  const d = delimit(text)
  if (!d) return mergeFrontmatter(withEmptyFrontmatter(text), updates)

  const original = toLf(text.slice(d.blockStart, d.blockEnd), d.eol)
  const source = analyse(original, 'source')
  const style = detectStyle(original, source.doc.contents)
  const byKey = new Map(source.entries.map((e) => [e.key, e]))

  let block = ''
  for (const entry of source.entries) {
    block += original.slice(entry.precedingStart, entry.keyStart)
    if (Object.prototype.hasOwnProperty.call(updates, entry.key)) {
      const value = updates[entry.key]
      const emitted = keepKeyLineComment(
        original,
        entry,
        emitEntry(
          entry.key,
          value,
          style,
          shapeOf(original, entry.pair, value),
          original.slice(entry.keyStart, entry.pair.key.range[1])
        )
      )
      block += emitted
    } else {
      block += original.slice(entry.keyStart, entry.end)
    }
  }
  block += original.slice(source.trailerStart)
  const newKeys = keys.filter((k) => !byKey.has(k))
  for (const k of newKeys) block += emitEntry(k, updates[k], style, {})

  const result = text.slice(0, d.blockStart) + fromLf(block, d.eol) + text.slice(d.blockEnd)
  verify({ text, d, source, updates, newKeys, result })
  return result
}

/**
 * No frontmatter: the text gets an empty one (`---`, `---`, a blank line, then the text, a BOM
 * staying first) and the merge fills it like any other — same emission, same verification.
 */
function withEmptyFrontmatter(text: string): string {
  const bom = text.startsWith('\ufeff') ? '\ufeff' : ''
  const rest = text.slice(bom.length)
  const firstNl = rest.indexOf('\n')
  const eol = firstNl > 0 && rest[firstNl - 1] === '\r' ? '\r\n' : '\n'
  return `${bom}---${eol}---${eol}${eol}${rest}`
}

interface VerifyInput {
  /** The original text. */
  text: string
  d: Delimited
  source: Analysed
  updates: Record<string, unknown>
  newKeys: string[]
  result: string
}

/** Re-reads the merged text from scratch and compares it with what was intended. */
function verify({ text, d, source, updates, newKeys, result }: VerifyInput): void {
  const rd = delimit(result)
  if (!rd) throw refuse(FRONTMATTER_MERGE_REASONS.notDelimited)
  if (result.slice(0, rd.blockStart) !== text.slice(0, d.blockStart))
    throw refuse(FRONTMATTER_MERGE_REASONS.notOneBlock)
  // the closing line must be the one we kept, not a `---` line of the new block
  if (rd.blockEnd !== result.length - (text.length - d.blockEnd))
    throw refuse(FRONTMATTER_MERGE_REASONS.notOneBlock)
  if (result.slice(rd.blockEnd) !== text.slice(d.blockEnd))
    throw refuse(FRONTMATTER_MERGE_REASONS.bodyChanged)
  const block = toLf(result.slice(rd.blockStart, rd.blockEnd), rd.eol)
  for (const line of block.split('\n'))
    if (line.trim() === '---') throw refuse(FRONTMATTER_MERGE_REASONS.notOneBlock)

  const merged = analyse(block, 'result')
  const orig = source.src

  // fields: the original ones, in order, then the new ones
  const expected = [...source.entries.map((e) => e.key), ...newKeys]
  const got = merged.entries.map((e) => e.key)
  const gotSet = new Set(got)
  for (const e of source.entries)
    if (!gotSet.has(e.key)) throw refuse(FRONTMATTER_MERGE_REASONS.fieldGone(e.key))
  if (got.length !== expected.length || !expected.every((k) => gotSet.has(k)))
    throw refuse(FRONTMATTER_MERGE_REASONS.unexpectedFields)
  if (!expected.every((k, i) => got[i] === k)) throw refuse(FRONTMATTER_MERGE_REASONS.order)

  // header, preceding lines, untouched representations
  for (let i = 0; i < source.entries.length; i++) {
    const before = source.entries[i]
    const now = merged.entries[i]
    const precBefore = orig.slice(before.precedingStart, before.keyStart)
    const precNow = block.slice(now.precedingStart, now.keyStart)
    if (precBefore !== precNow)
      throw refuse(
        i === 0 ? FRONTMATTER_MERGE_REASONS.header : FRONTMATTER_MERGE_REASONS.precedingLines(before.key)
      )
    if (Object.prototype.hasOwnProperty.call(updates, before.key)) continue
    if (orig.slice(before.keyStart, before.end) !== block.slice(now.keyStart, now.end)) {
      throw refuse(FRONTMATTER_MERGE_REASONS.representation(before.key))
    }
    if (!deepEqual(valueOf(source.doc, before.pair), valueOf(merged.doc, now.pair))) {
      throw refuse(FRONTMATTER_MERGE_REASONS.representation(before.key))
    }
  }
  // what followed the last original entry is still there, right before the appended keys
  const trailer = orig.slice(source.trailerStart)
  const afterLast =
    newKeys.length > 0
      ? block.slice(
          source.entries.length > 0 ? merged.entries[source.entries.length - 1].end : 0,
          merged.entries[source.entries.length].keyStart
        )
      : block.slice(merged.trailerStart)
  if (afterLast !== trailer) throw refuse(FRONTMATTER_MERGE_REASONS.comments)

  // comments
  const cBefore = commentsOf(orig)
  const cNow = commentsOf(block)
  if (cBefore.length !== cNow.length || !cBefore.every((c, i) => c === cNow[i]))
    throw refuse(FRONTMATTER_MERGE_REASONS.comments)

  // targeted values read back as requested
  const mergedByKey = new Map(merged.entries.map((e) => [e.key, e]))
  for (const k of Object.keys(updates)) {
    const entry = mergedByKey.get(k)
    if (!entry || !deepEqual(valueOf(merged.doc, entry.pair), updates[k]))
      throw refuse(FRONTMATTER_MERGE_REASONS.valueDiffers(k))
  }
}

/**
 * mergeFrontmatter of one file's text. A refusal names the file (its kind's `path`, which the
 * doors word) and, when `where` is given, is prefixed by it (the contract's sentence).
 */
export function mergeFileFrontmatter(
  path: string,
  text: string,
  updates: Record<string, unknown>,
  where?: string
): string {
  try {
    return mergeFrontmatter(text, updates)
  } catch (e) {
    throw toldMore(e, { path }, where)
  }
}
