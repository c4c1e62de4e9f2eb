import { afterEach, describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, makeBundle, removeDir, tempDir, waitFor } from './helpers/fixtures'
import { memoryHubLog } from '../src/engine/hublog'
import { Registry } from '../src/engine/registry/registry'
import type { Base } from '../src/engine/registry/base'
import { fileProposal } from '../src/engine/proposals/propose'
import { proposalFiles, readProposal } from '../src/engine/proposals/store'
import {
  clearLocateCache,
  inventory,
  isLocated,
  locate,
  locateChecked,
  type Located
} from '../src/engine/review/inventory'
import {
  corpusFingerprint,
  FINGERPRINT_CHUNK,
  LocateCache,
  LocateStore,
  type Trust
} from '../src/engine/review/locate-cache'
import { listDocuments } from '../src/engine/corpus/paths'

// The likely documents of the inventory are kept while the corpus is unchanged (locate-cache.ts):
// these tests observe the cache through a document rewritten in place with its stat restored —
// invisible to the fingerprint, so a kept answer shows, and a searched one would not.

const log = memoryHubLog()
const dirs: string[] = []
afterEach(() => {
  while (dirs.length) removeDir(dirs.pop() as string)
  clearLocateCache()
})

const PAST = new Date('2026-01-02T03:04:05Z')
const ZEPHYR = '# Zephyr\n\nLe protocole zephyr impose une reconnexion.\n'
// Same size, none of the concerns' words left.
const OTHER_ = ZEPHYR.replace(/[a-z]/gi, 'q')

function setup(): { root: string; base: Base; doc: string } {
  const dir = tempDir('okf-locate-')
  dirs.push(dir)
  const root = makeBundle(dir, 'alpha', {
    files: { 'knowledge/zephyr.md': ZEPHYR, 'knowledge/index.md': '# Index\n\nSommaire.\n' }
  })
  const registry = new Registry(dir, log)
  registry.rescan()
  const doc = join(root, 'knowledge/zephyr.md')
  // Documents older than the racy window: their stat can be trusted.
  for (const f of ['zephyr.md', 'index.md']) utimesSync(join(root, 'knowledge', f), PAST, PAST)
  return { root, base: registry.get('alpha'), doc }
}

/** Rewrites a document in place, same size, and puts its mtime back: the fingerprint cannot see it. */
function rewriteUnseen(abs: string, text: string): void {
  const before = statSync(abs)
  writeFileSync(abs, text)
  utimesSync(abs, before.atime, before.mtime)
  expect(statSync(abs).size).toBe(before.size)
}

async function proposeZephyr(base: Base, suffix: string): Promise<string> {
  const filed = await fileProposal(
    base,
    {
      type: 'correction',
      concerns: 'protocole zephyr reconnexion',
      content: 'Précision.',
      sources: ['session 1'],
      confidence: 'high',
      submittedBy: 'session-a'
    },
    { log, now: () => new Date('2026-09-01T09:00:00Z'), drawSuffix: () => suffix }
  )
  return filed.id
}

const likelyOf = async (base: Base): Promise<string[]> =>
  (await inventory(base, { log })).groups.flatMap((g) => g.proposals.map((p) => p.likelyDocuments)).flat()

