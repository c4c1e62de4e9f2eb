import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fetch as gitFetch, push as gitPush, type HttpClient } from 'isomorphic-git'
import nodeHttp from 'isomorphic-git/http/node'
import { describeError } from '../errors'
import { tokenAuth, type TokenAuth } from '../git/auth'
import { removeStaleTemps, STALE_TEMP_MS, writeFileAtomic } from '../git/atomic-write'
import { ObjectBatch } from '../git/objects'
import { ObjectStore } from '../git/pack'
import type { StepHook } from '../steps'
import type { RemoteTarget } from './target'

/**
 * The network side of sync, over isomorphic-git's smart-HTTP client (no git install): fetch
 * the remote branch, push a commit onto it. Every request has an idle timeout, so an unreachable
 * host ends in « injoignable » instead of hanging; a failure is classified for the status
 * (unreachable / authentication / other) in a sentence without the token or URL credentials.
 */

/** No byte for this long on a connection (connecting included): the host is unreachable. */
export const DEFAULT_NET_TIMEOUT_MS = 15_000

/** `protected`: the host's branch protection (or another pre-receive rule) refused the update. */
/** `missing`: the remote answered that no repository is there (404, 410): not a failure to retry. */
export type NetFailureKind = 'unreachable' | 'auth-required' | 'missing' | 'rejected' | 'protected' | 'error'

export class NetFailure extends Error {
  constructor(
    readonly kind: NetFailureKind,
    message: string
  ) {
    super(message)
    this.name = 'NetFailure'
  }
}

export interface TransportOptions {
  token: string | null
  timeoutMs?: number
  /** Tests inject a client; default: isomorphic-git's Node client. */
  http?: HttpClient
  /** Tests only (issue 13): `sync:fetched`, `sync:tracking-ref-written`, `sync:pushed` (and the atomic writes'). */
  onStep?: StepHook
}

function timedClient(base: HttpClient, timeoutMs: number): HttpClient {
  return {
    request: (req) =>
      base.request({
        ...req,
        fetchOptions: { ...(req as { fetchOptions?: object }).fetchOptions, timeout: timeoutMs }
      } as typeof req)
  }
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
  'CERT_HAS_EXPIRED',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT'
])

/** Strips `//user:pass@` from any text (error messages may quote the configured URL). */
const scrub = (text: string): string => text.replace(/\/\/[^/\s@]+@/g, '//')

export function classify(e: unknown, auth: TokenAuth, target: RemoteTarget): NetFailure {
  if (e instanceof NetFailure) return e
  const err = e as { code?: string; data?: { statusCode?: number; reason?: string }; message?: string }
  const where = `${target.host ?? target.displayUrl}`
  if (
    err.code === 'UserCanceledError' ||
    (err.code === 'HttpError' && (err.data?.statusCode === 401 || err.data?.statusCode === 403))
  ) {
    if (auth.refused || (err.code === 'HttpError' && err.data?.statusCode === 403))
      return new NetFailure(
        'auth-required',
        `le jeton pour ${where} a été refusé : vérifiez qu'il est valide et qu'il donne accès à ce dépôt (lecture, et écriture pour pousser)`
      )
    return new NetFailure(
      'auth-required',
      `${where} demande une authentification : enregistrez un jeton pour cet hôte (application de bureau) ou définissez OKF_HUB_GIT_TOKEN`
    )
  }
  if (err.code === 'HttpError') {
    const status = err.data?.statusCode ?? 0
    if (status === 404 || status === 410)
      return new NetFailure(
        'missing',
        `dépôt distant introuvable sur ${where} (${status}) : renommé, déplacé ou supprimé, ou le jeton ` +
          `n'y a pas accès ; vérifiez l'adresse ${target.displayUrl}`
      )
    if (status >= 500 || status === 0)
      return new NetFailure('unreachable', `${where} répond en erreur (${status}) : réessayez plus tard`)
    return new NetFailure(
      'error',
      `${where} a répondu ${status} : ${scrub(err.data?.reason ?? err.message ?? '')}`
    )
  }
  if ((err.code && UNREACHABLE_CODES.has(err.code)) || /timed out|socket hang up/i.test(err.message ?? ''))
    return new NetFailure(
      'unreachable',
      `dépôt distant injoignable (${where} : ${err.code ?? 'délai dépassé'}) : vérifiez le réseau, la synchronisation reprendra plus tard`
    )
  return new NetFailure('error', `échange avec ${where} impossible : ${scrub(describeError(e))}`)
}

