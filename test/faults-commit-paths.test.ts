import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, removeDir, tempDir } from './helpers/fixtures'
import {
  auditCommits,
  baseIn,
  buildTemplate,
  copyCase,
  existsIn,
  FIELDS,
  fsckProblems,
  inPairs,
  leftovers,
  log,
  NEW_ID,
  ORPHAN_ID,
  PENDING_ID,
  recordSteps,
  repoState,
  rootOf,
  runKilledAt,
  runThrowingAt,
  type OpName,
  type RepoState
} from './helpers/faults'
import { reconcile } from '../src/engine/review/reconcile'
import { fileProposal } from '../src/engine/proposals/propose'
import { JOURNAL_FILE } from '../src/engine/review/transaction'
import { Registry } from '../src/engine/registry/registry'

/**
 * Fault injection in the git write paths (issue 13 item 5): propose, resolve and reconcile, each
 * interrupted at every durable step in turn — by a thrown error in this process, and by a real
 * SIGKILL of a real child process running the same engine code. A thrown error must leave the
 * repository exactly as it was (HEAD, refs, index bytes, worktree, no lock or temp file) or the
 * operation complete; after a kill, git itself must find the repository sound and `reconcile`
 * must bring back the audit invariants (each proposal in exactly one folder, found in exactly its
 * submission commit, and its resolution commit once resolved).
 */

const dirs: string[] = []
const mk = (p: string): string => {
  const d = tempDir(p)
  dirs.push(d)
  return d
}
afterAll(() => {
  while (dirs.length) removeDir(dirs.pop() as string)
})

interface Reference {
  template: string
  steps: string[]
  before: RepoState
  beforeLeftovers: string[]
  /** After a clean run: HEAD's tree, the index's entries, the worktree and status. */
  after: { tree: string; entries: string; worktree: string; status: string; leftovers: string[] }
}

const GIT_LOCKS = ['.git/index.lock', '.git/refs/heads/main.lock']
const OPS: OpName[] = ['propose', 'resolve', 'reconcile']
const refs = new Map<OpName, Reference>()

const stagedEntries = (root: string): string => git(root, 'ls-files', '-s')
const tree = (root: string): string => git(root, 'rev-parse', 'HEAD^{tree}').trim()

beforeAll(async () => {
  for (const op of OPS) {
    const template = mk(`okf-faults-${op}-`)
    buildTemplate(op, template)
    const root = rootOf(template)
    const before = repoState(root)
    const beforeLeftovers = leftovers(root)
    const clean = mk(`okf-faults-${op}-clean-`)
    copyCase(template, clean)
    const steps = await recordSteps(op, clean)
    const r = rootOf(clean)
    refs.set(op, {
      template,
      steps,
      before,
      beforeLeftovers,
      after: {
        tree: tree(r),
        entries: stagedEntries(r),
        worktree: repoState(r).worktree,
        status: repoState(r).status,
        leftovers: leftovers(r)
      }
    })
  }
})

function ref(op: OpName): Reference {
  const r = refs.get(op)
  if (!r) throw new Error(`no reference for ${op}`)
  return r
}

describe('the steps each write path goes through', () => {
  it('are named, in order, and include the commit engine’s own', () => {
    expect(ref('propose').steps).toEqual([
      'propose:folders-ready',
      'atomic:temp-written',
      'propose:file-written',
      'commit:index-lock-written',
      'commit:objects-written',
      'commit:ref-locked',
      'commit:index-renamed',
      'commit:ref-moved',
      'commit:reflogs-written'
    ])
    expect(ref('resolve').steps).toEqual([
      'transaction:backups-taken',
      'atomic:temp-written',
      'transaction:written:knowledge/procedures/sso.md',
      'atomic:temp-written',
      'transaction:written:knowledge/incidents/2026/janvier.md',
      'atomic:temp-written',
      `transaction:written:proposals/accepted/${PENDING_ID}.md`,
      `transaction:removed:proposals/pending/${PENDING_ID}.md`,
      'commit:index-lock-written',
      'commit:objects-written',
      'commit:ref-locked',
      'commit:index-renamed',
      'commit:ref-moved',
      'commit:reflogs-written',
      'transaction:journal-removed'
    ])
    // One recovered submission's commit, then the repairs (a status corrected, a temp file removed).
    expect(ref('reconcile').steps.filter((s) => s === 'commit:ref-moved')).toHaveLength(2)
    // A clean run of each leaves a clean status and nothing behind.
    for (const op of OPS) {
      expect(ref(op).after.status).toBe('')
      expect(ref(op).after.leftovers).toEqual([])
    }
  })
})

