import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { removeDir, tempDir } from './helpers/fixtures'
import { scanCorpus } from '../src/engine/search/ripgrep'

/**
 * What a search hands back must not keep ripgrep's output alive. A path cut from a chunk of its
 * output is, in V8, a slice that keeps the whole chunk (64 KB); the inventory keeps the likely
 * documents of every pending proposal, so `okf-hub ui` grew by ~45 KB per proposal in the soak
 * (issue 13: RSS not flat). Measured on the heap after a full collection, not on time.
 */
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const heapMb = (): number => {
  gc()
  gc()
  return process.memoryUsage().heapUsed / 1048576
}

let dir: string
beforeAll(() => {
  dir = tempDir('okf-search-mem-')
  // A common word on many lines of many files: ripgrep's output spans several 64 KB chunks.
  for (let i = 0; i < 300; i++) {
    mkdirSync(join(dir, `d${i % 10}`), { recursive: true })
    writeFileSync(
      join(dir, `d${i % 10}`, `page-${i}.md`),
      `# Page ${i}\n\n${'procédure de redémarrage\n'.repeat(40)}`
    )
  }
})
afterAll(() => removeDir(dir))

describe('search results and ripgrep output', () => {
  it('a path kept from each of 100 searches keeps kilobytes, not the output chunks it was read from', async () => {
    const kept: string[] = []
    await scanCorpus(dir, 'keyword', ['procédure']) // warm: code compiled, ripgrep located
    const before = heapMb()
    for (let k = 0; k < 100; k++) {
      const r = await scanCorpus(dir, 'keyword', ['procédure'])
      const [first] = [...r.files.values()]
      kept.push(first.rel, first.abs)
    }
    const grown = heapMb() - before
    expect(kept).toHaveLength(200)
    // Slices would hold 100 chunks of ripgrep's output: 6 MB and more.
    // Here: 0.2–0.45 MB with detached paths, 2.1 MB with slices.
    expect(grown, `${grown.toFixed(2)} MB`).toBeLessThan(1)
  })
})