/**
 * Fetches the remote branch; returns its tip (null when the remote has no such branch yet) and
 * points the tracking ref at it. Objects arrive as one pack; HEAD, the index and the worktree are
 * not touched.
 */
export async function fetchRemote(
  root: string,
  commondir: string,
  target: RemoteTarget,
  opts: TransportOptions
): Promise<string | null> {
  return fetchInto(root, commondir, target, opts, {
    refs: { remoteRef: target.remoteBranch, singleBranch: true },
    trackingStep: true
  })
}

/**
 * One fetch, whichever branches it asks for: the pack explodes when small, the tracking ref of
 * the base's branch is written, an empty remote (or one without the branch) answers null.
 */
async function fetchInto(
  root: string,
  commondir: string,
  target: RemoteTarget,
  opts: TransportOptions,
  what: {
    refs: { remoteRef?: string; singleBranch: boolean; prune?: boolean }
    /** The fault-injection step after the tracking ref (the single-branch fetch's path has it). */
    trackingStep: boolean
  }
): Promise<string | null> {
  const auth = tokenAuth(opts.token)
  const http = timedClient(opts.http ?? nodeHttp, opts.timeoutMs ?? DEFAULT_NET_TIMEOUT_MS)
  const packDir = join(commondir, 'objects', 'pack')
  const packsBefore = new Set(await readdir(packDir).catch(() => []))
  try {
    const res = await gitFetch({
      fs,
      http,
      dir: root,
      gitdir: commondir,
      url: target.url,
      remote: target.remote,
      ref: target.remoteBranch,
      ...what.refs,
      tags: false,
      onAuth: auth.onAuth,
      onAuthFailure: auth.onAuthFailure
    })
    const tip = res.fetchHead ?? null
    await opts.onStep?.('sync:fetched')
    for (const name of await readdir(packDir).catch(() => [])) {
      if (name.endsWith('.idx') && !packsBefore.has(name)) await unpackSmall(commondir, join(packDir, name))
    }
    if (tip) {
      await writeTrackingRef(commondir, target.trackingRef, tip, opts.onStep)
      if (what.trackingStep) await opts.onStep?.('sync:tracking-ref-written')
    }
    return tip
  } catch (e) {
    const err = e as { code?: string }
    // An empty remote (or one without this branch): nothing to fetch, everything local is ahead.
    if (err.code === 'NotFoundError' && /refs\/heads\/|could not find/i.test((e as Error).message))
      return null
    throw classify(e, auth, target)
  }
}

/** git's own `fetch.unpackLimit`: a fetch of fewer objects leaves them loose, not in one more pack. */
export const UNPACK_LIMIT = 100

/**
 * Every sync fetches a little; a pack per fetch would pile up (each object read then searches
 * every pack). Like git, a small pack is exploded into loose objects (written before the pack
 * goes, so every object stays readable throughout) and removed.
 */
async function unpackSmall(commondir: string, idxPath: string): Promise<void> {
  const idx = await readFile(idxPath)
  // Pack index v2: magic, version, 256 fan-out counts (the last is the total), then the oids.
  if (idx.readUInt32BE(0) !== 0xff744f63 || idx.readUInt32BE(4) !== 2) return
  const count = idx.readUInt32BE(8 + 255 * 4)
  if (count >= UNPACK_LIMIT) return
  const oids: string[] = []
  for (let i = 0; i < count; i++)
    oids.push(idx.toString('hex', 8 + 256 * 4 + i * 20, 8 + 256 * 4 + (i + 1) * 20))
  const batch = new ObjectBatch(commondir)
  // Read from the packs directly: each object here is packed, so a loose probe first would miss.
  const packs = new ObjectStore(join(commondir, 'objects'))
  for (const oid of oids) {
    const o = packs.readPacked(oid)
    if (!o || batch.add(o.type, o.body) !== oid) return // never drop what we could not copy
  }
  await batch.flush()
  await rm(idxPath.replace(/\.idx$/, '.pack'), { force: true })
  await rm(idxPath, { force: true })
}

/**
 * The tracking ref written as git does (whole file, then rename). A temp file a killed fetch left
 * in the refs folder (git would take it for a ref with a bad name) goes first; fetches run outside
 * the base lock, so only an old one.
 */
