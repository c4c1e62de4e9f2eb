import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { git, removeDir, tempDir } from './helpers/fixtures'
import {
  baseIn,
  clearDeadWriter,
  copyCase,
  FIELDS,
  fsckProblems,
  killAtEachStep,
  leftovers,
  log,
  pushToSyncRemote,
  recordSteps,
  rootOf,
  runOp,
  runThrowingAt,
  seedRemote
} from './helpers/faults'
import { fileProposal } from '../src/engine/proposals/propose'
import { resolvePlan } from '../src/engine/review/resolve'
import { ADVANCE_JOURNAL } from '../src/engine/git/advance-journal'

/**
 * Fault injection in « set aside and plan again » (issue 12's recovery from a diverged push; issue
 * 13 item 5): the base's unpushed resolution edits a document a colleague changed on the remote,
 * so the old tip is kept in a branch `okf-hub/set-aside/<time>` and the base moves onto the
 * remote's tip with its submissions replayed. Thrown at each step: the base exactly as before
 * (no kept branch) or complete. Killed at each step (a real child): sound, and a second set-aside
 * ends where the clean run ends, with exactly one kept branch at the old tip — a kill between
 * keeping the tip and moving the branch left a second, identical branch before (now reused).
 */

const DOC = 'knowledge/procedures/sso.md'

let parent: string
let template: string
let steps: string[]
let before: { head: string; entries: string }
let after: { head: string; entries: string }
let seq = 0

const head = (repo: string, ref = 'HEAD'): string => git(repo, 'rev-parse', ref).trim()
const keptBranches = (root: string): string[] =>
  git(root, 'for-each-ref', '--format=%(refname:short) %(objectname)', 'refs/heads/okf-hub/set-aside/')
    .split('\n')
    .filter((l) => l !== '')

function newCase(label: string): string {
  const dir = join(parent, `${label}-${++seq}`)
  copyCase(template, dir)
  return dir
}

beforeAll(async () => {
  parent = tempDir('okf-faults-aside-')
  template = join(parent, 'template')
  seedRemote(template, {
    [DOC]: '# SSO\n\n## Reconnexion\n\nAncien texte.\n',
    'knowledge/index.md': '# Index\n'
  })
  const base = baseIn(template)
  const filed = await fileProposal(base, FIELDS, { log, now: () => new Date('2026-09-18T09:00:00Z') })
  await resolvePlan(
    base,
    {
      summary: 'reconnexion',
      reviewed_by: 'human:morva',
      resolutions: [{ id: filed.id, resolution: 'accepted', integrated_into: ['procedures/sso.md'] }],
      edits: [
        { path: 'procedures/sso.md', section: 'Reconnexion', content: '## Reconnexion\n\nMenu profil.' }
      ]
    },
    { log, now: () => new Date('2026-09-18T10:00:00Z') }
  )
  // Filed after the resolution: replays on the remote's tip, and is kept through the set-aside.
  await fileProposal(
    base,
    { ...FIELDS, concerns: 'plus tard' },
    { log, now: () => new Date('2026-09-18T11:00:00Z') }
  )
  pushToSyncRemote(template, { [DOC]: '# SSO\n\n## Reconnexion\n\nTexte d’un collègue.\n' }, 'collègue')
  git(rootOf(template), 'fetch', '-q', 'origin')
  // Set-aside works from the last fetched tip, without the network; the remote must look like one it syncs.
  git(rootOf(template), 'remote', 'set-url', 'origin', 'http://127.0.0.1:9/base.git')
  before = { head: head(rootOf(template)), entries: git(rootOf(template), 'ls-files', '-s') }
  const clean = newCase('clean')
  steps = await recordSteps('set-aside', clean)
  after = { head: head(rootOf(clean)), entries: git(rootOf(clean), 'ls-files', '-s') }
})

afterAll(() => removeDir(parent))

/** What a set-aside leaves when it is done: the clean run's branch, index and worktree, one kept branch. */
function expectComplete(dir: string, label: string): void {
  const root = rootOf(dir)
  expect(head(root), label).toBe(after.head)
  expect(git(root, 'ls-files', '-s'), label).toBe(after.entries)
  expect(git(root, 'status', '--porcelain', '--untracked-files=all'), label).toBe('')
  expect(keptBranches(root), label).toEqual([expect.stringMatching(new RegExp(` ${before.head}$`))])
  expect(fsckProblems(root), label).toBe('')
}

describe('set aside: the steps', () => {
  it('keep the old tip in a branch, then move the base onto the remote tip with both submissions replayed', () => {
    expect(steps[0]).toBe('set-aside:branch-kept')
    expect(steps).toContain('advance:ref-moved')
    expect(head(rootOf(template), 'origin/main')).not.toBe(after.head)
    const clean = join(parent, 'clean-1')
    expect(head(rootOf(clean), `${after.head}~2`)).toBe(head(rootOf(template), 'origin/main'))
    expectComplete(clean, 'clean run')
  })
})

describe('set aside: a thrown error at each step', () => {
  it('leaves the base exactly as before with no kept branch, or complete', async () => {
    const report: string[] = []
    for (let n = 1; n <= steps.length; n++) {
      const dir = newCase('throw')
      const label = `set-aside throw at ${n} ${steps[n - 1]}`
      const err = await runThrowingAt('set-aside', dir, n)
      const root = rootOf(dir)
      expect(leftovers(dir), label).toEqual([])
      expect(fsckProblems(root), label).toBe('')
      if (head(root) === before.head) {
        expect(err, label).not.toBeNull()
        expect(git(root, 'ls-files', '-s'), label).toBe(before.entries)
        expect(git(root, 'status', '--porcelain', '--untracked-files=all'), label).toBe('')
        expect(keptBranches(root), label).toEqual([])
        expect(existsSync(join(root, '.git', ADVANCE_JOURNAL)), label).toBe(false)
        report.push(`${n} ${steps[n - 1]}: as before`)
      } else {
        expectComplete(dir, label)
        report.push(`${n} ${steps[n - 1]}: complete`)
      }
    }
    console.log(`set-aside throws:\n  ${report.join('\n  ')}`)
  }, 120_000)
})

describe('set aside: SIGKILL of a real process at each step', () => {
  it('leaves the base sound, and a second set-aside ends where the clean run ends with one kept branch', async () => {
    await killAtEachStep(
      'set-aside',
      steps,
      () => newCase('kill'),
      async (dir, label) => {
        const root = rootOf(dir)
        expect(fsckProblems(root), label).toBe('')
        const moved = head(root) !== before.head
        if (moved) {
          expect(head(root), label).toBe(after.head)
          expect(git(root, 'diff', '--cached', '--name-status'), label).toBe('')
        }
        const found = `${moved ? 'moved' : 'unmoved'}; left ${leftovers(dir).join(' ') || '-'}`
        clearDeadWriter(dir)
        const again = `${label}, then a second set-aside`
        if (moved) await expect(runOp('set-aside', dir), again).rejects.toThrow(/n'a pas divergé/)
        else {
          await runOp('set-aside', dir)
          expect(existsSync(join(root, '.git', ADVANCE_JOURNAL)), again).toBe(false)
        }
        expectComplete(dir, again)
        return found
      }
    )
  }, 180_000)
})