describe.each(OPS)('%s: a thrown error at each step', (op) => {
  it('leaves the repository exactly as before, or the operation complete', async () => {
    const { template, steps, before, beforeLeftovers, after } = ref(op)
    const outcomes: string[] = []
    for (let n = 1; n <= steps.length; n++) {
      const dir = mk(`okf-faults-${op}-throw-`)
      copyCase(template, dir)
      const err = await runThrowingAt(op, dir, n)
      const root = rootOf(dir)
      const now = repoState(root)
      const label = `${op} throw at ${n} ${steps[n - 1]}`
      expect(fsckProblems(root), label).toBe('')
      if (now.head === before.head) {
        expect(err, label).not.toBeNull()
        expect(now, label).toEqual(before)
        expect(leftovers(root), label).toEqual(beforeLeftovers)
        outcomes.push(`${steps[n - 1]}: as before`)
      } else if (tree(root) === after.tree) {
        expect(err, label).toBeNull()
        expect(stagedEntries(root), label).toBe(after.entries)
        expect(now.worktree, label).toBe(after.worktree)
        expect(now.status, label).toBe('')
        expect(leftovers(root), label).toEqual([])
        outcomes.push(`${steps[n - 1]}: complete`)
      } else {
        // Only reconcile, two operations: its recovery committed, its repairs rolled back.
        expect(err, label).not.toBeNull()
        expect(op, label).toBe('reconcile')
        expect(auditCommits(root, ORPHAN_ID), label).toHaveLength(1)
        expect(leftovers(root), label).toEqual(beforeLeftovers)
        expect(now.status, label).toMatch(/^\?\? proposals\/pending\/\.okf-tmp-/)
        outcomes.push(`${steps[n - 1]}: recovery committed, repairs as before`)
      }
    }
    // A throw can only be "complete" past the point of no return (the branch moved).
    const firstComplete = outcomes.findIndex((o) => o.endsWith('complete'))
    expect(steps[firstComplete]).toBe('commit:ref-moved')
    console.log(`${op}: ${outcomes.join(' · ')}`)
  })
})

/** Makes the dead holder's base lock stale (proper-lockfile judges by mtime), so the next writer takes it over. */
function ageHubLock(root: string): void {
  const lockDir = join(root, '.okf-hub.lock.d')
  if (existsSync(lockDir)) {
    const old = new Date(Date.now() - 60_000)
    utimesSync(lockDir, old, old)
  }
}

async function reconcileApply(dir: string): Promise<void> {
  const registry = new Registry(join(dir, 'bases'), log)
  registry.rescan()
  await reconcile(registry.get('alpha'), { apply: true, log, lockTimeoutMs: 5_000 })
}

function foldersHolding(root: string, id: string): string[] {
  return ['pending', 'accepted', 'rejected'].filter((s) => existsIn(root, `proposals/${s}/${id}.md`))
}

describe.each(OPS)('%s: SIGKILL of a real process at each step', (op) => {
  it('leaves a repository git finds sound, and reconcile restores the audit invariants', async () => {
    const { template, steps, before, after } = ref(op)
    const cases = steps.map((step, i) => ({ n: i + 1, step, dir: mk(`okf-faults-${op}-kill-`) }))
    for (const c of cases) copyCase(template, c.dir)
    const report: string[] = []
    await inPairs(cases, async ({ n, step, dir }) => {
      const label = `${op} kill at ${n} ${step}`
      const killed = await runKilledAt(op, dir, n)
      expect(killed.signal, `${label}\n${killed.stderr}`).toBe('SIGKILL')
      expect(killed.lastStep, label).toBe(step)
      const root = rootOf(dir)
      expect(fsckProblems(root), label).toBe('')
      const head = git(root, 'rev-parse', 'HEAD').trim()
      const left = leftovers(root)
      report.push(
        `${n} ${step}: HEAD ${head === before.head ? 'unmoved' : 'moved'}, left ${left.join(' ') || '-'}`
      )

      // Git's own view right after the kill: the branch never moved over an index that would
      // undo it (the hub's paths staged as deletions).
      const staged = git(root, 'diff', '--cached', '--name-status')
      expect(staged, label).not.toMatch(/^D\t/m)

      // Git's own lock files are left only by a kill inside the commit window, as a killed git
      // leaves them; the hub then answers BASE_BUSY naming the file, and its removal is the
      // human step that message asks for.
      const gitLocks = left.filter((l) => l.startsWith('.git/'))
      const inCommit =
        step.startsWith('commit:') && step !== 'commit:ref-moved' && step !== 'commit:reflogs-written'
      expect(
        gitLocks.every((l) => GIT_LOCKS.includes(l)),
        label
      ).toBe(true)
      if (!inCommit) expect(gitLocks, label).toEqual([])
      for (const l of gitLocks) rmSync(join(root, l))

      ageHubLock(root)
      await reconcileApply(dir)
      await reconcileApply(dir) // idempotent: a second pass finds nothing more to do
      expect(fsckProblems(root), label).toBe('')
      expect(leftovers(root), label).toEqual([])
      expect(existsSync(join(root, '.git', JOURNAL_FILE)), label).toBe(false)

      if (op === 'propose') {
        const audit = auditCommits(root, NEW_ID)
        if (existsIn(root, `proposals/pending/${NEW_ID}.md`)) {
          expect(audit, label).toHaveLength(1)
          expect(git(root, 'ls-files', `proposals/pending/${NEW_ID}.md`).trim(), label).not.toBe('')
        } else expect(audit, label).toHaveLength(0)
      }
      if (op === 'resolve') {
        const audit = auditCommits(root, PENDING_ID)
        const moved = tree(root) === after.tree
        expect(audit, label).toHaveLength(moved ? 2 : 1)
        expect(foldersHolding(root, PENDING_ID), label).toEqual([moved ? 'accepted' : 'pending'])
        // Not resolved: every byte of the worktree is back; resolved: the commit is whole.
        const now = repoState(root)
        expect(now.head === before.head || moved, label).toBe(true)
        if (!moved) expect(now.worktree, label).toBe(before.worktree)
        expect(now.status, label).toBe('')
      }
      if (op === 'reconcile') {
        expect(auditCommits(root, ORPHAN_ID), label).toHaveLength(1)
        expect(auditCommits(root, PENDING_ID), label).toHaveLength(1)
        expect(readFileSync(join(root, 'proposals/pending', `${PENDING_ID}.md`), 'utf8'), label).toContain(
          'status: pending'
        )
        expect(tree(root), label).toBe(after.tree)
      }
      // Every proposal file is tracked, in one folder only.
      for (const status of ['pending', 'accepted', 'rejected']) {
        for (const f of readdirSync(join(root, 'proposals', status)).filter((x) => x.endsWith('.md'))) {
          expect(git(root, 'ls-files', `proposals/${status}/${f}`).trim(), `${label}: ${f}`).not.toBe('')
        }
      }
    })
    console.log(`${op} kills:\n  ${report.sort().join('\n  ')}`)
  }, 120_000)
})