describe('likely documents kept while the corpus is unchanged', () => {
  it('a second inventory reuses the answers, even after a new proposal is filed', async () => {
    const { base, doc } = setup()
    await proposeZephyr(base, 'a001')
    expect(await likelyOf(base)).toEqual(['zephyr.md'])
    rewriteUnseen(doc, OTHER_)
    // A proposal filed (a commit, a new file under proposals/) leaves the corpus as it was.
    await proposeZephyr(base, 'a002')
    expect(await likelyOf(base)).toEqual(['zephyr.md', 'zephyr.md'])
    // The proposal detail's single lookup shares the kept answers.
    expect((await locate(base, 'protocole zephyr reconnexion', log)).likely).toEqual(['zephyr.md'])
  })

  it('a document edited (its mtime moves) drops the answers: the next inventory searches again', async () => {
    const { base, doc } = setup()
    await proposeZephyr(base, 'b001')
    expect(await likelyOf(base)).toEqual(['zephyr.md'])
    rewriteUnseen(doc, OTHER_)
    const later = new Date('2026-01-03T03:04:05Z')
    utimesSync(doc, later, later)
    expect(await likelyOf(base)).toEqual([])
  })

  it('a document added or removed changes the fingerprint; a fresh mtime disables the cache', () => {
    const { root, base } = setup()
    const a = corpusFingerprint(base)
    expect(a).not.toBeNull()
    expect(corpusFingerprint(base)).toBe(a)
    const added = join(root, 'knowledge/nouveau.md')
    writeFileSync(added, '# Nouveau\n')
    // Just written: younger than the racy window, so nothing is trusted.
    expect(corpusFingerprint(base)).toBeNull()
    utimesSync(added, PAST, PAST)
    const b = corpusFingerprint(base)
    expect(b).not.toBeNull()
    expect(b).not.toBe(a)
    // A file that is not a document (hidden, or not .md) is not part of it.
    writeFileSync(join(root, 'knowledge/notes.txt'), 'x')
    writeFileSync(join(root, 'knowledge/.brouillon.md'), 'x')
    expect(corpusFingerprint(base)).toBe(b)
  })

  it('with a document younger than the racy window, every inventory searches', async () => {
    const { base, doc } = setup()
    await proposeZephyr(base, 'c001')
    writeFileSync(doc, ZEPHYR) // fresh mtime, same text
    expect(await likelyOf(base)).toEqual(['zephyr.md'])
    writeFileSync(doc, OTHER_) // fresh again: not kept, searched again
    expect(await likelyOf(base)).toEqual([])
  })
})

describe('likely documents kept across restarts, and a bounded wait', () => {
  const storeIn = (dir: string) => new LocateStore(join(dir, 'locate-cache'), isLocated, log, 10)

  it('a restarted process (empty memory) reads the saved answers of an unchanged corpus; a changed one searches', async () => {
    const { base, doc } = setup()
    await proposeZephyr(base, 'e001')
    const ud = tempDir('okf-locate-ud-')
    dirs.push(ud)
    const store = storeIn(ud)
    expect((await inventory(base, { log, store })).locating).toBe(0)
    await store.flush()
    expect(readdirSync(join(ud, 'locate-cache'))).toHaveLength(1)
    rewriteUnseen(doc, OTHER_)
    clearLocateCache() // the process restarts
    const likely = async (s?: LocateStore<Located>) =>
      (await inventory(base, { log, store: s })).groups.flatMap((g) =>
        g.proposals.flatMap((p) => p.likelyDocuments)
      )
    expect(await likely(storeIn(ud))).toEqual(['zephyr.md'])
    clearLocateCache()
    expect(await likely()).toEqual([]) // without the store: searched, the rewritten text has no match
    // An edited document (mtime moved) invalidates the saved answers too.
    clearLocateCache()
    const later = new Date('2026-01-03T03:04:05Z')
    utimesSync(doc, later, later)
    expect(await likely(storeIn(ud))).toEqual([])
  })

  it('a saved file that is not JSON, or holds answers of the wrong shape, is ignored with a warning', async () => {
    const { base } = setup()
    await proposeZephyr(base, 'f001')
    const ud = tempDir('okf-locate-ud-')
    dirs.push(ud)
    const store = storeIn(ud)
    await inventory(base, { log, store })
    await store.flush()
    const [name] = readdirSync(join(ud, 'locate-cache'))
    const file = join(ud, 'locate-cache', name)
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      fingerprint: string
      answers: Record<string, unknown>
    }
    writeFileSync(
      file,
      JSON.stringify({
        ...saved,
        answers: Object.fromEntries(Object.keys(saved.answers).map((q) => [q, { likely: 'x' }]))
      })
    )
    clearLocateCache()
    const reread = storeIn(ud)
    expect((await inventory(base, { log, store: reread })).groups[0].proposals[0].likelyDocuments).toEqual([
      'zephyr.md'
    ])
    // The answers found again are saved in the background: once that save has landed, not before
    // it, the file is spoilt — else the save could overwrite the spoilt file and nothing be ignored.
    await reread.flush()
    writeFileSync(file, '{ pas du json')
    clearLocateCache()
    const before = log.lines.length
    expect(
      (await inventory(base, { log, store: storeIn(ud) })).groups[0].proposals[0].likelyDocuments
    ).toEqual(['zephyr.md'])
    expect(log.lines.slice(before).some((l) => l.includes('cache des documents liés ignoré'))).toBe(true)
  })

  it('with a budget, answers without the documents still searched (locating), then says when all are known', async () => {
    const { base } = setup()
    await proposeZephyr(base, 'g001')
    await proposeZephyr(base, 'g002')
    let told = 0
    const quick = await inventory(base, { log, budgetMs: 0, onLocated: () => told++ })
    expect(quick.total).toBe(2)
    expect(quick.locating).toBe(2)
    expect(quick.groups.flatMap((g) => g.proposals.flatMap((p) => p.likelyDocuments))).toEqual([])
    await waitFor(() => told === 1)
    const full = await inventory(base, { log, budgetMs: 0, onLocated: () => told++ })
    expect(full.locating).toBe(0)
    expect(full.groups.flatMap((g) => g.proposals.flatMap((p) => p.likelyDocuments))).toEqual([
      'zephyr.md',
      'zephyr.md'
    ])
    expect(told).toBe(1)
  })
})

