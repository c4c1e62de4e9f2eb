import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isolatedGit, writeRel } from '../../../test/helpers/isolated-git'
import { HubError } from '../errors'
import { memoryHubLog } from '../hublog'
import { withBaseLock, type HeldLock } from '../lock'
import { assertWritableRepository, commitPaths, HUB_IDENTITY } from './commit'
import { headTreePaths } from './trees'
import { TEMP_PREFIX, writeFileAtomic } from './atomic-write'
import { checkFormat, openRepository, parseCoreConfig } from './layout'
import { readEwah } from './index-file'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const git = isolatedGit

const write = writeRel

/** A repository made with the git CLI; `files` committed by a "human" commit when given. */
function makeRepo(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'okf-commit-'))
  dirs.push(root)
  git(root, 'init', '-q', '-b', 'main')
  git(root, 'config', 'user.name', 'Humain')
  git(root, 'config', 'user.email', 'humain@example.org')
  git(root, 'config', 'commit.gpgsign', 'false')
  if (Object.keys(files).length > 0) {
    for (const [p, c] of Object.entries(files)) write(root, p, c)
    git(root, 'add', '-A')
    git(root, 'commit', '-q', '-m', 'initial')
  }
  return root
}

const lsTree = (root: string, rev = 'HEAD'): string[] =>
  git(root, 'ls-tree', '-r', '--name-only', rev).split('\n').filter(Boolean).sort()
const status = (root: string): string => git(root, 'status', '--porcelain')
const fsck = (root: string): string => git(root, 'fsck', '--strict', '--no-dangling', '--no-progress')
const head = (root: string): string => git(root, 'rev-parse', 'HEAD').trim()

async function expectHubError(
  p: Promise<unknown>,
  code: string,
  message?: string | RegExp
): Promise<HubError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  )
  expect(e).toBeInstanceOf(HubError)
  const he = e as HubError
  expect(he.code).toBe(code)
  if (typeof message === 'string') expect(he.message).toBe(message)
  else if (message) expect(he.message).toMatch(message)
  return he
}

const BASE_FILES = {
  'README.md': '# Base\n',
  'knowledge/a.md': '# A\n',
  'knowledge/b.md': '# B\n',
  'knowledge/deep/c.md': '# C\n',
  'proposals/pending/.gitkeep': ''
}

