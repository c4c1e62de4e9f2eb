import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { git, leaveStaleLock, makeBundle, removeDir, tempDir } from '../../../test/helpers/fixtures'
import { hubRefusal } from '../../../test/helpers/refusal'
import { memoryHubLog } from '../hublog'
import { Registry } from '../registry/registry'
import type { Base } from '../registry/base'
import { GIT_LOCK_STALE_MS } from '../git/lockfile'
import { resolveLayout } from '../git/layout'
import { renderProposalFile } from '../proposals/format'
import { reconcile } from './reconcile'
import { renderReconcile } from './render'
import { removeBaseGitLock, removeServedGitLock, staleLocksOf } from './stale-locks'

/**
 * Git's lock files left by interrupted commands: listed by reconcile, removed by its repairs or by
 * the press the refusal offers, and nothing else removed. The clock is injected and the files'
 * times are set, so nothing here depends on how long the test takes.
 */

const log = memoryHubLog()
const dirs: string[] = []
afterAll(() => dirs.forEach(removeDir))

const NOW = Date.parse('2026-12-07T12:00:00Z')
const HOUR_AGO = (NOW - 3_600_000) / 1000
const JUST_NOW = (NOW - GIT_LOCK_STALE_MS / 2) / 1000

function bases(...names: string[]): { dir: string; base: (name: string) => Base } {
  const dir = tempDir('okf-stale-locks-')
  dirs.push(dir)
  for (const n of names) makeBundle(dir, n)
  const registry = new Registry(dir, log)
  registry.rescan()
  return { dir, base: (name) => registry.get(name) }
}

/** A lock whose time is `seconds` (since the epoch), as a git killed then would have left it. */
const lockAt = (path: string, seconds: number): string => leaveStaleLock(path, NOW / 1000 - seconds, NOW)

describe('stale git locks', () => {
  it('lists the locks the hub would wait on, older than a minute, and nothing else', async () => {
    const { base } = bases('alpha')
    const b = base('alpha')
    const g = join(b.root, '.git')
    const branch = git(b.root, 'symbolic-ref', '--short', 'HEAD').trim()
    lockAt(join(g, 'index.lock'), HOUR_AGO)
    lockAt(join(g, 'refs/heads', `${branch}.lock`), HOUR_AGO)
    lockAt(join(g, 'refs/heads/team/inbox.lock'), HOUR_AGO)
    lockAt(join(g, 'packed-refs.lock'), JUST_NOW) // a git running now
    lockAt(join(g, 'refs/tags/v1.lock'), HOUR_AGO) // never written by the hub
    mkdirSync(join(g, 'refs/heads/dir.lock')) // a folder, not a lock
    symlinkSync(join(b.root, 'knowledge/index.md'), join(g, 'config.lock')) // a link, not a lock

    const listed = await staleLocksOf(b, await resolveLayout(b.root), NOW)
    expect(listed.map((l) => l.path)).toEqual([
      '.git/index.lock',
      `.git/refs/heads/${branch}.lock`,
      '.git/refs/heads/team/inbox.lock'
    ])
    expect(listed[0]).toEqual({
      path: '.git/index.lock',
      file: join(g, 'index.lock'),
      since: new Date(HOUR_AGO * 1000).toISOString(),
      applied: false
    })
  })

  it('removes a listed lock; a recent one, a path elsewhere or spelled with `..` are refused and kept', async () => {
    const { base } = bases('alpha')
    const b = base('alpha')
    const g = join(b.root, '.git')
    const stale = lockAt(join(g, 'index.lock'), HOUR_AGO)
    const recent = lockAt(join(g, 'packed-refs.lock'), JUST_NOW)
    const outside = lockAt(join(b.root, 'knowledge/notes.lock'), HOUR_AGO)
    const tag = lockAt(join(g, 'refs/tags/v1.lock'), HOUR_AGO)
    const now = () => NOW

    const busy = await hubRefusal(removeBaseGitLock(b, recent, { now, log }))
    expect(busy.code).toBe('BASE_BUSY')
    expect(busy.kind).toBe('git-lock-recent')
    expect(busy.params).toEqual({ file: recent })
    for (const other of [outside, tag, `${g}/../knowledge/notes.lock`, 'index.lock']) {
      const e = await hubRefusal(removeBaseGitLock(b, other, { now, log }))
      expect(e.code, other).toBe('INVALID_INPUT')
    }
    for (const kept of [recent, outside, tag]) expect(existsSync(kept), kept).toBe(true)

    await removeBaseGitLock(b, stale, { now, log })
    expect(existsSync(stale)).toBe(false)
    // Gone already (removed from another screen): nothing to do, no refusal.
    await removeBaseGitLock(b, stale, { now, log })
  })

  it('finds the base a lock belongs to among those served', async () => {
    const { dir, base } = bases('alpha', 'beta')
    const lock = lockAt(join(base('beta').root, '.git/index.lock'), HOUR_AGO)
    const all = [base('alpha'), base('beta')]
    expect((await removeServedGitLock(all, lock, { now: () => NOW, log })).name).toBe('beta')
    expect(existsSync(lock)).toBe(false)
    const e = await hubRefusal(removeServedGitLock(all, join(dir, 'index.lock'), { now: () => NOW, log }))
    expect(e.code).toBe('INVALID_INPUT')
  })

  it('reconcile lists them, then removes them before its repairs and commits', async () => {
    const { base } = bases('alpha')
    const b = base('alpha')
    const g = join(b.root, '.git')
    const index = lockAt(join(g, 'index.lock'), HOUR_AGO)
    const recent = lockAt(join(g, 'packed-refs.lock'), JUST_NOW)
    // An untracked valid proposal: its recovery is a commit, which the index lock would refuse.
    const id = 'prop-2026-12-01-abcd'
    mkdirSync(join(b.root, 'proposals/pending'), { recursive: true })
    writeFileSync(
      join(b.root, 'proposals/pending', `${id}.md`),
      renderProposalFile(
        id,
        {
          type: 'addition',
          concerns: 'une procédure manquante',
          content: 'Contenu.',
          sources: ['incident #12'],
          confidence: 'high',
          submittedBy: 'session-a'
        },
        new Date('2026-12-01T10:00:00Z')
      )
    )
    const head = git(b.root, 'rev-parse', 'HEAD')

    const dry = await reconcile(b, { apply: false, log, now: () => NOW })
    expect(dry.staleLocks.map((l) => [l.path, l.applied])).toEqual([['.git/index.lock', false]])
    expect(dry.malformed).toEqual([])
    expect(dry.recovered.map((r) => r.id)).toEqual([id])
    expect(dry.repairs).toBe(1)
    expect(renderReconcile(dry)).toContain(
      `- .git/index.lock (pris le ${new Date(HOUR_AGO * 1000).toISOString()} ; à retirer)`
    )
    expect(existsSync(index)).toBe(true)
    expect(git(b.root, 'rev-parse', 'HEAD')).toBe(head)

    const applied = await reconcile(b, { apply: true, log, now: () => NOW })
    expect(applied.staleLocks.map((l) => [l.path, l.applied])).toEqual([['.git/index.lock', true]])
    expect(applied.repairs).toBe(1)
    expect(renderReconcile(applied)).toContain(
      `- .git/index.lock (pris le ${new Date(HOUR_AGO * 1000).toISOString()} ; retiré)`
    )
    expect(existsSync(index)).toBe(false)
    expect(existsSync(recent)).toBe(true)
    expect(applied.recovered.map((r) => r.id)).toEqual([id])
    expect(git(b.root, 'log', '-1', '--format=%s')).toContain(id)
  })
})
