import { mkdir, readdir, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { invalidInput } from '../errors'
import type { HubLog } from '../hublog'
import { withBaseLock } from '../lock'
import type { Base } from '../registry/base'
import { advanceBranch } from '../git/advance'
import { diffTrees } from '../git/tree-diff'
import { acquireGitLock, commitLockFile, GIT_LOCK_WAIT_MS } from '../git/lockfile'
import { commitTreeOid, readObjectOfType } from '../git/objects'
import { entryAt } from '../git/trees'
import { headCommitSha, readRefValue } from '../git/refs'
import { openRepository, refFile, type RepoLayout } from '../git/layout'
import { PROPOSAL_ID_PATTERN } from '../proposals/store'
import { parseProposal, resolvedFields } from '../proposals/record'
import type { SetAsideResult } from '../../shared/hub-api'
import type { PlanEdit, PlanResolution, ResolutionPlan } from '../../shared/review'
import { chainOf, CommitReader, relate, type CommitInfo } from './graph'
import { isConflict, isHubCommit, isResolutionCommit, planReplay, subjectOf } from './replay'
import { remoteTarget } from './target'
import type { StepHook } from '../steps'

/**
 * After a diverged push (issue 12): the manager's unpushed resolutions clash with what a colleague
 * pushed meanwhile. Nothing is forced and nothing is lost: the old local tip is kept under a
 * branch of its own (`okf-hub/set-aside/<time>`), the branch moves to the remote's tip with every
 * local commit that still replays on it (submissions, resolutions the remote did not touch), and
 * each resolution that does not replay is turned back into a plan — its decisions from the
 * resolved proposal files, its document changes as whole-document edits — so the manager previews
 * it again on the new tip: the diff shows the colleague's change the plan would overwrite, and the
 * staleness warning says the document moved since the proposal was filed.
 *
 * Refused (nothing written) when a local commit not made by the hub, or a merge, is among those
 * that do not replay: git's own tools (a rebase) are the right place for someone else's work.
 */

export interface SetAsideDeps {
  log: HubLog
  now?: () => Date
  lockTimeoutMs?: number
  /** Tests only (issue 13): `set-aside:branch-kept`, then the branch's move (`advance:*`). */
  onStep?: StepHook
}

const KEPT_PREFIX = 'okf-hub/set-aside/'

/** What the engine did; `plan` is the rebuilt plan, to be merged into the manager's draft. */
export type SetAsideOutcome = Omit<SetAsideResult, 'draft' | 'draftRevision' | 'status'> & {
  plan: ResolutionPlan
}

const RESOLVED_FILE = /^proposals\/(accepted|rejected)\/([^/]+)\.md$/

function trailer(c: CommitInfo, key: string): string | null {
  const m = new RegExp(`^${key}: (.+)$`, 'm').exec(c.message)
  return m ? m[1].trim() : null
}

/** `integrate: <id> — <summary>` → `<summary>`. */
function summaryOf(c: CommitInfo): string {
  const subject = subjectOf(c)
  const at = subject.indexOf(' — ')
  return at === -1 ? subject : subject.slice(at + 3)
}

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-')
}

async function blobText(commondir: string, oid: string, cache: object): Promise<string> {
  return (await readObjectOfType(commondir, oid, 'blob', cache)).toString('utf8')
}

/** One resolved proposal file → the plan's decision, or why not. */
function decisionOf(id: string, folder: string, text: string): PlanResolution | string {
  const read = resolvedFields(parseProposal(text).data)
  if (folder === 'rejected') {
    const reason = read.rejectionReason
    return reason !== null
      ? { id, resolution: 'rejected', reason }
      : `${id} : motif de rejet illisible, à redonner`
  }
  // A scalar `integrated-into` (hand-written) names no list here, as before the record.
  const list = Array.isArray(read.integratedInto) ? read.integratedInto : []
  return { id, resolution: 'accepted', ...(list.length > 0 ? { integrated_into: list } : {}) }
}

