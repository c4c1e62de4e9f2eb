import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, makeBundle, removeDir, tempDir } from '../../test/helpers/fixtures'

/**
 * A bundle repository for the import wizard's tests: a real git history (two commits), a
 * GOVERNANCE.md and a CLAUDE.md carrying recognisable lines and hostile HTML (which must stay
 * inert), a document with a rare word for kb_search, and incompressible notes so that a clone
 * streams in many chunks (progress to see, time to cancel).
 */
export const BASE = 'zythologie'
export const SEARCH_TERM = 'zythogramme'
export const GOVERNANCE_LINE = 'Règle d’or : chaque ajout cite une source brassicole.'
export const CLAUDE_LINE = 'Instruction de la base : répondez toujours avec la fiche du style.'

/** A bare repository `<root>/<name>.git` holding a valid bundle with history and some weight. */
export function makeRemote(
  root: string,
  name = BASE,
  opts: { blobs?: number; manifest?: string } = {}
): string {
  const work = tempDir('okf-e2e-src-')
  makeBundle(work, name, {
    title: 'Zythologie',
    description: 'Les styles de bière et leur dégustation.',
    governance: `---\nstatus: active\n---\n# Gouvernance\n\n${GOVERNANCE_LINE}\n\n<script>window.__pwned = 1</script>\n`,
    manifest: opts.manifest,
    files: {
      'knowledge/styles.md': `# Styles\n\nLe ${SEARCH_TERM} décrit l’amertume d’un style.\n`,
      'CLAUDE.md': `# CLAUDE.md\n\n${CLAUDE_LINE}\n\n<img src="x" onerror="window.__pwned = 2">\n`
    }
  })
  const src = join(work, name)
  // Weight (incompressible text) so the clone streams in many chunks, and a second commit.
  const blobs = opts.blobs ?? 24
  for (let i = 0; i < blobs; i++)
    writeFileSync(
      join(src, 'knowledge', `note-${i}.md`),
      `# Note ${i}\n\n${randomBytes(12_000).toString('base64')}\n`
    )
  git(src, 'add', '-A')
  git(src, 'commit', '-q', '--allow-empty', '-m', 'notes')
  const bare = join(root, `${name}.git`)
  git(root, 'clone', '-q', '--bare', src, bare)
  removeDir(work)
  return bare
}
