import { existsSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { Base } from '../registry/base'
import type { HubLog } from '../hublog'
import { describeError } from '../errors'
import { headFolderOid, headTreePaths } from '../git/trees'
import { openRepository, type RepoLayout } from '../git/layout'
import { nameableByPlan, proposalFiles, readProposal, type ProposalRead } from '../proposals/store'
import { sourceList } from '../proposals/record'
import { searchBases } from '../search/search'
import type { Inventory, InventoryProposal } from '../../shared/review'
import { concernQuery, groupBySubject, type GroupInput, type GroupOutput } from './group'
import { LocateCache, LocateStore, type Trust } from './locate-cache'

/**
 * `okf-hub review inventory`: pending proposals sorted by submission date, grouped by subject
 * (group.ts), each with the corpus documents it most likely concerns — found by searching its
 * concerns with kb_search's own engine (answers kept while the corpus is unchanged:
 * locate-cache.ts). Read-only, no lock.
 */

export const LIKELY_DOCUMENTS = 3
const SEARCH_CONCURRENCY = 4
const DAY_MS = 86_400_000

export interface InventoryOptions {
  full?: boolean
  log?: HubLog
  now?: () => Date
  /** Answers kept across restarts (the long-running doors: user-data folder). */
  store?: LocateStore<Located>
  /**
   * How long to wait for the likely documents before answering without those still being searched
   * (`Inventory.locating`); the search goes on, and `onLocated` runs once every answer is known —
   * a screen then reads the inventory again, from the cache. Absent: wait for all (the CLI).
   */
  budgetMs?: number
  onLocated?: () => void
  /**
   * Given by a door that can tell its screen to read again: the answers kept for the corpus's last
   * checked state are used at once and the corpus is checked after answering; `onStale` runs if it
   * had changed (locate-cache.ts, `session`). Absent: the corpus is checked first (the CLI).
   */
  onStale?: () => void
}

function ageDays(submittedAt: string | null, now: Date): number | null {
  if (submittedAt === null) return null
  const t = Date.parse(submittedAt)
  if (Number.isNaN(t)) return null
  return Math.max(0, Math.floor((now.getTime() - t) / DAY_MS))
}

export interface Located {
  likely: string[]
  /** Best hit of a strict AND search (every significant word present); null on the OR fallback. */
  top: string | null
}

const kept = new LocateCache<Located>()
const NOTHING: Located = { likely: [], top: null }

/** The search itself; null when it failed (logged), so that the failure is not kept. */
async function search(base: Base, query: string, log?: HubLog): Promise<Located | null> {
  try {
    const [r] = await searchBases([base], query, 'keyword', LIKELY_DOCUMENTS, { background: true })
    const likely = r.results.map((d) => d.path)
    return { likely, top: !r.partial && likely.length > 0 ? likely[0] : null }
  } catch (e) {
    log?.warning(`inventaire '${base.name}' : recherche des documents liés impossible (${describeError(e)})`)
    return null
  }
}

/**
 * A locator over one state of the corpus: answers are kept while the corpus is unchanged
 * (locate-cache.ts), so reading the inventory again searches only for new concerns.
 */
export function locator(
  base: Base,
  log?: HubLog,
  store?: LocateStore<Located>,
  trust?: Trust
): (concerns: string | null) => Promise<Located> {
  return locatorOver(base, kept.session(base, store, trust), log)
}

function locatorOver(
  base: Base,
  ask: ReturnType<LocateCache<Located>['session']>,
  log?: HubLog
): (concerns: string | null) => Promise<Located> {
  return (concerns) => {
    const query = concernQuery(concerns ?? '')
    if (query === '') return Promise.resolve(NOTHING)
    // A copy: the kept answer is shared by every later read.
    return ask(query, () => search(base, query, log), NOTHING).then((l) => ({
      likely: [...l.likely],
      top: l.top
    }))
  }
}

/**
 * What a proposal was found to concern before the corpus's last change (`LocateCache.provisional`),
 * less the documents gone since; nothing when it was never searched.
 */
function provisional(base: Base, concerns: string | null): Located {
  const before = kept.provisional(base, concernQuery(concerns ?? ''))
  if (!before) return NOTHING
  const likely = before.likely.filter((p) => existsSync(join(base.corpusDir, ...p.split('/'))))
  return { likely, top: before.top !== null && likely.includes(before.top) ? before.top : null }
}

/** One proposal's likely documents; `onStale` as the inventory's (a proposal's screen reads again too). */
export async function locate(
  base: Base,
  concerns: string | null,
  log?: HubLog,
  store?: LocateStore<Located>,
  onStale?: () => void
): Promise<Located> {
  const trust = onStale ? await trustFor(base, await openRepository(base.root), onStale) : undefined
  return locator(base, log, store, trust)(concerns)
}

async function trustFor(base: Base, repo: RepoLayout, onStale: () => void): Promise<Trust> {
  return { onStale, stamp: await corpusStamp(base, repo) }
}

/** What a saved answer must look like to be trusted (the file is the user's, and may be edited). */
export function isLocated(v: unknown): v is Located {
  if (typeof v !== 'object' || v === null) return false
  const l = v as Record<string, unknown>
  return (
    Array.isArray(l.likely) &&
    l.likely.length <= LIKELY_DOCUMENTS &&
    l.likely.every((p) => typeof p === 'string') &&
    (l.top === null || typeof l.top === 'string')
  )
}

/** What HEAD holds of the corpus (never the bundle's root, never proposals/: manifest.ts). */
function corpusStamp(base: Base, repo: RepoLayout): Promise<string | null> {
  return headFolderOid(repo, relative(base.root, base.corpusDir).split(sep).join('/'))
}

/** Tests: forget every kept answer. */
export function clearLocateCache(): void {
  kept.clear()
  groupings.clear()
}

/** Resolves once the checks of `base`'s corpus started by `onStale` reads are over (tests). */
export function locateChecked(base: Base): Promise<void> {
  return kept.checked(base)
}

/**
 * The last grouping per base, with the exact input it came from: the manager's screen reads the
 * inventory again at every live event, mostly with the same pending proposals and the same likely
 * documents, and grouping 500 proposals compares 125,000 pairs (~25 ms). Any change of an id, a
 * concerns line, a top document or the order groups again.
 */
const groupings = new Map<string, { input: string; output: GroupOutput[] }>()

function groupKept(root: string, items: GroupInput[]): GroupOutput[] {
  const input = JSON.stringify(items)
  const held = groupings.get(root)
  const output = held?.input === input ? held.output : groupBySubject(items)
  groupings.set(root, { input, output })
  // Copies: the caller owns what it is given, the kept grouping stays as computed.
  return output.map((g) => ({ members: [...g.members], links: [...g.links], reasons: [...g.reasons] }))
}

/** `out` fills as answers come: a caller that stops waiting reads what is known so far. */
async function mapLimited<T, R>(
  items: T[],
  limit: number,
  fn: (t: T) => Promise<R>,
  out: (R | undefined)[] = new Array<R | undefined>(items.length)
): Promise<(R | undefined)[]> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i])
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

