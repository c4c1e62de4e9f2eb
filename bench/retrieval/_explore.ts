import { prepareReactFr } from './corpus'
import { benchHome, connectServer } from '../lib'
async function main() {
  const c = prepareReactFr()
  const s = await connectServer(benchHome('retrieval', c.basesDir).env)
  for (const q of process.argv.slice(2)) {
    const out = await s.call('kb_search', { base: c.name, query: q })
    console.log(`##### ${q} (${out.length} chars)`)
    console.log(out.split('\n').filter((l) => l.startsWith('###') || l.startsWith('  L') || l.startsWith('[') || /résultat/.test(l)).join('\n'))
  }
  await s.close()
}
main()
