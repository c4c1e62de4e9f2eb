import { readFile, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { type HubError, ioError } from '../errors'

/**
 * Where git keeps what, and which repositories the hand-written plumbing may write to. A linked
 * worktree (`git worktree add`) has its own git dir for HEAD, the index and HEAD's reflog, and
 * shares objects, branches, packed-refs and the config with the main repository through
 * `commondir` (gitrepository-layout(5)); writing objects or a branch into the worktree's own dir
 * would leave a commit git never sees.
 *
 * The repository format is checked before anything is written: a repository whose objects, refs
 * or rules the engine does not fully implement (SHA-256, reftable, an unknown extension or format
 * version) is refused, never half-written.
 */

export interface RepoLayout {
  root: string
  /** This worktree's git dir: HEAD, index, `logs/HEAD`, per-worktree refs. */
  gitdir: string
  /** The shared git dir (the same as gitdir outside linked worktrees): objects, branches, config. */
  commondir: string
}

/** A repository or index shape the engine refuses; `detail` names the setting that makes it. */
export class UnsupportedShape extends Error {
  constructor(
    readonly what: string,
    readonly detail: string
  ) {
    super(`${what} non pris en charge (${detail})`)
    this.name = 'UnsupportedShape'
  }
}

export function refusal(shape: UnsupportedShape, root: string): HubError {
  return ioError(`${shape.what} non pris en charge (${shape.detail}) dans ${root} : rien n'a été écrit`)
}

/** Locates the git dirs of the worktree `root` (`.git` directory, or a `gitdir:` file). */
export async function resolveLayout(root: string): Promise<RepoLayout> {
  const dotGit = join(root, '.git')
  let isDir: boolean
  try {
    isDir = (await stat(dotGit)).isDirectory()
  } catch {
    throw ioError(`${root} n'est pas un dépôt git (.git absent)`)
  }
  let gitdir = dotGit
  if (!isDir) {
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(await readFile(dotGit, 'utf8'))
    if (!m) throw ioError(`${dotGit} illisible`)
    gitdir = resolve(root, m[1])
  }
  let commondir = gitdir
  try {
    const rel = (await readFile(join(gitdir, 'commondir'), 'utf8')).trim()
    if (rel !== '') commondir = resolve(gitdir, rel)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  return { root, gitdir, commondir }
}

/**
 * Refs private to one worktree (git's `is_per_worktree_ref`); every other ref lives in the
 * common dir, and its reflog beside it.
 */
function isPerWorktreeRef(ref: string): boolean {
  return (
    ref === 'HEAD' ||
    ref.startsWith('refs/worktree/') ||
    ref.startsWith('refs/bisect/') ||
    ref.startsWith('refs/rewritten/')
  )
}

export const refFile = (l: RepoLayout, ref: string): string =>
  join(isPerWorktreeRef(ref) ? l.gitdir : l.commondir, ref)
export const reflogFile = (l: RepoLayout, ref: string): string =>
  join(isPerWorktreeRef(ref) ? l.gitdir : l.commondir, 'logs', ref)
export const packedRefsFile = (l: RepoLayout): string => join(l.commondir, 'packed-refs')
export const indexFile = (l: RepoLayout): string => join(l.gitdir, 'index')

// ---------------------------------------------------------------------------------------------
// Repository format (core.repositoryformatversion, extensions.*)

/**
 * Extensions whose meaning the engine honours. worktreeConfig only moves per-worktree settings
 * (sparse checkout) to `config.worktree`; preciousObjects forbids deleting objects, which the
 * engine never does; partialClone may leave objects missing, and a missing tree along a touched
 * path fails the read before anything is written.
 */
const HARMLESS_EXTENSIONS = new Set(['noop', 'noop-v1', 'worktreeconfig', 'preciousobjects', 'partialclone'])

export type GitConfig = Map<string, string[]>

/** `section.subsection.key` → values (keys lowercased, subsections kept as written). */
export function parseGitConfig(text: string): GitConfig {
  const out: GitConfig = new Map()
  let section = ''
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim()
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue
    if (line.startsWith('[')) {
      const m = /^\[([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\](.*)$/.exec(line)
      if (!m) {
        section = ''
        continue
      }
      const sub = m[2] !== undefined ? `.${m[2].replace(/\\(.)/g, '$1')}` : ''
      section = `${m[1].toLowerCase()}${sub}`
      line = m[3].trim()
      if (line === '' || line.startsWith('#') || line.startsWith(';')) continue
    }
    if (!section) continue
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line)
    if (!kv) continue
    const key = `${section}.${kv[1].toLowerCase()}`
    const value = kv[2] === undefined ? 'true' : unquote(kv[2])
    out.set(key, [...(out.get(key) ?? []), value])
  }
  return out
}

/** A config value without its quotes, escapes and trailing comment. */
function unquote(raw: string): string {
  let out = ''
  let quoted = false
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]
    if (c === '"') quoted = !quoted
    else if (c === '\\' && i + 1 < raw.length) {
      const n = raw[++i]
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n
    } else if (!quoted && (c === '#' || c === ';')) break
    else out += c
  }
  return out.trim()
}

/**
 * `[core]` and `[extensions]` keys of one config file (names lowercased, as git compares them;
 * the last value wins). A subsection (`[core "x"]`, `[core.x]`) is another section: never the
 * repository format.
 */
export function parseCoreConfig(text: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, values] of parseGitConfig(text)) {
    const section = key.slice(0, key.lastIndexOf('.'))
    if (section === 'core' || section === 'extensions') out.set(key, values[values.length - 1])
  }
  return out
}

/** Throws UnsupportedShape for a repository format the engine does not fully implement. */
export function checkFormat(keys: Map<string, string>): void {
  const version = keys.get('core.repositoryformatversion') ?? '0'
  if (version !== '0' && version !== '1')
    throw new UnsupportedShape('dépôt au format inconnu', `core.repositoryformatversion = ${version}`)
  for (const [key, value] of keys) {
    if (!key.startsWith('extensions.')) continue
    const name = key.slice('extensions.'.length)
    const v = value.toLowerCase()
    if (name === 'objectformat') {
      if (v === 'sha1') continue
      if (v === 'sha256') throw new UnsupportedShape('dépôt SHA-256', `extensions.objectFormat = ${value}`)
      throw new UnsupportedShape('format d’objets inconnu', `extensions.objectFormat = ${value}`)
    }
    if (name === 'refstorage') {
      if (v === 'files') continue
      throw new UnsupportedShape(
        v === 'reftable' ? 'dépôt à références reftable' : 'stockage de références inconnu',
        `extensions.refStorage = ${value}`
      )
    }
    if (name === 'compatobjectformat')
      throw new UnsupportedShape('dépôt à double format d’objets', `extensions.compatObjectFormat = ${value}`)
    if (!HARMLESS_EXTENSIONS.has(name))
      throw new UnsupportedShape('extension de dépôt inconnue', `extensions.${name} = ${value}`)
  }
}

/** The layout of `root` once its format is known to be one the engine writes correctly. */
export async function openRepository(root: string): Promise<RepoLayout> {
  const layout = await resolveLayout(root)
  let text = ''
  try {
    text = await readFile(join(layout.commondir, 'config'), 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  try {
    checkFormat(parseCoreConfig(text))
  } catch (e) {
    if (e instanceof UnsupportedShape) throw refusal(e, root)
    throw e
  }
  return layout
}