/**
 * A resolution killed after writing its documents, before its commit; then a proposal filed (an
 * agent, with no resolve or reconcile in between), which moves HEAD. The proposal's writer puts the
 * killed resolution's files back first: before, the next repair took the moved HEAD for the
 * resolution's own commit and its half-written documents stayed for good, served to agents and
 * committed by nobody (found by exploratory QA).
 */
describe('a resolution killed before its commit, then a proposal filed', () => {
  it('the proposal puts the half-written documents back, and later repairs find nothing left', async () => {
    const { template, steps, before } = ref('resolve')
    const n = steps.findIndex((s) => s.startsWith('transaction:written:')) + 1
    expect(n).toBeGreaterThan(0)
    const dir = mk('okf-faults-killed-then-propose-')
    copyCase(template, dir)
    const killed = await runKilledAt('resolve', dir, n)
    expect(killed.signal, killed.stderr).toBe('SIGKILL')
    const root = rootOf(dir)
    expect(existsSync(join(root, '.git', JOURNAL_FILE))).toBe(true)
    expect(git(root, 'status', '--porcelain', '--', 'knowledge')).not.toBe('')
    // What a kill while the journal itself was being written leaves beside it.
    const journalTemp = join(root, '.git', `.okf-tmp-0123456789ab-${JOURNAL_FILE}`)
    writeFileSync(journalTemp, '{"what":')
    ageHubLock(root)

    const filed = await fileProposal(baseIn(dir), FIELDS, {
      log,
      now: () => new Date('2026-09-03T08:00:00Z')
    })
    expect(git(root, 'rev-parse', 'HEAD~1').trim()).toBe(before.head)
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe(filed.path)
    // Nothing of the killed resolution is left in the worktree, and its journal is gone.
    expect(git(root, 'status', '--porcelain', '-uall')).toBe('')
    expect(existsSync(join(root, '.git', JOURNAL_FILE))).toBe(false)
    expect(existsSync(journalTemp)).toBe(false)
    await reconcileApply(dir)
    expect(git(root, 'status', '--porcelain', '-uall')).toBe('')
    expect(fsckProblems(root)).toBe('')
  })

  it('a commit made with git meanwhile: the next repair still puts the half-written documents back, and keeps the commit', async () => {
    const { template, steps } = ref('resolve')
    const n = steps.findIndex((s) => s.startsWith('transaction:written:')) + 1
    const dir = mk('okf-faults-killed-then-git-')
    copyCase(template, dir)
    expect((await runKilledAt('resolve', dir, n)).signal).toBe('SIGKILL')
    const root = rootOf(dir)
    const dirty = git(root, 'status', '--porcelain', '-uall')
    expect(dirty).not.toBe('')
    // A colleague commits an unrelated file with git itself, unaware of the hub's journal.
    git(root, 'commit', '-q', '--allow-empty', '-m', 'collègue')
    const theirs = git(root, 'rev-parse', 'HEAD').trim()
    ageHubLock(root)
    await reconcileApply(dir)
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(theirs)
    expect(git(root, 'status', '--porcelain', '-uall')).toBe('')
    expect(existsSync(join(root, '.git', JOURNAL_FILE))).toBe(false)
  })
})