describe('commitPaths', () => {
  it('commits a new file on top of HEAD, keeps every file of the parent tree, leaves a clean status', async () => {
    const root = makeRepo(BASE_FILES)
    const before = lsTree(root)
    const parent = head(root)
    write(root, 'proposals/pending/prop-1.md', '---\nid: prop-1\n---\n')
    const log = memoryHubLog()
    const sha = await commitPaths(
      await openRepository(root),
      ['proposals/pending/prop-1.md'],
      'proposal: prop-1 soumise\n',
      {
        log
      }
    )
    expect(sha).toBe(head(root))
    expect(git(root, 'rev-parse', 'HEAD~1').trim()).toBe(parent)
    expect(lsTree(root)).toEqual([...before, 'proposals/pending/prop-1.md'].sort())
    expect(git(root, 'show', 'HEAD:proposals/pending/prop-1.md')).toBe('---\nid: prop-1\n---\n')
    expect(fsck(root)).toBe('')
    expect(status(root)).toBe('')
    expect(git(root, 'diff', '--cached', '--name-only')).toBe('')
    // Untouched subtrees are reused, not rewritten.
    expect(git(root, 'rev-parse', 'HEAD:knowledge').trim()).toBe(
      git(root, 'rev-parse', 'HEAD~1:knowledge').trim()
    )
    const dirName = root.split('/').pop()
    expect(
      log.lines.some((l) =>
        l.includes(`INFO    commit ${sha.slice(0, 10)} dans ${dirName} : proposal: prop-1 soumise`)
      )
    ).toBe(true)
  })

  it('never commits a dirty tracked file, a foreign staged change or an untracked file', async () => {
    const root = makeRepo(BASE_FILES)
    write(root, 'knowledge/a.md', '# A modifié par un humain\n')
    write(root, 'knowledge/b.md', '# B indexé par un humain\n')
    git(root, 'add', 'knowledge/b.md')
    write(root, 'notes.txt', 'non suivi\n')
    write(root, 'knowledge/new.md', '# Nouveau\n')
    await commitPaths(await openRepository(root), ['knowledge/new.md'], 'hub: ajout\n')
    expect(git(root, 'diff', '--name-only', 'HEAD~1', 'HEAD').trim()).toBe('knowledge/new.md')
    expect(git(root, 'show', 'HEAD:knowledge/a.md')).toBe('# A\n')
    expect(git(root, 'show', 'HEAD:knowledge/b.md')).toBe('# B\n')
    expect(status(root)).toBe(' M knowledge/a.md\nM  knowledge/b.md\n?? notes.txt\n')
    expect(git(root, 'show', ':knowledge/b.md')).toBe('# B indexé par un humain\n')
    expect(fsck(root)).toBe('')
  })

  it('gives an empty repository a root commit', async () => {
    const root = makeRepo()
    write(root, 'okf-bundle.yaml', 'name: vide\n')
    write(root, 'knowledge/x.md', '# X\n')
    const sha = await commitPaths(
      await openRepository(root),
      ['okf-bundle.yaml', 'knowledge/x.md'],
      'init: base\n'
    )
    expect(git(root, 'rev-list', '--count', 'HEAD').trim()).toBe('1')
    expect(git(root, 'rev-list', '--max-parents=0', 'HEAD').trim()).toBe(sha)
    expect(lsTree(root)).toEqual(['knowledge/x.md', 'okf-bundle.yaml'])
    expect(git(root, 'symbolic-ref', 'HEAD').trim()).toBe('refs/heads/main')
    expect(status(root)).toBe('')
    expect(fsck(root)).toBe('')
    expect(git(root, 'reflog', '-1', '--format=%gs').trim()).toBe('commit (initial): init: base')
    expect(await headTreePaths(await openRepository(root), '')).toEqual(['knowledge/x.md', 'okf-bundle.yaml'])
  })

  it('records deletions and drops directories left empty', async () => {
    const root = makeRepo(BASE_FILES)
    unlinkSync(join(root, 'knowledge/deep/c.md'))
    unlinkSync(join(root, 'knowledge/a.md'))
    await commitPaths(
      await openRepository(root),
      ['knowledge/deep/c.md', 'knowledge/a.md'],
      'hub: suppression\n'
    )
    expect(lsTree(root)).toEqual(['README.md', 'knowledge/b.md', 'proposals/pending/.gitkeep'])
    expect(git(root, 'ls-tree', 'HEAD', 'knowledge/').trim().split('\n')).toHaveLength(1)
    expect(status(root)).toBe('')
    expect(fsck(root)).toBe('')
    // Deleting a path that is in neither HEAD nor the worktree is a no-op for the tree.
    await commitPaths(await openRepository(root), ['nowhere/ghost.md'], 'hub: rien\n')
    expect(git(root, 'rev-parse', 'HEAD^{tree}').trim()).toBe(git(root, 'rev-parse', 'HEAD~1^{tree}').trim())
  })

  it('creates nested new directories', async () => {
    const root = makeRepo(BASE_FILES)
    write(root, 'knowledge/x/y/z/new.md', '# Profond\n')
    write(root, 'knowledge/deep/d.md', '# D\n')
    await commitPaths(
      await openRepository(root),
      ['knowledge/x/y/z/new.md', 'knowledge/deep/d.md'],
      'hub: profond\n'
    )
    expect(lsTree(root)).toEqual(
      [...Object.keys(BASE_FILES), 'knowledge/x/y/z/new.md', 'knowledge/deep/d.md'].sort()
    )
    expect(status(root)).toBe('')
    expect(fsck(root)).toBe('')
    expect(await headTreePaths(await openRepository(root), 'knowledge/deep')).toEqual([
      'knowledge/deep/c.md',
      'knowledge/deep/d.md'
    ])
    expect(await headTreePaths(await openRepository(root), 'knowledge/x/')).toEqual([
      'knowledge/x/y/z/new.md'
    ])
    expect(await headTreePaths(await openRepository(root), 'absent')).toEqual([])
    expect(await headTreePaths(await openRepository(root), 'README.md')).toEqual([])
  })

  it('commits as okf-hub <hub@local> with the message verbatim and a timezone offset', async () => {
    const root = makeRepo(BASE_FILES)
    write(root, 'knowledge/a.md', '# A v2\n')
    const message = 'resolve: prop-1 acceptée\n\nProposal: prop-1\nReviewer: alice\n'
    await commitPaths(await openRepository(root), ['knowledge/a.md'], message, {
      now: new Date('2026-03-04T05:06:07Z')
    })
    expect(git(root, 'log', '-1', '--format=%an <%ae>|%cn <%ce>').trim()).toBe(
      'okf-hub <hub@local>|okf-hub <hub@local>'
    )
    expect(HUB_IDENTITY).toEqual({ name: 'okf-hub', email: 'hub@local' })
    const raw = git(root, 'cat-file', 'commit', 'HEAD')
    expect(raw.endsWith('\n\n' + message)).toBe(true)
    expect(raw).toMatch(/^author okf-hub <hub@local> 1772600767 [+-]\d{4}$/m)
    expect(git(root, 'log', '-1', '--format=%(trailers:key=Proposal,valueonly)').trim()).toBe('prop-1')
    expect(fsck(root)).toBe('')
  })

  it('records the executable bit and symlinks', async () => {
    const root = makeRepo(BASE_FILES)
    write(root, 'bin/run.sh', '#!/bin/sh\necho ok\n')
    chmodSync(join(root, 'bin/run.sh'), 0o755)
    symlinkSync('../knowledge/a.md', join(root, 'bin/lien.md'))
    await commitPaths(await openRepository(root), ['bin/run.sh', 'bin/lien.md'], 'hub: modes\n')
    const tree = git(root, 'ls-tree', 'HEAD', 'bin/')
    expect(tree).toMatch(/^100755 blob \S+\tbin\/run\.sh$/m)
    expect(tree).toMatch(/^120000 blob \S+\tbin\/lien\.md$/m)
    expect(status(root)).toBe('')
    expect(fsck(root)).toBe('')
  })

  it('rejects paths outside the repository and an empty list', async () => {
    const root = makeRepo(BASE_FILES)
    for (const p of [
      '/etc/passwd',
      '../x.md',
      'a/../../x.md',
      '.git/config',
      'knowledge/.git/x',
      'a\\b.md',
      'a//b',
      ''
    ]) {
      await expectHubError(
        commitPaths(await openRepository(root), [p], 'x\n'),
        'IO_ERROR',
        `chemin hors du dépôt : ${p}`
      )
    }
    await expectHubError(
      commitPaths(await openRepository(root), [], 'x\n'),
      'IO_ERROR',
      'aucun chemin à commiter'
    )
    await expectHubError(
      commitPaths(await openRepository(root), ['knowledge'], 'x\n'),
      'IO_ERROR',
      /est un répertoire/
    )
    expect(git(root, 'rev-list', '--count', 'HEAD').trim()).toBe('1')
  })

  it('refuses a file/directory conflict instead of dropping a subtree', async () => {
    const root = makeRepo(BASE_FILES)
    rmSync(join(root, 'knowledge/deep'), { recursive: true })
    write(root, 'knowledge/deep', 'now a file\n')
    await expectHubError(
      commitPaths(await openRepository(root), ['knowledge/deep'], 'x\n'),
      'IO_ERROR',
      /conflit fichier\/répertoire/
    )
    expect(lsTree(root)).toEqual(Object.keys(BASE_FILES).sort())
  })

  it('works on a packed repository (packed objects and packed-refs)', async () => {
    const root = makeRepo(BASE_FILES)
    git(root, 'gc', '-q', '--prune=now')
    expect(existsSync(join(root, '.git/refs/heads/main'))).toBe(false)
    const parent = head(root)
    write(root, 'knowledge/deep/e.md', '# E\n')
    await commitPaths(await openRepository(root), ['knowledge/deep/e.md'], 'hub: packé\n')
    expect(git(root, 'rev-parse', 'HEAD~1').trim()).toBe(parent)
    expect(lsTree(root)).toEqual([...Object.keys(BASE_FILES), 'knowledge/deep/e.md'].sort())
    expect(status(root)).toBe('')
    expect(fsck(root)).toBe('')
  })

  it('keeps the index valid for git: version 4, cache-tree, later CLI commits keep our change', async () => {
    const root = makeRepo(BASE_FILES)
    git(root, 'update-index', '--index-version', '4')
    write(root, 'knowledge/deep/v4.md', '# v4\n')
    await commitPaths(await openRepository(root), ['knowledge/deep/v4.md'], 'hub: v4\n')
    expect(status(root)).toBe('')
    expect(git(root, 'ls-files', 'knowledge/deep').split('\n').filter(Boolean)).toEqual([
      'knowledge/deep/c.md',
      'knowledge/deep/v4.md'
    ])
    // A human commit right after must build its tree from an index that knows our file
    // (a stale cache-tree extension would silently drop it).
    write(root, 'README.md', '# Base v2\n')
    git(root, 'commit', '-q', '-am', 'humain')
    expect(lsTree(root)).toContain('knowledge/deep/v4.md')
    expect(status(root)).toBe('')
    // And the other way round, on a version 2 index with a fresh cache-tree.
    git(root, 'update-index', '--index-version', '2')
    write(root, 'knowledge/z.md', '# Z\n')
    await commitPaths(await openRepository(root), ['knowledge/z.md'], 'hub: v2\n')
    write(root, 'knowledge/b.md', '# B v2\n')
    git(root, 'commit', '-q', '-am', 'humain 2')
    expect(lsTree(root)).toEqual(
      [...Object.keys(BASE_FILES), 'knowledge/deep/v4.md', 'knowledge/z.md'].sort()
    )
    expect(status(root)).toBe('')
    // Version 3 (an intent-to-add entry has extended flags): carried over untouched.
    write(root, 'knowledge/ita.md', '# intent\n')
    git(root, 'add', '-N', 'knowledge/ita.md')
    write(root, 'knowledge/deep/v3.md', '# v3\n')
    await commitPaths(await openRepository(root), ['knowledge/deep/v3.md'], 'hub: v3\n')
    expect(status(root)).toBe(' A knowledge/ita.md\n')
    expect(git(root, 'ls-files').split('\n')).toContain('knowledge/deep/v3.md')
    expect(fsck(root)).toBe('')
  })

  it.each([2, 4])('leaves an index (version %i) identical to HEAD after a mixed commit', async (version) => {
    const files: Record<string, string> = {}
    for (let i = 0; i < 300; i++) files[`k/d${i % 7}/f${String(i).padStart(3, '0')}.md`] = `# ${i}\n`
    const root = makeRepo(files)
    git(root, 'update-index', '--index-version', String(version))
    const paths = [
      'k/d0/f000.md',
      'k/d3/f150.md',
      'k/d3/f150b.md',
      'k/d6/zz/new.md',
      'a-first.md',
      'k/d2/f002.md'
    ]
    write(root, 'k/d0/f000.md', '# changed\n')
    write(root, 'k/d3/f150b.md', '# new in the middle\n')
    write(root, 'k/d6/zz/new.md', '# new deep\n')
    write(root, 'a-first.md', '# first\n')
    unlinkSync(join(root, 'k/d2/f002.md'))
    await commitPaths(await openRepository(root), paths, 'hub: mixte\n')
    const fromTree = git(root, 'ls-tree', '-r', 'HEAD')
      .trim()
      .split('\n')
      .map((l) => l.replace(/^(\d+) blob (\S+)\t/, '$1 $2 0\t'))
    expect(git(root, 'ls-files', '-s').trim().split('\n')).toEqual(fromTree)
    expect(fromTree).toHaveLength(300 + 2)
    expect(readFileSync(join(root, '.git/index')).readUInt32BE(4)).toBe(version)
    expect(status(root)).toBe('')
    expect(git(root, 'diff-files', '--name-only')).toBe('')
    expect(fsck(root)).toBe('')
  })

  it('reads a split index (deletions, replacements, additions) and writes it back whole', async () => {
    const root = makeRepo(BASE_FILES)
    git(root, 'config', 'core.splitIndex', 'true')
    git(root, 'update-index', '--split-index')
    // The split part now records a deletion, a replacement and an addition against the shared index.
    git(root, 'rm', '-q', '--cached', 'knowledge/b.md')
    write(root, 'knowledge/a.md', '# A indexé\n')
    git(root, 'add', 'knowledge/a.md')
    write(root, 'knowledge/added.md', '# ajouté\n')
    git(root, 'add', 'knowledge/added.md')
    expect(readFileSync(join(root, '.git/index')).includes(Buffer.from('link'))).toBe(true)
    const staged = git(root, 'diff', '--cached', '--name-status')
    write(root, 'knowledge/deep/hub.md', '# hub\n')
    await commitPaths(await openRepository(root), ['knowledge/deep/hub.md'], 'hub: split\n')
    expect(readFileSync(join(root, '.git/index')).includes(Buffer.from('link'))).toBe(false)
    expect(git(root, 'diff', '--cached', '--name-status')).toBe(staged)
    expect(status(root)).toBe(
      'M  knowledge/a.md\nA  knowledge/added.md\nD  knowledge/b.md\n?? knowledge/b.md\n'
    )
    expect(git(root, 'ls-files', 'knowledge/deep')).toBe('knowledge/deep/c.md\nknowledge/deep/hub.md\n')
    // git splits it again on its next write, and keeps our file.
    git(root, 'commit', '-q', '-m', 'humain')
    expect(lsTree(root)).toContain('knowledge/deep/hub.md')
    expect(readdirSync(join(root, '.git')).some((f) => f.startsWith('sharedindex.'))).toBe(true)
    expect(fsck(root)).toBe('')
  })

  it('rebuilds a missing index from the new tree instead of staging every file for deletion', async () => {
    const root = makeRepo(BASE_FILES)
    unlinkSync(join(root, '.git/index'))
    write(root, 'knowledge/new.md', '# N\n')
    await commitPaths(await openRepository(root), ['knowledge/new.md'], 'hub: sans index\n')
    expect(status(root)).toBe('')
    expect(git(root, 'ls-files').split('\n').filter(Boolean)).toEqual(lsTree(root))
  })

  it('refuses an index it cannot keep before writing any object', async () => {
    const root = makeRepo(BASE_FILES)
    const p = join(root, '.git/index')
    const body = Buffer.concat([readFileSync(p).subarray(0, -20), Buffer.from('qqqq\0\0\0\0', 'latin1')])
    writeFileSync(p, Buffer.concat([body, createHash('sha1').update(body).digest()]))
    const objects = git(root, 'count-objects', '-v')
    write(root, 'knowledge/x.md', '# X\n')
    await expectHubError(
      commitPaths(await openRepository(root), ['knowledge/x.md'], 'x\n'),
      'IO_ERROR',
      /^extension d’index obligatoire inconnue non pris en charge \(extension « qqqq »\) dans .* : rien n'a été écrit$/
    )
    expect(git(root, 'count-objects', '-v')).toBe(objects)
    expect(existsSync(`${p}.lock`)).toBe(false)
  })

  it('an object it cannot write, while the new index is written beside it: nothing moved, no index.lock left', async () => {
    const root = makeRepo(BASE_FILES)
    write(root, 'knowledge/blocked.md', '# Bloqué\n')
    // A file where the new blob's fan-out folder must go: its write fails, the index's does not.
    const oid = git(root, 'hash-object', 'knowledge/blocked.md').trim()
    const fanOut = join(root, '.git/objects', oid.slice(0, 2))
    rmSync(fanOut, { recursive: true, force: true })
    writeFileSync(fanOut, 'pas un dossier')
    const before = head(root)
    const indexBefore = readFileSync(join(root, '.git/index'))
    await expectHubError(
      commitPaths(await openRepository(root), ['knowledge/blocked.md'], 'hub: bloqué\n'),
      'IO_ERROR',
      /^commit impossible dans /
    )
    expect(head(root)).toBe(before)
    expect(readFileSync(join(root, '.git/index')).equals(indexBefore)).toBe(true)
    expect(existsSync(join(root, '.git/index.lock'))).toBe(false)
    expect(status(root)).toBe('?? knowledge/blocked.md\n')
    rmSync(fanOut)
    await commitPaths(await openRepository(root), ['knowledge/blocked.md'], 'hub: bloqué\n')
    expect(status(root)).toBe('')
    expect(fsck(root)).toBe('')
  })

  it('smudges racily clean entries so a newer index cannot hide a same-size edit', async () => {
    const root = makeRepo(BASE_FILES)
    git(root, 'config', 'core.trustctime', 'false')
    // An entry and an index stamped with the same instant, 100 s ago: the entry is racily clean.
    const stamp = `@${Math.floor(Date.now() / 1000) - 100}.123456789`
    write(root, 'knowledge/a.md', 'AAAA\n')
    execFileSync('touch', ['-d', stamp, join(root, 'knowledge/a.md')])
    git(root, 'add', 'knowledge/a.md')
    execFileSync('touch', ['-d', stamp, join(root, '.git/index')])
    // Same size, same inode, same mtime (ctime not trusted): only the content tells the edit.
    writeFileSync(join(root, 'knowledge/a.md'), 'BBBB\n')
    execFileSync('touch', ['-d', stamp, join(root, 'knowledge/a.md')])
    // Rewriting the index "now" without smudging would make git trust the stale entry.
    write(root, 'knowledge/other.md', '# other\n')
    await commitPaths(await openRepository(root), ['knowledge/other.md'], 'hub: other\n')
    expect(status(root)).toBe('MM knowledge/a.md\n')
  })

  it('refuses a detached HEAD: the commit would be on no branch; nothing moves', async () => {
    const root = makeRepo(BASE_FILES)
    const main = head(root)
    git(root, 'checkout', '-q', '--detach')
    write(root, 'knowledge/det.md', '# D\n')
    const index = readFileSync(join(root, '.git/index'))
    const e = await commitPaths(await openRepository(root), ['knowledge/det.md'], 'hub: détaché\n').then(
      () => null,
      (err: unknown) => err
    )
    expect(e).toBeInstanceOf(HubError)
    expect((e as HubError).code).toBe('IO_ERROR')
    expect((e as HubError).kind).toBe('detached-head')
    expect((e as HubError).params).toEqual({ commit: main.slice(0, 10) })
    expect(readFileSync(join(root, '.git/HEAD'), 'utf8')).toBe(`${main}\n`)
    expect(git(root, 'rev-parse', 'main').trim()).toBe(main)
    expect(readFileSync(join(root, '.git/index')).equals(index)).toBe(true)
    expect(status(root)).toBe('?? knowledge/det.md\n')
    await expect(assertWritableRepository(root)).rejects.toMatchObject({ kind: 'detached-head' })
  })

  it('waits for a foreign index.lock and still refreshes the index', async () => {
    const root = makeRepo(BASE_FILES)
    const indexLock = join(root, '.git/index.lock')
    writeFileSync(indexLock, '')
    const t0 = Date.now()
    setTimeout(() => unlinkSync(indexLock), 300)
    write(root, 'knowledge/retry.md', '# R\n')
    const log = memoryHubLog()
    await commitPaths(await openRepository(root), ['knowledge/retry.md'], 'hub: retry\n', { log })
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280)
    expect(lsTree(root)).toContain('knowledge/retry.md')
    expect(status(root)).toBe('')
    expect(existsSync(indexLock)).toBe(false)
    expect(log.lines.filter((l) => l.includes('WARNING'))).toEqual([])
  })

  it('commits nothing when index.lock stays held: BASE_BUSY, no object, ref or index touched', async () => {
    const root = makeRepo(BASE_FILES)
    const indexLock = join(root, '.git/index.lock')
    writeFileSync(indexLock, 'foreign')
    write(root, 'knowledge/stuck.md', '# S\n')
    const before = head(root)
    const objectsBefore = git(root, 'count-objects', '-v')
    const indexBefore = readFileSync(join(root, '.git/index'))
    const log = memoryHubLog()
    // No deadline given: the wait for git's own lock is still bounded (it ends in BASE_BUSY, not
    // in the test's timeout; no stopwatch, which a loaded machine would trip).
    await expectHubError(
      commitPaths(await openRepository(root), ['knowledge/stuck.md'], 'hub: stuck\n', { log }),
      'BASE_BUSY'
    )
    expect(head(root)).toBe(before)
    expect(git(root, 'count-objects', '-v')).toBe(objectsBefore)
    expect(readFileSync(join(root, '.git/index')).equals(indexBefore)).toBe(true)
    expect(readFileSync(indexLock, 'utf8')).toBe('foreign')
    expect(log.lines.some((l) => l.includes('WARNING') && l.includes(`verrou git ${indexLock}`))).toBe(true)
    unlinkSync(indexLock)
    expect(status(root)).toBe('?? knowledge/stuck.md\n')
    // Retrying once the lock is gone commits.
    await commitPaths(await openRepository(root), ['knowledge/stuck.md'], 'hub: stuck\n', { log })
    expect(status(root)).toBe('')
    expect(fsck(root)).toBe('')
  })

  it('gives up with BASE_BUSY when a foreign ref .lock outlives the deadline, HEAD unchanged', async () => {
    const root = makeRepo(BASE_FILES)
    const before = head(root)
    const refLock = join(root, '.git/refs/heads/main.lock')
    writeFileSync(refLock, 'foreign')
    write(root, 'knowledge/busy.md', '# busy\n')
    await expectHubError(
      commitPaths(await openRepository(root), ['knowledge/busy.md'], 'hub: busy\n', {
        deadline: Date.now() + 500
      }),
      'BASE_BUSY'
    )
    expect(head(root)).toBe(before)
    expect(readFileSync(refLock, 'utf8')).toBe('foreign')
    unlinkSync(refLock)
    expect(status(root)).toBe('?? knowledge/busy.md\n')
  })

  it('refuses to move a branch that moved since the parent was read, losing nothing', async () => {
    const root = makeRepo(BASE_FILES)
    write(root, 'knowledge/ours.md', '# ours\n')
    let foreign = ''
    await expectHubError(
      commitPaths(await openRepository(root), ['knowledge/ours.md'], 'hub: ours\n', {
        hooks: {
          beforeRefLock: () => {
            write(root, 'knowledge/theirs.md', '# theirs\n')
            git(root, 'add', 'knowledge/theirs.md')
            git(root, 'commit', '-q', '-m', 'concurrent')
            foreign = head(root)
          }
        }
      }),
      'IO_ERROR',
      'la branche a bougé pendant le commit — réessayez'
    )
    expect(head(root)).toBe(foreign)
    expect(lsTree(root)).toContain('knowledge/theirs.md')
    expect(existsSync(join(root, '.git/refs/heads/main.lock'))).toBe(false)
    expect(readFileSync(join(root, 'knowledge/ours.md'), 'utf8')).toBe('# ours\n')
    // Retrying afterwards commits on top of the foreign commit.
    await commitPaths(await openRepository(root), ['knowledge/ours.md'], 'hub: ours\n')
    expect(git(root, 'rev-parse', 'HEAD~1').trim()).toBe(foreign)
    expect(lsTree(root)).toEqual(
      [...Object.keys(BASE_FILES), 'knowledge/ours.md', 'knowledge/theirs.md'].sort()
    )
    expect(fsck(root)).toBe('')
  })

  it('does not move the ref when the base lock was lost', async () => {
    const root = makeRepo(BASE_FILES)
    const before = head(root)
    write(root, 'knowledge/lost.md', '# lost\n')
    let calls = 0
    const lock: HeldLock = {
      deadline: Date.now() + 15_000,
      assertHeld() {
        if (++calls > 1) throw new HubError('IO_ERROR', 'verrou de la base perdu')
      }
    }
    await expectHubError(
      commitPaths(await openRepository(root), ['knowledge/lost.md'], 'x\n', { lock }),
      'IO_ERROR',
      'verrou de la base perdu'
    )
    expect(head(root)).toBe(before)
    expect(existsSync(join(root, '.git/refs/heads/main.lock'))).toBe(false)
  })

  it('20 concurrent commits under the base lock: 20 commits, linear history, every file present', async () => {
    const root = makeRepo(BASE_FILES)
    const log = memoryHubLog()
    const shas = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        withBaseLock(
          root,
          async (lock) => {
            write(root, `proposals/pending/p${i}.md`, `# p${i}\n`)
            return commitPaths(
              await openRepository(root),
              [`proposals/pending/p${i}.md`],
              `proposal: p${i}\n`,
              {
                lock,
                deadline: lock.deadline,
                log
              }
            )
          },
          { log }
        )
      )
    )
    expect(new Set(shas).size).toBe(20)
    expect(git(root, 'rev-list', '--count', 'HEAD').trim()).toBe('21')
    expect(git(root, 'rev-list', '--merges', 'HEAD').trim()).toBe('')
    const files = lsTree(root)
    for (let i = 0; i < 20; i++) expect(files).toContain(`proposals/pending/p${i}.md`)
    for (const f of Object.keys(BASE_FILES)) expect(files).toContain(f)
    expect(status(root)).toBe('')
    expect(fsck(root)).toBe('')
    expect(log.lines.filter((l) => !l.includes('INFO'))).toEqual([])
  })
})

