import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { git, removeDir, tempDir } from './helpers/fixtures'
import {
  baseIn,
  buildTemplate,
  clearDeadWriter,
  copyCase,
  FIELDS,
  fsckProblems,
  killAtEachStep,
  leftovers,
  log,
  PUSH_ID,
  pushToSyncRemote,
  recordSteps,
  rootOf,
  runKilledAt,
  runOp,
  runThrowingAt
} from './helpers/faults'
import { startGitHttpServer, type GitHttpServer } from './helpers/git-http'
import { ADVANCE_JOURNAL } from '../src/engine/git/advance-journal'
import { withBaseLock } from '../src/engine/lock'
import { renderProposalFile } from '../src/engine/proposals/format'
import { reconcile } from '../src/engine/review/reconcile'
import { resolvePlan } from '../src/engine/review/resolve'

/**
 * Fault injection in a sync that pushes (issue 13 item 5): the base holds a submission and its
 * rejection the remote does not have, and the remote moved on meanwhile, so the sync replays both
 * commits on the remote's tip, pushes them, then moves the branch. Each case has its own remote
 * (a push writes it); one `git http-backend` serves them all. At every step in turn the sync is
 * thrown out of, and a real child process running it is SIGKILLed. Whatever the interruption
 * left — nothing pushed, pushed with the branch behind, or the move half done — must be sound
 * (both repositories fsck clean, the branch never over an index that would undo it), and the next
 * sync must end exactly where the clean run ends: the same pushed commits (a replay is
 * deterministic), the proposal in exactly its two commits on both sides, never replayed twice.
 */

let parent: string
let server: GitHttpServer
let template: string
let steps: string[]
let before: { local: string; remote: string }
let after: { head: string; entries: string; tree: string }
let seq = 0
let cleanDir: string

const remoteOf = (dir: string): string => join(dir, 'remote', 'base.git')
const head = (repo: string, ref = 'HEAD'): string => git(repo, 'rev-parse', ref).trim()

/** `to` becomes a copy of the case `from` (its remote included), its origin then set to its own remote. */
function copyCaseState(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true })
  copyCase(from, to)
  git(rootOf(to), 'remote', 'set-url', 'origin', `${server.url}/${basename(to)}/remote/base.git`)
}

/** A copy of the template whose origin is its own remote, served by the one server. */
function newCase(label: string): string {
  const dir = join(parent, `${label}-${++seq}`)
  mkdirSync(dir)
  copyCase(template, dir)
  git(rootOf(dir), 'remote', 'set-url', 'origin', `${server.url}/${basename(dir)}/remote/base.git`)
  return dir
}

beforeAll(async () => {
  parent = tempDir('okf-faults-push-')
  server = await startGitHttpServer(parent)
  template = join(parent, 'template')
  mkdirSync(template)
  buildTemplate('sync-push', template)
  before = { local: head(rootOf(template)), remote: head(remoteOf(template), 'main') }
  const clean = newCase('clean')
  cleanDir = clean
  steps = await recordSteps('sync-push', clean)
  after = {
    head: head(rootOf(clean)),
    entries: git(rootOf(clean), 'ls-files', '-s'),
    tree: head(rootOf(clean), 'HEAD^{tree}')
  }
})

afterAll(async () => {
  await server.close()
  removeDir(parent)
})

const auditOf = (repo: string): string[] =>
  git(repo, 'log', '-i', '--format=%s', '--grep', `proposal: ${PUSH_ID}`, 'main')
    .split('\n')
    .filter((l) => l !== '')

/** Sound right after the interruption, whatever it left; returns what it left, in words. */
function expectSound(dir: string, label: string): string {
  const root = rootOf(dir)
  expect(fsckProblems(root), label).toBe('')
  expect(fsckProblems(remoteOf(dir)), label).toBe('')
  const remote = head(remoteOf(dir), 'main')
  // The remote holds what it had, or exactly the clean run's push: never something else.
  expect([before.remote, after.head], label).toContain(remote)
  const local = head(root)
  expect([before.local, after.head], label).toContain(local)
  // Once the branch moved, the index is the new commit's: nothing staged would undo it.
  if (local === after.head) expect(git(root, 'diff', '--cached', '--name-status'), label).toBe('')
  return `${remote === after.head ? 'pushed' : 'not pushed'}, ${local === after.head ? 'moved' : 'unmoved'}`
}

/** The next sync ends where the clean run ends. */
async function expectNextSyncCompletes(dir: string, label: string): Promise<void> {
  clearDeadWriter(dir)
  await runOp('sync-push', dir)
  // A sync that finds nothing to move takes no lock: a dead holder's is taken over by the next writer.
  await withBaseLock(rootOf(dir), async () => undefined, { timeoutMs: 2_000, log })
  const root = rootOf(dir)
  expect(leftovers(dir), label).toEqual([])
  expect(head(root), label).toBe(after.head)
  expect(head(remoteOf(dir), 'main'), label).toBe(after.head)
  expect(git(root, 'ls-files', '-s'), label).toBe(after.entries)
  expect(git(root, 'status', '--porcelain', '--untracked-files=all'), label).toBe('')
  expect(existsSync(join(root, '.git', ADVANCE_JOURNAL)), label).toBe(false)
  for (const repo of [root, remoteOf(dir)]) {
    expect(auditOf(repo), label).toHaveLength(2)
    expect(git(repo, 'rev-list', '--merges', 'main').trim(), label).toBe('')
    expect(fsckProblems(repo), label).toBe('')
  }
}

