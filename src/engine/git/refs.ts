import { appendFile, mkdir, readFile, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'
import { describeError, HubError, ioError } from '../errors'
import type { HubLog } from '../hublog'
import { type StepHook } from '../steps'
import type { HeldLock } from '../lock'
import { packedRefsFile, refFile, reflogFile, type RepoLayout } from './layout'
import { errCode } from './fs-errors'
import { acquireGitLock, commitLockFile } from './lockfile'
import { ZERO_OID } from './objects'

/**
 * The ref layer: HEAD and branch tips read (loose refs, packed-refs, linked worktrees), a branch
 * moved under its `<ref>.lock` only if it still points at the expected parent, and the reflogs.
 */

export interface Head {
  /** 'refs/heads/<branch>' or 'HEAD' when detached. */
  ref: string
  symbolic: boolean
}

export async function readHead(repo: RepoLayout): Promise<Head> {
  const text = (await readFile(refFile(repo, 'HEAD'), 'utf8')).trim()
  const m = /^ref:\s*(\S+)$/.exec(text)
  if (m) {
    const ref = m[1]
    if (!ref.startsWith('refs/') || ref.split('/').some((s) => s === '..' || s === '')) {
      throw ioError(`HEAD pointe vers une référence invalide : ${ref}`)
    }
    return { ref, symbolic: true }
  }
  if (/^[0-9a-f]{40}$/.test(text)) return { ref: 'HEAD', symbolic: false }
  throw ioError(`HEAD illisible dans ${repo.gitdir}`)
}

/** Value of a ref: the loose file, else packed-refs; null when it does not exist (unborn branch). */
export async function readRefValue(repo: RepoLayout, ref: string): Promise<string | null> {
  try {
    const text = (await readFile(refFile(repo, ref), 'utf8')).trim()
    if (/^[0-9a-f]{40}$/.test(text)) return text
    if (ref === 'HEAD') return null
    throw ioError(`référence ${ref} illisible : ${text.slice(0, 60)}`)
  } catch (e) {
    if (e instanceof HubError) throw e
    const code = errCode(e)
    if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EISDIR') throw e
  }
  if (ref === 'HEAD') return null
  let packed: string
  try {
    packed = await readFile(packedRefsFile(repo), 'utf8')
  } catch (e) {
    if (errCode(e) === 'ENOENT') return null
    throw e
  }
  for (const line of packed.split('\n')) {
    if (line.startsWith('#') || line.startsWith('^')) continue
    const sp = line.indexOf(' ')
    if (sp === 40 && line.slice(41).trimEnd() === ref) return line.slice(0, 40)
  }
  return null
}

/** HEAD's commit sha (null on an unborn branch), linked worktrees included. */
export async function headCommitSha(repo: RepoLayout): Promise<string | null> {
  return readRefValue(repo, (await readHead(repo)).ref)
}

export async function moveRef(
  repo: RepoLayout,
  head: Head,
  parent: string | null,
  sha: string,
  deadline: number,
  lock: HeldLock | undefined,
  log: HubLog | undefined,
  extra: {
    onStep?: StepHook
    /** Runs with the ref locked and checked, right before the lock is renamed onto it. */
    beforeRename?: () => Promise<void>
  } = {}
): Promise<void> {
  const refPath = refFile(repo, head.ref)
  const lockPath = `${refPath}.lock`
  await mkdir(dirname(refPath), { recursive: true })
  const fh = await acquireGitLock(lockPath, deadline, log)
  let handedOver = false
  try {
    const current = await readRefValue(repo, head.ref)
    const headNow = await readHead(repo)
    if (current !== parent || headNow.ref !== head.ref) {
      throw ioError('la branche a bougé pendant le commit — réessayez')
    }
    lock?.assertHeld()
    await extra.onStep?.('commit:ref-locked')
    await extra.beforeRename?.()
    handedOver = true
    await commitLockFile(fh, lockPath, refPath, `${sha}\n`)
  } finally {
    if (!handedOver) {
      await fh.close().catch(() => undefined)
      await unlink(lockPath).catch(() => undefined)
    }
  }
}

export async function appendReflogs(
  repo: RepoLayout,
  head: Head,
  parent: string | null,
  sha: string,
  sig: string,
  msg: string,
  log: HubLog | undefined
): Promise<void> {
  const line = `${parent ?? ZERO_OID} ${sha} ${sig}\t${msg.replace(/[\r\n]/g, ' ')}\n`
  const targets = head.symbolic ? [head.ref, 'HEAD'] : ['HEAD']
  for (const t of targets) {
    const p = reflogFile(repo, t)
    try {
      await mkdir(dirname(p), { recursive: true })
      await appendFile(p, line)
    } catch (e) {
      log?.warning(`reflog ${p} non mis à jour : ${describeError(e)}`)
    }
  }
}

export function tzOffset(d: Date): string {
  const off = -d.getTimezoneOffset()
  const abs = Math.abs(off)
  return `${off < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`
}
