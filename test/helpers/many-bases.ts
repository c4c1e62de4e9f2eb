import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { ROOT } from './mcp'

const GUIDE = join(ROOT, 'resources/bases/okf-hub-guide/okf-bundle.yaml')

/** `copie-0007`: names that sort in generation order. */
export const manyName = (i: number): string => `copie-${String(i).padStart(4, '0')}`

/**
 * `count` copies of the guide base's manifest (its real title and purpose, the name changed, a
 * number in the title), each a bare bundle: manifest, GOVERNANCE.md, an empty corpus folder.
 * Discovery needs no git and no document, so 1,000 of them take a few hundred file writes.
 */
export function writeManyBases(basesDir: string, count: number): string[] {
  const guide = parse(readFileSync(GUIDE, 'utf8')) as { title: string; description: string }
  const names: string[] = []
  for (let i = 0; i < count; i++) {
    const name = manyName(i)
    const root = join(basesDir, name)
    mkdirSync(join(root, 'knowledge'), { recursive: true })
    writeFileSync(
      join(root, 'okf-bundle.yaml'),
      [
        'bundle-spec: "0.1"',
        `name: ${name}`,
        `title: ${JSON.stringify(`${guide.title} (${i})`)}`,
        `description: ${JSON.stringify(guide.description.trim())}`,
        'version: "1.0.0"',
        'corpus-dir: knowledge',
        'governance:',
        '  rules: GOVERNANCE.md',
        ''
      ].join('\n')
    )
    writeFileSync(join(root, 'GOVERNANCE.md'), '# Gouvernance\n\nRègles de la copie.\n')
    names.push(name)
  }
  return names
}
