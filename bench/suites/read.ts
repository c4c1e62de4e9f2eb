import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import { generateBase } from '../corpus'
import { CACHE, benchHome, sized, compare, connectServer, runProcess, type Options } from '../lib'

/** kb_read of one section of a large document against reading the file (`cat`, a fresh process). */
export default async function read(o: Options): Promise<void> {
  const size = sized(o, 10000, 1000, 100)
  const basesDir = join(CACHE, `search-${size}`)
  const base = generateBase(basesDir, `banc-${size}`, size, 42)
  const s = await connectServer(benchHome(`search-${size}`, basesDir).env)
  const rel = 'd000/doc-00007.md' // i % 200 === 7: a large document
  const abs = join(base.root, 'knowledge', rel)
  const text = readFileSync(abs, 'utf8')
  const heading = [...text.matchAll(/^## (.+)$/gm)][20]?.[1] ?? [...text.matchAll(/^## (.+)$/gm)][0][1]
  const out = await s.call('kb_read', { base: base.name, path: rel, section: heading })
  await compare(
    'read',
    `kb_read section of a ${Math.round(Buffer.byteLength(text) / 1024)} KB document`,
    () => s.call('kb_read', { base: base.name, path: rel, section: heading }),
    { label: 'cat', fn: () => runProcess('cat', [abs]) },
    o,
    undefined,
    { sectionChars: out.length, fileBytes: Buffer.byteLength(text) }
  )
  await compare(
    'read',
    'kb_read table of headings (no section)',
    () => s.call('kb_read', { base: base.name, path: rel }),
    { label: 'cat', fn: () => runProcess('cat', [abs]) },
    o
  )
  await s.close()
}
