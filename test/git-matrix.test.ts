import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { HubError } from '../src/engine/errors'
import { renderProposalFile } from '../src/engine/proposals/format'
import { fileProposal } from '../src/engine/proposals/propose'
import { reconcile } from '../src/engine/review/reconcile'
import { resolvePlan } from '../src/engine/review/resolve'
import { MemoryCredentialStore } from '../src/engine/sync/credentials'
import { SyncStateStore } from '../src/engine/sync/state'
import { syncBase } from '../src/engine/sync/sync'
import type { SyncStatus } from '../src/shared/hub-api'
import { leaveStaleLock, tempDir } from './helpers/fixtures'
import { startGitHttpServer, type GitHttpServer } from './helpers/git-http'
import {
  FIELDS,
  INTENT_STATUS,
  REFUSALS,
  SHAPES,
  USER_STATUS,
  baseOf,
  cleanupShapeLab,
  dirs,
  expectFsckClean,
  fingerprint,
  git,
  log,
  newCase,
  plan,
  setupShapeLab,
  stageUserChanges,
  status,
  templateDir,
  type Case,
  type Shape
} from './helpers/git-shapes'

/**
 * The git compatibility matrix of the write path (issue 13, item 3): every repository shape of
 * test/helpers/git-shapes.ts, plus submodules, LFS pointer files and an `index.lock` left by a
 * crashed git, against the four paths that write a base — propose, resolve, reconcile and sync
 * (a fast-forward from, a replay onto and a push to a remote served over smart HTTP). After each
 * hub write git sees HEAD plus the user's own staged changes, exactly as staged, `git fsck
 * --strict` is clean, and at the end git's own `git add` + `git commit` keep every hub file.
 * A shape the engine does not write is refused on every path with a message naming it, and
 * nothing is written.
 */

type Path = 'propose' | 'resolve' | 'reconcile' | 'sync'
const PATHS: Path[] = ['propose', 'resolve', 'reconcile', 'sync']
/** What the report prints: one row per shape, one cell per write path. */
const matrix = new Map<string, Partial<Record<Path, string>>>()
const record = (row: string, path: Path, cell: string): void => {
  matrix.set(row, { ...matrix.get(row), [path]: cell })
}

let server: GitHttpServer
let projects = ''
let remotes = 0

beforeAll(async () => {
  setupShapeLab({ cli: false })
  projects = tempDir('okf-matrix-remotes-')
  dirs.push(projects)
  server = await startGitHttpServer(projects)
})
afterAll(async () => {
  await server?.close()
  cleanupShapeLab()
  const lines = [
    `| shape | ${PATHS.join(' | ')} |`,
    `|---|${PATHS.map(() => '---').join('|')}|`,
    ...[...matrix].map(([row, cells]) => `| ${row} | ${PATHS.map((p) => cells[p] ?? '—').join(' | ')} |`)
  ]
  console.log(`git write-path matrix:\n${lines.join('\n')}`)
})

const syncDeps = () => ({
  log,
  credentials: new MemoryCredentialStore({}),
  state: new SyncStateStore(null),
  timeoutMs: 10_000,
  backoffMs: 5
})

interface Remote {
  bare: string
  /** Someone else's clone, pushing to the remote. */
  other: string
}

/**
 * A bare remote holding the case's branch, served over HTTP, as the case's upstream (`origin`):
 * a base cloned from its team's git hosting.
 */
function attachRemote(c: Case): Remote {
  const bare = join(projects, `r${++remotes}.git`)
  git(projects, 'clone', '-q', '--bare', templateDir(), bare)
  git(bare, 'config', 'http.receivepack', 'true')
  const head = git(c.root, 'rev-parse', 'HEAD').trim()
  if (head !== git(bare, 'rev-parse', 'main').trim()) git(c.root, 'push', '-q', bare, 'HEAD:refs/heads/main')
  if (git(c.root, 'remote').split('\n').includes('origin')) git(c.root, 'remote', 'remove', 'origin')
  git(c.root, 'remote', 'add', 'origin', bare)
  git(c.root, 'fetch', '-q', 'origin')
  const branch = git(c.root, 'rev-parse', '--abbrev-ref', 'HEAD').trim()
  git(c.root, 'branch', '-q', '-u', 'origin/main', branch === 'HEAD' ? 'main' : branch)
  git(c.root, 'remote', 'set-url', 'origin', `${server.url}/r${remotes}.git`)
  const other = join(c.dir, 'other')
  git(c.dir, 'clone', '-q', bare, other)
  return { bare, other }
}

