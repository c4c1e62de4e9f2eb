import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from '../registry/base'
import type { HubLog } from '../hublog'
import { describeError } from '../errors'
import { listDocuments } from '../corpus/paths'
import { mtimeSettled, RACY_WINDOW_MS } from '../fingerprint'
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
 *
 * The fingerprint itself costs one `stat` per document (~60 ms at 10,000): the manager's UI, which
 * can be told to read again, gets its answer first and the check shortly after (`session`'s
 * `trust`); every other caller checks first.
 */

/** Queries kept per corpus; past it the corpus's answers are dropped and found again. */
export const LOCATE_CACHE_MAX = 20_000

/** Documents stat'ed between two turns of the event loop when the fingerprint is taken in the background. */
export const FINGERPRINT_CHUNK = 500

/** A fingerprint, or null while some document's mtime is inside the racy window — and until when. */
interface FingerprintState {
  fingerprint: string | null
  /** When the youngest unsettled mtime leaves the window (ms since the epoch); null when none is. */
  settlesAt: number | null
}

/**
 * The fingerprint's work, pausing (`yield`) after every `chunk` documents: the inventory's own
 * check drains it at once, a check after the answer lets requests in between its chunks.
 */
function* fingerprintSteps(base: Base, chunk: number): Generator<void, FingerprintState> {
  // Taken before the stats: the racy verdict must not be younger than what they saw.
  const statAt = Date.now()
  const h = createHash('sha1')
  let youngest: number | null = null
  let n = 0
  for (const rel of listDocuments(base)) {
    if (++n % chunk === 0) yield
    try {
      const st = statSync(join(base.corpusDir, ...rel.split('/')))
      if (!mtimeSettled(st.mtimeMs, statAt) && (youngest === null || st.mtimeMs > youngest))
        youngest = st.mtimeMs
      h.update(`${rel}\0${st.mtimeMs}\0${st.size}\0${st.ino}\n`)
    } catch {
      h.update(`${rel}\0-\n`) // vanished between the listing and the stat
    }
  }
  if (youngest === null) return { fingerprint: h.digest('hex'), settlesAt: null }
  return { fingerprint: null, settlesAt: Math.ceil(youngest) + RACY_WINDOW_MS + 1 }
}

function fingerprintState(base: Base): FingerprintState {
  const steps = fingerprintSteps(base, Infinity)
  for (;;) {
    const r = steps.next()
    if (r.done) return r.value
  }
}

/** The corpus's fingerprint, or null while a document's mtime is too recent to be trusted. */
export function corpusFingerprint(base: Base): string | null {
  return fingerprintState(base).fingerprint
}

/** The same fingerprint, taken a chunk at a time so that the process keeps answering meanwhile. */
async function corpusFingerprintInTurns(base: Base): Promise<string | null> {
  const steps = fingerprintSteps(base, FINGERPRINT_CHUNK)
  for (;;) {
    const r = steps.next()
    if (r.done) return r.value.fingerprint
    await new Promise<void>((ok) => setImmediate(ok))
  }
}

/**
 * How long `settledSession` waits at most for a document just written to leave the racy window:
 * the window itself, and a margin. A document dated further ahead (a clock set wrong) is not
 * waited for: its corpus is not cached, as before.
 */
export const SETTLE_WAIT_MAX_MS = RACY_WINDOW_MS + 500

interface CorpusAnswers<T> {
  fingerprint: string
  answers: Map<string, Promise<T>>
  /** Settled answers, in the form they are saved (the map above also holds answers in flight). */
  settled: Map<string, T>
  /** Found out of date by a check after answering: what still settles into it is neither kept nor saved. */
  dead?: boolean
  /** What HEAD held of the corpus when the fingerprint was last taken first (`Trust.stamp`). */
  stamp?: string | null
}

/** What a read that can be told to read again brings (`LocateCache.session`). */
export interface Trust {
  /** Runs when the check after the answer finds the corpus changed. */
  onStale: () => void
  /**
   * What HEAD holds of the corpus now (its folder's tree oid): a commit that touched it (a
   * resolution, a pull, the user's own) makes the read check first, so that committed changes
   * are never served stale; only edits not committed wait for the check after.
   */
  stamp: string | null
}

