import * as fs from 'node:fs'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { HUB_AUTHOR } from './identity'

function walkFiles(dir: string, rel = ''): string[] {
  const out: string[] = []
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1
  )) {
    const r = rel ? `${rel}/${e.name}` : e.name
    if (e.name === '.git') continue
    if (e.isDirectory()) out.push(...walkFiles(dir, r))
    else if (e.isFile()) out.push(r)
  }
  return out
}

/** Files staged per call of isomorphic-git's `add`. */
const ADD_BATCH = 500

/**
 * Makes `dir` a standalone repository (branch `main`) whose first commit holds
 * every file in it. Only for folders we just created: it stages everything.
 */
export async function initRepositoryWithFiles(
  dir: string,
  message: string,
  now = new Date(),
  signal?: AbortSignal
): Promise<string> {
  const git = await import('isomorphic-git')
  await git.init({ fs, dir, defaultBranch: 'main' })
  // Staged ADD_BATCH files per call: each call rewrites the whole index, so one file per call was
  // quadratic (3,000 files: 88 s). Between batches, a cancelled import stops.
  const files = walkFiles(dir)
  for (let i = 0; i < files.length; i += ADD_BATCH) {
    signal?.throwIfAborted()
    await git.add({ fs, dir, filepath: files.slice(i, i + ADD_BATCH) })
  }
  signal?.throwIfAborted()
  const when = { timestamp: Math.floor(now.getTime() / 1000), timezoneOffset: now.getTimezoneOffset() }
  return git.commit({
    fs,
    dir,
    message,
    author: { ...HUB_AUTHOR, ...when },
    committer: { ...HUB_AUTHOR, ...when }
  })
}