describe('writeFileAtomic', () => {
  it('replaces a file through a temp file and keeps its mode', async () => {
    const root = makeRepo(BASE_FILES)
    const p = join(root, 'bin.sh')
    writeFileSync(p, 'old')
    chmodSync(p, 0o755)
    await writeFileAtomic(p, 'new content\n')
    expect(readFileSync(p, 'utf8')).toBe('new content\n')
    expect(execFileSync('stat', ['-c', '%a', p], { encoding: 'utf8' }).trim()).toBe('755')
    await writeFileAtomic(join(root, 'fresh.md'), Buffer.from('frais\n'))
    expect(readFileSync(join(root, 'fresh.md'), 'utf8')).toBe('frais\n')
    expect(git(root, 'status', '--porcelain', '--ignored').includes(TEMP_PREFIX)).toBe(false)
  })

  it('removes its temp file when the rename fails', async () => {
    const root = makeRepo()
    mkdirSync(join(root, 'target-dir'))
    writeFileSync(join(root, 'target-dir/keep'), 'x')
    await expect(writeFileAtomic(join(root, 'target-dir'), 'data')).rejects.toThrow()
    expect(execFileSync('ls', ['-A', root], { encoding: 'utf8' }).includes(TEMP_PREFIX)).toBe(false)
  })
})

