import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseJsonc, type ParseError } from 'jsonc-parser'
import { git, removeDir, tempDir } from './helpers/fixtures'
import {
  ageLeftovers,
  basesOf,
  buildTemplate,
  copyCase,
  fsckProblems,
  inPairs,
  leftovers,
  log,
  pushToSyncRemote,
  recordSteps,
  repoState,
  rootOf,
  runKilledAt,
  runOp,
  runThrowingAt,
  serveSyncRemote,
  type OpName,
  type RepoState
} from './helpers/faults'
import { startGitHttpServer, type GitHttpServer } from './helpers/git-http'
import { Registry } from '../src/engine/registry/registry'
import { BaseImporter } from '../src/engine/bases/import'
import { sweepUserDataTemps } from '../src/engine/bootstrap/start'
import { ADVANCE_JOURNAL } from '../src/engine/git/advance-journal'
import { withBaseLock } from '../src/engine/lock'

/**
 * Fault injection in the write paths that are not a proposal's (issue 13 item 5): the UI settings,
 * a host's config file (registration), the default bases' installation, an import, a sync's
 * fast-forward. Each is interrupted at every durable step in turn — by an error thrown in this
 * process, and by a real SIGKILL of a real child process running the same engine code. After a
 * throw, what the operation writes is exactly as before or the operation complete; after a kill,
 * what is left is sound (valid JSON, complete bases, a repository git finds clean) and the next
 * run of the same operation, or the next start, removes every leftover and completes it.
 */

const OPS: OpName[] = ['settings', 'config', 'default-bases', 'import', 'sync']
const DEFAULT_BASES = ['okf-hub-feedback', 'okf-hub-guide']
const GIT_LOCKS = ['.git/index.lock', '.git/refs/heads/main.lock']

const dirs: string[] = []
const mk = (p: string): string => {
  const d = tempDir(p)
  dirs.push(d)
  return d
}
const servers: GitHttpServer[] = []
afterAll(async () => {
  for (const s of servers) await s.close()
  while (dirs.length) removeDir(dirs.pop() as string)
})

const settingsFile = (dir: string): string => join(dir, 'userdata', 'ui-settings.json')
const configFile = (dir: string): string => join(dir, 'host', 'config.json')
const read = (file: string): string | null => (existsSync(file) ? readFileSync(file, 'utf8') : null)
const tree = (root: string): string => git(root, 'rev-parse', 'HEAD^{tree}').trim()
/** Branches and HEAD only: the fetch moves the tracking ref on its own (a complete operation). */
const localRefs = (s: RepoState): RepoState => ({
  ...s,
  refs: s.refs
    .split('\n')
    .filter((l) => !l.startsWith('refs/remotes/'))
    .join('\n')
})

/** Every base in a bases dir (dot folders are not bases: leftovers are checked apart). */
function basesIn(dir: string): string[] {
  return readdirSync(basesOf(dir))
    .filter((n) => !n.startsWith('.'))
    .sort()
}

/** A base folder is whole: a repository with a commit, fsck clean, nothing uncommitted, its tree the clean run's. */
function expectWholeBase(root: string, cleanTree: string, label: string): void {
  expect(fsckProblems(root), label).toBe('')
  expect(git(root, 'status', '--porcelain', '--untracked-files=all'), label).toBe('')
  expect(tree(root), label).toBe(cleanTree)
}

function expectServed(dir: string, names: string[], label: string): void {
  const registry = new Registry(basesOf(dir), log)
  registry.rescan()
  expect(registry.names().sort(), label).toEqual([...names].sort())
}

interface Reference {
  template: string
  steps: string[]
  /** The clean run's result, per op: file bytes, base trees, or the repository's state. */
  after: { file: string | null; trees: Map<string, string>; repo: RepoState | null; entries: string }
  before: { file: string | null; repo: RepoState | null }
}
const refs = new Map<OpName, Reference>()
const ref = (op: OpName): Reference => {
  const r = refs.get(op)
  if (!r) throw new Error(`no reference for ${op}`)
  return r
}

function fileOf(op: OpName, dir: string): string | null {
  if (op === 'settings') return read(settingsFile(dir))
  if (op === 'config') return read(configFile(dir))
  return null
}

