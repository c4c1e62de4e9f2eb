import * as fs from 'node:fs'
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { cp } from 'node:fs/promises'
import { invalidInput, notFound } from '../errors'
import { checkFormat, parseCoreConfig, UnsupportedShape, type RepoLayout } from '../git/layout'
import { resolveLayout } from '../git/layout'
import { initRepositoryWithFiles } from '../git/init'
import { LOCK_DIR_NAME } from '../lock'

/**
 * Local sources of an import. isomorphic-git cannot clone from the file system, so:
 *
 * - a **git repository** (a worktree with `.git`, a linked worktree whose `.git` is a file, or a
 *   bare repository) gives its objects and its branches and tags — nothing else: not its config
 *   (remotes with credentials, hooks, local settings), not its index, not its other worktrees.
 *   HEAD is set on the chosen branch (else the source's current one) and `origin` is the source
 *   path, as `git clone <path>` would do. The worktree is then written from HEAD's tree
 *   (checkout.ts): uncommitted changes of the source are not imported.
 * - a **plain folder** is copied, then becomes a repository whose first commit, by the hub's
 *   identity, holds every file.
 */

export type LocalKind = 'repository' | 'folder'

interface SourceRepo {
  /** Where HEAD is (a linked worktree's own git dir). */
  gitdir: string
  /** Objects, refs, config. */
  commondir: string
}

/** The repository at `path`, null when it is a plain folder; refused shapes throw. */
export async function localRepository(path: string): Promise<SourceRepo | null> {
  let st: fs.Stats
  try {
    st = statSync(path)
  } catch {
    throw notFound(`dossier introuvable : ${path} — vérifiez le chemin`, {
      kind: 'import-folder-missing',
      params: { path }
    })
  }
  if (!st.isDirectory())
    throw invalidInput(`${path} n'est pas un dossier : donnez le dossier de la base`, {
      kind: 'import-not-folder',
      params: { path }
    })
  let layout: RepoLayout | null = null
  if (existsSync(join(path, '.git'))) {
    try {
      layout = await resolveLayout(path)
    } catch {
      throw invalidInput(
        `${join(path, '.git')} est illisible ou pointe vers un dépôt absent : importez le dépôt principal, ou réparez-le (git worktree repair)`,
        { kind: 'import-repo-unusable', params: { path } }
      )
    }
    if (!existsSync(join(layout.commondir, 'objects')))
      throw invalidInput(
        `le dépôt lié par ${join(path, '.git')} est introuvable (${layout.commondir}) : importez le dépôt principal`,
        { kind: 'import-repo-unusable', params: { path } }
      )
  } else if (
    existsSync(join(path, 'HEAD')) &&
    existsSync(join(path, 'objects')) &&
    existsSync(join(path, 'refs'))
  ) {
    layout = { root: path, gitdir: path, commondir: path }
  }
  if (!layout) return null
  let config: string
  try {
    config = readFileSync(join(layout.commondir, 'config'), 'utf8')
  } catch {
    config = ''
  }
  const keys = parseCoreConfig(config)
  try {
    checkFormat(keys)
  } catch (e) {
    if (e instanceof UnsupportedShape)
      throw invalidInput(`dépôt ${path} : ${e.message} — import refusé`, {
        kind: 'import-repo-unusable',
        params: { path }
      })
    throw e
  }
  if (keys.has('extensions.partialclone'))
    throw invalidInput(
      `dépôt ${path} : clone partiel (des objets manquent) — récupérez-les d'abord (git fetch --refetch) ou importez depuis l'URL du dépôt`,
      { kind: 'import-repo-unusable', params: { path } }
    )
  if (existsSync(join(layout.commondir, 'objects', 'info', 'alternates')))
    throw invalidInput(
      `dépôt ${path} : ses objets sont en partie dans un autre dépôt (objects/info/alternates) — rendez-le autonome (git repack -a -d, puis supprimez le fichier alternates) et réessayez`,
      { kind: 'import-repo-unusable', params: { path } }
    )
  return { gitdir: layout.gitdir, commondir: layout.commondir }
}

function readRefText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    return null
  }
}