/** The set-aside branch already at `sha`, if one is (its short name). */
async function keptBranchAt(repo: RepoLayout, sha: string): Promise<string | null> {
  const dir = refFile(repo, `refs/heads/${KEPT_PREFIX}`)
  const names = await readdir(dir).catch(() => [] as string[])
  for (const name of names.sort()) {
    if (name.endsWith('.lock')) continue
    if ((await readRefValue(repo, `refs/heads/${KEPT_PREFIX}${name}`)) === sha) return `${KEPT_PREFIX}${name}`
  }
  return null
}

/** Creates `ref` at `sha`; refuses when it exists (never moves someone's branch). */
async function createRef(repo: RepoLayout, ref: string, sha: string, log: HubLog): Promise<void> {
  if ((await readRefValue(repo, ref)) !== null)
    throw invalidInput(`${ref} existe déjà : réessayez dans une seconde`)
  const path = refFile(repo, ref)
  await mkdir(dirname(path), { recursive: true })
  const fh = await acquireGitLock(`${path}.lock`, Date.now() + GIT_LOCK_WAIT_MS, log)
  await commitLockFile(fh, `${path}.lock`, path, `${sha}\n`)
}

export async function setAsideDiverged(base: Base, deps: SetAsideDeps): Promise<SetAsideOutcome> {
  const log = deps.log
  const lookup = await remoteTarget(base.root)
  if (lookup.kind === 'no-remote')
    throw invalidInput(`la base '${base.name}' n'a pas de dépôt distant : rien à mettre de côté`)
  if (lookup.kind === 'error') throw invalidInput(lookup.message)
  const target = lookup.target
  const remote = `${target.remote}/${target.remoteBranch}`

  return withBaseLock(
    base.root,
    async (lock) => {
      const repo = await openRepository(base.root)
      const local = await headCommitSha(repo)
      const tip = await readRefValue(repo, target.trackingRef)
      if (!local || !tip) throw invalidInput(`${remote} n'a pas encore été récupéré : synchronisez d'abord`)
      const reader = new CommitReader(repo.commondir)
      const rel = await relate(reader, local, tip)
      if (rel.ahead.length === 0 || rel.behind.length === 0)
        throw invalidInput(
          `la base '${base.name}' n'a pas divergé de ${remote} : rien à mettre de côté (synchronisez simplement)`
        )
      const chain = await chainOf(reader, local, rel)
      if (chain.length !== rel.ahead.length)
        throw invalidInput(
          `les commits locaux de '${base.name}' contiennent une fusion : rien n'a été mis de côté ; intégrez-les avec git (git pull --rebase)`
        )

      // Each local commit, oldest first, on the tip as the ones kept so far leave it.
      let running = tip
      let replayed = 0
      const setAside: CommitInfo[] = []
      for (const sha of chain) {
        const c = await reader.read(sha)
        const plan = await planReplay(reader, [sha], running, { upstream: rel.behind })
        if (!isConflict(plan)) {
          running = plan.tip
          if (plan.replayed.some((r) => r.to !== null)) replayed++
          continue
        }
        if (!isHubCommit(c) || !isResolutionCommit(c))
          throw invalidInput(
            `le commit local ${sha.slice(0, 10)} (« ${subjectOf(c)} ») ne se rejoue pas sur ${remote} et n'est pas une résolution du hub : ` +
              "rien n'a été mis de côté ; intégrez-le avec git (git pull --rebase), puis synchronisez"
          )
        setAside.push(c)
      }
      if (setAside.length === 0)
        throw invalidInput(
          `les commits locaux de '${base.name}' se rejouent tous sur ${remote} : synchronisez simplement`
        )

      const { plan, notes } = await rebuildPlan(base, reader, setAside, running)
      // A set-aside killed before its move kept the same tip already: that branch is used again.
      const earlier = await keptBranchAt(repo, local)
      const keptAt = earlier ?? `${KEPT_PREFIX}${stamp((deps.now ?? (() => new Date()))())}`
      if (!earlier) await createRef(repo, `refs/heads/${keptAt}`, local, log)
      const unkeep = async (): Promise<void> => {
        if (!earlier) await rm(refFile(repo, `refs/heads/${keptAt}`), { force: true })
      }
      let moved: Awaited<ReturnType<typeof advanceBranch>>
      try {
        await deps.onStep?.('set-aside:branch-kept')
        moved = await advanceBranch(repo, local, running, {
          lock,
          log,
          reflog: `okf-hub sync: ${setAside.length} resolution(s) set aside in ${keptAt}, onto ${remote}`,
          onStep: deps.onStep
        })
      } catch (e) {
        // The branch did not move (advanceBranch restores everything when it throws): nothing kept.
        if ((await headCommitSha(repo)) === local) await unkeep()
        throw e
      }
      if (!moved.moved) {
        await unkeep()
        throw invalidInput(
          `des modifications locales (non commitées ou indexées) touchent ${moved.dirty.join(', ')} : rien n'a été mis de côté. ` +
            'Commitez-les ou annulez-les, puis réessayez.'
        )
      }
      log.info(
        `sync '${base.name}' : ${setAside.length} résolution(s) mise(s) de côté dans la branche ${keptAt} ` +
          `(${local.slice(0, 10)}) ; la base suit ${remote} (${running.slice(0, 10)}, ${replayed} commit(s) local(aux) rejoué(s))`
      )
      return {
        base: base.name,
        keptAt,
        setAside: setAside.map((c) => ({ commit: c.sha, subject: subjectOf(c) })),
        replayed,
        head: running,
        plan,
        notes
      }
    },
    { timeoutMs: deps.lockTimeoutMs, log }
  )
}

