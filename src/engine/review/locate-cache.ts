import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from '../registry/base'
import type { HubLog } from '../hublog'
import { describeError } from '../errors'
import { listDocuments } from '../corpus/paths'
import { mtimeSettled } from '../fingerprint'
import { writeFileAtomic } from '../git/atomic-write'

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
  /** Settled answers, in the form they are saved (the map above also holds answers in flight). */
  settled: Map<string, T>
}

/**
 * Where a long-running door keeps the answers across restarts (the desktop app, `okf-hub ui`):
 * one JSON file per corpus in the user-data folder, holding one fingerprint and its answers. The
 * first inventory of 500 proposals over 10,000 documents costs minutes of searching; after a
 * restart on an unchanged corpus it costs one fingerprint. A file that does not parse, or whose
 * fingerprint differs, is ignored (and replaced at the next save).
 */
export class LocateStore<T> {
  private readonly waiting = new Map<
    string,
    { timer: NodeJS.Timeout; entry: { fingerprint: string; settled: Map<string, T> } }
  >()
  private readonly writing = new Set<Promise<void>>()

  constructor(
    private readonly dir: string,
    private readonly valid: (v: unknown) => v is T,
    private readonly log?: HubLog,
    private readonly delayMs = 1_000
  ) {}

  private file(corpusDir: string): string {
    return join(this.dir, `${createHash('sha1').update(corpusDir).digest('hex')}.json`)
  }

  load(corpusDir: string, fingerprint: string): Map<string, T> {
    const out = new Map<string, T>()
    let data: unknown
    try {
      data = JSON.parse(readFileSync(this.file(corpusDir), 'utf8'))
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log?.warning(`cache des documents liés ignoré (${this.file(corpusDir)}) : ${describeError(e)}`)
      return out
    }
    const d = data as { fingerprint?: unknown; answers?: unknown } | null
    if (d?.fingerprint !== fingerprint || typeof d.answers !== 'object' || d.answers === null) return out
    for (const [q, v] of Object.entries(d.answers as Record<string, unknown>)) {
      if (out.size >= LOCATE_CACHE_MAX) break
      if (this.valid(v)) out.set(q, v)
    }
    return out
  }

  /** Saves shortly after the last change: an inventory's hundreds of answers make one write. */
  schedule(corpusDir: string, entry: { fingerprint: string; settled: Map<string, T> }): void {
    clearTimeout(this.waiting.get(corpusDir)?.timer)
    const timer = setTimeout(() => this.saveNow(corpusDir), this.delayMs)
    timer.unref()
    this.waiting.set(corpusDir, { timer, entry })
  }

  private saveNow(corpusDir: string): void {
    const w = this.waiting.get(corpusDir)
    if (!w) return
    clearTimeout(w.timer)
    this.waiting.delete(corpusDir)
    const file = this.file(corpusDir)
    const text = JSON.stringify({
      fingerprint: w.entry.fingerprint,
      answers: Object.fromEntries(w.entry.settled)
    })
    const p = (async () => {
      try {
        mkdirSync(this.dir, { recursive: true })
        await writeFileAtomic(file, text)
      } catch (e) {
        this.log?.warning(`cache des documents liés non enregistré (${file}) : ${describeError(e)}`)
      }
    })().finally(() => this.writing.delete(p))
    this.writing.add(p)
  }

  /** Writes what is waiting now (a door that closes; tests). */
  async flush(): Promise<void> {
    for (const corpusDir of [...this.waiting.keys()]) this.saveNow(corpusDir)
    await Promise.all([...this.writing])
  }
}

/**
 * Answers per corpus (keyed by its directory), for one fingerprint at a time. `session` takes the
 * fingerprint once (an inventory asks hundreds of queries against one state of the corpus);
 * a failed answer (`compute` resolving to null) is not kept, so the next read tries again.
 */
export class LocateCache<T> {
  private readonly corpora = new Map<string, CorpusAnswers<T>>()

  /** `store`: answers kept across restarts too (the first session of a corpus reads them). */
  session(
    base: Base,
    store?: LocateStore<T>
  ): (query: string, compute: () => Promise<T | null>, fallback: T) => Promise<T> {
    const fingerprint = corpusFingerprint(base)
    const key = base.corpusDir
    let entry: CorpusAnswers<T> | null = null
    if (fingerprint !== null) {
      const held = this.corpora.get(key)
      if (held && held.fingerprint === fingerprint) entry = held
      else {
        const settled = store ? store.load(key, fingerprint) : new Map<string, T>()
        const answers = new Map<string, Promise<T>>()
        for (const [q, v] of settled) answers.set(q, Promise.resolve(v))
        entry = { fingerprint, answers, settled }
      }
      this.corpora.set(key, entry)
    } else this.corpora.delete(key)
    return async (query, compute, fallback) => {
      if (entry === null) return (await compute()) ?? fallback
      const known = entry.answers.get(query)
      if (known) return known
      if (entry.answers.size >= LOCATE_CACHE_MAX) {
        entry.answers.clear()
        entry.settled.clear()
      }
      const { answers, settled } = entry
      const held = entry
      const pending = compute().then(
        (r) => {
          if (r === null) {
            answers.delete(query)
            return fallback
          }
          settled.set(query, r)
          store?.schedule(key, held)
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

  /** Whether the last session of this corpus keeps its answers (false: a document's mtime is too recent). */
  keeps(base: Base): boolean {
    return this.corpora.has(base.corpusDir)
  }

  clear(): void {
    this.corpora.clear()
  }
}
