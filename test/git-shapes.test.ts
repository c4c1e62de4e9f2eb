import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { HubError } from '../src/engine/errors'
import { resolvePlan } from '../src/engine/review/resolve'
import { reconcile } from '../src/engine/review/reconcile'
import { hubEnv, CLI_JS } from './helpers/mcp'
import {
  REFUSALS,
  SHAPES,
  baseOf,
  cleanupShapeLab,
  dirs,
  expectFsckClean,
  expectGitSeesHeadPlusUser,
  fingerprint,
  git,
  log,
  newCase,
  plan,
  proposeVia,
  run,
  setupShapeLab,
  stageUserChanges,
  status
} from './helpers/git-shapes'

/**
 * Every repository shape a manager may hand the hub, with real git: after a proposal and a
 * resolution, git sees exactly HEAD plus the user's own staged changes (nothing of the hub's
 * staged or missing), fsck is clean, and git's own next commit keeps every hub file. Shapes the
 * engine does not write are refused with nothing written.
 */

beforeAll(() => setupShapeLab())
afterAll(() => cleanupShapeLab())

describe('accepted shapes: propose, resolve, then git commits on top', () => {
  it.each(SHAPES.map((s) => [s.name, s] as const))('%s', async (_name, shape) => {
    const c = newCase()
    await shape.setup?.(c)
    const root = c.root
    const staged = stageUserChanges(root)

    const id = await proposeVia(c, shape.via ?? 'engine', 'a3f2')
    const pending = `proposals/pending/${id}.md`
    expect(git(root, 'ls-tree', '-r', '--name-only', 'HEAD')).toContain(pending)
    expectGitSeesHeadPlusUser(root, staged, shape.extraStatus)

    await resolvePlan(baseOf(c), plan(id), { log, now: () => new Date('2026-09-16T08:00:00Z') })
    const accepted = `proposals/accepted/${id}.md`
    expectGitSeesHeadPlusUser(root, staged, shape.extraStatus)
    const sso = git(root, 'show', 'HEAD:knowledge/procedures/sso.md')
    expect(sso).toContain('« réauthentifier »')

    // git's own next commit keeps every hub file.
    writeFileSync(join(root, 'other.txt'), 'autre\n')
    git(root, 'add', 'other.txt')
    git(root, 'commit', '-qm', 'x')
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toEqual([
      'other.txt',
      'todo.txt',
      'user-notes.md'
    ])
    const tree = git(root, 'ls-tree', '-r', '--name-only', 'HEAD').split('\n')
    expect(tree).toContain(accepted)
    expect(tree).not.toContain(pending)
    expect(tree).toContain('knowledge/procedures/sso.md')
    expect(git(root, 'show', 'HEAD:knowledge/procedures/sso.md')).toBe(sso)
    expect(status(root)).toBe(shape.extraStatus ?? '')
    expectFsckClean(root)
    shape.after?.(c, id)
  })
})

async function hubError(p: Promise<unknown>): Promise<HubError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  )
  expect(e).toBeInstanceOf(HubError)
  return e as HubError
}

