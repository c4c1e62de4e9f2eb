import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'

/**
 * The import graph of `src/`, read from the sources (static `import … from`, `export … from`,
 * `import()` and `require()` with a literal specifier). Relative specifiers are resolved to the
 * file they name (`.ts`, `.tsx`, `/index.ts`); others are packages or Node built-ins. Type-only
 * imports count: an arrow is an arrow, whether or not it survives compilation.
 */
export interface ImportEdge {
  from: string
  /** A repository-relative file for a relative import, else the bare specifier. */
  to: string
  kind: 'file' | 'package' | 'builtin'
}

const SPECIFIER =
  /(?:^|[^\w.])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|(?:^|[^\w.])import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[^\w.])require\(\s*['"]([^'"]+)['"]\s*\)/g

const BUILTINS = new Set(builtinModules)

export function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const abs = join(dir, n)
    if (statSync(abs).isDirectory()) return sourceFiles(root, abs)
    return /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n) ? [relative(root, abs)] : []
  })
}

function resolveFile(root: string, fromFile: string, spec: string): string | null {
  const base = resolve(root, dirname(fromFile), spec)
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx')
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate)
  return null
}

/** Comments removed, so that an import written in a comment is no arrow. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

export function importEdges(root: string, files: string[]): ImportEdge[] {
  const edges: ImportEdge[] = []
  for (const from of files) {
    for (const m of code(readFileSync(join(root, from), 'utf8')).matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2] ?? m[3]
      if (spec.startsWith('.')) {
        const to = resolveFile(root, from, spec)
        // A relative import to no file (a JSON, a CSS, a missing file) is a file arrow all the same.
        edges.push({ from, to: to ?? relative(root, resolve(root, dirname(from), spec)), kind: 'file' })
      } else {
        const bare = spec.startsWith('node:') ? spec.slice(5) : spec
        edges.push({ from, to: spec, kind: BUILTINS.has(bare.split('/')[0]) ? 'builtin' : 'package' })
      }
    }
  }
  return edges
}

/** Every cycle's files, one list per strongly connected component of more than one file. */
export function importCycles(edges: ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>()
  for (const e of edges) if (e.kind === 'file') graph.set(e.from, [...(graph.get(e.from) ?? []), e.to])
  // Tarjan's algorithm, iterative over the small graph of src/.
  let index = 0
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const on = new Set<string>()
  const out: string[][] = []
  const visit = (v: string): void => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!))
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = []
      let w: string
      do {
        w = stack.pop()!
        on.delete(w)
        comp.push(w)
      } while (w !== v)
      if (comp.length > 1) out.push(comp.sort())
    }
  }
  for (const v of graph.keys()) if (!idx.has(v)) visit(v)
  return out
}