function byDateThenId(a: ProposalRead, b: ProposalRead): number {
  const da = a.record?.submittedAt ?? null
  const db = b.record?.submittedAt ?? null
  if (da !== db) {
    if (da === null) return 1
    if (db === null) return -1
    return da < db ? -1 : 1
  }
  return a.stem < b.stem ? -1 : a.stem > b.stem ? 1 : 0
}

/** One proposal file as the inventory (and the proposal detail) shows it. */
export function toInventoryProposal(
  read: ProposalRead,
  now: Date,
  likely: string[],
  tracked: boolean,
  withBody: boolean
): InventoryProposal {
  const r = read.record
  const submittedAt = r?.submittedAt ?? null
  const p: InventoryProposal = {
    id: r?.id ?? read.stem,
    path: read.rel,
    type: r?.type ?? null,
    concerns: r?.concerns ?? null,
    confidence: r?.confidence ?? null,
    sources: sourceList(r),
    submittedBy: r?.submittedBy ?? null,
    submittedAt,
    ageDays: ageDays(submittedAt, now),
    likelyDocuments: likely,
    tracked,
    incomplete: !r || !r.id || !r.submittedBy || !nameableByPlan(read.stem, r.id)
  }
  if (withBody) p.body = read.body.replace(/^\s*\n/, '').trimEnd()
  return p
}

export async function inventory(base: Base, opts: InventoryOptions = {}): Promise<Inventory> {
  const now = (opts.now ?? (() => new Date()))()
  const records = proposalFiles(base, 'pending').map(readProposal).sort(byDateThenId)
  const repo = await openRepository(base.root)
  const tracked = new Set(await headTreePaths(repo, 'proposals/pending'))
  const trust = opts.onStale ? await trustFor(base, repo, opts.onStale) : undefined
  // A read with a budget waits for a document written a moment ago to be fingerprintable
  // (settledSession): otherwise nothing it finds could be kept, and it would wait for every search.
  const locateOne =
    opts.budgetMs === undefined
      ? locator(base, opts.log, opts.store, trust)
      : locatorOver(base, await kept.settledSession(base, opts.store, trust), opts.log)
  const found = new Array<Located | undefined>(records.length)
  const all = mapLimited(records, SEARCH_CONCURRENCY, (r) => locateOne(r.record?.concerns ?? null), found)
  // An answer not kept (a corpus too freshly written to be fingerprinted) would be searched
  // again by the next read: then waiting is the only way to ever show it.
  let complete = opts.budgetMs === undefined || !kept.keeps(base)
  if (complete) await all
  else {
    let timer: NodeJS.Timeout | undefined
    complete = await Promise.race([
      all.then(() => true),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(false), opts.budgetMs)))
    ])
    clearTimeout(timer)
    if (!complete)
      all.then(
        () => opts.onLocated?.(),
        (e: unknown) => opts.log?.warning(`inventaire '${base.name}' : ${describeError(e)}`)
      )
  }
  const locating = complete ? 0 : Array.from(found).filter((l) => l === undefined).length
  // Array.from, not map: answers not in yet are holes, which map would keep. Meanwhile, a proposal
  // shows what it was found to concern before the corpus's last change, and stays in its group.
  const located = Array.from(found, (l, i) => l ?? provisional(base, records[i].record?.concerns ?? null))
  const proposals: InventoryProposal[] = records.map((r, i) =>
    toInventoryProposal(r, now, located[i].likely, tracked.has(r.rel), opts.full === true)
  )
  const groups = groupKept(
    base.root,
    proposals.map((p, i) => ({ id: p.id, concerns: p.concerns ?? '', topDocument: located[i].top }))
  )
  return {
    base: base.name,
    total: proposals.length,
    locating,
    full: opts.full === true,
    groups: groups.map((g, k) => ({
      index: k + 1,
      subject: proposals[g.members[0]].concerns ?? '(sans concerns)',
      reasons: g.reasons,
      links: g.links,
      proposals: g.members.map((m) => proposals[m])
    }))
  }
}
