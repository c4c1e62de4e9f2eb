import { join } from 'node:path'
import { generateBase } from '../corpus'
import { CACHE, median, record, sized, type Options } from '../lib'
import { memoryHubLog } from '../../src/engine/hublog'
import { loadManifest } from '../../src/engine/registry/manifest'
import { fileProposal } from '../../src/engine/proposals/propose'
import { resolvePlan } from '../../src/engine/review/resolve'

/**
 * resolve of a 3-proposal plan (2 accepted with section edits, 1 rejected) on the
 * 20,000-file repository: validation, writes, one commit, index refresh. Absolute
 * median; the proposals are filed before each timed run.
 */
export default async function resolve(o: Options): Promise<void> {
  const n = sized(o, 20000, 2000, 300)
  const b = generateBase(join(CACHE, 'commit'), `commit-${n}`, n, 900 + n)
  const loaded = loadManifest(b.root, b.name)
  if (!loaded.ok) throw new Error(loaded.reason)
  const base = loaded.base
  const log = memoryHubLog()
  const samples: number[] = []
  for (let round = 0; round <= o.runs; round++) {
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const fields = {
        type: 'correction' as const,
        concerns: `banc ${Date.now()}.${i}`,
        content: 'contenu du banc',
        sources: ['banc'],
        confidence: 'low' as const,
        submittedBy: 'process:bench'
      }
      ids.push((await fileProposal(base, fields, { log })).id)
    }
    const t = performance.now()
    await resolvePlan(
      base,
      {
        summary: `banc ${round}`,
        reviewed_by: 'human:bench',
        resolutions: [
          { id: ids[0], resolution: 'accepted', integrated_into: ['d000/doc-00007.md'] },
          { id: ids[1], resolution: 'accepted', integrated_into: ['d001/doc-00207.md'] },
          { id: ids[2], resolution: 'rejected', reason: 'doublon du premier' }
        ],
        edits: [
          { path: 'd000/doc-00007.md', append: `Ajout du tour ${round}.` },
          { path: 'd001/doc-00207.md', append: `Ajout du tour ${round}.` }
        ]
      },
      { log }
    )
    if (round > 0) samples.push(performance.now() - t) // round 0 is the warm-up
  }
  record({ bench: 'resolve', case: `resolve 3 proposals + 2 edits, ${n} files`, oursMs: median(samples) })
}
