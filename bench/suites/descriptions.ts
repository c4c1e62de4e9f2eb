import { join } from 'node:path'
import { rmSync } from 'node:fs'
import { CACHE, benchHome, connectServer, record, type Options } from '../lib'
import { writeManyBases } from '../../test/helpers/many-bases'

/**
 * What the agents' door costs every conversation before any question: the bytes of tools/list
 * (as the client receives it) with 1 to 1,000 copies of the guide base, its real title and purpose.
 * A size, not a duration: `oursMs` holds bytes (unit 'bytes'), the listing step in `extra`.
 */
export default async function descriptions(o: Options): Promise<void> {
  for (const count of o.smoke ? [1, 10] : [1, 10, 30, 100, 1000]) {
    const basesDir = join(CACHE, `descriptions-${count}`)
    rmSync(basesDir, { recursive: true, force: true })
    writeManyBases(basesDir, count)
    const s = await connectServer(benchHome(`descriptions-${count}`, basesDir).env)
    const r = await s.client.listTools()
    const longest = Math.max(...r.tools.map((t) => (t.description ?? '').length))
    const kbList = r.tools.find((t) => t.name === 'kb_list')?.description ?? ''
    const step = kbList.includes('noms seuls')
      ? 'names'
      : kbList.includes('titres seuls')
        ? 'titles'
        : kbList.includes('première phrase')
          ? 'first-sentence'
          : 'full'
    record({
      bench: 'descriptions',
      case: `tools/list, ${count} base${count > 1 ? 's' : ''}`,
      oursMs: Buffer.byteLength(JSON.stringify(r)),
      unit: 'bytes',
      extra: { longestDescription: longest, step }
    })
    await s.close()
  }
}