export async function writeTrackingRef(
  commondir: string,
  ref: string,
  sha: string,
  onStep?: StepHook
): Promise<void> {
  const file = join(commondir, ...ref.split('/'))
  await mkdir(dirname(file), { recursive: true })
  await removeStaleTemps(file, STALE_TEMP_MS)
  await writeFileAtomic(file, `${sha}\n`, onStep)
}

/** A server's words for « the branch is no longer where you said » (git's receive-pack, hosts). */
const MOVED =
  /non-fast-forward|fetch first|stale info|failed to (lock|update)|cannot lock|incorrect old value|already exists|not a fast forward/i

/**
 * A host's words for « this branch is protected » (git's receive-pack for any pre-receive refusal,
 * GitHub's « protected branch hook declined », GitLab's « not allowed to push … protected »).
 */
const PROTECTED = /hook declined|protected branch|not allowed to (push|force)|protected ref/i

/** Where the commit to push is pointed at while it is pushed (the branch moves only after). */
const PUSH_REF = 'refs/okf-hub/push'

/**
 * Pushes `sha` onto the remote branch, which must still be `expected` there (git's own
 * compare-and-swap on the server: a push racing another one is rejected, never forced).
 * `rejected` when the remote moved meanwhile.
 */
export async function pushCommit(
  root: string,
  commondir: string,
  target: RemoteTarget,
  sha: string,
  opts: TransportOptions,
  /** Another branch of the remote (an inbox) and its tracking ref; default the base's branch. */
  dest: { remoteBranch: string; trackingRef: string; delete?: boolean } = {
    remoteBranch: target.remoteBranch,
    trackingRef: target.trackingRef
  }
): Promise<void> {
  const auth = tokenAuth(opts.token)
  const http = timedClient(opts.http ?? nodeHttp, opts.timeoutMs ?? DEFAULT_NET_TIMEOUT_MS)
  // One ref per push: two processes pushing the same base never read each other's commit.
  const ref = `${PUSH_REF}-${process.pid}-${randomBytes(4).toString('hex')}`
  const refFile = join(commondir, ...ref.split('/'))
  await mkdir(dirname(refFile), { recursive: true })
  await writeFileAtomic(refFile, `${sha}\n`)
  try {
    await gitPush({
      fs,
      http,
      dir: root,
      gitdir: commondir,
      url: target.pushUrl,
      ref,
      remoteRef: `refs/heads/${dest.remoteBranch}`,
      delete: dest.delete === true,
      onAuth: auth.onAuth,
      onAuthFailure: auth.onAuthFailure
    })
  } catch (e) {
    const err = e as { code?: string; message?: string }
    if (err.code === 'GitPushError' && PROTECTED.test(err.message ?? ''))
      throw new NetFailure(
        'protected',
        `${target.host} refuse la mise à jour de ${dest.remoteBranch} (branche protégée) : ${scrub(err.message ?? '').trim()}`
      )
    if (err.code === 'PushRejectedError' || (err.code === 'GitPushError' && MOVED.test(err.message ?? '')))
      throw new NetFailure(
        'rejected',
        `poussée refusée par ${target.host} (le dépôt distant a bougé entre-temps)`
      )
    if (err.code === 'GitPushError')
      throw new NetFailure('error', `poussée refusée par ${target.host} : ${scrub(err.message ?? '').trim()}`)
    throw classify(e, auth, target)
  } finally {
    await rm(refFile, { force: true })
  }
  await opts.onStep?.('sync:pushed')
  if (dest.delete) await rm(join(commondir, ...dest.trackingRef.split('/')), { force: true })
  else {
    await writeTrackingRef(commondir, dest.trackingRef, sha, opts.onStep)
    await opts.onStep?.('sync:tracking-ref-written')
  }
}

/**
 * The manager's fetch (issue 27): the base's branch and every inbox branch in one request
 * (`refs/heads/*`; inboxes deleted on the remote lose their tracking refs). Returns the branch's
 * tip, like `fetchRemote`.
 */
export async function fetchAllBranches(
  root: string,
  commondir: string,
  target: RemoteTarget,
  opts: TransportOptions
): Promise<string | null> {
  return fetchInto(root, commondir, target, opts, {
    refs: { singleBranch: false, prune: true },
    trackingStep: false
  })
}
