import { execFileSync } from 'node:child_process'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { advanceBranch } from './advance'
import { indexStats, statMatches } from './dircache'
import { loadIndex } from './index-file'
import { openRepository } from './layout'

// A colleague replaced a file by a folder of the same name, or a folder by a file: the move must
// take the old one away before writing the new one, and a folder is not "in the way" when the move
// itself deletes everything in it. Both directions failed before (EEXIST, or "local changes").

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

const git = (root: string, ...args: string[]): string =>
  execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    encoding: 'utf8'
  })

/** A repository at `from` whose `to` (a descendant) turns `a` from one shape into the other. */
function flip(fileToFolder: boolean): { root: string; from: string; to: string } {
  const root = mkdtempSync(join(tmpdir(), 'okf-advance-'))
  dirs.push(root)
  git(root, 'init', '-q', '-b', 'main')
  const asFile = (): void => writeFileSync(join(root, 'a'), 'un fichier\n')
  const asFolder = (): void => {
    mkdirSync(join(root, 'a', 'sous'), { recursive: true })
    writeFileSync(join(root, 'a', 'b.md'), '# B\n')
    writeFileSync(join(root, 'a', 'sous', 'c.md'), '# C\n')
  }
  writeFileSync(join(root, 'k.md'), '# K\n')
  if (fileToFolder) asFile()
  else asFolder()
  git(root, 'add', '-A')
  git(root, 'commit', '-qm', 'avant')
  const from = git(root, 'rev-parse', 'HEAD').trim()
  git(root, 'rm', '-rq', 'a')
  if (fileToFolder) asFolder()
  else asFile()
  git(root, 'add', '-A')
  git(root, 'commit', '-qm', 'après')
  const to = git(root, 'rev-parse', 'HEAD').trim()
  git(root, 'reset', '-q', '--hard', from)
  return { root, from, to }
}

describe('advanceBranch: a name that changes shape', () => {
  for (const fileToFolder of [true, false])
    it(fileToFolder ? 'a file becomes a folder' : 'a folder becomes a file', async () => {
      const { root, from, to } = flip(fileToFolder)
      const r = await advanceBranch(await openRepository(root), from, to, {
        reflog: 'okf-hub sync: fast-forward'
      })
      expect(r.moved).toBe(true)
      expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(to)
      expect(git(root, 'status', '--porcelain')).toBe('')
      if (fileToFolder) expect(readFileSync(join(root, 'a', 'sous', 'c.md'), 'utf8')).toBe('# C\n')
      else expect(readFileSync(join(root, 'a'), 'utf8')).toBe('un fichier\n')
      git(root, 'fsck', '--strict', '--no-progress')
    })

  for (const fileToFolder of [true, false])
    it(`${fileToFolder ? 'file → folder' : 'folder → file'}: a failure before the branch moves puts every byte back`, async () => {
      const { root, from, to } = flip(fileToFolder)
      const before = git(root, 'ls-files', '-s')
      const failing = advanceBranch(await openRepository(root), from, to, {
        reflog: 'okf-hub sync: fast-forward',
        onStep: (step) => {
          if (step === 'advance:index-lock-written') throw new Error('panne injectée')
        }
      })
      await expect(failing).rejects.toThrow()
      expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(from)
      expect(git(root, 'ls-files', '-s')).toBe(before)
      expect(git(root, 'status', '--porcelain')).toBe('')
      if (fileToFolder) expect(readFileSync(join(root, 'a'), 'utf8')).toBe('un fichier\n')
      else expect(readFileSync(join(root, 'a', 'sous', 'c.md'), 'utf8')).toBe('# C\n')
    })

  it('a folder holding an untracked file stays: the move is refused and nothing is written', async () => {
    const { root, from, to } = flip(false)
    writeFileSync(join(root, 'a', 'mes-notes.txt'), 'à moi\n')
    const r = await advanceBranch(await openRepository(root), from, to, {
      reflog: 'okf-hub sync: fast-forward'
    })
    expect(r.moved).toBe(false)
    expect(r.moved ? [] : r.dirty).toEqual(['a'])
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(from)
    expect(readFileSync(join(root, 'a', 'mes-notes.txt'), 'utf8')).toBe('à moi\n')
    expect(existsSync(join(root, 'a', 'b.md'))).toBe(true)
    expect(git(root, 'status', '--porcelain')).toBe('?? a/mes-notes.txt\n')
  })
})

/**
 * A repository at `from` whose `to` deletes `p.md`, reset to `from`, with p.md's index entry
 * trusted (its mtime set well before the index's, then refreshed: not racily clean).
 */
function trustedEntry(): { root: string; from: string; to: string; past: Date } {
  const root = mkdtempSync(join(tmpdir(), 'okf-advance-stat-'))
  dirs.push(root)
  git(root, 'init', '-q', '-b', 'main')
  writeFileSync(join(root, 'k.md'), '# K\n')
  writeFileSync(join(root, 'p.md'), 'aaaa\n')
  git(root, 'add', '-A')
  git(root, 'commit', '-qm', 'avant')
  const from = git(root, 'rev-parse', 'HEAD').trim()
  git(root, 'rm', '-q', 'p.md')
  git(root, 'commit', '-qm', 'après')
  const to = git(root, 'rev-parse', 'HEAD').trim()
  git(root, 'reset', '-q', '--hard', from)
  const past = new Date(Date.now() - 3_600_000)
  utimesSync(join(root, 'p.md'), past, past)
  git(root, 'update-index', '--refresh')
  return { root, from, to, past }
}

describe('advanceBranch: the index stat data, trusted as git trusts it', () => {
  it('an untouched file matches its entry unread, and the move goes ahead', async () => {
    const { root, from, to } = trustedEntry()
    const index = await loadIndex(join(root, '.git', 'index'))
    const known = index ? indexStats(index).get('p.md') : undefined
    expect(known).toBeDefined()
    expect(statMatches(known!, lstatSync(join(root, 'p.md'), { bigint: true }))).toBe(true)
    const r = await advanceBranch(await openRepository(root), from, to, {
      reflog: 'okf-hub sync: fast-forward'
    })
    expect(r.moved).toBe(true)
    expect(existsSync(join(root, 'p.md'))).toBe(false)
    expect(git(root, 'status', '--porcelain')).toBe('')
  })

  it('a same-size edit whose mtime was put back is still a local change (the ctime moved)', async () => {
    const { root, from, to, past } = trustedEntry()
    writeFileSync(join(root, 'p.md'), 'bbbb\n')
    utimesSync(join(root, 'p.md'), past, past)
    const index = await loadIndex(join(root, '.git', 'index'))
    const known = index ? indexStats(index).get('p.md') : undefined
    expect(statMatches(known!, lstatSync(join(root, 'p.md'), { bigint: true }))).toBe(false)
    const r = await advanceBranch(await openRepository(root), from, to, {
      reflog: 'okf-hub sync: fast-forward'
    })
    expect(r.moved ? [] : r.dirty).toEqual(['p.md'])
    expect(readFileSync(join(root, 'p.md'), 'utf8')).toBe('bbbb\n')
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(from)
  })
})
