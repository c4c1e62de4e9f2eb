import { createHash } from 'node:crypto'
import { type BigIntStats } from 'node:fs'
import { lstat, readFile, readlink } from 'node:fs/promises'
import { isAbsolute, join } from 'node:path'
import { ioError } from '../errors'
import type { HubLog } from '../hublog'
import type { RepoLayout } from './layout'
import { lineEndingFilter, type CleanFilter } from './eol'
import { errCode } from './fs-errors'
import { MODE_FILE, MODE_EXEC, MODE_LINK, commitTreeOid, ObjectBatch } from './objects'
import { blobAt, type PathChange } from './trees'

/**
 * The worktree as git would store it: a path's content after git's clean filter (line endings),
 * its mode and stat data, the blob oid git would record; the repository-relative path rule.
 */

export function validatePaths(paths: string[]): string[] {
  if (paths.length === 0) throw ioError('aucun chemin à commiter')
  const out: string[] = []
  for (const p of paths) {
    const bad =
      typeof p !== 'string' ||
      p === '' ||
      isAbsolute(p) ||
      /^[A-Za-z]:/.test(p) ||
      p.includes('\\') ||
      p.includes('\0') ||
      p.split('/').some((s) => s === '' || s === '.' || s === '..' || s.toLowerCase() === '.git')
    if (bad) throw ioError(`chemin hors du dépôt : ${p}`)
    if (!out.includes(p)) out.push(p)
  }
  return out
}

interface WorktreeFile {
  st: BigIntStats
  /** The blob's content: the file's bytes after git's clean filter (line endings), a link's target. */
  content: Buffer
  mode: string
}

/** A worktree path as git would store it; null when absent; `other` for a directory or a special file. */
async function readWorktreeFile(
  root: string,
  path: string,
  clean: CleanFilter | null,
  headBlob: () => Promise<Buffer | null>
): Promise<WorktreeFile | null | 'directory' | 'other'> {
  const abs = join(root, ...path.split('/'))
  let st: BigIntStats
  try {
    st = await lstat(abs, { bigint: true })
  } catch (e) {
    const code = errCode(e)
    if (code === 'ENOENT' || code === 'ENOTDIR') return null
    throw e
  }
  if (st.isSymbolicLink())
    return { st, content: await readlink(abs, { encoding: 'buffer' }), mode: MODE_LINK }
  if (st.isDirectory()) return 'directory'
  if (!st.isFile()) return 'other'
  const raw = await readFile(abs)
  const content = clean ? await clean(path, raw, headBlob) : raw
  const mode = process.platform !== 'win32' && (st.mode & 0o100n) !== 0n ? MODE_EXEC : MODE_FILE
  return { st, content, mode }
}

/**
 * Index stat data matching no file: git finds the size differing, compares the content and shows
 * the worktree file as modified (or deleted) when it is not what was committed.
 */
const NO_STAT = {
  ctimeNs: 0n,
  mtimeNs: 0n,
  dev: 0n,
  ino: 0n,
  uid: 0n,
  gid: 0n,
  size: 0n
} as unknown as BigIntStats

export async function readWorktreePath(
  root: string,
  objects: ObjectBatch,
  path: string,
  clean: CleanFilter | null,
  headBlob: () => Promise<Buffer | null>,
  written?: Buffer | null,
  log?: HubLog
): Promise<PathChange> {
  const file = await readWorktreeFile(root, path, clean, headBlob)
  if (written !== undefined) {
    const want = written === null ? null : clean ? await clean(path, written, headBlob) : written
    const same =
      want === null ? file === null : file !== null && typeof file !== 'string' && file.content.equals(want)
    if (!same) {
      log?.warning(
        `commit : ${path} a été ${file === null ? 'supprimé' : 'modifié'} par un autre programme pendant l'écriture du hub — ` +
          "le contenu du hub est commité, l'autre version reste dans l'arbre de travail (git status la montre)"
      )
      if (want === null) return { path, deleted: true, oid: '', mode: '', stat: null }
      const mode =
        file !== null && typeof file !== 'string' && file.mode !== MODE_LINK ? file.mode : MODE_FILE
      return { path, deleted: false, oid: objects.add('blob', want), mode, stat: NO_STAT }
    }
  }
  if (file === null) return { path, deleted: true, oid: '', mode: '', stat: null }
  if (file === 'directory') throw ioError(`${path} est un répertoire, pas un fichier`)
  if (file === 'other') throw ioError(`${path} n'est pas un fichier ordinaire`)
  const oid = objects.add('blob', file.content)
  return { path, deleted: false, oid, mode: file.mode, stat: file.st }
}

/** The blob oid git would record for a worktree file; null when absent or not a file. */
export type WorktreeOid = (repoPath: string, commit: string | null, cache: object) => Promise<string | null>

/**
 * The blob oids git would record for worktree files (line endings cleaned as git would, a link's
 * target for a symlink), for one operation on `repo`: the line-ending rule (five config files) is
 * read once, not once per path — a fast-forward over a team's hundreds of proposals hashes each.
 */
export async function worktreeOids(repo: RepoLayout): Promise<WorktreeOid> {
  const clean = await lineEndingFilter(repo)
  return async (repoPath, commit, cache) => {
    const file = await readWorktreeFile(repo.root, repoPath, clean, async () => {
      if (!commit) return null
      return blobAt(repo.commondir, await commitTreeOid(repo.commondir, commit, cache), repoPath, cache)
    })
    if (file === null || typeof file === 'string') return null
    return createHash('sha1')
      .update(Buffer.from(`blob ${file.content.length}\0`, 'latin1'))
      .update(file.content)
      .digest('hex')
  }
}
