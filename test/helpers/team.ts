import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from '../../src/engine/registry/base'
import { loadManifest } from '../../src/engine/registry/manifest'
import { git, makeBundle, tempDir, type BundleSpec } from './fixtures'
import { startGitHttpServer, type GitHttpOptions, type GitHttpServer } from './git-http'

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
  close(): Promise<void>
}

export interface Hub {
  label: string
  basesDir: string
  root: string
  base: Base
}

export function baseAt(root: string, dirName: string): Base {
  const loaded = loadManifest(root, dirName)
  if (!loaded.ok) throw new Error(loaded.reason)
  return loaded.base
}

export async function startTeam(
  opts: { name?: string; spec?: BundleSpec; server?: GitHttpOptions; dir?: string } = {}
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
  const server = await startGitHttpServer(projects, opts.server)
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
