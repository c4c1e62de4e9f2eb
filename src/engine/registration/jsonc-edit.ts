import { applyEdits, findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode } from 'jsonc-parser'
import type { Edit, Node, ParseError } from 'jsonc-parser'
import { invalidInput } from '../errors'

/**
 * Text edits of a host's config file (JSON with comments) that change our entry and nothing else.
 *
 * jsonc-parser parses (comments, trailing commas) and locates nodes by offset; the edits are
 * computed here and applied with its `applyEdits`. Not with its `modify`: that one reformats every
 * line its edit touches (measured: inserting after `"other": { "command": "x" } // tail` reflowed
 * the neighbour's inline object over four lines, and a removal re-indented the closing braces),
 * which breaks "every other byte stays". Our edits only insert or delete whole runs of text:
 *
 * - a new property goes on its own line just before the object's first property, indented like
 *   it, with its comma — so removing it again gives the original bytes back;
 * - removing a property deletes it with the whitespace before it and its comma (or, for the last
 *   one, the comma after its predecessor), keeping every comment around it;
 * - a changed value is replaced in place, written in the file's indentation and line ending.
 */

export interface JsoncFormat {
  /** Line ending of the file (CRLF if any line has one). */
  eol: string
  /** One level of indentation: a tab or N spaces, from the file's own lines. */
  unit: string
  /** A file on one line: edits stay on that line. */
  compact: boolean
}

const DEFAULT_UNIT = '  '

export function inferFormat(text: string): JsoncFormat {
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const compact = text.trim().length > 0 && !/[\r\n]/.test(text.trim())
  let unit: string | null = null
  let min = Infinity
  for (const line of text.split(/\r?\n/)) {
    const m = /^([ \t]+)["{}[\]/]/.exec(line)
    if (!m) continue
    if (m[1].startsWith('\t')) {
      unit = '\t'
      break
    }
    min = Math.min(min, m[1].length)
  }
  if (unit === null) unit = Number.isFinite(min) ? ' '.repeat(min) : DEFAULT_UNIT
  return { eol, unit, compact }
}

const PARSE_ERRORS: Record<string, string> = {
  InvalidSymbol: 'caractère inattendu',
  InvalidNumberFormat: 'nombre mal formé',
  PropertyNameExpected: 'nom de propriété attendu',
  ValueExpected: 'valeur attendue',
  ColonExpected: '« : » attendu',
  CommaExpected: 'virgule attendue',
  CloseBraceExpected: '« } » manquante',
  CloseBracketExpected: '« ] » manquant',
  EndOfFileExpected: 'texte après la fin du JSON',
  InvalidCommentToken: 'commentaire mal formé',
  UnexpectedEndOfComment: 'commentaire non fermé',
  UnexpectedEndOfString: 'chaîne non fermée',
  UnexpectedEndOfNumber: 'nombre incomplet',
  InvalidUnicode: 'séquence Unicode invalide',
  InvalidEscapeCharacter: 'échappement invalide',
  InvalidCharacter: 'caractère invalide'
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 }
}

const untouched = 'OKF Hub n’y a pas touché : corrigez-le (ou renommez-le) puis réessayez'

/**
 * The file's tree, or INVALID_INPUT saying where it does not parse. An empty (or blank) file is an
 * empty config (`undefined` root). The root must be an object.
 */
export function parseConfig(text: string, file: string): Node | undefined {
  if (text.trim() === '') return undefined
  const errors: ParseError[] = []
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false })
  if (errors.length > 0) {
    const e = errors[0]
    const { line, column } = position(text, e.offset)
    const what = PARSE_ERRORS[printParseErrorCode(e.error)] ?? printParseErrorCode(e.error)
    throw invalidInput(
      `${file} n’est pas un JSON lisible (ligne ${line}, colonne ${column} : ${what}) ; ${untouched}`,
      { kind: 'host-config-invalid-json', params: { file, line: String(line), column: String(column) } }
    )
  }
  if (!root || root.type !== 'object')
    throw invalidInput(`${file} ne contient pas un objet JSON à sa racine ; ${untouched}`)
  return root
}