describe('a held index.lock: BASE_BUSY, nothing committed, nothing left', () => {
  it('through the engine and through the CLI', async () => {
    const cases = [newCase(), newCase()]
    const befores = cases.map((c) => {
      writeFileSync(join(c.root, '.git/index.lock'), '')
      return {
        fp: fingerprint(c.dir),
        head: git(c.root, 'rev-parse', 'HEAD'),
        refs: git(c.root, 'for-each-ref')
      }
    })
    // A held index.lock is waited for GIT_LOCK_WAIT_MS, then BASE_BUSY: the refusal itself proves
    // the wait ended; no clock of the test's own.
    const [engine, cli] = await Promise.all([
      hubError(proposeVia(cases[0], 'engine', 'b0b0')),
      (async () => {
        const h = hubEnv(cases[1].basesDir)
        dirs.push(h.userData)
        const args = {
          base: 'alpha',
          type: 'observation',
          concerns: 'x',
          content: 'y',
          sources: ['z'],
          confidence: 'low',
          submitted_by: 'agent:t'
        }
        return run(process.execPath, [CLI_JS, 'tool', 'kb_propose', JSON.stringify(args)], {
          env: h.env,
          cwd: '/'
        }).then(
          () => '',
          (e: { stdout: string }) => e.stdout
        )
      })()
    ])
    expect(engine.code).toBe('BASE_BUSY')
    expect(cli).toBe('ERROR: BASE_BUSY: base occupée par une autre écriture, réessayez\n')
    cases.forEach((c, i) => {
      expect(fingerprint(c.dir)).toBe(befores[i].fp)
      expect(git(c.root, 'rev-parse', 'HEAD')).toBe(befores[i].head)
      expect(git(c.root, 'for-each-ref')).toBe(befores[i].refs)
    })
    // Retry later works.
    const c = cases[0]
    unlinkSync(join(c.root, '.git/index.lock'))
    expectFsckClean(c.root)
    const id = await proposeVia(c, 'engine', 'b0b0')
    expect(git(c.root, 'ls-tree', '-r', '--name-only', 'HEAD')).toContain(`proposals/pending/${id}.md`)
    expect(status(c.root)).toBe('')

    // A resolution meets the same rule: its edits are rolled back, nothing committed.
    writeFileSync(join(c.root, '.git/index.lock'), '')
    const before = fingerprint(c.dir)
    const busy = await hubError(resolvePlan(baseOf(c), plan(id), { log }))
    expect(busy.code).toBe('BASE_BUSY')
    expect(fingerprint(c.dir)).toBe(before)
    unlinkSync(join(c.root, '.git/index.lock'))
    await resolvePlan(baseOf(c), plan(id), { log })
    expect(status(c.root)).toBe('')
    expectFsckClean(c.root)
  })
})

describe('refused shapes: a message naming the shape, nothing written', () => {
  it.each(REFUSALS.map((r) => [r.name, r] as const))('%s', async (_name, refusal) => {
    const c = newCase()
    await refusal.setup(c)
    const before = fingerprint(c.dir)
    const e = await hubError(proposeVia(c, 'engine', 'c0c0'))
    expect(e.code).toBe('IO_ERROR')
    expect(e.message).toMatch(refusal.message)
    expect(fingerprint(c.dir)).toBe(before)
  })

  it('the CLI says it too', async () => {
    const c = newCase()
    git(c.root, 'config', 'core.repositoryformatversion', '1')
    git(c.root, 'config', 'extensions.objectFormat', 'sha256')
    const before = fingerprint(c.dir)
    const h = hubEnv(c.basesDir)
    dirs.push(h.userData)
    const args = {
      base: 'alpha',
      type: 'observation',
      concerns: 'x',
      content: 'y',
      sources: ['z'],
      confidence: 'low',
      submitted_by: 'agent:t'
    }
    const out = await run(process.execPath, [CLI_JS, 'tool', 'kb_propose', JSON.stringify(args)], {
      env: h.env,
      cwd: '/'
    }).then(
      (r) => r.stdout,
      (err: { stdout: string }) => err.stdout
    )
    expect(out).toMatch(
      /^ERROR: IO_ERROR: dépôt SHA-256 non pris en charge \(extensions\.objectFormat = sha256\) dans .* : rien n'a été écrit\n$/
    )
    expect(fingerprint(c.dir)).toBe(before)
  })

  it('resolve and reconcile refuse too, before writing', async () => {
    const c = newCase()
    const id = await proposeVia(c, 'engine', 'd0d0')
    // A proposal file left uncommitted, for reconcile to recover.
    writeFileSync(
      join(c.root, 'proposals/pending/prop-2026-01-02-cafe.md'),
      readFileSync(join(c.root, 'proposals/pending', `${id}.md`), 'utf8').replaceAll(
        id,
        'prop-2026-01-02-cafe'
      )
    )
    git(c.root, 'config', 'core.repositoryformatversion', '1')
    git(c.root, 'config', 'extensions.frobnicate', 'true')
    const before = fingerprint(c.dir)
    const base = baseOf(c)
    const e = await hubError(resolvePlan(base, plan(id), { log }))
    expect(e.message).toMatch(
      /^extension de dépôt inconnue non pris en charge \(extensions\.frobnicate = true\)/
    )
    const r = await hubError(reconcile(base, { apply: true, log }))
    expect(r.message).toMatch(/^extension de dépôt inconnue non pris en charge/)
    expect(fingerprint(c.dir)).toBe(before)
  })
})