/** refs/heads and refs/tags as they are, and packed-refs restricted to them. */
function copyRefs(from: string, to: string): Set<string> {
  const heads = new Set<string>()
  for (const kind of ['heads', 'tags']) {
    const src = join(from, 'refs', kind)
    if (existsSync(src)) cpSync(src, join(to, 'refs', kind), { recursive: true })
  }
  const walk = (dir: string, prefix: string): void => {
    let entries: fs.Dirent[]
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(join(dir, e.name), `${prefix}${e.name}/`)
      else heads.add(`${prefix}${e.name}`)
    }
  }
  walk(join(to, 'refs', 'heads'), '')
  const packed = readRefText(join(from, 'packed-refs'))
  if (packed !== null) {
    const kept: string[] = ['# pack-refs with: peeled fully-peeled sorted']
    let keepPeeled = false
    for (const line of packed.split('\n')) {
      if (line.startsWith('#') || line.trim() === '') continue
      if (line.startsWith('^')) {
        if (keepPeeled) kept.push(line)
        continue
      }
      const ref = line.slice(41).trim()
      keepPeeled = ref.startsWith('refs/tags/')
      if (ref.startsWith('refs/heads/') || ref.startsWith('refs/tags/')) {
        kept.push(line)
        if (ref.startsWith('refs/heads/')) heads.add(ref.slice('refs/heads/'.length))
      }
    }
    writeFileSync(join(to, 'packed-refs'), kept.join('\n') + '\n')
  }
  return heads
}

/**
 * Copies the repository at `source` into `staging` (which must not exist) without a worktree:
 * objects, branches, tags, HEAD on `branch` (else the source's current branch), origin = source.
 * Returns the branch.
 */
export async function copyRepository(
  source: string,
  repo: SourceRepo,
  staging: string,
  branch: string | undefined
): Promise<string> {
  const git = await import('isomorphic-git')
  mkdirSync(staging, { recursive: true })
  const gitdir = join(staging, '.git')
  await git.init({ fs, dir: staging, defaultBranch: 'main' })
  cpSync(join(repo.commondir, 'objects'), join(gitdir, 'objects'), {
    recursive: true,
    force: true,
    // Pack files are read-only in the source; the copy keeps no lock or temp files.
    filter: (src) => !/(^|[/\\])(tmp_|incoming-)[^/\\]*$/.test(src) && !src.endsWith('.lock')
  })
  const shallow = join(repo.commondir, 'shallow')
  if (existsSync(shallow)) cpSync(shallow, join(gitdir, 'shallow'))
  const heads = copyRefs(repo.commondir, gitdir)
  let chosen = branch
  if (chosen === undefined) {
    const head = readRefText(join(repo.gitdir, 'HEAD')) ?? ''
    const m = /^ref:\s*refs\/heads\/(.+)$/.exec(head)
    if (!m)
      throw invalidInput(
        `le dépôt ${source} n'est sur aucune branche (HEAD détaché) : choisissez la branche à importer (--branch)`,
        { kind: 'import-detached-head', params: { path: source } }
      )
    chosen = m[1]
  }
  if (!heads.has(chosen)) {
    const list = [...heads].sort()
    // No branch asked for: the repository's own HEAD names one it does not have (a default branch
    // renamed, `master` left behind). « Leave the field empty » would be no way out: name them.
    if (branch === undefined && list.length > 0)
      throw notFound(
        `le dépôt ${source} désigne '${chosen}' comme branche courante, mais n'a pas cette branche (branches présentes : ${list.slice(0, 20).join(', ')}) : choisissez-en une (--branch)`,
        {
          kind: 'import-default-branch-missing',
          params: { branch: chosen, source, branches: list.slice(0, 20) }
        }
      )
    throw notFound(
      `branche '${chosen}' absente du dépôt ${source}${list.length ? ` (branches présentes : ${list.slice(0, 20).join(', ')})` : ' (le dépôt n’a aucune branche, aucun commit)'} : vérifiez son nom, ou laissez le champ vide pour la branche courante`,
      { kind: 'import-branch-missing', params: { branch: chosen, source, branches: list.slice(0, 20) } }
    )
  }
  writeFileSync(join(gitdir, 'HEAD'), `ref: refs/heads/${chosen}\n`)
  await git.setConfig({ fs, dir: staging, path: 'remote.origin.url', value: source })
  await git.setConfig({
    fs,
    dir: staging,
    path: 'remote.origin.fetch',
    value: '+refs/heads/*:refs/remotes/origin/*'
  })
  await git.setConfig({ fs, dir: staging, path: `branch.${chosen}.remote`, value: 'origin' })
  await git.setConfig({ fs, dir: staging, path: `branch.${chosen}.merge`, value: `refs/heads/${chosen}` })
  return chosen
}

/** Copies a plain folder into `staging` and makes it a repository with one first commit. */
export async function copyFolder(source: string, staging: string, signal?: AbortSignal): Promise<void> {
  // Not cpSync: a large folder would hold the process for its whole copy, and a Cancel pressed
  // meanwhile could not even be received; the copy stops at the next file once cancelled.
  await cp(source, staging, {
    recursive: true,
    verbatimSymlinks: true,
    errorOnExist: true,
    filter: (src) => {
      signal?.throwIfAborted()
      return basename(src) !== LOCK_DIR_NAME
    }
  })
  await initRepositoryWithFiles(staging, `Import de ${basename(source)} dans OKF Hub`, new Date(), signal)
}
