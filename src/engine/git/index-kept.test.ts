import { createHash } from 'node:crypto'
import type { BigIntStats } from 'node:fs'
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync
} from 'node:fs'
import type * as FsPromises from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { isolatedGit, writeRel } from '../../../test/helpers/isolated-git'
import { HubError } from '../errors'
import { commitPaths } from './commit'
import { inspectIndex, loadIndex } from './index-file'
import { openRepository } from './layout'

/**
 * The parsed index kept between writes (index-file.ts « The parsed index kept between writes »):
 * whatever changed the file since it was kept — the git CLI, an in-place rewrite that leaves
 * the stat identity as it was, a vanished shared index — is seen, and git's `index.lock` is
 * still waited for.
 */

/** Paths whose open handles report a frozen stat: an in-place rewrite within one clock tick. */
const frozenStat = new Map<string, BigIntStats>()

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>()
  const open: typeof real.open = async (...args) => {
    const fh = await real.open(...args)
    const frozen = typeof args[0] === 'string' ? frozenStat.get(args[0]) : undefined
    if (frozen) Object.assign(fh, { stat: () => Promise.resolve(frozen) })
    return fh
  }
  return { ...real, default: { ...real, open }, open }
})

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const git = isolatedGit

const write = writeRel

function makeRepo(): string {
  const root = mkdtempSync(join(tmpdir(), 'okf-kept-'))
  dirs.push(root)
  git(root, 'init', '-q', '-b', 'main')
  git(root, 'config', 'user.name', 'Humain')
  git(root, 'config', 'user.email', 'humain@example.org')
  git(root, 'config', 'commit.gpgsign', 'false')
  write(root, 'knowledge/a.md', '# A\n')
  write(root, 'knowledge/b.md', '# B\n')
  git(root, 'add', '-A')
  git(root, 'commit', '-q', '-m', 'initial')
  return root
}

async function hubCommit(root: string, rel: string): Promise<void> {
  write(root, rel, `# ${rel}\n`)
  await commitPaths(await openRepository(root), [rel], `hub: ${rel}\n`)
}

const staged = (root: string, path: string): string => git(root, 'ls-files', '-s', path).trim()

describe('the index kept between writes', () => {
  it('sees an index the git CLI rewrote between two hub commits, at the same size', async () => {
    const root = makeRepo()
    await hubCommit(root, 'knowledge/hub1.md')
    const index = join(root, '.git/index')
    const size = statSync(index).size
    // One entry's oid changed in place of another: same entry count, same path, same index size.
    write(root, 'knowledge/b.md', '# b\n')
    git(root, 'update-index', 'knowledge/b.md')
    expect(statSync(index).size).toBe(size)
    const gitStaged = staged(root, 'knowledge/b.md')
    await hubCommit(root, 'knowledge/hub2.md')
    // The user's staged change is carried over, not the kept index's older entry.
    expect(staged(root, 'knowledge/b.md')).toBe(gitStaged)
    expect(git(root, 'diff', '--cached', '--name-only')).toBe('knowledge/b.md\n')
  })

  it('reads again an index changed in place behind an unchanged checksum (then refuses it as corrupt)', async () => {
    const root = makeRepo()
    const index = join(root, '.git/index')
    await hubCommit(root, 'knowledge/hub1.md')
    const fd = openSync(index, 'r+')
    try {
      writeSync(fd, Buffer.from([0xff]), 0, 1, 12 + 40) // first entry's oid, trailer untouched
    } finally {
      closeSync(fd)
    }
    // A later write: its mtime differs whatever the kernel's timestamp granularity.
    const later = new Date(statSync(index).mtimeMs + 5_000)
    utimesSync(index, later, later)
    await expect(loadIndex(index)).rejects.toThrow(/somme de contrôle/)
  })

  it('sees a same-size rewrite in place whose stat identity did not change (same clock tick)', async () => {
    const root = makeRepo()
    const index = join(root, '.git/index')
    await hubCommit(root, 'knowledge/hub1.md')
    const ours = readFileSync(index)
    const oursStat = statSync(index, { bigint: true })
    // Another valid index of the same size: the first entry's mtime nanoseconds changed.
    const other = Buffer.from(ours)
    other.writeUInt32BE((other.readUInt32BE(12 + 12) + 1) % 1_000_000_000, 12 + 12)
    createHash('sha1')
      .update(other.subarray(0, other.length - 20))
      .digest()
      .copy(other, other.length - 20)
    writeFileSync(index, other) // same inode
    frozenStat.set(index, oursStat)
    try {
      const loaded = await loadIndex(index)
      expect(loaded?.scan.buf.equals(other)).toBe(true)
    } finally {
      frozenStat.delete(index)
    }
  })

  it('still waits for git’s index.lock, and refuses with BASE_BUSY, when the index is kept', async () => {
    const root = makeRepo()
    await hubCommit(root, 'knowledge/hub1.md')
    const head = git(root, 'rev-parse', 'HEAD')
    const index = readFileSync(join(root, '.git/index'))
    writeFileSync(join(root, '.git/index.lock'), '')
    write(root, 'knowledge/hub2.md', '# 2\n')
    const e = await commitPaths(await openRepository(root), ['knowledge/hub2.md'], 'hub: 2\n', {
      deadline: Date.now()
    }).catch((err: unknown) => err)
    expect(e).toBeInstanceOf(HubError)
    expect((e as HubError).code).toBe('BASE_BUSY')
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head)
    expect(readFileSync(join(root, '.git/index')).equals(index)).toBe(true)
    expect(readFileSync(join(root, '.git/index.lock'), 'utf8')).toBe('')
  })

  it('keeps a split index working, and refuses it once its shared part is gone', async () => {
    const root = makeRepo()
    git(root, 'config', 'core.splitIndex', 'true')
    git(root, 'update-index', '--split-index')
    write(root, 'knowledge/c.md', '# C\n')
    git(root, 'add', 'knowledge/c.md')
    const index = join(root, '.git/index')
    expect(readFileSync(index).includes(Buffer.from('link'))).toBe(true)
    await hubCommit(root, 'knowledge/hub1.md')
    expect(git(root, 'diff', '--cached', '--name-only')).toBe('knowledge/c.md\n')
    // git splits it again on its next write; the hub keeps committing on top.
    git(root, 'commit', '-q', '-m', 'humain')
    write(root, 'knowledge/d.md', '# D\n')
    git(root, 'add', 'knowledge/d.md')
    expect(readFileSync(index).includes(Buffer.from('link'))).toBe(true)
    await inspectIndex(index) // kept, split
    await hubCommit(root, 'knowledge/hub2.md')
    expect(git(root, 'diff', '--cached', '--name-only')).toBe('knowledge/d.md\n')
    expect(git(root, 'status', '--porcelain')).toBe('A  knowledge/d.md\n')
    git(root, 'commit', '-q', '-m', 'humain 2')
    write(root, 'knowledge/e.md', '# E\n')
    git(root, 'add', 'knowledge/e.md')
    await inspectIndex(index) // kept, split
    for (const f of readdirSync(join(root, '.git')).filter((n) => n.startsWith('sharedindex.')))
      rmSync(join(root, '.git', f))
    await expect(loadIndex(index)).rejects.toThrow(/introuvable/)
  })
})
