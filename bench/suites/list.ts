import { join } from 'node:path'
import { generateBase } from '../corpus'
import { CACHE, benchHome, compare, connectServer, sized, type Options } from '../lib'
import { scanBasesDir } from '../../src/engine/registry/discovery'

/** kb_list (implicit discovery included) and discovery alone with 50 bases: absolute medians. */
export default async function list(o: Options): Promise<void> {
  const basesDir = join(CACHE, o.smoke ? 'five' : 'fifty')
  const count = o.smoke ? 5 : 50
  for (let i = 0; i < count; i++) generateBase(basesDir, `base-${String(i).padStart(2, '0')}`, 20, 500 + i)
  const s = await connectServer(benchHome(o.smoke ? 'five' : 'fifty', basesDir).env)
  await compare('list', `kb_list, ${count} bases (MCP round trip)`, () => s.call('kb_list', {}), null, o)
  await compare(
    'list',
    `discovery alone, ${count} bases (engine)`,
    async () => scanBasesDir(basesDir),
    null,
    o
  )
  await s.close()
  // One large base: the document count must not cost a walk of 10,000 files per call.
  const big = sized(o, 10000, 1000, 100)
  const bigDir = join(CACHE, `search-${big}`)
  generateBase(bigDir, `banc-${big}`, big, 42)
  const b = await connectServer(benchHome(`search-${big}`, bigDir).env)
  await compare('list', `kb_list, one base of ${big} documents`, () => b.call('kb_list', {}), null, o)
  await b.close()
}
