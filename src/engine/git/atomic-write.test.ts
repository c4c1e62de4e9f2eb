import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { writeFileSync } from 'node:fs'
import { open, readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { git, removeDir, tempDir } from '../../../test/helpers/fixtures'
import { writeFileAtomic } from './atomic-write'
import { checkoutPath } from './checkout-files'

const dirs: string[] = []
afterAll(() => dirs.forEach(removeDir))
afterEach(() => vi.restoreAllMocks())

/** Counts the fsyncs of every file handle from now on (FileHandle is not exported: taken from one). */
async function countSyncs(dir: string): Promise<{ count: () => number }> {
  const probe = await open(join(dir, '.probe'), 'w')
  const proto = Object.getPrototypeOf(probe) as { sync: () => Promise<void> }
  await probe.close()
  const spy = vi.spyOn(proto, 'sync')
  return { count: () => spy.mock.calls.length }
}

describe('writeFileAtomic', () => {
  it('fsyncs before the rename by default, and not when the bytes are durable elsewhere', async () => {
    const dir = tempDir('okf-atomic-')
    dirs.push(dir)
    const syncs = await countSyncs(dir)
    await writeFileAtomic(join(dir, 'a.md'), 'durable\n')
    expect(syncs.count()).toBe(1)
    await writeFileAtomic(join(dir, 'b.md'), 'dérivé\n', undefined, { durable: false })
    expect(syncs.count()).toBe(1)
    expect(await readFile(join(dir, 'a.md'), 'utf8')).toBe('durable\n')
    expect(await readFile(join(dir, 'b.md'), 'utf8')).toBe('dérivé\n')
    expect((await readdir(dir)).filter((n) => n.startsWith('.okf-tmp-'))).toEqual([])
  })

  it("a checkout writes git's blob as git does, without an fsync per file", async () => {
    const root = tempDir('okf-atomic-')
    dirs.push(root)
    git(root, 'init', '-q', '-b', 'main')
    writeFileSync(join(root, 'blob.txt'), 'contenu du blob\n')
    const oid = git(root, 'hash-object', '-w', 'blob.txt').trim()
    const syncs = await countSyncs(root)
    await checkoutPath(join(root, '.git'), join(root, 'docs', 'x.md'), oid, '100644', {})
    expect(await readFile(join(root, 'docs', 'x.md'), 'utf8')).toBe('contenu du blob\n')
    expect(syncs.count()).toBe(0)
  })
})