describe('repository format', () => {
  it('reads core and extensions keys as git does: case, quotes, comments, subsections ignored', () => {
    const keys = parseCoreConfig(
      [
        '[core]',
        '\trepositoryFormatVersion = 1 ; commentaire',
        '\tbare',
        '[core "x"]',
        '\tautocrlf = true',
        '[Extensions] objectFormat = "sha1"',
        '[extensions]',
        '\tworktreeConfig = true # commentaire'
      ].join('\n')
    )
    expect([...keys]).toEqual([
      ['core.repositoryformatversion', '1'],
      ['core.bare', 'true'],
      ['extensions.objectformat', 'sha1'],
      ['extensions.worktreeconfig', 'true']
    ])
    expect(() => checkFormat(keys)).not.toThrow()
    expect(() => checkFormat(new Map([['extensions.objectformat', 'sha256']]))).toThrow(
      'dépôt SHA-256 non pris en charge (extensions.objectFormat = sha256)'
    )
    expect(() => checkFormat(new Map([['extensions.refstorage', 'reftable']]))).toThrow(/reftable/)
    expect(() => checkFormat(new Map([['core.repositoryformatversion', '2']]))).toThrow(/= 2/)
  })

  it('decodes ewah bitmaps: runs of ones, literal words, bits past the size ignored', () => {
    const ewah = (bitSize: number, words: bigint[]): Buffer => {
      const b = Buffer.alloc(8 + words.length * 8 + 4)
      b.writeUInt32BE(bitSize, 0)
      b.writeUInt32BE(words.length, 4)
      words.forEach((w, i) => b.writeBigUInt64BE(w, 8 + i * 8))
      return b
    }
    // Marker: one literal word follows (bits 33+), no run.
    expect(readEwah(ewah(5, [1n << 33n, 0x17n]), 0, 28).bits).toEqual([0, 1, 2, 4])
    // Marker: a run of one word of ones (bit 0 = 1, length 1 in bits 1–32), then a literal with bit 63.
    const r = readEwah(ewah(128, [1n | (1n << 1n) | (1n << 33n), 1n << 63n]), 0, 28)
    expect(r.bits).toEqual([...Array.from({ length: 64 }, (_, i) => i), 127])
    expect(r.end).toBe(28)
    expect(readEwah(ewah(3, [1n << 33n, 0xffn]), 0, 28).bits).toEqual([0, 1, 2])
    expect(() => readEwah(ewah(3, [1n << 33n, 0xffn]), 0, 27)).toThrow('index illisible (bitmap ewah)')
  })
})