beforeAll(async () => {
  for (const op of OPS) {
    const template = mk(`okf-faults2-${op}-`)
    buildTemplate(op, template)
    if (op === 'sync') servers.push(await serveSyncRemote(template))
    const clean = mk(`okf-faults2-${op}-clean-`)
    copyCase(template, clean)
    const steps = await recordSteps(op, clean)
    const trees = new Map<string, string>()
    if (op === 'default-bases' || op === 'import')
      for (const name of basesIn(clean)) trees.set(name, tree(join(basesOf(clean), name)))
    refs.set(op, {
      template,
      steps,
      before: { file: fileOf(op, template), repo: op === 'sync' ? repoState(rootOf(template)) : null },
      after: {
        file: fileOf(op, clean),
        trees,
        repo: op === 'sync' ? repoState(rootOf(clean)) : null,
        entries: op === 'sync' ? git(rootOf(clean), 'ls-files', '-s') : ''
      }
    })
  }
})

describe('the steps of the other write paths', () => {
  it('are named, in order, and a clean run leaves nothing behind', () => {
    expect(ref('settings').steps).toEqual(['settings:dir-ready', 'atomic:temp-written'])
    expect(ref('config').steps).toEqual(['config:backup-written', 'atomic:temp-written'])
    expect(ref('default-bases').steps).toEqual(
      DEFAULT_BASES.flatMap((n) => [
        `default-bases:copied:${n}`,
        `default-bases:committed:${n}`,
        `default-bases:installed:${n}`
      ])
    )
    expect(ref('import').steps).toEqual([
      'import:copied',
      'import:checked-out',
      'import:staged',
      'import:published'
    ])
    expect(ref('sync').steps).toEqual([
      'sync:fetched',
      'atomic:temp-written',
      'sync:tracking-ref-written',
      'atomic:temp-written',
      'advance:journal-written',
      // Deletions first: a name that changes shape (file ↔ folder) must be free before it is written.
      'advance:worktree-written:knowledge/vieux/ancien.md',
      'atomic:temp-written',
      'advance:worktree-written:knowledge/nouveau/page.md',
      'atomic:temp-written',
      'advance:worktree-written:knowledge/procedures/sso.md',
      'advance:index-lock-written',
      'advance:ref-locked',
      'advance:index-renamed',
      'advance:ref-moved',
      'advance:reflogs-written',
      'advance:journal-removed',
      'atomic:temp-written',
      'sync:state-written'
    ])
    expect(ref('default-bases').after.trees.size).toBe(2)
    expect([...ref('import').after.trees.keys()]).toEqual(['beta'])
    const repo = ref('sync').after.repo as RepoState
    expect(repo.head).not.toBe(ref('sync').before.repo?.head)
    expect(repo.status).toBe('')
    expect(ref('settings').after.file).toContain('"reviewer": "human:morva"')
    expect(ref('config').after.file).toContain('// mes serveurs')
  })
})

/** The settings / config file: the bytes before or the clean run's, valid JSON(C), comments kept. */
function expectFileBeforeOrAfter(op: OpName, dir: string, label: string): 'as before' | 'complete' {
  const { before, after } = ref(op)
  const now = fileOf(op, dir)
  expect([before.file, after.file], label).toContain(now)
  const errors: ParseError[] = []
  parseJsonc(now ?? '', errors)
  expect(errors, label).toEqual([])
  if (op === 'config') {
    expect(now, label).toContain('// mes serveurs')
    // Each backup is the file as it was before, whole, and a run writes at most one.
    const backups = join(dir, 'backups')
    const names = existsSync(backups) ? readdirSync(backups) : []
    expect(names.length, label).toBeLessThanOrEqual(2)
    for (const n of names) {
      expect(n, label).toMatch(/_[0-9a-f]{8}_config\.json$/)
      expect(readFileSync(join(backups, n), 'utf8'), label).toBe(before.file)
    }
  }
  return now === before.file ? 'as before' : 'complete'
}

/** What is in the bases dir: the bases the run installed whole, or none. */
function expectBasesWholeOrAbsent(op: OpName, dir: string, label: string): string {
  const { after } = ref(op)
  const present = basesIn(dir)
  for (const name of present) {
    const cleanTree = after.trees.get(name)
    expect(cleanTree, `${label}: ${name}`).toBeDefined()
    expectWholeBase(join(basesOf(dir), name), cleanTree as string, `${label}: ${name}`)
  }
  expectServed(dir, present, label)
  return present.length === 0
    ? 'as before'
    : present.length === after.trees.size
      ? 'complete'
      : present.join('+')
}

