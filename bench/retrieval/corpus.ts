/**
 * The real corpus of the retrieval and economy suites: the French React docs bundle of
 * test/corpora/react-fr (in the repository), copied under bench/.cache and committed with the git CLI, so that the
 * server serves a clean clone and never touches the shared copy.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { createHash } from 'node:crypto'
import { CACHE, ROOT } from '../lib'
import { git } from '../corpus'

export const SOURCE = resolve(ROOT, 'test/corpora/react-fr')
export const BASE_NAME = 'react-fr'

export interface RealCorpus {
  /** Directory holding the bundle directories (the server's bases-dir). */
  basesDir: string
  /** The bundle root. */
  root: string
  /** corpus-dir (`knowledge/`). */
  corpusDir: string
  name: string
}

function files(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir).sort()) {
    if (name === '.git') continue
    const abs = join(dir, name)
    if (statSync(abs).isDirectory()) out.push(...files(abs))
    else out.push(abs)
  }
  return out
}

/** A fingerprint of the source bundle (paths and contents): the copy is redone when it changes. */
function fingerprint(dir: string): string {
  const h = createHash('sha256')
  for (const f of files(dir)) h.update(relative(dir, f)).update('\0').update(readFileSync(f)).update('\0')
  return h.digest('hex')
}

export function prepareReactFr(): RealCorpus {
  if (!existsSync(join(SOURCE, 'okf-bundle.yaml'))) throw new Error(`corpus introuvable : ${SOURCE}`)
  const basesDir = join(CACHE, 'react-fr')
  const root = join(basesDir, BASE_NAME)
  const marker = join(root, '.git', 'okf-bench-complete')
  const fp = fingerprint(SOURCE)
  if (!existsSync(marker) || readFileSync(marker, 'utf8').trim() !== fp) {
    rmSync(root, { recursive: true, force: true })
    cpSync(SOURCE, root, { recursive: true, filter: (src) => !src.split(/[\\/]/).includes('.git') })
    git(root, 'init', '-q', '-b', 'main')
    git(root, 'add', '-A')
    git(root, 'commit', '-qm', 'react-fr corpus')
    git(root, 'status', '--porcelain')
    writeFileSync(marker, fp + '\n')
  }
  return { basesDir, root, corpusDir: join(root, 'knowledge'), name: BASE_NAME }
}
