import { createHash } from 'node:crypto'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from '../registry/base'
import { listDocuments } from '../corpus/paths'
import { mtimeSettled } from '../fingerprint'

/**
 * The documents a proposal likely concerns are found by searching its concerns over the whole
 * corpus: one ripgrep scan per pending proposal, which is the inventory's whole cost (500
 * proposals over 10,000 documents: minutes). Yet the answer depends only on the query and the
 * corpus, and the manager's UI reads the inventory again on every live event (a proposal filed,
 * a resolution elsewhere) while the corpus has not changed. So answers are kept per corpus while
 * its fingerprint stands: every document's path, mtime, size and inode (the documents kb_search
 * scans, one rule: `listDocuments`). A proposal filed or moved does not touch it; an edited,
 * added or removed document does. Under the racy-mtime rule of fingerprint.ts, a corpus with a
 * document younger than the window is not cached at all.
 */

/** Queries kept per corpus; past it the corpus's answers are dropped and found again. */
export const LOCATE_CACHE_MAX = 20_000

/** The corpus's fingerprint, or null while a document's mtime is too recent to be trusted. */
export function corpusFingerprint(base: Base): string | null {
  // Taken before the stats: the racy verdict must not be younger than what they saw.
  const statAt = Date.now()
  const h = createHash('sha1')
  let settled = true
  for (const rel of listDocuments(base)) {
    try {
      const st = statSync(join(base.corpusDir, ...rel.split('/')))
      if (!mtimeSettled(st.mtimeMs, statAt)) settled = false
      h.update(`${rel}\0${st.mtimeMs}\0${st.size}\0${st.ino}\n`)
    } catch {
      h.update(`${rel}\0-\n`) // vanished between the listing and the stat
    }
  }
  return settled ? h.digest('hex') : null
}

interface CorpusAnswers<T> {
  fingerprint: string
  answers: Map<string, Promise<T>>
}

/**
 * Answers per corpus (keyed by its directory), for one fingerprint at a time. `session` takes the
 * fingerprint once (an inventory asks hundreds of queries against one state of the corpus);
 * a failed answer (`compute` resolving to null) is not kept, so the next read tries again.
 */
export class LocateCache<T> {
  private readonly corpora = new Map<string, CorpusAnswers<T>>()

  session(base: Base): (query: string, compute: () => Promise<T | null>, fallback: T) => Promise<T> {
    const fingerprint = corpusFingerprint(base)
    const key = base.corpusDir
    let entry: CorpusAnswers<T> | null = null
    if (fingerprint !== null) {
      const held = this.corpora.get(key)
      entry = held && held.fingerprint === fingerprint ? held : { fingerprint, answers: new Map() }
      this.corpora.set(key, entry)
    } else this.corpora.delete(key)
    return async (query, compute, fallback) => {
      if (entry === null) return (await compute()) ?? fallback
      const known = entry.answers.get(query)
      if (known) return known
      if (entry.answers.size >= LOCATE_CACHE_MAX) entry.answers.clear()
      const answers = entry.answers
      const pending = compute().then(
        (r) => {
          if (r === null) {
            answers.delete(query)
            return fallback
          }
          return r
        },
        (e: unknown) => {
          answers.delete(query)
          throw e
        }
      )
      answers.set(query, pending)
      return pending
    }
  }

  clear(): void {
    this.corpora.clear()
  }
}
