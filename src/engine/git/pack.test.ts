import { afterAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, removeDir, tempDir } from '../../../test/helpers/fixtures'
import { ObjectStore } from './pack'

const dirs: string[] = []
afterAll(() => dirs.forEach(removeDir))

/** One 200-line file, one line changed per commit (same size each time): long delta chains. */
function revisedRepo(): string {
  const root = tempDir('okf-pack-')
  dirs.push(root)
  git(root, 'init', '-q', '-b', 'main')
  const lines = Array.from(
    { length: 200 },
    (_, k) => `Ligne ${String(k).padStart(3, '0')} : contenu stable du document numéro ${k}`
  )
  for (let i = 0; i < 80; i++) {
    lines[(i * 37) % 200] =
      `Ligne modifiée ${String(i).padStart(3, '0')} à la révision ${String(i).padStart(3, '0')} xxxxxxxxxxx`
    writeFileSync(join(root, 'doc.md'), lines.join('\n') + '\n')
    git(root, 'add', '-A')
    git(root, 'commit', '-qm', `rev ${i}`)
  }
  return root
}

function everyObject(root: string): { oid: string; type: string }[] {
  return execFileSync(
    'git',
    ['cat-file', '--batch-all-objects', '--batch-check=%(objectname) %(objecttype)'],
    {
      cwd: root,
      encoding: 'utf8'
    }
  )
    .trim()
    .split('\n')
    .map((l) => {
      const [oid, type] = l.split(' ')
      return { oid, type }
    })
}

describe('ObjectStore (packs and loose objects)', () => {
  for (const [label, ofs] of [
    ['offset deltas', 'true'],
    ['reference deltas', 'false']
  ] as const) {
    it(`reads every object of an aggressively packed repository as git does (${label})`, () => {
      const root = revisedRepo()
      git(
        root,
        '-c',
        `repack.useDeltaBaseOffset=${ofs}`,
        'repack',
        '-adf',
        '--depth=50',
        '--window=250',
        '-q'
      )
      expect(
        readdirSync(join(root, '.git', 'objects', 'pack')).filter((n) => n.endsWith('.pack'))
      ).toHaveLength(1)
      const verify = execFileSync(
        'git',
        [
          'verify-pack',
          '-v',
          ...readdirSync(join(root, '.git', 'objects', 'pack'))
            .filter((n) => n.endsWith('.idx'))
            .map((n) => join(root, '.git', 'objects', 'pack', n))
        ],
        { encoding: 'utf8' }
      )
      expect(verify).toMatch(/chain length = 4[0-9]:/) // deltas of depth ≥ 40 exist
      const store = new ObjectStore(join(root, '.git', 'objects'))
      const objects = everyObject(root)
      expect(objects.length).toBe(240) // 80 commits, 80 trees, 80 blobs
      // git's own bytes for every object, in one `cat-file --batch`.
      const batch = execFileSync('git', ['cat-file', '--batch'], {
        cwd: root,
        input: objects.map((o) => o.oid).join('\n') + '\n'
      })
      let at = 0
      for (const { oid, type } of objects) {
        const nl = batch.indexOf(0x0a, at)
        const size = Number(batch.toString('latin1', at, nl).split(' ')[2])
        const expected = batch.subarray(nl + 1, nl + 1 + size)
        at = nl + 1 + size + 1
        const o = store.read(oid)
        expect(o.type).toBe(type)
        expect(o.body.equals(expected)).toBe(true)
      }
    })
  }

  it('reads loose objects and refuses an unknown one', () => {
    const root = revisedRepo()
    const store = new ObjectStore(join(root, '.git', 'objects'))
    const head = git(root, 'rev-parse', 'HEAD').trim()
    expect(store.read(head).type).toBe('commit')
    expect(() => store.read('0'.repeat(40))).toThrow(/introuvable/)
  })
})