/** The object under `key`, or INVALID_INPUT when that key holds something else. */
function container(root: Node | undefined, key: string, file: string): Node | undefined {
  if (!root) return undefined
  const node = findNodeAtLocation(root, [key])
  if (node && node.type !== 'object')
    throw invalidInput(`${file} : « ${key} » n’est pas un objet ; ${untouched}`)
  return node
}

/** Our entry's parsed value in the file's text, or undefined when absent. Throws like parseConfig. */
export function readEntry(text: string, file: string, key: string, name: string): unknown {
  const c = container(parseConfig(text, file), key, file)
  const node = c ? findNodeAtLocation(c, [name]) : undefined
  return node ? (getNodeValue(node) as unknown) : undefined
}

// --- text positions -------------------------------------------------------------------------

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1
}

/** The whitespace opening the line of `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = lineStart(text, offset)
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? ''
}

/** Whether only whitespace precedes `offset` on its line. */
function startsLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStart(text, offset), offset))
}

/** First offset ≥ pos that is not whitespace or inside a comment. */
function skipTrivia(text: string, pos: number): number {
  let i = pos
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++
    if (text.startsWith('//', i)) {
      const nl = text.indexOf('\n', i)
      i = nl < 0 ? text.length : nl
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? text.length : end + 2
    } else return i
  }
}

/** The offset just after the whitespace-free text preceding `offset` (spaces, tabs, line ends only). */
function backOverWhitespace(text: string, offset: number): number {
  let i = offset
  while (i > 0 && /[ \t\r\n]/.test(text[i - 1])) i--
  return i
}

/** The offset of the comma following `node` (after trivia), or -1. */
function commaAfter(text: string, node: Node): number {
  const i = skipTrivia(text, node.offset + node.length)
  return text[i] === ',' ? i : -1
}

// --- serialisation --------------------------------------------------------------------------

function serialize(value: unknown, fmt: JsoncFormat, indent: string, inline: boolean): string {
  if (fmt.compact || inline) return JSON.stringify(value)
  return JSON.stringify(value, null, fmt.unit)
    .split('\n')
    .join(fmt.eol + indent)
}

// --- edits ----------------------------------------------------------------------------------

/** Inserts `"name": value` as the first property of the object `obj`. */
function insertProperty(text: string, obj: Node, name: string, value: unknown, fmt: JsoncFormat): Edit {
  const props = obj.children ?? []
  const open = obj.offset + 1
  const first = props[0]
  if (first && startsLine(text, first.offset)) {
    const indent = lineIndent(text, first.offset)
    const at = lineStart(text, first.offset)
    const prop = `${JSON.stringify(name)}: ${serialize(value, fmt, indent, false)}`
    return { offset: at, length: 0, content: `${indent}${prop},${fmt.eol}` }
  }
  if (first) {
    // `{ "a": 1 }` or a one-line file: stay on the line.
    const spaced = /\s/.test(text[open] ?? '')
    const prop = `${JSON.stringify(name)}:${spaced ? ' ' : ''}${serialize(value, fmt, '', true)}`
    return { offset: open, length: 0, content: `${spaced ? ' ' : ''}${prop},` }
  }
  const close = obj.offset + obj.length - 1
  const inner = text.slice(open, close)
  if (fmt.compact)
    return { offset: open, length: 0, content: `${JSON.stringify(name)}:${serialize(value, fmt, '', true)}` }
  const outer = lineIndent(text, obj.offset)
  const indent = outer + fmt.unit
  const prop = `${JSON.stringify(name)}: ${serialize(value, fmt, indent, false)}`
  if (/\n/.test(inner)) return { offset: open, length: 0, content: `${fmt.eol}${indent}${prop}` }
  // `{}` / `{ }` in a multi-line file: open it up.
  if (inner.trim() === '')
    return { offset: open, length: inner.length, content: `${fmt.eol}${indent}${prop}${fmt.eol}${outer}` }
  return { offset: open, length: 0, content: `${fmt.eol}${indent}${prop}` } // only comments inside
}