describe.each(OPS)('%s: a thrown error at each step', (op) => {
  it('leaves what it writes exactly as before, or the operation complete, and nothing behind', async () => {
    const { template, steps, before, after } = ref(op)
    const outcomes: string[] = []
    for (let n = 1; n <= steps.length; n++) {
      const dir = mk(`okf-faults2-${op}-throw-`)
      copyCase(template, dir)
      const err = await runThrowingAt(op, dir, n)
      const label = `${op} throw at ${n} ${steps[n - 1]}`
      expect(leftovers(dir), label).toEqual([])
      let outcome: string
      if (op === 'settings' || op === 'config') outcome = expectFileBeforeOrAfter(op, dir, label)
      else if (op === 'default-bases' || op === 'import') outcome = expectBasesWholeOrAbsent(op, dir, label)
      else {
        const root = rootOf(dir)
        expect(fsckProblems(root), label).toBe('')
        const now = repoState(root)
        if (now.head === before.repo?.head) {
          expect(localRefs(now), label).toEqual(localRefs(before.repo))
          outcome = 'as before'
        } else {
          // The index's bytes hold stat times: its entries are compared instead.
          expect({ ...now, index: '' }, label).toEqual({ ...after.repo, index: '' })
          expect(git(root, 'ls-files', '-s'), label).toBe(after.entries)
          outcome = 'complete'
        }
        expect(existsSync(join(root, '.git', ADVANCE_JOURNAL)), label).toBe(false)
      }
      // A throw is an error unless the operation was already complete (the step past the point
      // of no return), or the path swallows and logs it (the default bases never throw).
      if (outcome === 'as before' && op !== 'default-bases') expect(err, label).not.toBeNull()
      if (outcome === 'complete' && op !== 'default-bases' && op !== 'sync') expect(err, label).toBeNull()
      outcomes.push(`${steps[n - 1]}: ${outcome}`)
    }
    console.log(`${op}: ${outcomes.join(' · ')}`)
  })
})

/** After a kill: the next start's sweeps, then the same operation again. */
async function nextRun(op: OpName, dir: string): Promise<void> {
  ageLeftovers(dir)
  if (op === 'settings') await sweepUserDataTemps(join(dir, 'userdata'), log)
  if (op === 'import') {
    new BaseImporter({ basesDir: basesOf(dir), log, emit: () => undefined }).sweep()
    if (basesIn(dir).includes('beta')) return // published before the kill: nothing to redo
  }
  if (op === 'sync')
    for (const l of leftovers(rootOf(dir))) if (GIT_LOCKS.includes(l)) rmSync(join(rootOf(dir), l))
  await runOp(op, dir)
}