/**
 * The set-aside resolutions as one plan on `onto`: decisions of the proposals still pending there
 * (later commits win), and one whole-document edit per corpus file they wrote, with the text they
 * left. What cannot be said in a plan is listed in `notes`, in French.
 */
async function rebuildPlan(
  base: Base,
  reader: CommitReader,
  commits: CommitInfo[],
  onto: string
): Promise<{ plan: ResolutionPlan; notes: string[] }> {
  const { commondir, cache } = reader
  const ontoTree = await commitTreeOid(commondir, onto, cache)
  const corpusPrefix = base.corpusRel === '.' || base.corpusRel === '' ? '' : `${base.corpusRel}/`
  const resolutions = new Map<string, PlanResolution>()
  const edits = new Map<string, PlanEdit>()
  const notes: string[] = []
  for (const c of commits) {
    const parentTree = (await reader.read(c.parents[0])).tree
    for (const d of await diffTrees(commondir, parentTree, c.tree, cache)) {
      const resolved = RESOLVED_FILE.exec(d.path)
      if (resolved && d.after) {
        const [, folder, id] = resolved
        if (!PROPOSAL_ID_PATTERN.test(id)) continue
        if (!(await entryAt(commondir, ontoTree, `proposals/pending/${id}.md`, cache))) {
          resolutions.delete(id)
          notes.push(`${id} n'est plus en attente sur le dépôt distant (résolue ailleurs) : retirée du plan`)
          continue
        }
        const decision = decisionOf(id, folder, await blobText(commondir, d.after.oid, cache))
        if (typeof decision === 'string') notes.push(decision)
        else resolutions.set(id, decision)
        continue
      }
      if (d.path.startsWith('proposals/')) continue
      if (!d.path.startsWith(corpusPrefix) || !d.path.endsWith('.md')) {
        notes.push(
          `${d.path} : hors du corpus, non repris dans le plan (la gouvernance se modifie depuis son onglet)`
        )
        continue
      }
      const path = d.path.slice(corpusPrefix.length)
      if (!d.after) {
        edits.delete(path)
        notes.push(
          `${path} : supprimé par la résolution, ce qu'un plan ne sait pas faire — supprimez le fichier, puis gardez ce changement depuis les modifications non commitées de la base`
        )
        continue
      }
      edits.set(path, { path, content: await blobText(commondir, d.after.oid, cache) })
    }
  }
  const last = commits[commits.length - 1]
  const plan: ResolutionPlan = {
    summary: commits.length === 1 ? summaryOf(last) : commits.map(summaryOf).join(' ; '),
    reviewed_by: trailer(last, 'Reviewed-By') ?? '',
    resolutions: [...resolutions.values()],
    edits: [...edits.values()]
  }
  return { plan, notes }
}