describe('answered first, checked after (a door that can tell its screen to read again)', () => {
  const LATER = new Date('2026-01-03T03:04:05Z')
  /** An edit the fingerprint sees: new text, and an mtime moved (still past the racy window). */
  function rewriteSeen(abs: string, text: string, at = LATER): void {
    writeFileSync(abs, text)
    utimesSync(abs, at, at)
  }
  const likely = (inv: Awaited<ReturnType<typeof inventory>>): string[] =>
    inv.groups.flatMap((g) => g.proposals.flatMap((p) => p.likelyDocuments))
  /** A session of the UI's kind, HEAD's corpus unchanged between them (a fixed stamp). */
  const trusting = (onStale: () => unknown): Trust => ({ onStale: () => void onStale(), stamp: 'tête' })

  it('a document edited since the last read: the kept answer comes at once, then the door is told, and its next read searches', async () => {
    const { base, doc } = setup()
    await proposeZephyr(base, 'h001')
    let told = 0
    const onStale = (): void => void told++
    // No kept answers yet: the corpus is checked first.
    expect(likely(await inventory(base, { log, onStale }))).toEqual(['zephyr.md'])
    await locateChecked(base)
    expect(told).toBe(0)
    rewriteSeen(doc, OTHER_)
    // Answered from the state checked last (stale), then the check finds the edit.
    expect(likely(await inventory(base, { log, onStale }))).toEqual(['zephyr.md'])
    await locateChecked(base)
    expect(told).toBe(1)
    // A read that cannot wait shows what was found before the edit while it searches.
    const meanwhile = await inventory(base, { log, onStale, budgetMs: 0 })
    expect([meanwhile.locating, likely(meanwhile)]).toEqual([1, ['zephyr.md']])
    expect(likely(await inventory(base, { log, onStale }))).toEqual([])
    await locateChecked(base)
    expect(told).toBe(1)
    // Without onStale (the CLI), the corpus is always checked first.
    rewriteSeen(doc, ZEPHYR, new Date('2026-01-04T03:04:05Z'))
    expect(await likelyOf(base)).toEqual(['zephyr.md'])
  })

  it('an unchanged corpus: kept answers, no word to the door; sessions waiting on one check are each told, each listener once', async () => {
    const { base, doc } = setup()
    await proposeZephyr(base, 'i001')
    let told = 0
    const onStale = (): void => void told++
    await inventory(base, { log, onStale })
    rewriteUnseen(doc, OTHER_) // invisible to the fingerprint: a kept answer shows
    expect(likely(await inventory(base, { log, onStale }))).toEqual(['zephyr.md'])
    await locateChecked(base)
    expect(told).toBe(0)
    // Two sessions in one turn, answered from the same kept state: one check settles both.
    const cache = new LocateCache<string>(0)
    cache.session(
      base,
      undefined,
      trusting(() => undefined)
    )
    rewriteSeen(doc, ZEPHYR)
    const each: string[] = []
    const first = trusting(() => each.push('first'))
    cache.session(base, undefined, first)
    cache.session(
      base,
      undefined,
      trusting(() => each.push('second'))
    )
    // The same listener twice (the service gives one per base: the inventory and a proposal's
    // screen read before the check) is told once.
    cache.session(base, undefined, first)
    await cache.checked(base)
    expect(each).toEqual(['first', 'second'])
  })

  it('a commit that touched the corpus makes the next read check first; a proposal filed does not', async () => {
    const { root, base, doc } = setup()
    await proposeZephyr(base, 'l001')
    let told = 0
    const onStale = (): void => void told++
    expect(likely(await inventory(base, { log, onStale }))).toEqual(['zephyr.md'])
    // Committed (a resolution, a pull, the user's own commit): seen at once, nothing to tell.
    rewriteSeen(doc, OTHER_)
    git(root, 'add', 'knowledge/zephyr.md')
    git(root, 'commit', '-q', '-m', 'réécrit')
    expect(likely(await inventory(base, { log, onStale }))).toEqual([])
    await locateChecked(base)
    expect(told).toBe(0)
    // A proposal filed moves HEAD but not the corpus: the next read is still answered first.
    await proposeZephyr(base, 'l002')
    rewriteSeen(doc, ZEPHYR, new Date('2026-01-05T03:04:05Z'))
    expect(likely(await inventory(base, { log, onStale }))).toEqual([])
    await locateChecked(base)
    expect(told).toBe(1)
    expect(likely(await inventory(base, { log, onStale }))).toEqual(['zephyr.md', 'zephyr.md'])
  })

  it('a read that comes while a check runs gets a check of its own (that one may have seen the document before the edit)', async () => {
    const { root, base } = setup()
    // More documents than one turn of the check stats: it pauses after the first chunk.
    for (let i = 0; i < FINGERPRINT_CHUNK + 10; i++) {
      const f = join(root, 'knowledge', `remplissage-${String(i).padStart(4, '0')}.md`)
      writeFileSync(f, `# Remplissage ${i}\n`)
      utimesSync(f, PAST, PAST)
    }
    const docs = listDocuments(base)
    const early = docs[0]
    expect(docs.length).toBeGreaterThan(FINGERPRINT_CHUNK)
    const cache = new LocateCache<string>(0)
    cache.session(
      base,
      undefined,
      trusting(() => undefined)
    ) // the corpus checked first: its answers are kept
    const told: string[] = []
    cache.session(
      base,
      undefined,
      trusting(() => told.push('before the edit'))
    )
    // One microtask: the check has started, stat'ed the first chunk (`early` among it) and paused.
    await Promise.resolve()
    rewriteSeen(join(base.corpusDir, ...early.split('/')), '# Changé\n')
    cache.session(
      base,
      undefined,
      trusting(() => told.push('after the edit'))
    )
    await cache.checked(base)
    expect(told).toEqual(['after the edit'])
    expect(cache.keeps(base)).toBe(false)
  })
})

