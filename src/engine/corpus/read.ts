import { readFileSync } from 'node:fs'
import type { Base } from '../registry/base'
import { ioError, notFound } from '../errors'
import { resolveDocument } from './paths'
import { splitFrontmatter } from './frontmatter'
import {
  findPreamble,
  findSection,
  headingTable,
  parseHeadings,
  type HeadingSize,
  type Section
} from './markdown'
import { headingListing } from './toc'

export type ReadResult =
  | { kind: 'section'; path: string; section: Section }
  | {
      kind: 'toc'
      path: string
      size: number
      threshold: number
      frontmatterRaw: string | null
      table: HeadingSize[]
    }
  | { kind: 'full'; path: string; text: string }

export interface ReadOptions {
  section?: string
  force?: boolean
  tocThreshold: number
}

/**
 * kb_read's three behaviours, in the contract's order: the section when asked
 * (even on a big document), the table of headings above the threshold unless
 * forced, else the whole file verbatim.
 */
export function readDocument(base: Base, path: string, opts: ReadOptions): ReadResult {
  const doc = resolveDocument(base, path)
  let text: string
  try {
    text = readFileSync(doc.abs, 'utf8')
  } catch (e) {
    throw ioError(`lecture de '${doc.rel}' impossible : ${(e as Error).message}`)
  }
  if (opts.section !== undefined && opts.section.trim() !== '') {
    const headings = parseHeadings(text)
    // A heading first; then `(préambule)`, the label kb_search prints before any heading.
    const section = findSection(text, headings, opts.section) ?? findPreamble(text, headings, opts.section)
    if (!section) {
      throw notFound(
        `section '${opts.section}' introuvable dans '${doc.rel}'. Headings disponibles :\n${headingListing(headingTable(text, headings))}`
      )
    }
    return { kind: 'section', path: doc.rel, section }
  }
  const size = Buffer.byteLength(text, 'utf8')
  if (size > opts.tocThreshold && !opts.force) {
    const headings = parseHeadings(text)
    return {
      kind: 'toc',
      path: doc.rel,
      size,
      threshold: opts.tocThreshold,
      frontmatterRaw: splitFrontmatter(text).raw,
      table: headingTable(text, headings)
    }
  }
  return { kind: 'full', path: doc.rel, text }
}