/** Someone else's commit on the remote: `files` written, pushed; the new remote tip. */
function pushFromOther(r: Remote, files: Record<string, string>, message: string): string {
  git(r.other, 'pull', '-q', '--ff-only', 'origin', 'main')
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(r.other, rel, '..'), { recursive: true })
    writeFileSync(join(r.other, rel), text)
    git(r.other, 'add', rel)
  }
  git(r.other, 'commit', '-qm', message)
  git(r.other, 'push', '-q', 'origin', 'HEAD:main')
  return git(r.other, 'rev-parse', 'HEAD').trim()
}

/** git's view after a hub write: HEAD plus the user's staged changes, exactly as staged. */
function expectUserChangesOnly(c: Case, staged: string, extra: string): void {
  expect(status(c.root)).toBe(extra + USER_STATUS)
  expect(git(c.root, 'ls-files', '-s', '--', 'todo.txt', 'user-notes.md')).toBe(staged)
  expect(git(c.root, 'diff-files', '--name-only')).toBe(extra === INTENT_STATUS ? 'intent.md\n' : '')
  expectFsckClean(c.root)
}

const ORPHAN = 'prop-2026-01-02-cafe'
/** A valid pending proposal left uncommitted (a crash between the write and the commit). */
function leaveOrphan(c: Case): string {
  const rel = `proposals/pending/${ORPHAN}.md`
  mkdirSync(join(c.root, 'proposals/pending'), { recursive: true })
  writeFileSync(
    join(c.root, rel),
    renderProposalFile(
      ORPHAN,
      { ...FIELDS, submittedBy: 'session-orpheline' },
      new Date('2026-01-02T10:00:00Z')
    )
  )
  return rel
}

const LFS_ATTRIBUTES =
  '*.pdf filter=lfs diff=lfs merge=lfs -text\nknowledge/assets/** filter=lfs diff=lfs merge=lfs -text\n'
const lfsPointer = (seed: string, size: number): string =>
  `version https://git-lfs.github.com/spec/v1\noid sha256:${seed.repeat(64).slice(0, 64)}\nsize ${size}\n`
const LFS_FILES: Record<string, string> = {
  '.gitattributes': LFS_ATTRIBUTES,
  'knowledge/assets/schema.pdf': lfsPointer('4d7a', 184_320),
  'knowledge/assets/capture.md': lfsPointer('9c1e', 12_288),
  'docs/manuel.pdf': lfsPointer('b00c', 2_048_000)
}

interface Row extends Shape {
  /** What someone else changes on the remote besides knowledge/index.md, for the fast-forward. */
  remoteFiles?: (n: number) => Record<string, string>
  /**
   * A skip-worktree path (sparse checkout): once everything is pushed, someone else changes it and
   * the fast-forward is refused as a local change in the way, nothing written (a known limit).
   */
  outOfCone?: string
}

