import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseCoreConfig, type RepoLayout } from './layout'
import { exists } from './fs-errors'

/**
 * The line-ending half of git's clean filter (convert.c, `crlf_to_git`) for `core.autocrlf`
 * true or input: git stores LF and checks out CRLF, so hashing a CRLF worktree file as is would
 * make every document look locally modified, and committing it would put CRLF in history. Only
 * the case without gitattributes is reproduced: where an attributes file could apply, its rules
 * (text, eol, filters) decide, and the bytes are taken as they are, as before.
 */

/** Maps a worktree file's bytes to the blob git would store. */
export type CleanFilter = (
  repoPath: string,
  content: Buffer,
  headBlob: () => Promise<Buffer | null>
) => Promise<Buffer>

const isTrue = (v: string): boolean => ['true', 'yes', 'on', '1'].includes(v.toLowerCase())

async function readOr(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8')
  } catch {
    return null
  }
}

/** Config files in git's order (later wins): system, global, repository, worktree. */
async function configFiles(repo: RepoLayout): Promise<string[]> {
  const env = process.env
  const out: string[] = []
  if (!(env.GIT_CONFIG_NOSYSTEM && isTrue(env.GIT_CONFIG_NOSYSTEM))) {
    out.push(
      env.GIT_CONFIG_SYSTEM ??
        (process.platform === 'win32'
          ? join(env.ProgramFiles ?? 'C:\\Program Files', 'Git', 'etc', 'gitconfig')
          : '/etc/gitconfig')
    )
  }
  if (env.GIT_CONFIG_GLOBAL !== undefined) out.push(env.GIT_CONFIG_GLOBAL)
  else {
    out.push(join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'git', 'config'))
    out.push(join(homedir(), '.gitconfig'))
  }
  out.push(join(repo.commondir, 'config'), join(repo.gitdir, 'config.worktree'))
  return out
}

/** Attribute files that could apply to `repoPath`; any of them means git's rules are not ours to guess. */
async function attributesMayApply(
  repo: RepoLayout,
  repoPath: string,
  attributesFile: string | undefined
): Promise<boolean> {
  const candidates = [join(repo.commondir, 'info', 'attributes')]
  const xdg = process.env.XDG_CONFIG_HOME || join(homedir(), '.config')
  candidates.push(attributesFile ?? join(xdg, 'git', 'attributes'))
  const segs = repoPath.split('/')
  for (let i = 0; i < segs.length; i++)
    candidates.push(join(repo.root, ...segs.slice(0, i), '.gitattributes'))
  const found = await Promise.all(candidates.map(exists))
  return found.some(Boolean)
}

/** git's `gather_stats` + `convert_is_binary`: CRLF pairs present, and the content is text. */
function convertible(buf: Buffer): boolean {
  let crlf = 0
  let printable = 0
  let nonprintable = 0
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]
    if (c === 0x0d) {
      if (buf[i + 1] === 0x0a) {
        crlf++
        i++
        continue
      }
      return false // a lone CR: binary for git
    }
    if (c === 0x0a) continue
    if (c === 0) return false
    if (c === 127) nonprintable++
    else if (c < 32) {
      if (c === 8 || c === 9 || c === 27 || c === 12) printable++
      else nonprintable++
    } else printable++
  }
  if (buf.length > 0 && buf[buf.length - 1] === 0x1a) nonprintable--
  return crlf > 0 && printable >> 7 >= nonprintable
}

function crlfToLf(buf: Buffer): Buffer {
  const out = Buffer.allocUnsafe(buf.length)
  let n = 0
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] === 0x0d && buf[i + 1] === 0x0a) continue
    out[n++] = buf[i]
  }
  return out.subarray(0, n)
}

/** The clean filter of `repo`, or null when git stores worktree bytes as they are. */
export async function lineEndingFilter(repo: RepoLayout): Promise<CleanFilter | null> {
  let autocrlf = 'false'
  let attributesFile: string | undefined
  for (const text of await Promise.all((await configFiles(repo)).map(readOr))) {
    if (text === null) continue
    const keys = parseCoreConfig(text)
    autocrlf = keys.get('core.autocrlf') ?? autocrlf
    attributesFile = keys.get('core.attributesfile') ?? attributesFile
  }
  const mode = autocrlf.toLowerCase() === 'input' ? 'input' : isTrue(autocrlf) ? 'true' : 'false'
  if (mode === 'false') return null
  if (attributesFile?.startsWith('~/')) attributesFile = join(homedir(), attributesFile.slice(2))
  return async (repoPath, content, headBlob) => {
    if (!convertible(content)) return content
    if (await attributesMayApply(repo, repoPath, attributesFile)) return content
    // git's "safer autocrlf": a file already stored with CRs keeps them.
    const stored = await headBlob()
    if (stored?.includes(0x0d)) return content
    return crlfToLf(content)
  }
}
