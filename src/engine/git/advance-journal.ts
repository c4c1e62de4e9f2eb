import { readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { HubLog } from '../hublog'
import { removeStaleTemps } from './atomic-write'
import type { RepoLayout } from './layout'
import { readHead, readRefValue } from './refs'

/**
 * The journal of a branch move (`advance.ts`): written, fsynced, before the move's first worktree
 * file, removed once the branch moved. A process killed in between leaves it, and the next move
 * under the base lock completes the interrupted one (or drops the journal of a move that was made).
 */

/** The interrupted-move journal, in the worktree's git dir (beside the HEAD and index it speaks of). */
export const ADVANCE_JOURNAL = 'okf-hub-advance.json'

export interface AdvanceJournal {
  ref: string
  from: string
  to: string
}

export const journalPath = (repo: RepoLayout): string => join(repo.gitdir, ADVANCE_JOURNAL)

export async function readJournal(repo: RepoLayout, log: HubLog | undefined): Promise<AdvanceJournal | null> {
  const path = journalPath(repo)
  // Its own temp file, when the kill came before its rename (under the base lock: never a live one's).
  await removeStaleTemps(path, 0)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
  const journal = parseJournal(text)
  if (journal) return journal
  log?.warning(`journal de synchronisation ${path} illisible : supprimé`)
  await unlink(path).catch(() => undefined)
  return null
}

/** A journal's text, or null when it is not one (renamed into place whole: never cut short). */
export function parseJournal(text: string): AdvanceJournal | null {
  try {
    const j = JSON.parse(text) as Partial<AdvanceJournal>
    if (typeof j.ref === 'string' && typeof j.from === 'string' && typeof j.to === 'string')
      return { ref: j.ref, from: j.from, to: j.to }
  } catch {
    // Not one of ours to follow.
  }
  return null
}

/** The journal as it is, read only (a probe holds no lock: it never removes or settles anything). */
export async function peekJournal(repo: RepoLayout): Promise<AdvanceJournal | null> {
  const text = await readFile(journalPath(repo), 'utf8').catch(() => null)
  return text === null ? null : parseJournal(text)
}

/** Whether the journal's move is still to be made: its branch checked out and still at its `from`. */
export async function journalPending(repo: RepoLayout, journal: AdvanceJournal): Promise<boolean> {
  const head = await readHead(repo)
  return head.symbolic && journal.ref === head.ref && (await readRefValue(repo, head.ref)) === journal.from
}

/** Removes the journal of a move that was made (the kill came after the branch moved), or overtaken. */
export async function dropJournal(
  repo: RepoLayout,
  journal: AdvanceJournal,
  log: HubLog | undefined
): Promise<void> {
  await unlink(journalPath(repo))
  log?.info(`synchronisation interrompue après le déplacement de ${journal.ref} : journal supprimé`)
}
