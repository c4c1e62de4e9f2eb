import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { replayGapTopics, replayReadFigures, replayUnread } from './helpers/insights-replay'
import { rng } from '../bench/corpus'
import { memoryHubLog } from '../src/engine/hublog'
import { Registry } from '../src/engine/registry/registry'
import type { Base } from '../src/engine/registry/base'
import type { JournalEventBody } from '../src/engine/journal/events'
import { readJournal } from '../src/engine/journal/store'
import { JournalTail, type CatchUp } from '../src/engine/journal/tail'
import { BaseUsage, baseUsage, forgetUsage } from '../src/engine/insights/usage'

/**
 * The usage journal folded as it grows (the insights' re-check) gives what a replay of the whole
 * journal gives: journals generated at random — several server processes, sessions interleaved,
 * files rotated, lines appended in pieces that tear lines at every checkpoint — are folded at random
 * points and compared, at each point, with the replay (`helpers/insights-replay.ts`, the code before
 * the fold) of what `readJournal` then reads. A file pruned, purged, truncated or rewritten makes
 * the fold start over; a torn last line is left until it is complete.
 */

const NOW = new Date('2026-03-01T12:00:00Z')
const DOCS = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md', 'guide/g.md', 'guide/h.md']
let dir: string
let beta: Base
let gamma: Base
const dirs: string[] = []

beforeAll(() => {
  dir = tempDir('okf-fold-bases-')
  dirs.push(dir)
  const files = Object.fromEntries(DOCS.map((p) => [`knowledge/${p}`, `# ${p}\n\ntexte\n`]))
  makeBundle(dir, 'beta', { files })
  makeBundle(dir, 'gamma', { files })
  const registry = new Registry(dir, memoryHubLog())
  registry.rescan()
  beta = registry.get('beta')
  gamma = registry.get('gamma')
})

afterEach(() => {
  forgetUsage()
  dirs.splice(1).forEach(removeDir)
})

function journalDir(): string {
  const d = tempDir('okf-fold-')
  dirs.push(d)
  return join(d, 'journal')
}

/** A fold of one base followed by its own tail, as `baseUsage` does, with its catch-ups told. */
class Follower {
  readonly tail: JournalTail
  usage: BaseUsage
  last: CatchUp = { lines: 0, skipped: 0, restarted: false }
  /** Complete lines in the folder at the last catch-up (kept by the test). */
  lines = 0
  constructor(
    readonly dir: string,
    readonly base: string
  ) {
    this.tail = new JournalTail(dir)
    this.usage = new BaseUsage(base)
  }
  catchUp(): BaseUsage {
    this.last = this.tail.catchUp({
      reset: () => {
        this.usage = new BaseUsage(this.base)
      },
      event: (e) => this.usage.add(e)
    })
    return this.usage
  }
}

/** The fold against the replay of what the journal folder holds now. */
function expectAsReplay(usage: BaseUsage, journal: string, base: Base, why = ''): void {
  const events = readJournal(journal, { base: base.name }).events
  expect(usage.topics(), `topics ${why}`).toEqual(replayGapTopics(events, base.name))
  expect(usage.journal(), `journal ${why}`).toEqual({ events: events.length, since: events[0]?.t ?? null })
  expect(usage.readFigures(), `reads ${why}`).toEqual(replayReadFigures(events, base.name))
  expect(usage.unread(base, NOW), `unread ${why}`).toEqual(replayUnread(events, base, NOW))
}

// Queries that group, reformulate and are answered; one of stop words only (an empty key).
const QUERIES = [
  'ticket kerberos',
  'Kerberos  tickets',
  'renouveler kerberos',
  'kerberos',
  'apollo cache',
  'cache apollo normalisé',
  'apollo',
  'useEffect dépendances',
  'useEffect',
  'déploiement kubernetes',
  'deploying kubernetes',
  'recette crêpes',
  'comment faire',
  'sso reconnexion',
  'reconnexion'
]

interface Proc {
  pid: number
  sessions: string[]
  file: string | null
  files: number
  /** Lines written by the process but not yet on disk. */
  unwritten: string
  /** Each session's last search results: what a read may follow. */
  shown: Map<string, string[]>
}

/**
 * A random journal written in random pieces: `step()` makes one event in one process (or a line
 * that is no event), `flush()` puts a random prefix of each process's unwritten bytes on disk, tearing lines.
 */
