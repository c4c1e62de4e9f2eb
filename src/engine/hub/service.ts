import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import type { HubConfig } from '../config'
import { PRODUCT_NAME } from '../config'
import type { HubLog } from '../hublog'
import { describeError, invalidInput, ioError, notFound } from '../errors'
import type { Base } from '../registry/base'
import { Registry, type RescanReport } from '../registry/registry'
import { countDocuments } from '../corpus/count'
import { listDocuments, resolveDocument } from '../corpus/paths'
import { splitFrontmatter } from '../corpus/frontmatter'
import { documentTitle, parseHeadings } from '../corpus/markdown'
import { readGovernance } from '../governance'
import { headTreePaths } from '../git/trees'
import { openRepository } from '../git/layout'
import { removeServedGitLock } from '../review/stale-locks'
import { PROPOSAL_ID_PATTERN, PROPOSAL_STATUSES, proposalFiles, readProposal } from '../proposals/store'
import { integratedList } from '../proposals/record'
import { freshnessFields } from '../review/freshness'
import { reviewContext } from '../review/context'
import { reconcile } from '../review/reconcile'
import { inventory, isLocated, locate, toInventoryProposal, type Located } from '../review/inventory'
import { LocateStore } from '../review/locate-cache'
import { parsePlan } from '../review/plan'
import { previewPlan, resolvePlan } from '../review/resolve'
import { proposalStates } from '../review/proposal-state'
import { headCommit, headState } from '../review/worktree'
import { createBaseFromTemplate } from '../bases/new-base'
import { BaseImporter } from '../bases/import'
import { listTrash, moveToTrash, restoreFromTrash } from '../bases/trash'
import { authorName, keepLocalChanges, listLocalChanges } from '../bases/local-changes'
import { listSetAsideChanges, restoreSetAsideChanges, setAsideLocalChanges } from '../bases/changes-trash'
import { commitGovernanceEdit, previewGovernanceEdit } from '../governance-edit'
import type {
  AuditTrail,
  CommitDetail,
  FirstSteps,
  BaseSummary,
  BasesOverview,
  CorpusNode,
  DocumentView,
  DraftState,
  GovernanceView,
  HistoryPage,
  HostId,
  HostRegistration,
  HubApi,
  HubEvent,
  HubInfo,
  ImportRequest,
  ImportResult,
  Inventory,
  NewBaseRequest,
  PreviewResult,
  ProposalDetail,
  ProposalState,
  ReconcileReport,
  RescanResult,
  ResolutionPlan,
  ResolvedResult,
  ReviewContext,
  JournalSummary,
  Insights,
  Settings,
  SettingsPatch,
  TrashEntry,
  CredentialHosts,
  SyncOptions,
  SetAsideResult,
  SyncStatus,
  GovernanceEdit,
  GovernanceEditPreview,
  GovernanceEditResult,
  KeepChangesRequest,
  KeepChangesResult,
  LocalChangesView,
  SetAsideChangesEntry,
  SetAsideChangesRequest
} from '../../shared/hub-api'
import { ApiError } from './api-error'
import { corpusTree } from './corpus-tree'
import { DraftStore, mergeIntoDraft } from './drafts'
import { auditTrail, history, stalenessOf } from './history'
import { commitDetail } from './commit-detail'
import { firstSteps } from './first-steps'
import { SettingsStore } from './settings'
import { journalStats, purgeJournal } from '../journal/store'
import {
  computeInsights,
  forgetGapAnswers,
  setGapDismissed,
  type InsightsOptions
} from '../insights/insights'
import { basesWithState, forgetClosures, stateFile } from '../insights/state'
import { journalOffBy } from '../journal/switch'
import { journalDir } from '../journal/writer'
import { HubWatcher } from './watch'
import { SyncService, type SyncServiceOptions } from '../sync/service'
import { withOrigin } from '../sync/state'
import { normaliseHost, type CredentialStore } from '../sync/credentials'
import { envToken } from '../git/auth'
import type { ServerProbe } from '../registration/check'
import { processHostEnv, type HostEnv } from '../registration/hosts'
import { Registrar } from '../registration/registrar'
import { nodeServerFacts, type ServerCommandFacts } from '../registration/server-command'

