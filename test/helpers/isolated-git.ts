import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * git run as a stranger to this machine: none of the caller's `GIT_*` variables, no system or
 * global config, the C locale — so a developer's settings (a global `core.splitIndex`, a hook
 * path, a `GIT_DIR`) can never change what the git-floor tests see.
 */
export const isolatedGitEnv: NodeJS.ProcessEnv = (() => {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v
  return { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' }
})()

export function isolatedGit(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    env: isolatedGitEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe']
  })
}

/** Writes `content` at `rel` under `root`, its folders made. */
export function writeRel(root: string, rel: string, content: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true })
  writeFileSync(join(root, rel), content)
}
