import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from '../registry/base'
import type { HubLog } from '../hublog'
import { ioError } from '../errors'
import { withBaseLock } from '../lock'
import { recoverInterrupted } from '../review/transaction'
import { writeFileAtomic } from '../git/atomic-write'
import { assertWritableIndex, assertWritableRepository, commitPaths } from '../git/commit'
import { PROPOSAL_STATUSES, proposalsDir } from './store'
import type { ProposalFields } from './rules'
import { submissionMessage } from './format'
import { renderProposalFile } from './record'
import { committed } from '../sync/service'
import type { StepHook } from '../steps'

export const MAX_ID_DRAWS = 16

export interface ProposeOptions {
  log: HubLog
  now?: () => Date
  /** 4 lowercase hex digits from a CSPRNG; injectable so tests can force collisions. */
  drawSuffix?: () => string
  lockTimeoutMs?: number
  /** Tests only (issue 13): called after each durable step (`propose:folders-ready`, the file's, the commit's). */
  onStep?: StepHook
}

export interface Filed {
  id: string
  path: string
  commit: string
}

function idTaken(base: Base, id: string): boolean {
  return PROPOSAL_STATUSES.some((s) => existsSync(join(proposalsDir(base, s), `${id}.md`)))
}

/**
 * Files a proposal: under the base's lock, creates the proposals folders on
 * first use, writes the file atomically and commits it alone (plus any new
 * `.gitkeep`). On failure nothing it wrote is left behind.
 */
export async function fileProposal(base: Base, fields: ProposalFields, opts: ProposeOptions): Promise<Filed> {
  const now = opts.now ?? (() => new Date())
  const draw = opts.drawSuffix ?? (() => randomBytes(2).toString('hex'))
  // Before the lock too: taking it may write `.git/info/exclude`, and a refused repository gets nothing.
  const repo = await assertWritableRepository(base.root)
  const filed = await withBaseLock(
    base.root,
    async (lock) => {
      // A resolution killed before its commit left its files written: put back before this commit
      // moves HEAD over them (they would otherwise stay, read by agents, committed by nobody).
      await recoverInterrupted(repo, lock, opts.log)
      await assertWritableIndex(repo)
      const created: string[] = []
      const createdDirs: string[] = []
      let abs: string | null = null
      try {
        for (const status of PROPOSAL_STATUSES) {
          const dir = proposalsDir(base, status)
          if (!existsSync(dir)) {
            // The first directory mkdir created (`proposals/` itself on first use) is the one to remove.
            createdDirs.push(mkdirSync(dir, { recursive: true }) ?? dir)
          }
          const keep = join(dir, '.gitkeep')
          if (!existsSync(keep)) {
            writeFileSync(keep, '')
            created.push(`proposals/${status}/.gitkeep`)
          }
        }
        await opts.onStep?.('propose:folders-ready')
        const submittedAt = now()
        const day = submittedAt.toISOString().slice(0, 10)
        let id = ''
        for (let i = 0; i < MAX_ID_DRAWS; i++) {
          const candidate = `prop-${day}-${draw()}`
          if (!idTaken(base, candidate)) {
            id = candidate
            break
          }
          opts.log.info(`collision d'id ${candidate} — nouveau tirage`)
        }
        if (!id) throw ioError(`impossible de générer un identifiant libre après ${MAX_ID_DRAWS} tirages`)
        const rel = `proposals/pending/${id}.md`
        abs = join(base.root, rel)
        await writeFileAtomic(abs, renderProposalFile(id, fields, submittedAt), opts.onStep)
        await opts.onStep?.('propose:file-written')
        const commit = await commitPaths(
          repo,
          [...created, rel],
          submissionMessage(id, fields.type, fields.concerns, fields.submittedBy),
          { lock, deadline: lock.deadline, log: opts.log, onStep: opts.onStep }
        )
        return { id, path: rel, commit }
      } catch (e) {
        // Nothing half-done stays (the folders of a first use included): an uncommitted proposal
        // would be "recovered" later and duplicate the agent's retry.
        if (abs) rmSync(abs, { force: true })
        for (const k of created) rmSync(join(base.root, k), { force: true })
        for (const d of createdDirs.reverse()) rmSync(d, { recursive: true, force: true })
        throw e
      }
    },
    { timeoutMs: opts.lockTimeoutMs, log: opts.log }
  )
  // Once the lock is released: an auto-push takes it again (sync/service.ts).
  committed(base)
  return filed
}