describe('sync with push: the steps', () => {
  it('fetch, push, the branch moved onto the pushed commits; the clean run replays both commits on the colleague’s', () => {
    expect(steps.filter((s) => s.startsWith('sync:'))).toEqual([
      'sync:fetched',
      'sync:tracking-ref-written',
      'sync:pushed',
      'sync:tracking-ref-written',
      'sync:state-written'
    ])
    expect(steps).toContain('advance:ref-moved')
    expect(steps.indexOf('sync:pushed')).toBeLessThan(steps.indexOf('advance:journal-written'))
    expect(after.head).not.toBe(before.local)
    expect(head(rootOf(cleanDir), `${after.head}~2`)).toBe(before.remote)
    expect(auditOf(remoteOf(cleanDir))).toHaveLength(2)
  })
})

describe('sync with push: a thrown error at each step', () => {
  it('leaves both repositories sound, and the next sync ends where the clean run ends', async () => {
    const report: string[] = []
    for (let n = 1; n <= steps.length; n++) {
      const dir = newCase('throw')
      const label = `sync-push throw at ${n} ${steps[n - 1]}`
      await runThrowingAt('sync-push', dir, n)
      // A thrown step runs every rollback: nothing of ours is left behind.
      expect(leftovers(dir), label).toEqual([])
      report.push(`${n} ${steps[n - 1]}: ${expectSound(dir, label)}`)
      await expectNextSyncCompletes(dir, `${label}, then the next sync`)
    }
    console.log(`sync-push throws:\n  ${report.join('\n  ')}`)
  }, 120_000)
})

describe('sync with push: SIGKILL of a real process at each step', () => {
  it('leaves both repositories sound, and the next sync cleans up and ends where the clean run ends', async () => {
    await killAtEachStep(
      'sync-push',
      steps,
      () => newCase('kill'),
      async (dir, label) => {
        const found = `${expectSound(dir, label)}; left ${leftovers(dir).join(' ') || '-'}`
        await expectNextSyncCompletes(dir, `${label}, then the next sync`)
        return found
      }
    )
  }, 180_000)
})

describe('a fast-forward killed halfway, then reconcile or a resolution before the next sync', () => {
  // The remote brings a submission filed elsewhere: killed after its file reached the worktree,
  // the move left it untracked over the old branch. Reconcile took it for an orphan submission and
  // committed a « recovery » of it (a second commit for the proposal, and history rewritten on the
  // next sync); both writers now complete the interrupted move first.
  const REMOTE_ID = 'prop-2026-09-04-beef'
  for (const writer of ['reconcile', 'resolve'] as const)
    it(`${writer} completes the move first: the branch on the remote tip, no commit of its own for the remote's file`, async () => {
      const dir = newCase(`ff-${writer}`)
      await runOp('sync-push', dir)
      const root = rootOf(dir)
      const pending = `proposals/pending/${REMOTE_ID}.md`
      // The colleague's clone (the template's seed) catches up with what the sync pushed first.
      const seed = join(dir, 'seed', 'alpha')
      git(seed, 'fetch', '-q', remoteOf(dir), 'main')
      git(seed, 'reset', '-q', '--hard', 'FETCH_HEAD')
      const tip = pushToSyncRemote(
        dir,
        {
          [pending]: renderProposalFile(
            REMOTE_ID,
            { ...FIELDS, concerns: 'ailleurs' },
            new Date('2026-09-04T08:00:00Z')
          )
        },
        `proposal: ${REMOTE_ID}`
      )
      const probe = newCase(`ff-${writer}-steps`)
      copyCaseState(dir, probe)
      const ffSteps = await recordSteps('sync', probe)
      const n = ffSteps.indexOf(`advance:worktree-written:${pending}`) + 1
      expect(n).toBeGreaterThan(0)
      const killed = await runKilledAt('sync', dir, n)
      expect(killed.signal, killed.stderr).toBe('SIGKILL')
      expect(head(root)).toBe(after.head)
      expect(git(root, 'status', '--porcelain', '--untracked-files=all')).toContain(pending)
      clearDeadWriter(dir)

      if (writer === 'reconcile') {
        const report = await reconcile(baseIn(dir), { apply: true, log })
        expect(report.recovered).toEqual([])
        expect(head(root)).toBe(tip)
      } else {
        const res = await resolvePlan(
          baseIn(dir),
          {
            summary: 'rejet',
            reviewed_by: 'human:morva',
            resolutions: [{ id: REMOTE_ID, resolution: 'rejected', reason: 'hors sujet' }]
          },
          { log }
        )
        expect(head(root)).toBe(res.commit)
        expect(head(root, `${res.commit}~1`)).toBe(tip)
      }
      expect(git(root, 'status', '--porcelain', '--untracked-files=all')).toBe('')
      expect(existsSync(join(root, '.git', ADVANCE_JOURNAL))).toBe(false)
      expect(
        git(root, 'log', '-i', '--format=%s', '--grep', `proposal: ${REMOTE_ID}`).trim().split('\n')
      ).toHaveLength(writer === 'reconcile' ? 1 : 2)
      expect(fsckProblems(root)).toBe('')
    })
})