export interface HubServiceOptions {
  config: HubConfig
  log: HubLog
  transport: HubInfo['transport']
  version: string
  /** The desktop shell's native folder picker (absent under `okf-hub ui`). */
  pickDirectory?: () => Promise<string | null>
  /** Tokens per git host: the desktop app's OS keychain; default: this session's memory + OKF_HUB_GIT_TOKEN. */
  credentials?: CredentialStore
  /** Sync timeouts and retries (tests). */
  syncTuning?: SyncServiceOptions['tuning']
  /** How AI hosts start the MCP server (what registration writes); default: plain Node + this checkout's build. */
  serverCommand?: ServerCommandFacts
  /** Starts a registered command and speaks MCP to it (a door's, the engine has no SDK); absent: `working` stays null. */
  probeServer?: ServerProbe
  /** Where the hosts keep their config (tests fake an OS); default: this process's platform, home, environment. */
  hostEnv?: HostEnv
  /** How long `inventory` waits for likely documents before answering with `locating` > 0 (default 1 s). */
  locateBudgetMs?: number
}

export const LOCATE_BUDGET_MS = 1_000
/** The likely documents of the inventory, kept across restarts (locate-cache.ts). */
export const LOCATE_CACHE_DIR = 'locate-cache'

/**
 * The HubApi over the engine, for both transports (Electron IPC, `okf-hub ui`'s loopback HTTP).
 * No Electron, no HTTP here: a door hands it arguments and gets DTOs or a HubError back. One
 * registry per process, as for the MCP door; every write emits its events at once so the UI
 * never waits for the watcher's next poll.
 */
export class HubService implements HubApi {
  readonly registry: Registry
  readonly watcher: HubWatcher
  private readonly settings: SettingsStore
  private readonly drafts: DraftStore
  private readonly locateStore: LocateStore<Located>
  /** Bases whose inventory is still locating, with a `proposals-changed` promised when done. */
  private readonly locating = new Set<string>()
  readonly syncer: SyncService
  private registrar: Registrar | undefined
  private readonly importer: BaseImporter
  /** Per base, the last insights computation: one at a time, so that closures are written in order. */
  private readonly insightRuns = new Map<string, Promise<unknown>>()

  constructor(private readonly opts: HubServiceOptions) {
    this.registry = new Registry(opts.config.basesDir, opts.log)
    this.registry.rescan()
    this.settings = new SettingsStore(opts.config.userDataDir, opts.log)
    this.drafts = new DraftStore(opts.config.userDataDir, opts.log)
    this.locateStore = new LocateStore(join(opts.config.userDataDir, LOCATE_CACHE_DIR), isLocated, opts.log)
    this.syncer = new SyncService({
      config: opts.config,
      log: opts.log,
      credentials: opts.credentials,
      tuning: opts.syncTuning
    })
    this.syncer.onChange((status) => this.onSynced(status))
    this.watcher = new HubWatcher(
      {
        basesDir: opts.config.basesDir,
        bases: () => this.registry.list(),
        rescan: () => void this.registry.rescan()
      },
      opts.log
    )
    this.importer = new BaseImporter({
      basesDir: opts.config.basesDir,
      log: opts.log,
      emit: (e) => this.watcher.emit(e),
      syncState: this.syncer.state
    })
    this.importer.sweep()
  }

  subscribe(listener: (e: HubEvent) => void): () => void {
    return this.watcher.subscribe(listener)
  }

  /** A base by manifest name; an unknown name gets one rescan first (a base just cloned in). */
  private base(name: string): Base {
    if (!this.registry.has(name)) this.registry.rescan()
    return this.registry.get(name)
  }

  private async wrote(base: Base): Promise<void> {
    this.watcher.emit({ type: 'proposals-changed', base: base.name })
    this.watcher.emit({ type: 'head-changed', base: base.name, head: await headCommit(base.root) })
    this.syncer.afterCommit(base)
  }

  private insightsOptions(): InsightsOptions {
    return {
      userDataDir: this.opts.config.userDataDir,
      journalDir: journalDir(this.opts.config),
      log: this.opts.log
    }
  }

