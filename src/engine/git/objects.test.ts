import { afterAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, removeDir, tempDir } from '../../../test/helpers/fixtures'
import { readObjectOfType } from './objects'

const dirs: string[] = []
afterAll(() => dirs.forEach(removeDir))

function repo(): string {
  const root = tempDir('okf-objects-')
  dirs.push(root)
  git(root, 'init', '-q', '-b', 'main')
  return root
}

function commitFile(root: string, name: string, text: string): string {
  writeFileSync(join(root, name), text)
  git(root, 'add', '-A')
  git(root, 'commit', '-qm', name)
  return git(root, 'rev-parse', `HEAD:${name}`).trim()
}

const loosePath = (root: string, oid: string): string =>
  join(root, '.git', 'objects', oid.slice(0, 2), oid.slice(2))

describe('readObjectOfType', () => {
  it('reads packed objects as git does once the loose ones are pruned', async () => {
    const root = repo()
    const blob = commitFile(root, 'a.md', 'premier\n')
    git(root, 'gc', '-q', '--prune=now')
    expect(existsSync(loosePath(root, blob))).toBe(false)
    const cache = {}
    expect((await readObjectOfType(join(root, '.git'), blob, 'blob', cache)).toString()).toBe('premier\n')
    const head = git(root, 'rev-parse', 'HEAD').trim()
    const body = await readObjectOfType(join(root, '.git'), head, 'commit', cache)
    expect(body.toString()).toBe(
      execFileSync('git', ['cat-file', 'commit', head], { cwd: root, encoding: 'utf8' })
    )
  })

  it('finds an object packed by a git gc after the operation first listed the packs', async () => {
    const root = repo()
    const first = commitFile(root, 'a.md', 'premier\n')
    git(root, 'gc', '-q', '--prune=now')
    const cache = {}
    // The operation's pack list is taken here: one pack, holding `first`.
    await readObjectOfType(join(root, '.git'), first, 'blob', cache)
    const second = commitFile(root, 'b.md', 'second\n')
    // A concurrent repack: `second` moves into a new pack and its loose file goes.
    git(root, 'repack', '-q', '-d')
    git(root, 'prune-packed')
    expect(existsSync(loosePath(root, second))).toBe(false)
    expect((await readObjectOfType(join(root, '.git'), second, 'blob', cache)).toString()).toBe('second\n')
  })

  it('refuses an object nobody has, as NotFoundError, and one of another type', async () => {
    const root = repo()
    const blob = commitFile(root, 'a.md', 'premier\n')
    await expect(readObjectOfType(join(root, '.git'), 'ab'.repeat(20), 'blob', {})).rejects.toMatchObject({
      code: 'NotFoundError'
    })
    await expect(readObjectOfType(join(root, '.git'), blob, 'tree', {})).rejects.toThrow(/tree attendu, blob/)
  })
})
