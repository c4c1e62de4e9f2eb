import { afterEach, describe, expect, it } from 'vitest'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { git, makeBundle, removeDir, tempDir } from '../../../test/helpers/fixtures'
import { memoryHubLog } from '../hublog'
import { loadManifest } from '../registry/manifest'
import type { Base } from '../registry/base'
import { authorName, checkMessage, keepLocalChanges, listLocalChanges } from './local-changes'
import { listSetAsideChanges, restoreSetAsideChanges, setAsideLocalChanges } from './changes-trash'
import { hubRefusal } from '../../../test/helpers/refusal'

const log = memoryHubLog()
const dirs: string[] = []
afterEach(() => {
  while (dirs.length > 0) removeDir(dirs.pop() as string)
})

function setup(): { basesDir: string; base: Base } {
  const basesDir = tempDir('okf-local-changes-')
  dirs.push(basesDir)
  makeBundle(basesDir, 'guide', {
    files: {
      'knowledge/sso.md': '# SSO\n\nLigne une.\nLigne deux.\n',
      'knowledge/old.md': '# Ancien\n',
      'tool.sh': '#!/bin/sh\necho hi\n',
      '.gitignore': 'ignored/\n*.tmp\n'
    }
  })
  const root = join(basesDir, 'guide')
  chmodSync(join(root, 'tool.sh'), 0o755)
  git(root, 'add', '-A')
  git(root, 'commit', '-qm', 'exec bit')
  const m = loadManifest(root, 'guide')
  if (!m.ok) throw new Error(m.reason)
  return { basesDir, base: m.base }
}

/** Modified, deleted, untracked — and what git ignores or the hub keeps out. */
function dirty(root: string): void {
  writeFileSync(join(root, 'knowledge/sso.md'), '# SSO\n\nLigne une.\nLigne deux, corrigée.\n')
  unlinkSync(join(root, 'knowledge/old.md'))
  writeFileSync(join(root, 'knowledge/new.md'), '# Nouveau\n')
  writeFileSync(join(root, 'scratch.tmp'), 'ignored\n')
  mkdirSync(join(root, 'ignored'), { recursive: true })
  writeFileSync(join(root, 'ignored/x.md'), 'ignored\n')
  writeFileSync(join(root, 'image.bin'), Buffer.from([0, 1, 2, 3, 0, 255]))
}