function journalWriter(journal: string, seed: number) {
  const rand = rng(seed)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]
  let clock = Date.parse('2026-01-05T08:00:00Z')
  const procs: Proc[] = Array.from({ length: 2 + Math.floor(rand() * 3) }, (_, i) => ({
    pid: 100 + i,
    sessions: Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, k) => `p${i}s${k}-${seed}`),
    file: null,
    files: 0,
    unwritten: '',
    shown: new Map()
  }))
  mkdirSync(journal, { recursive: true })

  const rotate = (p: Proc): void => {
    // Each process's files sort in the order it began them (the writer names them by start time).
    const stamp = new Date(Date.parse('2026-01-01T00:00:00Z') + p.files++ * 1000)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')
    p.file = join(journal, `${stamp}-${p.pid}-${Math.floor(rand() * 0xffffff).toString(16)}.jsonl`)
    writeFileSync(p.file, '')
  }
  const write = (p: Proc, line: string): void => {
    if (p.file === null || rand() < 0.04) {
      flushAll(p)
      rotate(p)
    }
    p.unwritten += line
  }
  const flushAll = (p: Proc): void => {
    if (p.file !== null && p.unwritten !== '') appendFileSync(p.file, p.unwritten)
    p.unwritten = ''
  }
  const event = (p: Proc, session: string, body: JournalEventBody): void => {
    // Coarse steps: events of different processes often share a millisecond.
    clock += pick([0, 0, 1, 1000, 30_000, 200_000, 900_000])
    const e = { v: 1, t: new Date(clock).toISOString(), session, client: pick(['cursor', null]), ...body }
    write(p, JSON.stringify(e) + '\n')
  }

  return {
    step(): void {
      const p = pick(procs)
      const session = pick(p.sessions)
      const r = rand()
      if (r < 0.45) {
        const bases = pick([['beta'], ['beta'], ['beta', 'gamma'], ['gamma']])
        const groups = bases.map((base) => {
          const shown = DOCS.filter(() => rand() < 0.2).slice(0, 3)
          return {
            base,
            orFallback: shown.length > 0 && rand() < 0.3,
            shown: shown.map((path) => ({ path, sections: ['§ x'] }))
          }
        })
        p.shown.set(
          session,
          groups.flatMap((g) => g.shown.map((s) => s.path))
        )
        event(p, session, {
          tool: 'kb_search',
          bases,
          query: pick(QUERIES),
          mode: rand() < 0.1 ? 'regex' : 'keyword',
          results: groups.reduce((n, g) => n + g.shown.length, 0),
          orFallback: groups.some((g) => g.orFallback),
          groups
        })
      } else if (r < 0.85) {
        const shown = p.shown.get(session) ?? []
        const path = shown.length > 0 && rand() < 0.6 ? pick(shown) : pick(DOCS)
        const section = rand() < 0.4 ? pick(['Usage', 'Étapes', 'FAQ']) : null
        event(p, session, {
          tool: 'kb_read',
          base: pick(['beta', 'beta', 'gamma']),
          path,
          section,
          shown: section === null ? pick(['full', 'toc'] as const) : pick(['section', 'toc'] as const)
        })
      } else if (r < 0.95)
        event(p, session, { tool: 'kb_propose', base: 'beta', id: `prop-${Math.floor(rand() * 1e6)}` })
      else write(p, pick(['{"v":1,"t":"nope"}\n', 'not json\n', '{"v":2,"tool":"kb_read"}\n']))
    },
    flush(): void {
      for (const p of procs) {
        if (p.file === null || p.unwritten === '') continue
        const cut = Math.floor(rand() * (p.unwritten.length + 1))
        appendFileSync(p.file, p.unwritten.slice(0, cut))
        p.unwritten = p.unwritten.slice(cut)
      }
    },
    end(): void {
      procs.forEach(flushAll)
    },
    rand
  }
}