const ROWS: Row[] = [
  ...SHAPES.map((s): Row => {
    if (s.name.startsWith('sparse checkout') || s.name === 'index v3 (skip-worktree entry)')
      return { ...s, outOfCone: 'archive/ancien.md' }
    return s
  }),
  {
    name: 'submodule (gitlink in the tree, checked out)',
    setup: (c) => {
      const sub = join(c.dir, 'outil-src')
      mkdirSync(sub)
      git(sub, 'init', '-q', '-b', 'main')
      writeFileSync(join(sub, 'README.md'), '# Outil\n')
      git(sub, 'add', '-A')
      git(sub, 'commit', '-qm', 'outil')
      git(c.root, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub, 'vendor/outil')
      git(c.root, 'commit', '-qm', 'sous-module')
      expect(git(c.root, 'ls-files', '-s', '--', 'vendor/outil')).toMatch(/^160000 /)
    },
    after: (c) => {
      expect(git(c.root, 'ls-tree', 'HEAD', 'vendor/outil')).toMatch(/^160000 commit /)
      expect(git(c.root, 'ls-files', '-s', '--', 'vendor/outil')).toMatch(/^160000 /)
      expect(git(c.root, 'submodule', 'status')).toMatch(/^ [0-9a-f]{40} vendor\/outil/)
      expect(readFileSync(join(c.root, 'vendor/outil/README.md'), 'utf8')).toBe('# Outil\n')
    }
  },
  {
    name: 'LFS pointer files (filter=lfs, git-lfs not installed)',
    setup: (c) => {
      for (const [rel, text] of Object.entries(LFS_FILES)) {
        mkdirSync(join(c.root, rel, '..'), { recursive: true })
        writeFileSync(join(c.root, rel), text)
      }
      git(c.root, 'add', '-A')
      git(c.root, 'commit', '-qm', 'pointeurs LFS')
    },
    remoteFiles: (n) => ({ 'knowledge/assets/schema.pdf': lfsPointer(`e${n}f0`, 200_000 + n) }),
    after: (c) => {
      const files = { ...LFS_FILES, 'knowledge/assets/schema.pdf': lfsPointer('e1f0', 200_001) }
      for (const [rel, text] of Object.entries(files)) {
        expect(readFileSync(join(c.root, rel), 'utf8'), rel).toBe(text)
        expect(git(c.root, 'show', `HEAD:${rel}`), rel).toBe(text)
      }
      expect(git(c.root, 'check-attr', 'filter', '--', 'knowledge/assets/capture.md')).toBe(
        'knowledge/assets/capture.md: filter: lfs\n'
      )
    }
  }
]

async function hubError(p: Promise<unknown>): Promise<HubError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  )
  expect(e).toBeInstanceOf(HubError)
  return e as HubError
}

