import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseGitConfig, resolveLayout, type GitConfig } from '../git/layout'
import { redactUrl } from '../git/auth'
import { readHead, type Head } from '../git/refs'
import type { SyncProblem } from '../../shared/hub-api'

/**
 * Which remote a base syncs with, from git's own configuration — the current branch's upstream
 * (`branch.<b>.remote` / `branch.<b>.merge`, what `git clone` and `git push -u` set), else
 * `origin` and the same branch name. Read without isomorphic-git (a server start only checks
 * whether any base has a remote, and loads the network code only then).
 */

export interface RemoteTarget {
  /** Local branch (short name), the one HEAD points to. */
  branch: string
  /** Remote name (`origin`). */
  remote: string
  /** Branch name on the remote. */
  remoteBranch: string
  /** Fetch URL, as configured (it may carry credentials: never shown, never logged). */
  url: string
  /** Push URL (`remote.<r>.pushurl`, else the URL). */
  pushUrl: string
  /** `refs/remotes/<remote>/<remoteBranch>`: the last known remote tip. */
  trackingRef: string
  /** `host[:port]` of the push URL (the credential key); null for a non-HTTP URL. */
  host: string | null
  /** The URL without credentials, for display. */
  displayUrl: string
}

export type TargetLookup =
  | { kind: 'ok'; target: RemoteTarget }
  | {
      kind: 'no-remote'
      branch: string | null
      /** The remote is a folder of this computer (an import from a local repository): its name and path. */
      folder?: { remote: string; url: string }
    }
  | { kind: 'error'; branch: string | null; message: string; problem: SyncProblem }

const last = (cfg: GitConfig, key: string): string | undefined => cfg.get(key)?.at(-1)

function httpHost(url: string): string | null {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host.toLowerCase() : null
  } catch {
    return null
  }
}

/**
 * Whether a remote URL names a folder of this computer, as git reads it: no `scheme://`, and no
 * `host:` before the first slash (scp-like ssh); `file://` and a Windows drive are folders too.
 */
export function isFolderUrl(url: string): boolean {
  if (/^file:\/\//i.test(url) || /^[A-Za-z]:[\\/]/.test(url)) return true
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) return false
  const colon = url.indexOf(':')
  const slash = url.indexOf('/')
  return colon < 0 || (slash >= 0 && slash < colon)
}

/** A remote's fetch URL and push URL (`remote.<r>.pushurl`, else the URL); null without a URL. */
function remoteUrls(cfg: GitConfig, remote: string): { url: string; pushUrl: string } | null {
  const url = last(cfg, `remote.${remote}.url`)
  return url ? { url, pushUrl: last(cfg, `remote.${remote}.pushurl`) ?? url } : null
}

/** Both its addresses are folders of this computer: a remote the hub never syncs with. */
const isFolderRemote = (u: { url: string; pushUrl: string }): boolean =>
  isFolderUrl(u.url) && isFolderUrl(u.pushUrl)

/**
 * For a base on no branch, which remote would be followed is unknown; whether any could be is not.
 * `no-remote` when every configured remote is a folder of this computer (naming the first), or
 * when there is none; null when some remote could be synced with.
 */
function noSyncableRemote(cfg: GitConfig): Extract<TargetLookup, { kind: 'no-remote' }> | null {
  let folder: { remote: string; url: string } | undefined
  for (const key of cfg.keys()) {
    const remote = /^remote\.(.+)\.url$/.exec(key)?.[1]
    const urls = remote === undefined ? null : remoteUrls(cfg, remote)
    if (remote === undefined || !urls) continue
    if (!isFolderRemote(urls)) return null
    folder ??= { remote, url: urls.url }
  }
  return folder ? { kind: 'no-remote', branch: null, folder } : { kind: 'no-remote', branch: null }
}

/**
 * The base's remote and branch; `no-remote` when git knows no remote for it, or when its remote is
 * a folder of this computer: a base imported from a local repository keeps that path as `origin`,
 * as `git clone <path>` does, but the hub syncs over http(s) only — there is nothing it would do,
 * and reporting an error on every sync (and `sync --all` exiting 1) for it helped nobody.
 */
export async function remoteTarget(root: string): Promise<TargetLookup> {
  let layout
  try {
    layout = await resolveLayout(root)
  } catch (e) {
    return {
      kind: 'error',
      branch: null,
      message: (e as Error).message,
      problem: { kind: 'repo-unreadable' }
    }
  }
  let head: Head
  try {
    head = await readHead(layout)
  } catch {
    return {
      kind: 'error',
      branch: null,
      message: `HEAD illisible dans ${root}`,
      problem: { kind: 'head-unreadable' }
    }
  }
  const text = await readFile(join(layout.commondir, 'config'), 'utf8').catch(() => '')
  const cfg = parseGitConfig(text)
  if (!head.symbolic || !head.ref.startsWith('refs/heads/')) {
    // Off its branch, a base has nothing to sync until it is back on one; but a base that has no
    // remote to sync with was never going to sync, and saying « sync failed » for it misleads
    // (the base's own banner says what is wrong with HEAD).
    const noRemote = noSyncableRemote(cfg)
    if (noRemote) return noRemote
    return {
      kind: 'error',
      branch: null,
      message: 'HEAD est détaché (aucune branche courante) : revenez sur une branche pour synchroniser',
      problem: { kind: 'detached-head' }
    }
  }
  const branch = head.ref.slice('refs/heads/'.length)
  const remote = last(cfg, `branch.${branch}.remote`) ?? 'origin'
  if (remote === '.') return { kind: 'no-remote', branch }
  const urls = remoteUrls(cfg, remote)
  if (!urls) return { kind: 'no-remote', branch }
  const { url, pushUrl } = urls
  const merge = last(cfg, `branch.${branch}.merge`)
  const remoteBranch = merge?.startsWith('refs/heads/') ? merge.slice('refs/heads/'.length) : branch
  if (isFolderRemote(urls)) return { kind: 'no-remote', branch, folder: { remote, url } }
  const target: RemoteTarget = {
    branch,
    remote,
    remoteBranch,
    url,
    pushUrl,
    trackingRef: `refs/remotes/${remote}/${remoteBranch}`,
    host: httpHost(pushUrl),
    displayUrl: redactUrl(url)
  }
  if (target.host === null || httpHost(url) === null)
    return {
      kind: 'error',
      branch,
      message: `le dépôt distant ${remote} (${target.displayUrl}) n'est pas une adresse http(s) : seules celles-ci sont synchronisées (ssh et chemins locaux ne le sont pas)`,
      problem: { kind: 'not-http', params: { remote, url: target.displayUrl } }
    }
  return { kind: 'ok', target }
}