describe('the journal folded as it grows', () => {
  it('gives, at every point, what a replay of the whole journal gives (random journals, random pieces)', () => {
    let checks = 0
    for (let seed = 1; seed <= 30; seed++) {
      const journal = journalDir()
      const w = journalWriter(journal, seed)
      const folds = [new Follower(journal, 'beta'), new Follower(journal, 'gamma')]
      const events = 150 + Math.floor(w.rand() * 250)
      for (let i = 0; i < events; i++) {
        w.step()
        if (w.rand() < 0.08) {
          w.flush()
          for (const [f, base] of [
            [folds[0], beta],
            [folds[1], gamma]
          ] as const) {
            const before = f.lines
            f.lines = linesOf(journal)
            expectAsReplay(f.catchUp(), journal, base, `seed ${seed} event ${i}`)
            // Only the lines completed since the last catch-up were read: nothing was started over.
            expect(f.last.restarted).toBe(false)
            expect(f.last.lines).toBe(f.lines - before)
            checks++
          }
        }
      }
      w.end()
      expectAsReplay(folds[0].catchUp(), journal, beta, `seed ${seed} end`)
      expectAsReplay(folds[1].catchUp(), journal, gamma, `seed ${seed} end`)
      expect(folds[0].usage.journal().events).toBeGreaterThan(0)
      // The same journal in one catch-up, from nothing.
      expectAsReplay(new Follower(journal, 'beta').catchUp(), journal, beta, `seed ${seed} at once`)
    }
    console.log(`fold: ${checks} catch-ups compared with a replay over 30 random journals`)
    expect(checks).toBeGreaterThan(300)
  })

  it('starts over when a file is pruned, purged, truncated, rewritten or replaced; a new file is only read', () => {
    const journal = journalDir()
    const w = journalWriter(journal, 77)
    for (let i = 0; i < 300; i++) w.step()
    w.end()
    const f = new Follower(journal, 'beta')
    expectAsReplay(f.catchUp(), journal, beta, 'first')
    const files = (): string[] => readJournalNames(journal)
    expect(files().length).toBeGreaterThan(3)

    // A new file (a rotation, another server): read, nothing started over.
    for (let i = 0; i < 60; i++) w.step()
    w.end()
    expectAsReplay(f.catchUp(), journal, beta, 'rotation')
    expect(f.last.restarted).toBe(false)

    // Pruned: the oldest file goes (its events must leave the tallies).
    rmSync(files()[0])
    expectAsReplay(f.catchUp(), journal, beta, 'pruned')
    expect(f.last.restarted).toBe(true)
    expect(f.catchUp() && f.last).toMatchObject({ restarted: false, lines: 0 })

    // Truncated at a line boundary by hand.
    const victim = files()[1]
    const text = readFileSync(victim, 'utf8')
    truncateSync(victim, text.indexOf('\n') + 1)
    expectAsReplay(f.catchUp(), journal, beta, 'truncated')
    expect(f.last.restarted).toBe(true)

    // Rewritten in place, longer, the same up to its last line (which now asks something else).
    const other = files()[2]
    const lines = readFileSync(other, 'utf8').split('\n').filter(Boolean)
    const last = JSON.parse(lines[lines.length - 1]) as Record<string, unknown>
    const changed = {
      ...last,
      tool: 'kb_search',
      bases: ['beta'],
      query: 'une toute autre question',
      mode: 'keyword'
    }
    Object.assign(changed, { results: 0, orFallback: false, groups: [] })
    writeFileSync(other, [...lines.slice(0, -1), JSON.stringify(changed)].join('\n') + '\n')
    expectAsReplay(f.catchUp(), journal, beta, 'rewritten')
    expect(f.last.restarted).toBe(true)
    expect(f.usage.topics().some((t) => t.queries.includes('une toute autre question'))).toBe(true)

    // Replaced: the same name, another file (renamed over it) holding the same lines and one more.
    const again = readFileSync(other, 'utf8')
    writeFileSync(other + '.tmp', again + again.slice(again.lastIndexOf('\n', again.length - 2) + 1))
    renameSync(other + '.tmp', other)
    expectAsReplay(f.catchUp(), journal, beta, 'replaced')
    expect(f.last.restarted).toBe(true)

    // Purged: every file goes; then a server writes again.
    for (const p of files()) rmSync(p)
    expect(f.catchUp().journal()).toEqual({ events: 0, since: null })
    expect(f.usage.topics()).toEqual([])
    expect(f.last.restarted).toBe(true)
    rmSync(journal, { recursive: true })
    expect(f.catchUp().journal()).toEqual({ events: 0, since: null })
    const w2 = journalWriter(journal, 78)
    for (let i = 0; i < 80; i++) w2.step()
    w2.end()
    expectAsReplay(f.catchUp(), journal, beta, 'after the purge')
  })

  it('leaves a torn last line for later and reads it once when it is complete, however long', () => {
    const journal = journalDir()
    mkdirSync(journal, { recursive: true })
    const file = join(journal, '20260101T000000Z-1-abcdef.jsonl')
    const search = (i: number, query: string): string =>
      JSON.stringify({
        v: 1,
        t: new Date(Date.parse('2026-02-01T10:00:00Z') + i * 1000).toISOString(),
        session: `s${i % 2}`,
        client: null,
        tool: 'kb_search',
        bases: ['beta'],
        query,
        mode: 'keyword',
        results: 0,
        orFallback: false,
        groups: [{ base: 'beta', orFallback: false, shown: [] }]
      }) + '\n'
    const f = new Follower(journal, 'beta')
    const third = search(3, 'kerberos ' + 'x'.repeat(1_500_000))
    writeFileSync(file, search(1, 'ticket kerberos') + search(2, 'kerberos') + third.slice(0, 700_000))
    expect(f.catchUp().journal().events).toBe(2)
    expect(f.last).toEqual({ lines: 2, skipped: 0, restarted: false })
    expectAsReplay(f.usage, journal, beta, 'torn')
    // Still torn, longer than a read's chunk: still left.
    appendFileSync(file, third.slice(700_000, 1_400_000))
    expect(f.catchUp().journal().events).toBe(2)
    expect(f.last.lines).toBe(0)
    // Complete: read once, and only it.
    appendFileSync(file, third.slice(1_400_000))
    expect(f.catchUp().journal().events).toBe(3)
    expect(f.last).toEqual({ lines: 1, skipped: 0, restarted: false })
    expectAsReplay(f.usage, journal, beta, 'complete')
    expect(f.usage.topics()[0]).toMatchObject({ count: 3, sessions: 2 })
    // A line a crash tore for good stays skipped; the process's next file is read.
    appendFileSync(file, search(4, 'kerberos').slice(0, 40))
    writeFileSync(join(journal, '20260101T000001Z-2-abcdef.jsonl'), search(5, 'kerberos'))
    expect(f.catchUp().journal().events).toBe(4)
    expect(f.last).toEqual({ lines: 1, skipped: 0, restarted: false })
    expectAsReplay(f.usage, journal, beta, 'crash')
  })

  it('reads two files a server began in the same second in the order it wrote them', () => {
    const journal = journalDir()
    mkdirSync(journal, { recursive: true })
    const line = (t: string, body: JournalEventBody): string =>
      JSON.stringify({ v: 1, t: `2026-02-01T10:00:0${t}.000Z`, session: 's', client: null, ...body }) + '\n'
    // The first file's random suffix sorts after the second's: only their times tell the order.
    const first = join(journal, '20260201T100000Z-7-ffffff.jsonl')
    const second = join(journal, '20260201T100000Z-7-000000.jsonl')
    writeFileSync(
      first,
      line('1', {
        tool: 'kb_search',
        bases: ['beta'],
        query: 'ticket kerberos',
        mode: 'keyword',
        results: 1,
        orFallback: false,
        groups: [{ base: 'beta', orFallback: false, shown: [{ path: 'a.md', sections: [] }] }]
      })
    )
    writeFileSync(
      second,
      line('2', { tool: 'kb_read', base: 'beta', path: 'a.md', section: null, shown: 'full' })
    )
    utimesSync(first, new Date('2026-02-01T10:00:01Z'), new Date('2026-02-01T10:00:01Z'))
    utimesSync(second, new Date('2026-02-01T10:00:02Z'), new Date('2026-02-01T10:00:02Z'))
    const f = new Follower(journal, 'beta')
    // The search was answered by the read that followed it: no gap.
    expect(f.catchUp().topics()).toEqual([])
    expectAsReplay(f.usage, journal, beta)
  })

  it('is what insights read: baseUsage follows each base of each journal folder', () => {
    const journal = journalDir()
    const w = journalWriter(journal, 5)
    for (let i = 0; i < 200; i++) w.step()
    w.end()
    const first = baseUsage(journal, 'beta')
    expectAsReplay(first, journal, beta)
    expectAsReplay(baseUsage(journal, 'gamma'), journal, gamma)
    for (let i = 0; i < 100; i++) w.step()
    w.end()
    // The same fold, caught up.
    expect(baseUsage(journal, 'beta')).toBe(first)
    expectAsReplay(first, journal, beta)
    rmSync(readJournalNames(journal)[0])
    const after = baseUsage(journal, 'beta')
    expect(after).not.toBe(first)
    expectAsReplay(after, journal, beta)
  })
})

function readJournalNames(journal: string): string[] {
  return readdirSync(journal)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()
    .map((n) => join(journal, n))
}

/** Complete lines in the folder's files. */
function linesOf(journal: string): number {
  return readJournalNames(journal).reduce(
    (n, p) => n + (readFileSync(p, 'utf8').match(/\n/g)?.length ?? 0),
    0
  )
}
