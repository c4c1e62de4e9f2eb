import { describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const ROOT = join(__dirname, '..')
const MAP = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const abs = join(dir, n)
    if (statSync(abs).isDirectory()) return sources(abs)
    return /\.tsx?$/.test(n) && !n.endsWith('.test.ts') ? [relative(ROOT, abs)] : []
  })
}

// The structure document names every source file; a file it does not name, or a name with no
// file, means the map drifted from the territory.
describe('docs/ARCHITECTURE.md', () => {
  it('names every source file', () => {
    const missing = sources(join(ROOT, 'src')).filter((f) => !MAP.includes(`\`${f}\``))
    expect(missing).toEqual([])
  })

  it('names no file that is gone', () => {
    const named = [...MAP.matchAll(/`(src\/[^`\s]+\.tsx?)`/g)].map((m) => m[1])
    expect(named.length).toBeGreaterThan(50)
    expect(named.filter((f) => !existsSync(join(ROOT, f)))).toEqual([])
  })
})
