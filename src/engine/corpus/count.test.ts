import { afterAll, describe, expect, it, vi } from 'vitest'
import {
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
  unlinkSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Base } from '../registry/base'
import { pastMoment } from '../../../test/helpers/fixtures'
import { countDocuments } from './count'
import { listDocuments } from './paths'

const root = mkdtempSync(join(tmpdir(), 'okf-count-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const corpus = join(root, 'knowledge')
const base = { name: 'b', root, corpusDir: corpus } as Base

/** Ages every directory so the racy-mtime rule does not force a re-read (a new moment each time). */
function age(...dirs: string[]): void {
  const past = pastMoment()
  for (const d of dirs) utimesSync(d, past, past)
}

describe('countDocuments', () => {
  it('counts what listDocuments lists, and follows adds and removals', () => {
    mkdirSync(join(corpus, 'a', 'b'), { recursive: true })
    mkdirSync(join(corpus, 'proposals'), { recursive: true })
    for (const f of [
      'x.md',
      'a/y.md',
      'a/b/z.md',
      'a/notes.txt',
      'CLAUDE.md',
      'a/GOVERNANCE.md',
      'proposals/p.md'
    ])
      writeFileSync(join(corpus, f), '# t\n')
    writeFileSync(join(root, 'dehors.md'), 'x')
    symlinkSync(join(root, 'dehors.md'), join(corpus, 'fuite.md'))
    symlinkSync(join(corpus, 'x.md'), join(corpus, 'a', 'lien.md'))
    age(corpus, join(corpus, 'a'), join(corpus, 'a', 'b'))
    expect(countDocuments(base)).toBe(listDocuments(base).length)
    // x.md, a/y.md, a/b/z.md: a symlink is not a document, even one staying inside (document-rule.ts).
    expect(countDocuments(base)).toBe(3)
    writeFileSync(join(corpus, 'a', 'b', 'nouveau.md'), 'n')
    expect(countDocuments(base)).toBe(4)
    age(join(corpus, 'a', 'b'))
    unlinkSync(join(corpus, 'a', 'y.md'))
    expect(countDocuments(base)).toBe(3)
    expect(countDocuments(base)).toBe(listDocuments(base).length)
  })

  it('sees a change even when the directory’s mtime did not move (racy window)', () => {
    const d = join(corpus, 'racy')
    mkdirSync(d)
    age(corpus)
    const before = countDocuments(base)
    writeFileSync(join(d, 'r.md'), 'r')
    expect(countDocuments(base)).toBe(before + 1)
  })

  it('judges the racy window from when the count was taken, not from when it is asked', () => {
    const d = join(corpus, 'racy-tard')
    mkdirSync(d)
    age(corpus)
    // A coarse clock: the directory's mtime, a whole second, does not move when a file is added.
    // The clock is the test's own (faked Date): the first count is taken half a second after that
    // tick (inside the racy window), the second ten seconds later — however busy the machine, the
    // count's verdict is judged at the time it was taken, never at the time of the real clock.
    const tick = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000)
    utimesSync(d, tick, tick)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(tick.getTime() + 500)
      const before = countDocuments(base)
      writeFileSync(join(d, 'r.md'), 'r')
      utimesSync(d, tick, tick)
      expect(statSync(d).mtimeMs).toBe(tick.getTime())
      vi.setSystemTime(tick.getTime() + 10_000)
      expect(countDocuments(base)).toBe(before + 1)
    } finally {
      vi.useRealTimers()
    }
  })
})
