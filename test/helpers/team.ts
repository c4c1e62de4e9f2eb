import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from '../../src/engine/registry/base'
import { loadManifest } from '../../src/engine/registry/manifest'
import { git, makeBundle, tempDir, type BundleSpec } from './fixtures'
import { startGitHttpServer, type GitHttpOptions, type GitHttpServer } from './git-http'
import { startGitHttpServerProcess } from './git-http-process'

/**
 * A team on git hosting, for sync tests and the team benchmark: one bare repository (`base.git`,
 * branch main) served over smart HTTP on 127.0.0.1, seeded from a bundle, and as many hubs as
 * asked, each a bases dir holding a clone of it (remote `origin` = the HTTP URL, upstream set).
 */
export interface Team {
  dir: string
  server: GitHttpServer
  /** The bare repository on disk (inspect it with git). */
  bare: string
  url: string
  name: string
  /** A new hub: `<dir>/hub-<label>/<name>` cloned from the remote. */
  clone(label: string): Hub
  /** With `protect`: the token of user `label` (each hub is its own user). */
  tokenOf(label: string): string
  /** With `protect`: turns the protection rule on or off (a team migrating). */
  protectMain(on: boolean): void
  close(): Promise<void>
}

export interface Hub {
  label: string
  basesDir: string
  root: string
  base: Base
}

/**
 * What a hosting's branch protection does, as a pre-receive hook (issue 27): only `manager`
 * updates main, and only as a fast-forward without merge commits; anyone may create an
 * `okf-hub/inbox/<id>` branch, which then belongs to its creator (only they update or delete it,
 * never by a non-fast-forward); every other ref is refused. GitHub's and GitLab's own messages
 * are mimicked (« protected branch hook declined »).
 */
const PROTECT_HOOK = (manager: string): string => `#!/bin/sh
zero=0000000000000000000000000000000000000000
owners="$GIT_DIR/inbox-owners"
touch "$owners"
while read old new ref; do
  case "$ref" in
    refs/heads/main)
      if [ "$REMOTE_USER" != "${manager}" ]; then
        echo "GH006: Protected branch update failed for refs/heads/main: $REMOTE_USER may not push" >&2
        exit 1
      fi
      if [ "$old" != "$zero" ] && ! git merge-base --is-ancestor "$old" "$new"; then
        echo "protected branch: force push refused" >&2; exit 1
      fi
      if [ "$old" != "$zero" ] && [ -n "$(git rev-list --merges "$old..$new")" ]; then
        echo "protected branch: merge commits refused (linear history)" >&2; exit 1
      fi ;;
    refs/heads/okf-hub/inbox/*)
      owner=$(grep "^$ref " "$owners" | cut -d' ' -f2)
      if [ -n "$owner" ] && [ "$owner" != "$REMOTE_USER" ]; then
        echo "inbox $ref belongs to $owner, not $REMOTE_USER" >&2; exit 1
      fi
      if [ "$old" != "$zero" ] && [ "$new" != "$zero" ] && ! git merge-base --is-ancestor "$old" "$new"; then
        echo "inbox $ref: force push refused" >&2; exit 1
      fi
      [ -z "$owner" ] && echo "$ref $REMOTE_USER" >> "$owners" ;;
    *)
      echo "refusing $ref" >&2; exit 1 ;;
  esac
done
exit 0
`

export function baseAt(root: string, dirName: string): Base {
  const loaded = loadManifest(root, dirName)
  if (!loaded.ok) throw new Error(loaded.reason)
  return loaded.base
}

export async function startTeam(
  opts: {
    name?: string
    spec?: BundleSpec
    server?: GitHttpOptions
    dir?: string
    /** Protected main (issue 27): `manager` is the only user who may push it; `users` get tokens. */
    protect?: { manager: string; users: string[]; startOpen?: boolean }
    /** The git server in a process of its own (`git-http-process.ts`): for many hubs in one process. */
    serverProcess?: boolean
  } = {}
): Promise<Team> {
  const dir = opts.dir ?? tempDir('okf-team-')
  const name = opts.name ?? 'equipe'
  const seedDir = join(dir, 'seed')
  mkdirSync(seedDir, { recursive: true })
  const seed = makeBundle(seedDir, name, opts.spec)
  const projects = join(dir, 'remote')
  mkdirSync(projects, { recursive: true })
  const bare = join(projects, 'base.git')
  git(projects, 'init', '-q', '--bare', '-b', 'main', bare)
  // Receive-pack over http-backend refuses unless enabled for the anonymous test user.
  git(bare, 'config', 'http.receivepack', 'true')
  git(seed, 'push', '-q', bare, 'main')
  const tokens: Record<string, string> = {}
  if (opts.protect) {
    for (const u of new Set([opts.protect.manager, ...opts.protect.users])) tokens[`tok-${u}`] = u
  }
  const protectMain = (on: boolean): void => {
    if (!opts.protect) throw new Error('équipe sans protection configurée')
    const hook = join(bare, 'hooks', 'pre-receive')
    if (on) {
      writeFileSync(hook, PROTECT_HOOK(opts.protect.manager))
      chmodSync(hook, 0o755)
    } else rmSync(hook, { force: true })
  }
  if (opts.protect && !opts.protect.startOpen) protectMain(true)
  const serverOpts = { ...opts.server, ...(opts.protect ? { tokens } : {}) }
  const server = opts.serverProcess
    ? await startGitHttpServerProcess(projects, serverOpts)
    : await startGitHttpServer(projects, serverOpts)
  const url = `${server.url}/base.git`
  return {
    dir,
    server,
    bare,
    url,
    name,
    clone(label: string): Hub {
      const basesDir = join(dir, `hub-${label}`)
      mkdirSync(basesDir, { recursive: true })
      const root = join(basesDir, name)
      // Cloned from disk (no token needed here), then pointed at the HTTP URL like a real clone.
      git(basesDir, 'clone', '-q', bare, name)
      git(root, 'remote', 'set-url', 'origin', url)
      return { label, basesDir, root, base: baseAt(root, name) }
    },
    protectMain,
    tokenOf(label: string): string {
      const t = `tok-${label}`
      if (!Object.hasOwn(tokens, t)) throw new Error(`pas de jeton pour ${label}`)
      return t
    },
    close: () => server.close()
  }
}

/** Commits `files` in a plain clone of the team's remote and pushes it (someone else's work). */
export function pushFromElsewhere(
  team: Team,
  label: string,
  files: Record<string, string | null>,
  message: string
): string {
  const root = join(team.dir, `other-${label}`)
  if (existsSync(root)) git(root, 'pull', '-q', '--ff-only', 'origin', 'main')
  else git(team.dir, 'clone', '-q', team.bare, root)
  for (const [rel, text] of Object.entries(files)) {
    if (text === null) git(root, 'rm', '-q', rel)
    else {
      const abs = join(root, rel)
      mkdirSync(join(abs, '..'), { recursive: true })
      writeFileSync(abs, text)
      git(root, 'add', rel)
    }
  }
  git(root, 'commit', '-qm', message)
  git(root, 'push', '-q', 'origin', 'HEAD:main')
  return git(root, 'rev-parse', 'HEAD').trim()
}