/** Deletes the property node `prop` of `obj` with its comma, keeping the comments around it. */
function removeProperty(text: string, obj: Node, prop: Node): Edit[] {
  const props = obj.children ?? []
  const i = props.indexOf(prop)
  const from = backOverWhitespace(text, prop.offset)
  const after = commaAfter(text, prop)
  if (after >= 0) return [{ offset: from, length: after + 1 - from, content: '' }]
  const prev = i > 0 ? props[i - 1] : undefined
  const before = prev ? commaAfter(text, prev) : -1
  const edits: Edit[] = [{ offset: from, length: prop.offset + prop.length - from, content: '' }]
  if (before >= 0) edits.unshift({ offset: before, length: 1, content: '' })
  return edits
}

function replaceValue(text: string, prop: Node, valueNode: Node, value: unknown, fmt: JsoncFormat): Edit {
  const inline = !startsLine(text, prop.offset)
  return {
    offset: valueNode.offset,
    length: valueNode.length,
    content: serialize(value, fmt, lineIndent(text, prop.offset), inline)
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as never)[k], (b as never)[k]))
  )
}

/** Whether the entry found in a file is ours as we would write it (its own extra fields aside). */
export function entryMatches(found: unknown, wanted: Record<string, unknown>): boolean {
  if (typeof found !== 'object' || found === null || Array.isArray(found)) return false
  return Object.entries(wanted).every(([k, v]) => sameJson((found as Record<string, unknown>)[k], v))
}

/**
 * The text with `key.name` set to `entry`: nothing changes when it already matches; an entry of
 * ours that differs gets only its differing fields rewritten (fields the user added stay).
 */
export function setEntry(
  text: string,
  file: string,
  key: string,
  name: string,
  entry: Record<string, unknown>
): string {
  const fmt = inferFormat(text)
  const root = parseConfig(text, file)
  if (!root) {
    const body = serialize({ [key]: { [name]: entry } }, fmt, '', false)
    return `${body}${fmt.eol}`
  }
  const c = container(root, key, file)
  if (!c) return applyEdits(text, [insertProperty(text, root, key, { [name]: entry }, fmt)])
  const prop = findNodeAtLocation(c, [name])?.parent
  if (!prop || prop.type !== 'property' || !prop.children?.[1])
    return applyEdits(text, [insertProperty(text, c, name, entry, fmt)])
  const valueNode = prop.children[1]
  if (valueNode.type !== 'object') return applyEdits(text, [replaceValue(text, prop, valueNode, entry, fmt)])
  // Field by field, re-reading after each edit (offsets move).
  let out = text
  for (const field of Object.keys(entry).reverse()) {
    const r = parseConfig(out, file) as Node
    const obj = findNodeAtLocation(r, [key, name]) as Node
    const fieldNode = findNodeAtLocation(obj, [field])
    if (fieldNode && sameJson(getNodeValue(fieldNode), entry[field])) continue
    out = applyEdits(
      out,
      fieldNode?.parent
        ? [replaceValue(out, fieldNode.parent, fieldNode, entry[field], fmt)]
        : [insertProperty(out, obj, field, entry[field], fmt)]
    )
  }
  return out
}

/** The text without `key.name` (the rest byte for byte); unchanged when absent. */
export function removeEntry(text: string, file: string, key: string, name: string): string {
  const c = container(parseConfig(text, file), key, file)
  const prop = c ? findNodeAtLocation(c, [name])?.parent : undefined
  if (!c || !prop || prop.type !== 'property') return text
  return applyEdits(text, removeProperty(text, c, prop))
}
