import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { lstat, readFile, readdir, readlink } from 'node:fs/promises'
import { join } from 'node:path'
import { unifiedDiff } from '../text-diff'
import { isIgnored } from 'isomorphic-git'
import { describeError, HubError, invalidInput, ioError } from '../errors'
import type { HubLog } from '../hublog'
import type { Base } from '../registry/base'
import { LOCK_DIR_NAME, withBaseLock, type HeldLock } from '../lock'
import { assertWritableRepository, commitPaths } from '../git/commit'
import { commitTreeOid, MODE_TREE, readObjectOfType } from '../git/objects'
import { parseTree } from '../git/trees'
import { readHead, readRefValue } from '../git/refs'
import { indexFile, openRepository, type RepoLayout } from '../git/layout'
import { indexStats, statMatches, type IndexStat } from '../git/dircache'
import { loadIndex } from '../git/index-file'
import { localChanges } from '../review/worktree'
import { recoverInterrupted } from '../review/transaction'
import type {
  KeepChangesRequest,
  KeepChangesResult,
  LocalChangeFile,
  LocalChangeKind,
  LocalChangesView
} from '../../shared/local-changes'

/**
 * A base's uncommitted changes, as the manager meets them in the app instead of `git status`
 * (issue 25 §3): every tracked file whose content differs from HEAD's (line endings cleaned as git
 * would), every untracked file git would show (its ignore rules applied), each with a diff. The
 * listing's `basis` hashes what was shown, so that Keep and Set aside act on exactly what the
 * manager previewed, and refuse when a file moved in between.
 */

/** Larger files are listed, not diffed: a diff the manager cannot read is no preview. */
export const DIFF_MAX_BYTES = 256 * 1024

export interface ScannedChange {
  path: string
  change: LocalChangeKind
  /** Worktree bytes (a link's target); null when deleted. */
  work: Buffer | null
  /** HEAD's blob; null when untracked. */
  head: Buffer | null
}

/** HEAD's blobs by repository path (trees walked, submodules skipped). */
async function headBlobs(
  root: string
): Promise<{ paths: Map<string, string>; commondir: string; cache: object }> {
  const repo = await openRepository(root)
  const sha = await readRefValue(repo, (await readHead(repo)).ref)
  const cache = {}
  const paths = new Map<string, string>()
  if (!sha) return { paths, commondir: repo.commondir, cache }
  const walk = async (oid: string, prefix: string): Promise<void> => {
    for (const e of parseTree(await readObjectOfType(repo.commondir, oid, 'tree', cache))) {
      const p = prefix + e.name.toString('utf8')
      if (e.mode === MODE_TREE) await walk(e.oid.toString('hex'), p + '/')
      else if (e.mode !== '160000') paths.set(p, e.oid.toString('hex'))
    }
  }
  await walk(await commitTreeOid(repo.commondir, sha, cache), '')
  return { paths, commondir: repo.commondir, cache }
}

/** Files of the worktree git would consider: `.git`, the hub's lock, nested repositories and ignored paths left out. */
async function worktreeFiles(root: string, tracked: Map<string, string>): Promise<string[]> {
  const out: string[] = []
  const trackedDirs = new Set<string>()
  for (const p of tracked.keys()) {
    const segs = p.split('/')
    for (let i = 1; i < segs.length; i++) trackedDirs.add(segs.slice(0, i).join('/'))
  }
  const ignored = (rel: string): Promise<boolean> =>
    isIgnored({ fs, dir: root, filepath: rel }).catch(() => false)
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(join(root, rel), { withFileTypes: true })
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name
      if (e.name === '.git' || (rel === '' && e.name === LOCK_DIR_NAME)) continue
      if (e.isDirectory()) {
        if (!trackedDirs.has(r)) {
          // A repository of its own inside the base is not the base's content.
          if (fs.existsSync(join(root, r, '.git'))) continue
          if (await ignored(r)) continue
        }
        await walk(r)
      } else if (e.isFile() || e.isSymbolicLink()) {
        if (tracked.has(r) || !(await ignored(r))) out.push(r)
      }
    }
  }
  await walk('')
  return out
}