describe('uncommitted changes (issue 25 §3)', () => {
  it('lists what git status shows, each with a diff against HEAD; ignored files and the lock left out', async () => {
    const { base } = setup()
    dirty(base.root)
    const view = await listLocalChanges(base, 'alice')
    expect(view.files.map((f) => [f.path, f.change])).toEqual([
      ['image.bin', 'untracked'],
      ['knowledge/new.md', 'untracked'],
      ['knowledge/old.md', 'deleted'],
      ['knowledge/sso.md', 'modified']
    ])
    const porcelain = git(base.root, 'status', '--porcelain', '-uall')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(3))
      .sort()
    expect(porcelain).toEqual(['image.bin', 'knowledge/new.md', 'knowledge/old.md', 'knowledge/sso.md'])
    const sso = view.files.find((f) => f.path === 'knowledge/sso.md')
    expect(sso?.diff).toContain('-Ligne deux.\n+Ligne deux, corrigée.')
    const bin = view.files.find((f) => f.path === 'image.bin')
    expect(bin).toMatchObject({ binary: true, diff: null, size: 6 })
    expect(view.files.find((f) => f.path === 'knowledge/old.md')?.diff).toContain('+++ /dev/null')
    expect(view.author).toBe('alice')
  })

  it('trusts the index stat data as git does, and still sees a same-size edit', async () => {
    const { base } = setup()
    // Files older than the index: their stat data is trusted, no file is read.
    const old = new Date(Date.now() - 60_000)
    for (const f of ['knowledge/sso.md', 'knowledge/old.md', 'tool.sh'])
      utimesSync(join(base.root, f), old, old)
    git(base.root, 'add', '-A')
    expect((await listLocalChanges(base, null)).files).toEqual([])
    // The same number of bytes, a new mtime: hashed, and seen.
    writeFileSync(join(base.root, 'knowledge/old.md'), '# Ancizn\n')
    expect((await listLocalChanges(base, null)).files.map((f) => [f.path, f.change])).toEqual([
      ['knowledge/old.md', 'modified']
    ])
  })

  it('a clean base lists nothing', async () => {
    const { base } = setup()
    expect((await listLocalChanges(base, null)).files).toEqual([])
  })

  it('Keep them: one commit of exactly those paths, authored by the manager, message theirs, git status clean', async () => {
    const { base } = setup()
    dirty(base.root)
    // The user's staged change elsewhere is untouched by the hub's commit.
    const before = git(base.root, 'rev-parse', 'HEAD').trim()
    const view = await listLocalChanges(base, 'alice')
    const result = await keepLocalChanges(
      base,
      { basis: view.basis, message: 'Corrections faites à la main\n\nDétail.' },
      { reviewer: 'human:Alice Martin', log }
    )
    expect(result.paths).toEqual(['image.bin', 'knowledge/new.md', 'knowledge/old.md', 'knowledge/sso.md'])
    expect(git(base.root, 'rev-list', '--count', `${before}..HEAD`).trim()).toBe('1')
    expect(git(base.root, 'log', '-1', '--format=%an|%ae|%cn|%B').trim()).toBe(
      'Alice Martin||okf-hub|Corrections faites à la main\n\nDétail.'
    )
    expect(git(base.root, 'status', '--porcelain')).toBe('')
    expect(git(base.root, 'fsck', '--no-dangling').trim()).toBe('')
    expect(git(base.root, 'show', '--name-status', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      'A\timage.bin',
      'A\tknowledge/new.md',
      'D\tknowledge/old.md',
      'M\tknowledge/sso.md'
    ])
  })

  it('refuses when the files moved since the preview, without a name, or without a message', async () => {
    const { base } = setup()
    dirty(base.root)
    const view = await listLocalChanges(base, 'alice')
    writeFileSync(join(base.root, 'knowledge/sso.md'), 'changed again\n')
    const moved = await hubRefusal(
      keepLocalChanges(base, { basis: view.basis, message: 'x' }, { reviewer: 'alice', log })
    )
    expect(moved.kind).toBe('local-changes-moved')
    const head = git(base.root, 'rev-parse', 'HEAD').trim()
    const fresh = await listLocalChanges(base, 'alice')
    expect(
      (
        await hubRefusal(
          keepLocalChanges(base, { basis: fresh.basis, message: ' \n' }, { reviewer: 'alice', log })
        )
      ).kind
    ).toBe('commit-message-missing')
    expect(
      (
        await hubRefusal(
          keepLocalChanges(base, { basis: fresh.basis, message: 'x' }, { reviewer: null, log })
        )
      ).kind
    ).toBe('reviewer-missing')
    const aside = await hubRefusal(setAsideLocalChanges('/nowhere', base, { basis: view.basis }, { log }))
    expect(aside.kind).toBe('local-changes-moved')
    expect(git(base.root, 'rev-parse', 'HEAD').trim()).toBe(head)
    expect(readFileSync(join(base.root, 'knowledge/sso.md'), 'utf8')).toBe('changed again\n')
  })

  it('Set them aside: copied to the trash with the date, files back to HEAD, restorable as they were', async () => {
    const { basesDir, base } = setup()
    dirty(base.root)
    writeFileSync(join(base.root, 'tool.sh'), '#!/bin/sh\necho changed\n')
    const head = git(base.root, 'rev-parse', 'HEAD').trim()
    const view = await listLocalChanges(base, null)
    const now = new Date('2026-05-01T09:30:00.123Z')
    const entry = await setAsideLocalChanges(basesDir, base, { basis: view.basis }, { log, now })
    expect(entry.id).toBe('2026-05-01T09-30-00-123Z-guide')
    expect(entry.setAsideAt).toBe('2026-05-01T09:30:00.123Z')
    expect(entry.files.map((f) => f.path)).toEqual([
      'image.bin',
      'knowledge/new.md',
      'knowledge/old.md',
      'knowledge/sso.md',
      'tool.sh'
    ])
    // Back to HEAD: nothing to commit, HEAD unmoved, the exec bit kept, ignored files untouched.
    expect(git(base.root, 'status', '--porcelain')).toBe('')
    expect(git(base.root, 'rev-parse', 'HEAD').trim()).toBe(head)
    expect(readFileSync(join(base.root, 'knowledge/sso.md'), 'utf8')).toBe(
      '# SSO\n\nLigne une.\nLigne deux.\n'
    )
    expect(existsSync(join(base.root, 'knowledge/old.md'))).toBe(true)
    expect(existsSync(join(base.root, 'knowledge/new.md'))).toBe(false)
    expect(statSync(join(base.root, 'tool.sh')).mode & 0o111).not.toBe(0)
    expect(existsSync(join(base.root, 'scratch.tmp'))).toBe(true)
    // Kept in the trash, beside the bases' own trash, which does not list it.
    const kept = join(basesDir, '.okf-trash', 'changes', entry.id)
    expect(readFileSync(join(kept, 'files/knowledge/sso.md'), 'utf8')).toContain('corrigée')
    expect(readdirSync(join(basesDir, '.okf-trash', 'changes')).sort()).toEqual([
      entry.id,
      `${entry.id}.json`
    ])
    expect(await listSetAsideChanges(basesDir)).toEqual([entry])

    // Restored: the same uncommitted changes as before, the trash entry gone.
    const back = await restoreSetAsideChanges(basesDir, entry.id, () => base, { log })
    expect(back.id).toBe(entry.id)
    const again = await listLocalChanges(base, null)
    expect(again.files.map((f) => [f.path, f.change])).toEqual([...view.files.map((f) => [f.path, f.change])])
    expect(again.basis).toBe(view.basis)
    expect(statSync(join(base.root, 'tool.sh')).mode & 0o111).not.toBe(0)
    expect(await listSetAsideChanges(basesDir)).toEqual([])
  })

  /** A base whose sso.md was edited (« mine ») and then set aside. */
  const oneSetAside = async (): Promise<{
    basesDir: string
    base: Base
    entry: Awaited<ReturnType<typeof setAsideLocalChanges>>
  }> => {
    const { basesDir, base } = setup()
    writeFileSync(join(base.root, 'knowledge/sso.md'), 'mine\n')
    const basis = (await listLocalChanges(base, null)).basis
    return { basesDir, base, entry: await setAsideLocalChanges(basesDir, base, { basis }, { log }) }
  }

  it('restore is refused over a file changed since, with nothing written', async () => {
    const { basesDir, base, entry } = await oneSetAside()
    writeFileSync(join(base.root, 'knowledge/sso.md'), 'someone else\n')
    const e = await hubRefusal(restoreSetAsideChanges(basesDir, entry.id, () => base, { log }))
    expect(e.kind).toBe('set-aside-restore-blocked')
    expect(e.params).toEqual({ paths: ['knowledge/sso.md'] })
    expect(readFileSync(join(base.root, 'knowledge/sso.md'), 'utf8')).toBe('someone else\n')
    expect(await listSetAsideChanges(basesDir)).toHaveLength(1)
  })

  it('restore refused when the entry is gone or its base is not served: each with its kind, nothing written', async () => {
    const { basesDir, base, entry } = await oneSetAside()
    const gone = await hubRefusal(restoreSetAsideChanges(basesDir, entry.id, () => null, { log }))
    expect(gone.code).toBe('NOT_FOUND')
    expect(gone.kind).toBe('set-aside-base-gone')
    expect(gone.params).toEqual({ base: 'guide' })
    expect(await listSetAsideChanges(basesDir)).toHaveLength(1)
    const missing = await hubRefusal(restoreSetAsideChanges(basesDir, 'ghost', () => base, { log }))
    expect(missing.kind).toBe('set-aside-missing')
    expect(missing.params).toEqual({ id: 'ghost' })
    expect(readFileSync(join(base.root, 'knowledge/sso.md'), 'utf8')).not.toBe('mine\n')
  })

  it('names and messages', () => {
    expect(authorName('human:alice')).toBe('alice')
    expect(authorName('  Bob <b@x> ')).toBe('Bob b@x')
    expect(authorName(null)).toBeNull()
    expect(authorName('human:')).toBeNull()
    expect(checkMessage('\n\nSujet  \r\n\r\ncorps\n\n')).toBe('Sujet\n\ncorps\n')
  })
})
