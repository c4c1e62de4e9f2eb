import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../git/atomic-write'
import { invalidInput, ioError } from '../errors'
import type { HubLog } from '../hublog'
import type { ResolutionPlan } from '../../shared/review'
import type { DraftState } from '../../shared/hub-api'

/**
 * Plan drafts: the manager's unfinished plan for a base, kept in the user-data folder so that a
 * reload, a crash or closing the window loses nothing. A draft is work in progress — it need not
 * be a valid plan (the engine validates at preview and resolve) — but it must have the plan's
 * shape, and it is bounded in size.
 */

export const DRAFTS_DIR = 'drafts'
export const DRAFT_MAX_BYTES = 2 * 1024 * 1024

function isPlanShape(v: unknown): v is ResolutionPlan {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
  const p = v as Record<string, unknown>
  return (
    typeof p.summary === 'string' &&
    typeof p.reviewed_by === 'string' &&
    Array.isArray(p.resolutions) &&
    Array.isArray(p.edits)
  )
}

export class DraftStore {
  private readonly dir: string

  constructor(
    userDataDir: string,
    private readonly log: HubLog
  ) {
    this.dir = join(userDataDir, DRAFTS_DIR)
  }

  /** Base names are manifest names (`[a-z0-9-]+`), so they are safe file names as they are. */
  private file(base: string): string {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(base)) throw invalidInput(`nom de base invalide : ${base.slice(0, 80)}`)
    return join(this.dir, `${base}.json`)
  }

  /** The file's text, or null when there is no draft. */
  private text(file: string): string | null {
    try {
      return readFileSync(file, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw ioError(`brouillon illisible (${file}) : ${(e as Error).message}`)
    }
  }

  load(base: string): DraftState {
    const file = this.file(base)
    const text = this.text(file)
    const revision = revisionOf(text)
    if (text === null) return { plan: null, revision }
    try {
      const data: unknown = JSON.parse(text)
      if (isPlanShape(data)) return { plan: data, revision }
      this.log.warning(`brouillon ignoré (${file}) : ce n'est pas un plan`)
    } catch (e) {
      this.log.warning(`brouillon ignoré (${file}) : JSON invalide (${(e as Error).message})`)
    }
    return { plan: null, revision }
  }

  /**
   * Saves (null: deletes) the draft and answers its new revision. `expected`: the revision the
   * caller's copy started from — the draft is saved only if it is still that one, else refused
   * with `draft-changed` (another window or tab of the same manager saved in between: saving
   * would erase its work). Saves of one base run one at a time in this process; two processes
   * (the desktop app and `okf-hub ui`) can still cross between the check and the write.
   */
  save(base: string, plan: unknown, expected?: string): Promise<string> {
    const file = this.file(base)
    const run = (this.saving.get(file) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.saveNow(file, plan, expected))
    this.saving.set(file, run)
    return run
  }

  private readonly saving = new Map<string, Promise<string>>()

  private async saveNow(file: string, plan: unknown, expected?: string): Promise<string> {
    if (plan !== null && !isPlanShape(plan))
      throw invalidInput('brouillon : un plan { summary, reviewed_by, resolutions[], edits[] } est attendu')
    const text = plan === null ? null : JSON.stringify(plan, null, 2) + '\n'
    if (text !== null && Buffer.byteLength(text) > DRAFT_MAX_BYTES)
      throw invalidInput(`brouillon trop volumineux (plus de ${DRAFT_MAX_BYTES} octets)`, {
        kind: 'draft-too-large',
        params: { megabytes: DRAFT_MAX_BYTES / (1024 * 1024) }
      })
    if (expected !== undefined) {
      const now = revisionOf(this.text(file))
      if (now !== expected)
        throw invalidInput(
          'brouillon modifié entre-temps dans une autre fenêtre : rechargez-le ou gardez le vôtre',
          {
            kind: 'draft-changed',
            params: { revision: now }
          }
        )
    }
    try {
      if (text === null) rmSync(file, { force: true })
      else {
        mkdirSync(this.dir, { recursive: true })
        await writeFileAtomic(file, text)
      }
    } catch (e) {
      throw ioError(`brouillon non enregistré (${file}) : ${(e as Error).message}`)
    }
    return revisionOf(text)
  }
}

/** A draft's revision: what its file holds, hashed ('' when there is none). */
export function revisionOf(text: string | null): string {
  return text === null ? '' : createHash('sha1').update(text).digest('hex').slice(0, 16)
}

/**
 * A plan rebuilt by the engine (resolutions set aside after a diverged sync) merged into the
 * manager's draft without losing either: the draft's own decisions and edits stay as they are
 * and come first; the rebuilt ones join for the proposals and documents the draft does not
 * handle yet. An empty draft takes the rebuilt summary and reviewer.
 */
export function mergeIntoDraft(draft: ResolutionPlan | null, rebuilt: ResolutionPlan): ResolutionPlan {
  if (!draft) return rebuilt
  const decided = new Set(draft.resolutions.map((r) => r.id))
  const edited = new Set(draft.edits.map((e) => e.path))
  return {
    summary: draft.summary.trim() !== '' ? draft.summary : rebuilt.summary,
    reviewed_by: draft.reviewed_by.trim() !== '' ? draft.reviewed_by : rebuilt.reviewed_by,
    resolutions: [...draft.resolutions, ...rebuilt.resolutions.filter((r) => !decided.has(r.id))],
    edits: [...draft.edits, ...rebuilt.edits.filter((e) => !edited.has(e.path))]
  }
}