describe.each(OPS)('%s: SIGKILL of a real process at each step', (op) => {
  it('leaves nothing unsound, and the next run cleans every leftover and completes', async () => {
    const { template, steps, before, after } = ref(op)
    const cases = steps.map((step, i) => ({ n: i + 1, step, dir: mk(`okf-faults2-${op}-kill-`) }))
    for (const c of cases) copyCase(template, c.dir)
    const report: string[] = []
    await inPairs(cases, async ({ n, step, dir }) => {
      const label = `${op} kill at ${n} ${step}`
      const killed = await runKilledAt(op, dir, n)
      expect(killed.signal, `${label}\n${killed.stderr}`).toBe('SIGKILL')
      expect(killed.lastStep, label).toBe(step)
      const left = leftovers(dir)
      let outcome: string
      if (op === 'settings' || op === 'config') {
        outcome = expectFileBeforeOrAfter(op, dir, label)
        // Only the dead writer's temp file beside the file, and the config file's lock folder.
        for (const l of left)
          expect(l, label).toMatch(
            /(^|\/)(\.okf-tmp-[0-9a-f]{12}-(ui-settings|config)\.json|config\.json\.lock)$/
          )
      } else if (op === 'default-bases' || op === 'import') {
        outcome = expectBasesWholeOrAbsent(op, dir, label)
        const pattern =
          op === 'import'
            ? /^bases\/\.okf-import-\d+-job1$/
            : /^bases\/\.okf-deploy-okf-hub-[a-z]+-\d+-[0-9a-f]{8}$/
        for (const l of left) expect(l, label).toMatch(pattern)
      } else {
        const root = rootOf(dir)
        expect(fsckProblems(root), label).toBe('')
        const now = repoState(root)
        // The branch never moved over an index that would undo it: once HEAD moved, nothing is staged.
        if (now.head !== before.repo?.head) {
          expect(now.head, label).toBe(after.repo?.head)
          expect(git(root, 'diff', '--cached', '--name-status'), label).toBe('')
        }
        outcome = now.head === before.repo?.head ? `unmoved${now.status ? ', status dirty' : ''}` : 'moved'
      }
      report.push(`${n} ${step}: ${outcome}; left ${left.join(' ') || '-'}`)

      await nextRun(op, dir)
      const again = `${label}, then the next run`
      if (op === 'sync') {
        // A sync that finds the branch up to date takes no lock: the dead holder's base lock is
        // left to the next writer, which takes it over at once (it is stale).
        await withBaseLock(rootOf(dir), async () => undefined, { timeoutMs: 2_000, log })
      }
      expect(leftovers(dir), again).toEqual([])
      if (op === 'settings' || op === 'config')
        expect(expectFileBeforeOrAfter(op, dir, again), again).toBe('complete')
      else if (op === 'default-bases' || op === 'import')
        expect(expectBasesWholeOrAbsent(op, dir, again), again).toBe('complete')
      else {
        const root = rootOf(dir)
        expect(fsckProblems(root), again).toBe('')
        expect(repoState(root).head, again).toBe(after.repo?.head)
        expect(repoState(root).worktree, again).toBe(after.repo?.worktree)
        expect(repoState(root).status, again).toBe('')
        expect(git(root, 'ls-files', '-s'), again).toBe(after.entries)
        expect(existsSync(join(root, '.git', ADVANCE_JOURNAL)), again).toBe(false)
      }
    })
    console.log(`${op} kills:\n  ${report.sort((a, b) => parseInt(a) - parseInt(b)).join('\n  ')}`)
  }, 120_000)
})

describe('sync: a fast-forward killed halfway, the remote moved on since', () => {
  it('the next sync completes the interrupted move, then goes on to the new tip', async () => {
    const { template, steps } = ref('sync')
    const dir = mk('okf-faults2-sync-moved-')
    copyCase(template, dir)
    // This case's own remote, served apart (the template's is shared by every other case).
    const server = await startGitHttpServer(join(dir, 'remote'))
    servers.push(server)
    git(rootOf(dir), 'remote', 'set-url', 'origin', `${server.url}/base.git`)
    const n = steps.indexOf('advance:worktree-written:knowledge/procedures/sso.md') + 1
    const killed = await runKilledAt('sync', dir, n)
    expect(killed.signal, killed.stderr).toBe('SIGKILL')
    const root = rootOf(dir)
    expect(existsSync(join(root, '.git', ADVANCE_JOURNAL))).toBe(true)
    // Half the move is in the worktree: the edited file is already at the first remote tip's text.
    expect(git(root, 'status', '--porcelain')).toContain('knowledge/procedures/sso.md')

    // Git's own index.lock stays, as a killed git leaves it: the next sync names it, a person removes it.
    expect(leftovers(root)).toContain('.git/index.lock')
    rmSync(join(root, '.git', 'index.lock'))
    const tip = pushToSyncRemote(
      dir,
      { 'knowledge/procedures/sso.md': '# Procédure SSO\n\nRéécrite une deuxième fois.\n' },
      'deuxième mise à jour distante'
    )
    ageLeftovers(dir)
    await runOp('sync', dir)
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(tip)
    expect(git(root, 'status', '--porcelain', '--untracked-files=all')).toBe('')
    expect(readFileSync(join(root, 'knowledge/procedures/sso.md'), 'utf8')).toContain('deuxième fois')
    expect(existsSync(join(root, 'knowledge/vieux'))).toBe(false)
    expect(existsSync(join(root, '.git', ADVANCE_JOURNAL))).toBe(false)
    expect(leftovers(dir)).toEqual([])
    expect(fsckProblems(root)).toBe('')
    // Two moves in the reflog: the interrupted one completed, then the new one.
    expect(git(root, 'reflog', '-n', '2', '--format=%gs', 'main')).toMatch(/interrupted move completed/)
    expect(statSync(join(root, 'knowledge/nouveau/page.md')).isFile()).toBe(true)
  })
})