async function readWork(root: string, rel: string): Promise<Buffer | null> {
  const abs = join(root, ...rel.split('/'))
  const st = await lstat(abs).catch(() => null)
  if (!st) return null
  if (st.isSymbolicLink()) return readlink(abs, { encoding: 'buffer' })
  if (!st.isFile()) return null
  return readFile(abs)
}

/** The index's stat data, when it can be read (otherwise every file is hashed). */
async function trustedStats(root: string): Promise<Map<string, IndexStat>> {
  try {
    const index = await loadIndex(indexFile(await openRepository(root)))
    return index ? indexStats(index) : new Map()
  } catch {
    return new Map()
  }
}

/**
 * Git's own shortcut: a tracked file whose index entry is HEAD's blob and whose stat data is the
 * one recorded (not racily clean) is unchanged without being read. Only the others are hashed —
 * 3,000 documents are otherwise seconds of hashing for the one that changed.
 */
async function unchangedByStat(
  root: string,
  path: string,
  headOid: string | undefined,
  stats: Map<string, IndexStat>
): Promise<boolean> {
  const known = stats.get(path)
  if (!known || headOid === undefined || known.oid !== headOid) return false
  const st = await lstat(join(root, ...path.split('/')), { bigint: true }).catch(() => null)
  return st !== null && statMatches(known, st)
}

/** Every uncommitted change of the base's worktree against HEAD, sorted by path. */
export async function scanLocalChanges(root: string): Promise<ScannedChange[]> {
  try {
    const head = await headBlobs(root)
    const stats = await trustedStats(root)
    const candidates = new Set<string>([...head.paths.keys(), ...(await worktreeFiles(root, head.paths))])
    const toHash: string[] = []
    for (const p of [...candidates].sort())
      if (!(await unchangedByStat(root, p, head.paths.get(p), stats))) toHash.push(p)
    const kinds = await localChanges(root, toHash)
    const out: ScannedChange[] = []
    for (const [path, change] of kinds) {
      const oid = head.paths.get(path)
      out.push({
        path,
        change,
        work: change === 'deleted' ? null : await readWork(root, path),
        head: oid ? await readObjectOfType(head.commondir, oid, 'blob', head.cache) : null
      })
    }
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  } catch (e) {
    if (e instanceof HubError) throw e
    throw ioError(`lecture des modifications locales de ${root} impossible : ${describeError(e)}`)
  }
}

/** What was shown: each path, its kind and a hash of its worktree bytes. */
export function basisOf(changes: ScannedChange[]): string {
  const h = createHash('sha256')
  for (const c of changes) {
    h.update(`${c.path}\0${c.change}\0`)
    h.update(c.work === null ? '-' : createHash('sha256').update(c.work).digest('hex'))
    h.update('\n')
  }
  return h.digest('hex')
}

const isBinary = (b: Buffer | null): boolean => b !== null && b.subarray(0, 8000).includes(0)

function fileView(c: ScannedChange): LocalChangeFile {
  const size = c.work?.length ?? 0
  const binary = isBinary(c.work) || isBinary(c.head)
  const tooLarge = size > DIFF_MAX_BYTES || (c.head?.length ?? 0) > DIFF_MAX_BYTES
  let diff: string | null = null
  if (!binary && !tooLarge) {
    const before = c.head?.toString('utf8') ?? ''
    let after = c.work?.toString('utf8') ?? ''
    // Under core.autocrlf the worktree holds CRLF where HEAD holds LF: not a change to show.
    if (!before.includes('\r')) after = after.replace(/\r\n/g, '\n')
    diff = unifiedDiff(
      c.change === 'untracked' ? null : c.path,
      c.change === 'deleted' ? null : c.path,
      before,
      after
    )
  }
  return { path: c.path, change: c.change, diff, binary, tooLarge, size }
}

