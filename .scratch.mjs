import { fromMarkdown } from 'mdast-util-from-markdown'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
const files = []
const walk = (d) => { for (const n of readdirSync(d)) { const a = join(d, n); if (statSync(a).isDirectory()) walk(a); else if (n.endsWith('.md')) files.push(readFileSync(a, 'utf8')) } }
walk('/work/shared/corpora/react-fr/knowledge')
const inline = ['attention','autolink','characterEscape','characterReference','codeText','hardBreakEscape','htmlText','labelStartImage','labelStartLink','labelEnd']
const opts = { extensions: [{ disable: { null: inline } }] }
for (let k = 0; k < 2; k++) { const t = performance.now(); for (const f of files) fromMarkdown(f, opts); console.log('noinline', (performance.now()-t).toFixed(0)) }