/** Sessions answered from an entry before their check, each told if its entry was out of date. */
interface Check<T> {
  /** Emptied when the check starts: a check not started yet always has a session waiting. */
  waiting: Map<() => void, CorpusAnswers<T>>
  done: Promise<void>
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
    private readonly delayMs = 1_000,
    /** What the log calls these answers. */
    private readonly label = 'cache des documents liés'
  ) {}

  private file(corpusDir: string): string {
    return join(this.dir, `${createHash('sha1').update(corpusDir).digest('hex')}.json`)
  }

  /** The saved answers for `fingerprint`; none when the file holds another (or nothing usable). */
  load(corpusDir: string, fingerprint: string): Map<string, T> {
    const saved = this.read(corpusDir)
    return saved?.fingerprint === fingerprint ? saved.answers : new Map<string, T>()
  }

  /** What the file holds, whichever state of the corpus it was for; null when nothing usable. */
  read(corpusDir: string): { fingerprint: unknown; answers: Map<string, T> } | null {
    let data: unknown
    try {
      data = JSON.parse(readFileSync(this.file(corpusDir), 'utf8'))
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log?.warning(`${this.label} ignoré (${this.file(corpusDir)}) : ${describeError(e)}`)
      return null
    }
    const d = data as { fingerprint?: unknown; answers?: unknown } | null
    if (typeof d?.answers !== 'object' || d.answers === null) return null
    const answers = new Map<string, T>()
    for (const [q, v] of Object.entries(d.answers as Record<string, unknown>)) {
      if (answers.size >= LOCATE_CACHE_MAX) break
      if (this.valid(v)) answers.set(q, v)
    }
    return { fingerprint: d.fingerprint, answers }
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
        this.log?.warning(`${this.label} non enregistré (${file}) : ${describeError(e)}`)
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
 * How long a check waits after the read that asked for it: the screen that read is then drawing the
 * answer and making its next calls, on the same cores; reads within the wait share the check.
 */
export const CHECK_DELAY_MS = 250

/**
 * Answers per corpus (keyed by its directory), for one fingerprint at a time. `session` takes the
 * fingerprint once (an inventory asks hundreds of queries against one state of the corpus);
 * a failed answer (`compute` resolving to null) is not kept, so the next read tries again.
 */
export class LocateCache<T> {
  private readonly corpora = new Map<string, CorpusAnswers<T>>()
  private readonly checks = new Map<string, Check<T>>()
  /**
   * Per corpus, the answers found for its earlier states (`provisional`): after an edit, every
   * answer is searched again, which at scale outlasts a screen's budget (500 proposals over
   * 10,000 documents: minutes), and a screen can show the previous answer meanwhile — an edit of
   * one or two documents seldom changes which documents a proposal most likely concerns.
   */
  private readonly earlier = new Map<string, Map<string, T>>()

  /** `checkDelayMs` 0: a check starts at the next microtask (tests that stage what it sees). */
  constructor(private readonly checkDelayMs = CHECK_DELAY_MS) {}

  /**
   * `store`: answers kept across restarts too (the first session of a corpus reads them).
   *
   * `trust`: a long-running door that can tell its screen to read again (the manager's UI) trades
   * a moment of staleness for the fingerprint's cost before every answer (10,000 stats, ~60 ms at
   * 10,000 documents): the answers kept for the corpus's last checked state are used at once, and
   * the corpus is checked shortly after (`CHECK_DELAY_MS`), in turns; if it changed, the kept
   * answers are dropped and `onStale` runs (the screen's next read searches afresh). Without kept
   * answers, after a commit that touched the corpus (`stamp`), or without `trust` (the CLI), the
   * fingerprint comes first.
   */
  session(
    base: Base,
    store?: LocateStore<T>,
    trust?: Trust,
    known?: string | null
  ): (query: string, compute: () => Promise<T | null>, fallback: T) => Promise<T> {
    const key = base.corpusDir
    const held = this.corpora.get(key)
    if (held && trust && this.trusted(held, trust)) {
      this.checkAfter(base, held, trust.onStale)
      return this.asker(key, held, store)
    }
    const fingerprint = known !== undefined ? known : corpusFingerprint(base)
    let entry: CorpusAnswers<T> | null = null
    if (held && held.fingerprint !== fingerprint) this.remember(key, held.settled)
    if (fingerprint !== null) {
      if (held && held.fingerprint === fingerprint) entry = held
      else {
        const saved = store?.read(key)
        const settled = saved?.fingerprint === fingerprint ? saved.answers : new Map<string, T>()
        // Saved for another state (the corpus changed while no process kept it): earlier answers.
        if (saved && saved.fingerprint !== fingerprint && !this.earlier.has(key))
          this.remember(key, saved.answers)
        const answers = new Map<string, Promise<T>>()
        for (const [q, v] of settled) answers.set(q, Promise.resolve(v))
        entry = { fingerprint, answers, settled }
      }
      entry.stamp = trust?.stamp
      this.corpora.set(key, entry)
    } else this.corpora.delete(key)
    return this.asker(key, entry, store)
  }

  /** A read of the UI's kind whose HEAD corpus is the one its held answers were checked against. */
  private trusted(held: CorpusAnswers<T> | undefined, trust: Trust | undefined): boolean {
    return !!trust && !!held && trust.stamp !== null && held.stamp === trust.stamp
  }

  /**
   * `session`, for a door that answers within a budget: when a document was written a moment ago
   * (a resolution, a colleague's commit pulled, an editor's save), its mtime is inside the racy
   * window and the corpus cannot be fingerprinted, so nothing found now could be kept — the read
   * would have to wait for every search (500 proposals over 10,000 documents: minutes). Waiting for
   * the window to pass instead (at most `SETTLE_WAIT_MAX_MS`) lets the read answer within its
   * budget, with the earlier answers meanwhile, and keep what it finds.
   */
  async settledSession(
    base: Base,
    store?: LocateStore<T>,
    trust?: Trust,
    maxWaitMs = SETTLE_WAIT_MAX_MS
  ): Promise<(query: string, compute: () => Promise<T | null>, fallback: T) => Promise<T>> {
    if (this.trusted(this.corpora.get(base.corpusDir), trust)) return this.session(base, store, trust)
    let state = fingerprintState(base)
    // A few rounds: a resolution writing several documents may still be writing the last ones.
    for (let round = 0; round < 3 && state.settlesAt !== null; round++) {
      const wait = state.settlesAt - Date.now()
      if (wait > maxWaitMs) break
      if (wait > 0) await new Promise<void>((ok) => setTimeout(ok, wait))
      state = fingerprintState(base)
    }
    // The held answers may have been replaced while this read waited: `session` looks again.
    return this.session(base, store, trust, state.fingerprint)
  }

  /** Keeps `settled` (answers for a state the corpus has left) as its latest earlier answers. */
  private remember(key: string, settled: ReadonlyMap<string, T>): void {
    if (settled.size === 0) return
    const merged = new Map(this.earlier.get(key))
    for (const [q, v] of settled) merged.set(q, v)
    this.earlier.set(key, merged.size > LOCATE_CACHE_MAX ? new Map(settled) : merged)
  }

  /**
   * The answer `query` had for an earlier state of `base`'s corpus, if any: something to show while
   * the current one is searched — never kept as the current state's answer.
   */
  provisional(base: Base, query: string): T | undefined {
    return this.earlier.get(base.corpusDir)?.get(query)
  }

  private asker(
    key: string,
    entry: CorpusAnswers<T> | null,
    store?: LocateStore<T>
  ): (query: string, compute: () => Promise<T | null>, fallback: T) => Promise<T> {
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
          if (held.dead) return r
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

  /**
   * Checks the corpus after a session answered from `used`. Checks of one corpus run one at a time;
   * a session that comes while one runs waits for the next (the running one may have stat'ed a
   * document before that session's moment), and every session waiting is settled by that one check.
   */
  private checkAfter(base: Base, used: CorpusAnswers<T>, onStale: () => void): void {
    const key = base.corpusDir
    const last = this.checks.get(key)
    if (last && last.waiting.size > 0) {
      // Not started yet: it will see this session's moment too.
      last.waiting.set(onStale, used)
      return
    }
    // None, or one already running (started before this session): a new one, after it if any.
    const ms = this.checkDelayMs
    const start =
      last?.done ?? (ms > 0 ? new Promise<void>((ok) => setTimeout(ok, ms).unref()) : Promise.resolve())
    const check: Check<T> = { waiting: new Map([[onStale, used]]), done: Promise.resolve() }
    check.done = start.then(() => this.runCheck(base, check))
    this.checks.set(key, check)
  }

  private async runCheck(base: Base, check: Check<T>): Promise<void> {
    const key = base.corpusDir
    const waiting = new Map(check.waiting)
    // From here on, a new session's moment is after this check's start: it needs a check of its own.
    check.waiting.clear()
    let fingerprint: string | null = null
    try {
      fingerprint = await corpusFingerprintInTurns(base)
    } catch {
      // A corpus that cannot be listed now: nothing kept is trusted (the next read searches and says why).
    }
    const current = this.corpora.get(key)
    if (current && current.fingerprint !== fingerprint) {
      current.dead = true
      this.corpora.delete(key)
      this.remember(key, current.settled)
    }
    if (this.checks.get(key) === check) this.checks.delete(key)
    for (const [onStale, used] of waiting) {
      if (used.fingerprint === fingerprint) continue
      used.dead = true
      onStale()
    }
  }

  /** Resolves once no check of `base`'s corpus is running or waiting (tests). */
  async checked(base: Base): Promise<void> {
    for (let c = this.checks.get(base.corpusDir); c; c = this.checks.get(base.corpusDir)) await c.done
  }

  /** Whether the last session of this corpus keeps its answers (false: a document's mtime is too recent). */
  keeps(base: Base): boolean {
    return this.corpora.has(base.corpusDir)
  }

  /**
   * Keeps only the answers to `queries` for `base`'s corpus, in memory and, if any went, in `store`
   * too: a caller whose questions come from a bounded source (the usage journal, which ages its
   * events out) does not keep its words longer than the source does.
   */
  keepOnly(base: Base, queries: ReadonlySet<string>, store?: LocateStore<T>): void {
    const earlier = this.earlier.get(base.corpusDir)
    for (const q of [...(earlier?.keys() ?? [])]) if (!queries.has(q)) earlier?.delete(q)
    const entry = this.corpora.get(base.corpusDir)
    if (!entry) return
    let dropped = false
    for (const q of [...entry.settled.keys()]) {
      if (queries.has(q)) continue
      entry.settled.delete(q)
      entry.answers.delete(q)
      dropped = true
    }
    if (dropped && !entry.dead) store?.schedule(base.corpusDir, entry)
  }

  clear(): void {
    this.corpora.clear()
    this.earlier.clear()
  }
}