describe('the grouping kept for the same input', () => {
  it('reads with the same pending proposals share one grouping, each given its own copy; a new proposal groups again', async () => {
    const { base } = setup()
    await proposeZephyr(base, 'j001')
    await proposeZephyr(base, 'j002')
    const first = await inventory(base, { log })
    expect(first.groups).toHaveLength(1)
    expect(first.groups[0].proposals).toHaveLength(2)
    // What a caller does with its answer does not reach the next one.
    first.groups[0].reasons.push('altéré')
    first.groups[0].links.length = 0
    const second = await inventory(base, { log })
    expect(second.groups[0].reasons).not.toContain('altéré')
    expect(second.groups[0].links.length).toBeGreaterThan(0)
    expect(second.groups[0].reasons).toEqual(first.groups[0].reasons.slice(0, -1))
    await proposeZephyr(base, 'j003')
    const third = await inventory(base, { log })
    expect(third.groups.map((g) => g.proposals.length)).toEqual([3])
  })
})

describe('while the corpus is searched again, what each proposal concerned before', () => {
  const LATER = new Date('2026-01-03T03:04:05Z')
  const likelyIn = (inv: Awaited<ReturnType<typeof inventory>>): string[] =>
    inv.groups.flatMap((g) => g.proposals.flatMap((p) => p.likelyDocuments))
  /** The inventory once every likely document is known again (after the word that they are). */
  async function whenLocated(base: Base): Promise<Awaited<ReturnType<typeof inventory>>> {
    let told = false
    const inv = await inventory(base, { log, budgetMs: 0, onLocated: () => (told = true) })
    if (inv.locating === 0) return inv
    await waitFor(() => told)
    return inventory(base, { log, budgetMs: 0 })
  }

  it('a read over budget after an edit shows the earlier likely documents, then the fresh ones', async () => {
    const { base, doc } = setup()
    await proposeZephyr(base, 'p001')
    await proposeZephyr(base, 'p002')
    expect(likelyIn(await whenLocated(base))).toEqual(['zephyr.md', 'zephyr.md'])
    // An edit the fingerprint sees, after which the search finds nothing.
    writeFileSync(doc, OTHER_)
    utimesSync(doc, LATER, LATER)
    const meanwhile = await inventory(base, { log, budgetMs: 0 })
    expect(meanwhile.locating).toBe(2)
    expect(likelyIn(meanwhile)).toEqual(['zephyr.md', 'zephyr.md'])
    const fresh = await whenLocated(base)
    expect(fresh.locating).toBe(0)
    expect(likelyIn(fresh)).toEqual([])
  })

  it('a document gone since is not shown', async () => {
    const { root, base, doc } = setup()
    await proposeZephyr(base, 'q001')
    expect(likelyIn(await whenLocated(base))).toEqual(['zephyr.md'])
    git(root, 'rm', '-q', doc)
    await proposeZephyr(base, 'q002')
    const meanwhile = await inventory(base, { log, budgetMs: 0 })
    expect(meanwhile.locating).toBe(2)
    expect(likelyIn(meanwhile)).toEqual([])
  })

  it('after a restart, the answers saved for an earlier state of the corpus are shown meanwhile', async () => {
    const { base, doc } = setup()
    await proposeZephyr(base, 'r001')
    const ud = tempDir('okf-locate-ud-')
    dirs.push(ud)
    const store = new LocateStore(join(ud, 'locate-cache'), isLocated, log, 10)
    expect(likelyIn(await inventory(base, { log, store }))).toEqual(['zephyr.md'])
    await store.flush()
    clearLocateCache() // the process restarts; the corpus is edited meanwhile
    writeFileSync(doc, OTHER_)
    utimesSync(doc, LATER, LATER)
    const meanwhile = await inventory(base, { log, store, budgetMs: 0 })
    expect(meanwhile.locating).toBe(1)
    expect(likelyIn(meanwhile)).toEqual(['zephyr.md'])
  })
})

describe('proposal parses reused while the text is the same', () => {
  it('an unchanged file gives the same parse; a file rewritten in place, stat restored, is parsed again', async () => {
    const { base } = setup()
    const id = await proposeZephyr(base, 'd001')
    const [file] = proposalFiles(base, 'pending')
    const first = readProposal(file)
    expect(first.meta?.id).toBe(id)
    expect(readProposal(file).meta).toBe(first.meta) // the same object: not parsed again
    rewriteUnseen(file.abs, (first.text ?? '').replace('session-a', 'session-b'))
    const again = readProposal(file)
    expect(again.meta?.['submitted-by']).toBe('session-b')
    expect(again.meta).not.toBe(first.meta)
  })
})