describe('accepted shapes × every write path', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (name, row) => {
    const c = newCase()
    await row.setup?.(c)
    const remote = attachRemote(c)
    const extra = row.extraStatus ?? ''
    const staged = stageUserChanges(c.root)
    const base = baseOf(c)

    // sync: someone else's commit fast-forwarded (branch, index, the changed files).
    const tip1 = pushFromOther(
      remote,
      { 'knowledge/index.md': '# Index\n\nv1\n', ...row.remoteFiles?.(1) },
      'distant 1'
    )
    const ff = await syncBase(base, { push: false }, syncDeps())
    expect(ff.message).toMatch(/^avance rapide de 1 commit depuis origin\/main/)
    expect(ff).toMatchObject({ state: 'up-to-date', fastForwarded: 1 })
    expect(git(c.root, 'rev-parse', 'HEAD').trim()).toBe(tip1)
    expect(readFileSync(join(c.root, 'knowledge/index.md'), 'utf8')).toBe('# Index\n\nv1\n')
    expectUserChangesOnly(c, staged, extra)

    // propose
    const filed = await fileProposal(base, FIELDS, {
      log,
      now: () => new Date('2026-08-30T09:12:00Z'),
      drawSuffix: () => 'a3f2'
    })
    expect(git(c.root, 'ls-tree', '-r', '--name-only', 'HEAD')).toContain(filed.path)
    expectUserChangesOnly(c, staged, extra)
    record(name, 'propose', 'ok')

    // sync: the submission replayed onto a remote that moved meanwhile, pushed, the branch moved.
    const tip2 = pushFromOther(remote, { 'knowledge/autre.md': '# Autre\n' }, 'distant 2')
    const pushed: SyncStatus = await syncBase(base, { push: true }, syncDeps())
    expect(pushed).toMatchObject({ state: 'up-to-date', pushed: 1, fastForwarded: 1 })
    const head = git(c.root, 'rev-parse', 'HEAD').trim()
    expect(git(remote.bare, 'rev-parse', 'main').trim()).toBe(head)
    expect(git(c.root, 'rev-parse', 'HEAD~1').trim()).toBe(tip2)
    expect(readFileSync(join(c.root, 'knowledge/autre.md'), 'utf8')).toBe('# Autre\n')
    expectUserChangesOnly(c, staged, extra)

    // resolve
    await resolvePlan(base, plan(filed.id), { log, now: () => new Date('2026-09-16T08:00:00Z') })
    expect(git(c.root, 'show', 'HEAD:knowledge/procedures/sso.md')).toContain('« réauthentifier »')
    expectUserChangesOnly(c, staged, extra)
    record(name, 'resolve', 'ok')

    // reconcile: an uncommitted submission recovered in its own commit.
    const orphan = leaveOrphan(c)
    const rec = await reconcile(base, { apply: true, log })
    expect(rec.recovered).toEqual([
      { id: ORPHAN, path: orphan, commit: git(c.root, 'rev-parse', 'HEAD').trim() }
    ])
    expect(git(c.root, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe(orphan)
    expectUserChangesOnly(c, staged, extra)
    record(name, 'reconcile', 'ok')

    // sync: a plain push of the resolution and the recovery.
    const last = await syncBase(base, { push: true }, syncDeps())
    expect(last).toMatchObject({ state: 'up-to-date', pushed: 2 })
    expect(git(remote.bare, 'rev-parse', 'main').trim()).toBe(git(c.root, 'rev-parse', 'HEAD').trim())
    expectFsckClean(remote.bare)
    expectUserChangesOnly(c, staged, extra)
    record(name, 'sync', 'ok (fast-forward, replay + push, push)')
    if (row.outOfCone) {
      pushFromOther(remote, { [row.outOfCone]: '# Ailleurs\n' }, 'hors du cône')
      const before = workState(c)
      const s = await syncBase(base, { push: false }, syncDeps())
      expect(s).toMatchObject({ state: 'behind', dirty: [row.outOfCone] })
      expect(workState(c)).toBe(before)
      record(
        name,
        'sync',
        `ok (fast-forward, replay + push, push); a fast-forward changing ${row.outOfCone} (skip-worktree) refused: « ${s.message} »`
      )
    }

    // git's own next commit keeps every hub file.
    writeFileSync(join(c.root, 'other.txt'), 'autre\n')
    git(c.root, 'add', 'other.txt')
    git(c.root, 'commit', '-qm', 'x')
    expect(git(c.root, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toEqual([
      'other.txt',
      'todo.txt',
      'user-notes.md'
    ])
    const tree = git(c.root, 'ls-tree', '-r', '--name-only', 'HEAD').split('\n')
    expect(tree).toContain(`proposals/accepted/${filed.id}.md`)
    expect(tree).toContain(orphan)
    expect(tree).not.toContain(filed.path)
    expect(status(c.root)).toBe(extra)
    expectFsckClean(c.root)
    row.after?.(c, filed.id)
  })
})

/** HEAD, the branches, the index and every worktree file: what a refused write leaves alone. */
function workState(c: Case): string {
  const h = createHash('sha256')
  h.update(git(c.root, 'rev-parse', 'HEAD'))
  h.update(git(c.root, 'for-each-ref', 'refs/heads'))
  h.update(readFileSync(resolve(c.root, git(c.root, 'rev-parse', '--git-path', 'index').trim())))
  const walk = (abs: string, rel: string): void => {
    for (const e of readdirSync(abs, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : 1))) {
      if (rel === '' && e.name === '.git') continue
      const p = join(abs, e.name)
      h.update(`${rel}/${e.name} ${lstatSync(p).mode}\n`)
      if (e.isDirectory()) walk(p, `${rel}/${e.name}`)
      else if (e.isFile()) h.update(readFileSync(p))
    }
  }
  walk(c.root, '')
  return h.digest('hex')
}

interface RefusalRow {
  name: string
  setup: (c: Case) => void | Promise<void>
  message: RegExp
  /** The sync's message, when it differs from the other paths' (its status, not a throw). */
  syncMessage?: RegExp
  /** The refusal comes after the fetch (the objects and the tracking ref are git's, not the worktree's). */
  fetches?: boolean
  /** Reconcile's repairs remove what makes the refusal (a stale lock): checked after the others refused. */
  reconcileRepairs?: boolean
}

const STALE_LOCK_AGE_S = 3_600
const REFUSAL_ROWS: RefusalRow[] = [
  ...REFUSALS,
  {
    name: 'index.lock left by a crashed git (empty, an hour old, no process)',
    setup: (c) => void leaveStaleLock(join(c.root, '.git/index.lock'), STALE_LOCK_AGE_S),
    message:
      /^verrou git \/.*\/alpha\/\.git\/index\.lock présent depuis 60 min : une commande git interrompue l'a sans doute laissé\. Si aucune commande git ne tourne dans ce dépôt \(ni éditeur de message de commit ouvert\), supprimez ce fichier, puis réessayez ; rien n'a été écrit$/,
    fetches: true,
    reconcileRepairs: true
  }
]

describe('refused shapes × every write path: a message naming the shape, nothing written', () => {
  it.each(REFUSAL_ROWS.map((r) => [r.name, r] as const))('%s', async (name, row) => {
    const c = newCase()
    const remote = attachRemote(c)
    const filed = await fileProposal(baseOf(c), FIELDS, { log, drawSuffix: () => 'c0c0' })
    pushFromOther(remote, { 'knowledge/index.md': '# Index\n\nv1\n' }, 'distant')
    await row.setup(c)
    if (!existsSync(join(c.root, filed.path))) {
      // The shape rebuilt the repository (SHA-256): its remote and the proposal, by git itself.
      git(c.root, 'remote', 'add', 'origin', `${server.url}/r${remotes}.git`)
      git(c.root, 'config', 'branch.main.remote', 'origin')
      git(c.root, 'config', 'branch.main.merge', 'refs/heads/main')
      mkdirSync(join(c.root, 'proposals/pending'), { recursive: true })
      writeFileSync(join(c.root, filed.path), renderProposalFile(filed.id, FIELDS, new Date()))
      git(c.root, 'add', '-A')
      git(c.root, 'commit', '-qm', `proposal: ${filed.id}`)
    }
    leaveOrphan(c)
    const base = baseOf(c)
    const before = fingerprint(c.dir)
    const lockBefore = existsSync(join(c.root, '.git/index.lock'))
      ? statSync(join(c.root, '.git/index.lock')).mtimeMs
      : null

    const refusals = {} as Record<Path, string>
    const proposeRefusal = await hubError(fileProposal(base, FIELDS, { log, drawSuffix: () => 'd0d0' }))
    refusals.propose = proposeRefusal.message
    refusals.resolve = (await hubError(resolvePlan(base, plan(filed.id), { log }))).message
    if (!row.reconcileRepairs)
      refusals.reconcile = (await hubError(reconcile(base, { apply: true, log }))).message
    expect(fingerprint(c.dir)).toBe(before)
    const work = row.fetches ? workState(c) : ''
    const synced = await syncBase(base, { push: true }, syncDeps())
    expect(synced.state).toBe('error')
    // Refused by the repository's own state (a lock, an unsupported format…): never an unworded error.
    expect(synced.problem?.kind, 'sync problem').toBeDefined()
    refusals.sync = synced.message
    for (const p of PATHS) {
      if (p === 'reconcile' && row.reconcileRepairs) continue
      record(name, p, `refused: ${refusals[p]}`)
      expect(refusals[p], p).toMatch(p === 'sync' ? (row.syncMessage ?? row.message) : row.message)
    }
    if (row.fetches) expect(workState(c)).toBe(work)
    // Like `git pull`, a sync under a held index.lock still fetches: objects and the tracking ref.
    if (!row.fetches) expect(fingerprint(c.dir)).toBe(before)
    if (lockBefore !== null) expect(statSync(join(c.root, '.git/index.lock')).mtimeMs).toBe(lockBefore)
    if (row.reconcileRepairs) {
      // The refusal says what it is as data, for the screens that offer to remove it.
      expect(proposeRefusal.kind).toBe('git-lock-stale')
      expect(proposeRefusal.params?.file).toBe(join(c.root, '.git/index.lock'))
      expect(synced.problem).toEqual({
        kind: 'git-lock-stale',
        params: { file: join(c.root, '.git/index.lock'), since: expect.any(String) }
      })
      // Reconcile's repairs remove it first, then the write goes through.
      const repaired = await reconcile(base, { apply: true, log })
      expect(repaired.staleLocks).toEqual([
        expect.objectContaining({ path: '.git/index.lock', applied: true })
      ])
      expect(existsSync(join(c.root, '.git/index.lock'))).toBe(false)
      record(name, 'reconcile', 'repaired: the lock listed by the dry run, then removed under the base lock')
      await fileProposal(base, FIELDS, { log, drawSuffix: () => 'd1d1' })
      expectFsckClean(c.root)
    }
  })
})
