import { readFileSync, statSync } from 'node:fs'
import type { Base } from '../registry/base'
import { notFound } from '../errors'
import { isDocumentPath } from './document-rule'
import { resolveDocument, walkDocuments } from './paths'

/**
 * The corpus as a host browses it (MCP resources): a bounded first listing, prefix completion of
 * paths, and the read of one document under kb_read's containment plus the document rule. The
 * rule itself stays document-rule.ts's; the walks here only stop early.
 */

/** The first `limit` documents in `listDocuments` order, without walking the rest. */
export function firstDocuments(base: Base, limit: number): string[] {
  const out: string[] = []
  if (limit <= 0) return out
  walkDocuments(
    base,
    () => true,
    (rel) => {
      out.push(rel)
      return out.length < limit
    }
  )
  return out
}

/**
 * Documents whose corpus-relative path starts with `prefix` (case ignored), at most `max`, and
 * whether there were more. Only directories that can hold a match are entered, so completing
 * `procedures/` reads that folder, not the corpus.
 */
export function documentsWithPrefix(
  base: Base,
  prefix: string,
  max: number
): { values: string[]; more: boolean } {
  const p = prefix.toLowerCase()
  const values: string[] = []
  let more = false
  walkDocuments(
    base,
    (relDir) => {
      const d = `${relDir.toLowerCase()}/`
      return d.startsWith(p) || p.startsWith(d)
    },
    (rel) => {
      if (!rel.toLowerCase().startsWith(p)) return true
      if (values.length === max) {
        more = true
        return false
      }
      values.push(rel)
      return true
    }
  )
  return { values, more }
}

export interface CorpusDocument {
  /** Corpus-relative, `/` separators, normalised. */
  rel: string
  /** Canonical absolute path. */
  abs: string
}

/**
 * A corpus document by its corpus-relative path: kb_read's containment (`resolveDocument`: `..`,
 * absolute paths, links out of the corpus, excluded names are NOT_FOUND with kb_read's very
 * messages), and then the document rule: a file that is not a document (`notes.txt`) is refused too.
 */
export function resolveCorpusDocument(base: Base, rel: string): CorpusDocument {
  const doc = resolveDocument(base, rel)
  if (!isDocumentPath(doc.rel))
    throw notFound(
      `'${doc.rel}' n'est pas un document du corpus de la base '${base.name}' (seuls les fichiers .md en sont)`,
      { kind: 'document-not-found', params: { path: doc.rel } }
    )
  return doc
}

export function readCorpusDocument(base: Base, rel: string): CorpusDocument & { text: string } {
  const doc = resolveCorpusDocument(base, rel)
  return { ...doc, text: readFileSync(doc.abs, 'utf8') }
}

/**
 * A file's stat fingerprint for change notifications (size, inode, nanosecond mtime and ctime);
 * `-` when it is gone. An atomic rewrite (new inode), an edit in place (mtime/ctime) and a removal
 * all move it.
 */
export function fileFingerprint(abs: string): string {
  try {
    const st = statSync(abs, { bigint: true })
    return `${st.size}:${st.ino}:${st.mtimeNs}:${st.ctimeNs}`
  } catch {
    return '-'
  }
}
