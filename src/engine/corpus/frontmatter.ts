import { parseDocument } from 'yaml'
import { yamlTooDeep } from '../yaml-depth'

export interface FrontmatterSplit {
  /** The block exactly as in the text, both `---` lines included, with the closing line's newline (if any). */
  raw: string | null
  /** Text between the two delimiter lines (the last inner line keeps its newline). */
  inner: string | null
  /** Parsed mapping; null when absent, invalid YAML, or not a mapping. */
  data: Record<string, unknown> | null
  /** The text after the block (the whole text when there is no frontmatter). */
  body: string
  /** Offset of `body` in the text. */
  bodyOffset: number
  /** 1-based line number, in the full text, of the first body line. */
  bodyStartLine: number
}

function noFrontmatter(text: string): FrontmatterSplit {
  return { raw: null, inner: null, data: null, body: text, bodyOffset: 0, bodyStartLine: 1 }
}

/**
 * Splits a document into its frontmatter block and body (behaviours §7).
 *
 * Delimiters are compared trimmed so that `\r\n` files and stray trailing spaces behave like the
 * predecessor's `.strip() == "---"`. An unclosed block is not frontmatter at all: treating the rest of
 * the document as YAML would hide the whole body.
 */
export function splitFrontmatter(text: string): FrontmatterSplit {
  const firstEnd = text.indexOf('\n')
  if (firstEnd === -1 || text.slice(0, firstEnd).trim() !== '---') return noFrontmatter(text)

  const innerStart = firstEnd + 1
  let lineStart = innerStart
  let lineNo = 2
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart)
    const lineEnd = nl === -1 ? text.length : nl
    if (text.slice(lineStart, lineEnd).trim() === '---') {
      const bodyOffset = nl === -1 ? text.length : nl + 1
      const inner = text.slice(innerStart, lineStart)
      return {
        raw: text.slice(0, bodyOffset),
        inner,
        data: parseMapping(inner),
        body: text.slice(bodyOffset),
        bodyOffset,
        bodyStartLine: lineNo + 1
      }
    }
    if (nl === -1) break
    lineStart = nl + 1
    lineNo++
  }
  return noFrontmatter(text)
}

/**
 * YAML 1.2 core schema so that `2026-01-15` stays the string the author wrote (the 1.1 schema
 * would turn it into a Date and reformat it on output). Duplicate keys are tolerated, last one
 * winning, as PyYAML did: a sloppy frontmatter must not make a document lose its title.
 */
function parseMapping(inner: string): Record<string, unknown> | null {
  if (yamlTooDeep(inner)) return null
  try {
    const doc = parseDocument(inner, { schema: 'core', uniqueKeys: false })
    if (doc.errors.length > 0) return null
    const value: unknown = doc.toJS()
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null
    return value as Record<string, unknown>
  } catch {
    // toJS throws on alias bombs (maxAliasCount): an unreadable frontmatter, not an unreadable document.
    return null
  }
}
