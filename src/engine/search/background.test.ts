import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeCorpusBase } from '../../../test/helpers/fixtures'
import { documentsWithEveryTerm } from './probe'
import { ripgrepPath, scanCorpus } from './ripgrep'

const roots: string[] = []
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true })
})

/**
 * A ripgrep that notes the priority it runs at. `waitForBelowNormal`: it first waits (without a
 * clock) until the hub has lowered its priority, then notes it — a scan that never lowers it
 * fails by ripgrep's own timeout instead of passing by luck of scheduling.
 */
async function spy(
  root: string,
  waitForBelowNormal: boolean
): Promise<{ bin: string; niceness: () => string[] }> {
  const log = join(root, 'nice.log')
  const bin = join(root, 'rg-nice')
  const nice = `cut -d' ' -f19 /proc/$$/stat`
  writeFileSync(
    bin,
    '#!/bin/sh\n' +
      (waitForBelowNormal ? `while [ "$(${nice})" -lt 10 ]; do :; done\n` : '') +
      `${nice} >> '${log}'\nexec '${await ripgrepPath()}' "$@"\n`
  )
  chmodSync(bin, 0o755)
  return { bin, niceness: () => readFileSync(log, 'utf8').trim().split('\n') }
}

describe.skipIf(process.platform !== 'linux')(
  'background scans (Linux: the priority is read from /proc)',
  () => {
    it('runs ripgrep below normal priority for the hub’s own work, at normal priority otherwise', async () => {
      const base = makeCorpusBase({ 'a.md': 'partage et reprise\n' })
      roots.push(base.root)
      const low = await spy(base.root, true)
      const scan = await scanCorpus(base.corpusDir, 'keyword', ['partage'], {
        rgPath: low.bin,
        background: true
      })
      expect([...scan.files.keys()]).toEqual(['a.md'])
      const found = await documentsWithEveryTerm(base.corpusDir, ['partage reprise'], {
        rgPath: low.bin,
        background: true
      })
      expect(found.get('partage reprise')).toEqual(['a.md'])
      // Below normal is 10; a runner already niced further keeps its own.
      expect(low.niceness()).toEqual(Array(2).fill(String(Math.max(10, getPriority()))))

      const other = makeCorpusBase({ 'a.md': 'partage\n' })
      roots.push(other.root)
      const normal = await spy(other.root, false)
      await scanCorpus(other.corpusDir, 'keyword', ['partage'], { rgPath: normal.bin })
      expect(normal.niceness()).toEqual([String(getPriority())])
    }, 60_000)
  }
)
