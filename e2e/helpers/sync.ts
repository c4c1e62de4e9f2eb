import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, removeDir, tempDir } from '../../test/helpers/fixtures'
import type { Hub } from './hub'

/** Imports a served repository through the HubApi, confirmed and served (the wizard has its own tests). */
export async function importFrom(hub: Hub, url: string, token?: string): Promise<void> {
  const jobId = randomUUID()
  await hub.api('importBase', { jobId, source: url, ...(token ? { token } : {}) })
  await hub.api('confirmImport', jobId)
  await hub.listBases()
}

/** "Someone else": a clone of the bare repository by git, one file written, committed and pushed. */
export function pushFromElsewhere(bare: string, path: string, text: string, message: string): void {
  const work = tempDir('okf-e2e-other-')
  try {
    git(work, 'clone', '-q', bare, 'w')
    const w = join(work, 'w')
    writeFileSync(join(w, path), text)
    git(w, 'add', '-A')
    git(w, '-c', 'user.name=Autre', '-c', 'user.email=autre@example.org', 'commit', '-q', '-m', message)
    git(w, 'push', '-q', 'origin', 'HEAD')
  } finally {
    removeDir(work)
  }
}

/** A commit made in the base's folder outside the hub (git itself), on `path`. */
export function commitOutsideHub(dir: string, path: string, text: string, message: string): void {
  writeFileSync(join(dir, path), text)
  git(dir, 'add', '-A')
  git(dir, '-c', 'user.name=Moi', '-c', 'user.email=moi@example.org', 'commit', '-q', '-m', message)
}