export async function listLocalChanges(base: Base, author: string | null): Promise<LocalChangesView> {
  const changes = await scanLocalChanges(base.root)
  return { base: base.name, files: changes.map(fileView), basis: basisOf(changes), author }
}

/** The manager's name as a commit author: the reviewer setting without its `human:` prefix. */
export function authorName(reviewer: string | null): string | null {
  const name = (reviewer ?? '').replace(/^human:/i, '').trim()
  // Git's author line cannot hold these: `<`, `>` would end the name early, a newline the header.
  const clean = name.replace(/[<>\r\n\0]/g, '').trim()
  return clean === '' ? null : clean
}

export const MESSAGE_MAX = 10_000

/** A message the manager typed: one subject line first, no NUL, trailing spaces trimmed, ends with a newline. */
export function checkMessage(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '')
    throw invalidInput('message de commit absent : dites en une ligne ce que sont ces modifications', {
      kind: 'commit-message-missing'
    })
  if (raw.includes('\0') || raw.length > MESSAGE_MAX)
    throw invalidInput(`message de commit refusé (caractère nul ou plus de ${MESSAGE_MAX} caractères)`)
  const lines = raw
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd())
  while (lines.length > 0 && lines[0] === '') lines.shift()
  return lines.join('\n').trimEnd() + '\n'
}

/** Refused when what is on disk is no longer what the manager previewed. */
export function assertSameBasis(changes: ScannedChange[], basis: unknown): void {
  if (typeof basis !== 'string' || basis !== basisOf(changes))
    throw invalidInput(
      'les modifications locales ont changé depuis leur aperçu : rien n’a été fait, regardez-les de nouveau',
      { kind: 'local-changes-moved', params: { paths: changes.map((c) => c.path) } }
    )
  if (changes.length === 0)
    throw invalidInput('aucune modification locale dans cette base', {
      kind: 'local-changes-moved',
      params: { paths: [] }
    })
}

/**
 * What Keep and Set aside both do first: under the base's lock, an interrupted write rolled back,
 * then the changes scanned again and refused unless they are the ones the manager previewed.
 */
export async function withPreviewedChanges<T>(
  base: Base,
  basis: unknown,
  opts: { log: HubLog; lockTimeoutMs?: number },
  fn: (lock: HeldLock, changes: ScannedChange[], repo: RepoLayout) => Promise<T>
): Promise<T> {
  const repo = await assertWritableRepository(base.root)
  return withBaseLock(
    base.root,
    async (lock) => {
      await recoverInterrupted(repo, lock, opts.log)
      const changes = await scanLocalChanges(base.root)
      assertSameBasis(changes, basis)
      return fn(lock, changes, repo)
    },
    { timeoutMs: opts.lockTimeoutMs, log: opts.log }
  )
}

/**
 * Keep them: one commit of exactly the changed paths (nothing else of the index), authored by the
 * manager (the committer stays the hub), with the manager's message, under the base lock.
 */
export async function keepLocalChanges(
  base: Base,
  req: KeepChangesRequest,
  opts: { reviewer: string | null; log: HubLog; now?: Date; lockTimeoutMs?: number }
): Promise<KeepChangesResult> {
  const author = authorName(opts.reviewer)
  if (author === null)
    throw invalidInput('nom du gestionnaire absent des réglages : il signe le commit', {
      kind: 'reviewer-missing'
    })
  const message = checkMessage(req?.message)
  return withPreviewedChanges(base, req?.basis, opts, async (lock, changes, repo) => {
    const paths = changes.map((c) => c.path)
    const commit = await commitPaths(repo, paths, message, {
      lock,
      deadline: lock.deadline,
      log: opts.log,
      now: opts.now,
      author: { name: author, email: '' }
    })
    opts.log.info(
      `modifications locales de '${base.name}' gardées : ${commit.slice(0, 10)} (${paths.length} fichier(s), auteur ${author})`
    )
    return { base: base.name, commit, paths, author, message }
  })
}
