import { join } from 'node:path'
import { generateBase } from '../corpus'
import { CACHE, compare, sized, type Options } from '../lib'
import { memoryHubLog } from '../../src/engine/hublog'
import { loadManifest } from '../../src/engine/registry/manifest'
import { fileProposal } from '../../src/engine/proposals/propose'
import { resolvePlan } from '../../src/engine/review/resolve'

/** resolve of a 3-proposal plan with section edits on the 20,000-file repository (absolute). */
export default async function resolve(o: Options): Promise<void> {
  const n = sized(o, 20000, 2000, 300)
  const b = generateBase(join(CACHE, 'commit'), `commit-${n}`, n, 900 + n)
  const loaded = loadManifest(b.root, b.name)
  if (!loaded.ok) throw new Error(loaded.reason)
  const base = loaded.base
  const log = memoryHubLog()
  let round = 0
  await compare(
    'resolve',
    `resolve 3 proposals + 2 section edits, ${n} files`,
    async () => {
      round++
      const ids: string[] = []
      for (let i = 0; i < 3; i++)
        ids.push(
          (
            await fileProposal(
              base,
              { type: 'correction', concerns: `banc ${round}.${i}`, content: 'x', sources: ['banc'], confidence: 'low', submittedBy: 'process:bench' },
              { log }
            )
          ).id
        )
      const t = performance.now()
      await resolvePlan(
        base,
        {
          summary: `banc ${round}`,
          reviewed_by: 'human:bench',
          resolutions: [
            { id: ids[0], resolution: 'accepted', integrated_into: ['d000/doc-00007.md'] },
            { id: ids[1], resolution: 'accepted', integrated_into: ['d001/doc-00207.md'] },
            { id: ids[2], resolution: 'rejected', reason: 'doublon' }
          ],
          edits: [
            { path: 'd000/doc-00007.md', append: `Ajout ${round}.` },
            { path: 'd001/doc-00207.md', append: `Ajout ${round}.` }
          ]
        },
        { log }
      )
      return performance.now() - t
    },
    null,
    o
  )
}