  /** Runs `fn` after the base's previous insights computation (whatever its outcome). */
  private serialInsights<T>(base: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.insightRuns.get(base) ?? Promise.resolve()).catch(() => undefined).then(fn)
    this.insightRuns.set(base, run)
    return run
  }

  /**
   * The corpus changed (a resolution, a sync that moved the branch): the base's gaps are checked
   * again in the background (a closure credited to the commit that wrote its answer), then the
   * Insights tab is told.
   */
  private recheckInsights(base: Base): void {
    void this.serialInsights(base.name, () => computeInsights(base, this.insightsOptions())).then(
      () => this.watcher.emit({ type: 'insights-changed', base: base.name }),
      (e: unknown) => this.opts.log.warning(`insights de '${base.name}' non vérifiés : ${describeError(e)}`)
    )
  }

  /** A sync ran: its status, and what it changed locally (a fast-forward moves the branch). */
  private onSynced(status: SyncStatus): void {
    this.watcher.emit({ type: 'sync-changed', base: status.base, status })
    if (!status.fastForwarded) return
    const b = this.registry.list().find((x) => x.name === status.base)
    if (!b) return
    this.watcher.emit({ type: 'proposals-changed', base: b.name })
    void headCommit(b.root).then((head) => {
      this.watcher.emit({ type: 'head-changed', base: b.name, head })
      this.recheckInsights(b)
    })
  }

  /** What a long-running door does once it serves: fast-forward the bases with a remote, in the background. */
  startBackgroundSync(): void {
    this.syncer.startAtLaunch(this.registry.list())
  }

  async info(): Promise<HubInfo> {
    return Promise.resolve({
      product: PRODUCT_NAME,
      version: this.opts.version,
      platform: process.platform,
      transport: this.opts.transport
    })
  }

  async getSettings(): Promise<Settings> {
    const s = this.settings.read()
    return Promise.resolve({
      basesDir: this.opts.config.basesDir,
      userDataDir: this.opts.config.userDataDir,
      reviewer: s.reviewer,
      language: s.language,
      firstStepsHidden: s.firstStepsHidden,
      journal: s.journal
    })
  }

  async updateSettings(patch: SettingsPatch): Promise<Settings> {
    await this.settings.update(patch)
    return this.getSettings()
  }

  async journal(): Promise<JournalSummary> {
    const config = this.opts.config
    const dir = journalDir(config)
    const offBy = journalOffBy(config, this.settings.read())
    try {
      return Promise.resolve({
        enabled: offBy === null,
        offBy,
        configFile: offBy === 'config' ? config.configFile : null,
        dir,
        ...journalStats(dir)
      })
    } catch (e) {
      throw ioError(`journal d'usage illisible (${dir}) : ${describeError(e)}`)
    }
  }

  async purgeJournal(): Promise<JournalSummary> {
    const dir = journalDir(this.opts.config)
    try {
      const files = purgeJournal(dir)
      this.opts.log.info(`journal d'usage purgé : ${files} fichier(s) supprimé(s) (${dir})`)
    } catch (e) {
      throw ioError(`journal d'usage non purgé (${dir}) : ${describeError(e)}`)
    }
    await this.forgetGapClosures()
    return this.journal()
  }

  /**
   * What the insights derived from the purged queries: each base's gap closures, then the checked
   * queries' answers (memory and `insights/answers/`). Each base's closures are forgotten in turn
   * with its insights, and the answers only once every look that was running has ended: a look in
   * flight still holds the old queries and would write them back. A look that starts after the
   * purge reads the empty journal and keeps no answer to the old ones (`keepOnly`).
   */
  private async forgetGapClosures(): Promise<void> {
    const userData = this.opts.config.userDataDir
    let withState: string[] = []
    try {
      withState = basesWithState(userData)
    } catch (e) {
      this.opts.log.warning(`insights : fermetures non oubliées après la purge : ${describeError(e)}`)
    }
    const bases = new Set([...withState, ...this.insightRuns.keys()])
    await Promise.all(
      [...bases].map((b) =>
        this.serialInsights(b, () =>
          withState.includes(b) ? forgetClosures(stateFile(userData, b)) : Promise.resolve()
        ).catch((e: unknown) =>
          // The journal is purged; a closure left behind only credits a topic that no longer shows.
          this.opts.log.warning(
            `insights de '${b}' : fermetures non oubliées après la purge : ${describeError(e)}`
          )
        )
      )
    )
    try {
      forgetGapAnswers(userData)
    } catch (e) {
      this.opts.log.warning(
        `insights : réponses des lacunes non oubliées après la purge : ${describeError(e)}`
      )
    }
  }

  async insights(base: string): Promise<Insights> {
    const b = this.base(base)
    return this.serialInsights(b.name, () => computeInsights(b, this.insightsOptions()))
  }

  async dismissGap(base: string, id: string, dismissed: boolean): Promise<Insights> {
    const b = this.base(base)
    const known = await this.serialInsights(b.name, () =>
      setGapDismissed(b, id, dismissed, this.insightsOptions())
    )
    if (!known) throw notFound(`sujet de lacune inconnu dans '${b.name}' : ${id.slice(0, 80)}`)
    return this.insights(base)
  }

  private async summary(b: Base, warnings: string[]): Promise<BaseSummary> {
    const own = [...warnings]
    let draft = false
    try {
      draft = readGovernance(b, this.opts.log).draft
    } catch (e) {
      own.push(describeError(e))
    }
    const head = await headState(b.root)
    return {
      name: b.name,
      dirName: b.dirName,
      title: b.title,
      description: b.description,
      version: b.version ?? null,
      root: b.root,
      corpusDir: b.corpusDir,
      documents: countDocuments(b),
      pending: proposalFiles(b, 'pending').length,
      draft,
      warnings: own,
      head: head.commit,
      detached: head.detached,
      sync: await this.syncer.status(b)
    }
  }

  private async overview(report: RescanReport): Promise<BasesOverview> {
    const bases = await Promise.all(
      this.registry.list().map((b) =>
        this.summary(
          b,
          report.warnings.filter((w) => w.name === b.name).map((w) => w.warning)
        )
      )
    )
    return {
      basesDir: this.registry.basesDir,
      basesDirFound: report.basesDirFound,
      bases,
      invalid: report.invalid.map((i) => ({
        dir: i.dir,
        reason: i.reason,
        ...(i.problem ? { problem: i.problem } : {})
      })),
      collisions: report.collisions.map((c) => ({ name: c.name, kept: c.kept, ignored: c.ignored }))
    }
  }

  /** Discovery is cheap (manifests cached by stat): the overview is always a fresh scan. */
  async listBases(): Promise<BasesOverview> {
    return this.overview(this.registry.rescan())
  }

  async rescan(): Promise<RescanResult> {
    const report = this.registry.rescan()
    if (report.changed) this.watcher.emit({ type: 'bases-changed' })
    return { ...(await this.overview(report)), added: report.added, removed: report.removed }
  }

  async corpusTree(base: string): Promise<CorpusNode[]> {
    return Promise.resolve(corpusTree(this.base(base)))
  }

  async documentPaths(base: string): Promise<string[]> {
    return Promise.resolve(listDocuments(this.base(base)))
  }

  async readDocument(base: string, path: string): Promise<DocumentView> {
    const b = this.base(base)
    const doc = resolveDocument(b, path)
    let raw: string
    try {
      raw = readFileSync(doc.abs, 'utf8')
    } catch (e) {
      throw ioError(`document '${doc.rel}' illisible : ${describeError(e)}`)
    }
    const fm = splitFrontmatter(raw)
    const frontmatterError =
      fm.inner !== null && fm.data === null && fm.inner.trim() !== ''
        ? 'frontmatter illisible (YAML invalide ou pas une correspondance)'
        : null
    return Promise.resolve({
      base: b.name,
      path: doc.rel,
      raw,
      body: fm.body,
      frontmatterRaw: fm.inner,
      frontmatter: fm.data,
      frontmatterError,
      title: documentTitle(fm.data, parseHeadings(raw)),
      size: Buffer.byteLength(raw)
    })
  }

  async governance(base: string): Promise<GovernanceView> {
    const b = this.base(base)
    const g = readGovernance(b, this.opts.log)
    return Promise.resolve({
      base: b.name,
      rulesFile: g.rulesFile,
      rulesText: g.rulesText,
      draft: g.draft,
      schema: g.schema,
      freshnessFields: freshnessFields(b)
    })
  }

  async context(base: string): Promise<ReviewContext> {
    return Promise.resolve(reviewContext(this.base(base), { log: this.opts.log }))
  }

  async reconcile(base: string, apply: boolean): Promise<ReconcileReport> {
    const b = this.base(base)
    const report = await reconcile(b, { apply, log: this.opts.log })
    if (apply) await this.wrote(b)
    return report
  }

  async removeStaleGitLock(file: string): Promise<void> {
    const b = await removeServedGitLock(this.registry.list(), file, { log: this.opts.log })
    // The screens that listed it (reconcile's banner) read again.
    this.watcher.emit({ type: 'proposals-changed', base: b.name })
  }

  private readonly staleListeners = new Map<string, () => void>()

  /**
   * What the screens do when likely documents they were given turn out stale: read again. One
   * listener per base, so that a check that settles several reads (the inventory, a proposal's
   * screen) sends the event once.
   */
  private staleTold(b: Base): () => void {
    let told = this.staleListeners.get(b.name)
    if (!told) {
      told = () => this.watcher.emit({ type: 'proposals-changed', base: b.name })
      this.staleListeners.set(b.name, told)
    }
    return told
  }

  async inventory(base: string): Promise<Inventory> {
    const b = this.base(base)
    const promised = this.locating.has(b.name)
    if (!promised) this.locating.add(b.name)
    const inv = await inventory(b, {
      full: false,
      log: this.opts.log,
      store: this.locateStore,
      budgetMs: this.opts.locateBudgetMs ?? LOCATE_BUDGET_MS,
      // The screen reads again at this event: answered from the corpus's last checked state, and
      // told if the check after the answer finds it changed (locate-cache.ts).
      onStale: this.staleTold(b),
      // One event per base however many reads wait on the same search.
      onLocated: promised
        ? undefined
        : () => {
            this.locating.delete(b.name)
            this.watcher.emit({ type: 'proposals-changed', base: b.name })
          }
    })
    if (!promised && inv.locating === 0) this.locating.delete(b.name)
    const origins = this.syncer.state.originsOf(b.root)
    if (Object.keys(origins).length === 0) return inv
    return {
      ...inv,
      groups: inv.groups.map((g) => ({ ...g, proposals: g.proposals.map((p) => withOrigin(p, origins)) }))
    }
  }

  async proposal(base: string, id: string): Promise<ProposalDetail> {
    const b = this.base(base)
    if (!PROPOSAL_ID_PATTERN.test(id))
      throw invalidInput('identifiant de proposition invalide (forme prop-AAAA-MM-JJ-xxxx)')
    for (const folder of PROPOSAL_STATUSES) {
      const file = proposalFiles(b, folder).find((f) => f.stem === id)
      if (!file) continue
      const read = readProposal(file)
      if (read.text === null) throw ioError(`proposition '${id}' illisible (${file.rel})`)
      const tracked = (await headTreePaths(await openRepository(b.root), `proposals/${folder}`)).includes(
        file.rel
      )
      const likely =
        folder === 'pending'
          ? (
              await locate(
                b,
                read.record?.concerns ?? null,
                this.opts.log,
                this.locateStore,
                this.staleTold(b)
              )
            ).likely
          : []
      const r = read.record
      return {
        ...withOrigin(
          toInventoryProposal(read, new Date(), likely, tracked, false),
          this.syncer.state.originsOf(b.root)
        ),
        base: b.name,
        folder,
        body: read.body.replace(/^\s*\n/, '').trimEnd(),
        raw: read.text,
        status: r?.status ?? null,
        resolution: r?.resolution ?? null,
        resolvedAt: r?.resolvedAt ?? null,
        integratedInto: integratedList(r) ?? [],
        rejectionReason: r?.rejectionReason ?? null
      }
    }
    throw new ApiError('NOT_FOUND', `proposition '${id}' introuvable dans la base '${b.name}'`)
  }

  async proposalStates(base: string, ids: string[]): Promise<ProposalState[]> {
    return proposalStates(this.base(base), ids)
  }

  async previewPlan(base: string, plan: ResolutionPlan): Promise<PreviewResult> {
    const b = this.base(base)
    const preview = await previewPlan(b, plan)
    return { preview, staleness: await stalenessOf(b, parsePlan(plan)) }
  }

  async resolvePlan(base: string, plan: ResolutionPlan, basis?: string): Promise<ResolvedResult> {
    const b = this.base(base)
    // Judged before the write: a warning the preview showed that still holds is shown again.
    const staleness = await stalenessOf(b, parsePlan(plan))
    const result = await resolvePlan(b, plan, { log: this.opts.log, basis })
    await this.savedDraft(b.name, null, undefined, true)
    await this.wrote(b)
    this.recheckInsights(b)
    return { ...result, staleness }
  }

  async loadDraft(base: string): Promise<DraftState> {
    return Promise.resolve(this.drafts.load(this.base(base).name))
  }

  async saveDraft(base: string, plan: ResolutionPlan | null, expected?: string): Promise<string> {
    return this.savedDraft(this.base(base).name, plan, expected)
  }

  /** Every write of a draft tells the other windows and tabs of this process at once. */
  private async savedDraft(
    base: string,
    plan: ResolutionPlan | null,
    expected?: string,
    resolved = false
  ): Promise<string> {
    const revision = await this.drafts.save(base, plan, expected)
    this.watcher.emit({ type: 'draft-changed', base, revision, ...(resolved ? { resolved } : {}) })
    return revision
  }

  async history(base: string, opts?: { before?: string; limit?: number }): Promise<HistoryPage> {
    return history(this.base(base), opts)
  }

  async auditTrail(base: string, id: string): Promise<AuditTrail> {
    return auditTrail(this.base(base), id)
  }

  async commitDetail(base: string, commit: string): Promise<CommitDetail> {
    return commitDetail(this.base(base), commit)
  }

  async importBase(req: ImportRequest): Promise<ImportResult> {
    return this.importer.importBase(req)
  }

  async cancelImport(jobId: string): Promise<void> {
    return this.importer.cancel(jobId)
  }

  async confirmImport(jobId: string): Promise<BaseSummary> {
    const { name } = await this.importer.confirm(jobId)
    return this.served(name)
  }

  async discardImport(jobId: string): Promise<void> {
    return this.importer.discard(jobId)
  }

  async newBase(req: NewBaseRequest): Promise<BaseSummary> {
    return this.served(
      (await createBaseFromTemplate(this.registry.basesDir, req, { log: this.opts.log })).name
    )
  }

  /** A base just published into the bases dir by this process: rescan, `bases-changed`, its summary. */
  private async served(name: string): Promise<BaseSummary> {
    const report = this.registry.rescan()
    if (report.changed) this.watcher.emit({ type: 'bases-changed' })
    const warnings = report.warnings.filter((w) => w.name === name).map((w) => w.warning)
    return this.summary(this.registry.get(name), warnings)
  }

  async removeBase(base: string): Promise<TrashEntry> {
    const entry = await moveToTrash(this.registry.basesDir, this.base(base), this.opts.log)
    if (this.registry.rescan().changed) this.watcher.emit({ type: 'bases-changed' })
    return entry
  }

  async trash(): Promise<TrashEntry[]> {
    return Promise.resolve(listTrash(this.registry.basesDir, this.opts.log))
  }

  async restoreBase(trashId: string): Promise<BaseSummary> {
    const restored = restoreFromTrash(this.registry.basesDir, trashId, this.opts.log)
    if (restored.name === null) {
      this.registry.rescan()
      throw invalidInput(
        `'${restored.dirName}' restauré, mais ce n'est pas une base valide : corrigez son okf-bundle.yaml puis relancez la découverte`
      )
    }
    return this.served(restored.name)
  }

  async pickDirectory(): Promise<string | null> {
    if (this.opts.pickDirectory) return this.opts.pickDirectory()
    throw new ApiError('NOT_AVAILABLE', 'le choix d’un dossier n’existe que dans l’application de bureau')
  }

  private hosts(): Registrar {
    this.registrar ??= new Registrar({
      hostEnv: this.opts.hostEnv ?? processHostEnv(),
      server: this.opts.serverCommand ?? nodeServerFacts(),
      config: this.opts.config,
      log: this.opts.log,
      probe: this.opts.probeServer
    })
    return this.registrar
  }

  async registrations(check?: boolean): Promise<HostRegistration[]> {
    return this.hosts().all(check === true)
  }

  async firstSteps(): Promise<FirstSteps> {
    return firstSteps(
      this.registry.list(),
      await this.hosts().all(false),
      this.settings.read().firstStepsHidden
    )
  }

  async register(host: HostId): Promise<HostRegistration> {
    return (await this.hosts().register(host)).registration
  }

  async unregister(host: HostId): Promise<HostRegistration> {
    return (await this.hosts().unregister(host)).registration
  }

  async syncStatus(base?: string): Promise<SyncStatus[]> {
    const bases = base === undefined ? this.registry.list() : [this.base(base)]
    return Promise.all(bases.map((b) => this.syncer.status(b)))
  }

  async sync(base: string, opts: SyncOptions): Promise<SyncStatus> {
    if (typeof opts.push !== 'boolean') throw invalidInput('sync : push doit être un booléen')
    return this.syncer.sync(this.base(base), { push: opts.push })
  }

  async setAsideResolutions(base: string): Promise<SetAsideResult> {
    const b = this.base(base)
    const { outcome, status } = await this.syncer.setAside(b)
    const { plan, ...rest } = outcome
    const draft = mergeIntoDraft(this.drafts.load(b.name).plan, plan)
    const draftRevision = await this.savedDraft(b.name, draft)
    this.watcher.emit({ type: 'proposals-changed', base: b.name })
    this.watcher.emit({ type: 'head-changed', base: b.name, head: outcome.head })
    return { ...rest, draft, draftRevision, status }
  }

  async setCredential(host: string, token: string): Promise<void> {
    await this.syncer.credentials.set(host, token)
    this.opts.log.info(`jeton enregistré pour ${normaliseHost(host)}`)
  }

  async deleteCredential(host: string): Promise<void> {
    await this.syncer.credentials.delete(host)
    this.opts.log.info(`jeton supprimé pour ${normaliseHost(host)}`)
  }

  async credentialHosts(): Promise<CredentialHosts> {
    return {
      hosts: await this.syncer.credentials.hosts(),
      persistent: this.syncer.credentials.persistent,
      fromEnvironment: envToken() !== null
    }
  }

  // -------------------------------------------------------------------------------------------
  // no step needs git (issue 25 §3): local changes, governance

  async localChanges(base: string): Promise<LocalChangesView> {
    return listLocalChanges(this.base(base), authorName(this.settings.read().reviewer))
  }

  async keepLocalChanges(base: string, req: KeepChangesRequest): Promise<KeepChangesResult> {
    const b = this.base(base)
    const result = await keepLocalChanges(b, req, {
      reviewer: this.settings.read().reviewer,
      log: this.opts.log
    })
    await this.wrote(b)
    return result
  }

  async setAsideLocalChanges(base: string, req: SetAsideChangesRequest): Promise<SetAsideChangesEntry> {
    const b = this.base(base)
    const entry = await setAsideLocalChanges(this.registry.basesDir, b, req, { log: this.opts.log })
    this.watcher.emit({ type: 'proposals-changed', base: b.name })
    return entry
  }

  async setAsideChanges(): Promise<SetAsideChangesEntry[]> {
    return listSetAsideChanges(this.registry.basesDir)
  }

  async restoreSetAsideChanges(id: string): Promise<SetAsideChangesEntry> {
    const entry = await restoreSetAsideChanges(
      this.registry.basesDir,
      id,
      (dirName) => {
        this.registry.rescan()
        return this.registry.list().find((b) => b.dirName === dirName) ?? null
      },
      { log: this.opts.log }
    )
    this.watcher.emit({ type: 'proposals-changed', base: entry.base })
    return entry
  }

  async previewGovernanceEdit(base: string, edit: GovernanceEdit): Promise<GovernanceEditPreview> {
    return previewGovernanceEdit(this.base(base), edit)
  }

  async commitGovernanceEdit(base: string, edit: GovernanceEdit): Promise<GovernanceEditResult> {
    const b = this.base(base)
    const result = await commitGovernanceEdit(b, edit, { log: this.opts.log })
    if (this.registry.rescan().changed) this.watcher.emit({ type: 'bases-changed' })
    await this.wrote(b)
    return result
  }
}
