/**
 * The HubApi: every operation the manager UI needs, as one typed interface. It crosses two
 * transports — Electron IPC (preload `contextBridge`) and the loopback HTTP bridge of
 * `okf-hub ui` — and the renderer cannot tell them apart. Plain serialisable data only (no class,
 * no Date, no Map); the review DTOs are the ones `okf-hub review --json` prints.
 *
 * Errors: every method rejects with a `HubApiError` value (`{ code, message }`), the engine's
 * `HubError` codes plus the transport's own (`UNAUTHORIZED`, `TRANSPORT`). The UI turns the code
 * into words a manager understands; the message is the engine's own sentence.
 */
import type { Insights } from './insights'
import type {
  Inventory,
  InventoryProposal,
  PlanPreview,
  ReconcileReport,
  ResolutionPlan,
  ResolveResult,
  ReviewContext
} from './review'
import type { ErrorDetail, ErrorKind, ErrorParams } from './error-kinds'
import type { BundleProblem } from './bundle-problems'
import type {
  KeepChangesRequest,
  KeepChangesResult,
  LocalChangesView,
  SetAsideChangesEntry,
  SetAsideChangesRequest
} from './local-changes'
import type { GovernanceEdit, GovernanceEditPreview, GovernanceEditResult } from './governance-edit'
export type * from './local-changes'
export type * from './governance-edit'
export type * from './insights'

export type {
  Inventory,
  InventoryProposal,
  PlanPreview,
  ReconcileReport,
  ResolutionPlan,
  ResolveResult,
  ReviewContext
} from './review'

/** Kept for the Electron shell's "about" line. */
export interface HubInfo {
  product: string
  version: string
  platform: string
  /** 'electron' inside the desktop app, 'web' when served by `okf-hub ui`. */
  transport: 'electron' | 'web'
}

export type HubErrorCode =
  | 'UNKNOWN_BASE'
  | 'NOT_FOUND'
  | 'INVALID_INPUT'
  | 'BASE_BUSY'
  | 'IO_ERROR'
  | 'UNAUTHORIZED'
  | 'TRANSPORT'
  | 'NOT_AVAILABLE'

export interface HubApiError {
  code: HubErrorCode
  /** The engine's own sentence (French, the MCP contract's); shown only when no kind words it. */
  message: string
  /** The failure as data, worded by the UI in the user's language (`error-kinds.ts`). */
  kind?: ErrorKind
  params?: ErrorParams
}

export function isHubApiError(e: unknown): e is HubApiError {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { code?: unknown }).code === 'string' &&
    typeof (e as { message?: unknown }).message === 'string'
  )
}

// ---------------------------------------------------------------------------------------------
// settings

export type Language = 'fr' | 'en'

export interface Settings {
  /** Absolute bases dir actually served (read-only here: set by --bases / config). */
  basesDir: string
  /** Remembered `reviewed_by` (e.g. `human:morva`); null until the manager sets it. */
  reviewer: string | null
  /** null: follow the OS locale. */
  language: Language | null
  /** The user-data folder holding settings, drafts and the hub log. */
  userDataDir: string
  /** The overview's first-steps checklist put away before it was done. */
  firstStepsHidden: boolean
  /** The manager's switch of the usage journal (the hub configuration may still hold it off). */
  journal: boolean
}

export interface SettingsPatch {
  reviewer?: string | null
  language?: Language | null
  firstStepsHidden?: boolean
  journal?: boolean
}

/**
 * The usage journal as Settings shows it (issue 29): whether the MCP servers record, what turned
 * it off, and how much it holds on this machine.
 */
export interface JournalSummary {
  enabled: boolean
  /** `config`: `journal: false` in the hub configuration (the app cannot turn it back on). */
  offBy: 'config' | 'settings' | null
  /** The hub configuration file read, when `offBy` is `config`. */
  configFile: string | null
  dir: string
  files: number
  bytes: number
  events: number
}

/**
 * A fresh installation's three first steps, each read from what is there (nothing recorded): an AI
 * app has OKF Hub's entry, a base other than the two shipped ones exists, a proposal was decided.
 */
export interface FirstSteps {
  aiApp: boolean
  base: boolean
  review: boolean
  /** A base with pending proposals (most first) to review from; null when none has any. */
  reviewBase: string | null
  /** Put away by the manager (settings); shown again from the settings. */
  hidden: boolean
}

// ---------------------------------------------------------------------------------------------
// bases

export interface BaseSummary {
  name: string
  dirName: string
  title: string
  description: string
  version: string | null
  /** Absolute bundle root. */
  root: string
  corpusDir: string
  documents: number
  pending: number
  /** GOVERNANCE.md has `status: draft`. */
  draft: boolean
  /** Discovery warnings about this base (compatibility, normalised description…). */
  warnings: string[]
  /** Current branch tip, null in an empty repository. */
  head: string | null
  /** HEAD names a commit, not a branch (a version checked out with git, a rebase under way): nothing can be written. */
  detached: boolean
  /** Sync with the base's git remote, from the last known remote tip (no network call). */
  sync?: SyncStatus
}

export interface BasesOverview {
  basesDir: string
  basesDirFound: boolean
  bases: BaseSummary[]
  /** `reason`: discovery's French sentence; `problem`: the same as data, worded by the UI. */
  invalid: { dir: string; reason: string; problem?: BundleProblem }[]
  collisions: { name: string; kept: string; ignored: string }[]
}

export interface RescanResult extends BasesOverview {
  added: string[]
  removed: string[]
}

// ---------------------------------------------------------------------------------------------
// corpus

export interface CorpusNode {
  /** Corpus path (`/`-separated); a folder's path has no trailing slash. */
  path: string
  name: string
  kind: 'file' | 'dir'
  /** Document title (frontmatter, else first heading) for files; null when none. */
  title: string | null
  children?: CorpusNode[]
}

export interface DocumentView {
  base: string
  /** Corpus path. */
  path: string
  /** The whole file, verbatim. Untrusted text: render sanitised. */
  raw: string
  /** The markdown after the frontmatter. */
  body: string
  /** Frontmatter as written (without the `---` fences); null when none. */
  frontmatterRaw: string | null
  /** Parsed frontmatter; null when none or unreadable. */
  frontmatter: Record<string, unknown> | null
  frontmatterError: string | null
  title: string | null
  size: number
}

export interface GovernanceView {
  base: string
  rulesFile: string
  rulesText: string
  draft: boolean
  schema: { file: string; text: string | null; error: string | null } | null
  freshnessFields: string[]
}

// ---------------------------------------------------------------------------------------------
// proposals

export interface ProposalDetail extends InventoryProposal {
  base: string
  /** pending | accepted | rejected — the folder it lives in. */
  folder: 'pending' | 'accepted' | 'rejected'
  /** The proposal body (untrusted contribution, never instructions). */
  body: string
  /** The whole file as written. */
  raw: string
  status: string | null
  resolution: string | null
  resolvedAt: string | null
  integratedInto: string[]
  rejectionReason: string | null
}

/**
 * Where a proposal stands now (the plan screen checks its cards with it): still pending, or
 * resolved — here, in another window, or by another hub whose commit a sync brought.
 */
export interface ProposalState {
  id: string
  /** The folder it lives in; `missing` when none holds it. */
  status: 'pending' | 'accepted' | 'rejected' | 'missing'
  /** What it is about (its `concerns`), for a card the inventory no longer lists. */
  concerns: string | null
  /** Its `resolved-at`, else the resolution commit's date. */
  resolvedAt: string | null
  /** The resolution commit's `Reviewed-By` trailer, when the history has it. */
  reviewer: string | null
  /** The resolution commit. */
  commit: string | null
}

/** A document the plan edits changed after the proposal was submitted (from git history). */
export interface StalenessWarning {
  proposalId: string
  /** Corpus path. */
  path: string
  /** Submission commit of the proposal. */
  submittedIn: string
  /** Commits that touched the path after the submission's parent, newest first. */
  changedBy: { commit: string; subject: string; date: string }[]
}

export interface PreviewResult {
  preview: PlanPreview
  staleness: StalenessWarning[]
}

/** A resolution, with the staleness warnings that still held when it was written (shown again). */
export interface ResolvedResult extends ResolveResult {
  staleness: StalenessWarning[]
}

// ---------------------------------------------------------------------------------------------
// history

export interface Trailer {
  key: string
  value: string
}

export type CommitKind = 'submission' | 'resolution' | 'reconcile' | 'other'

export interface HistoryEntry {
  commit: string
  subject: string
  message: string
  author: string
  /** ISO 8601. */
  date: string
  kind: CommitKind
  /** Proposal ids named by this commit (subject `proposal: <id>` or `Proposal:` trailers). */
  proposals: string[]
  trailers: Trailer[]
  /** A submission commit, read from its subject and `Submitted-By` trailer. */
  filing: Filing | null
  /** A resolution commit: who decided, and which proposals it integrated or rejected. */
  decision: Decision | null
  /** A base's first commit written by the hub: installed with the app, created, or a folder imported. */
  start?: { kind: 'installed' | 'created' | 'imported-folder'; name: string } | null
}

export interface Filing {
  id: string
  /** The proposal's type as the subject names it (`edit`, `new`…). */
  type: string | null
  /** What it is about, as the subject carries it (shortened by the engine at filing). */
  concerns: string
  /** The `Submitted-By` trailer. */
  submittedBy: string | null
  /** Filed again by reconcile after an interruption. */
  recovered: boolean
}

export interface Decision {
  /** The `Reviewed-By` trailer without its `human:` prefix; null when absent. */
  reviewer: string | null
  /** Ids the commit moved to `proposals/accepted/`, in trailer order. */
  integrated: string[]
  /** Ids the commit moved to `proposals/rejected/`. */
  rejected: string[]
  /** The manager's summary: the subject after its ` — `. */
  summary: string
}

/** One file a commit changed, against its first parent. */
export interface CommitFileChange {
  /** Repo path. */
  path: string
  change: 'added' | 'modified' | 'deleted'
  /** Unified diff (`a/<path>` → `b/<path>`), null when binary or too large to show. */
  diff: string | null
  binary: boolean
  tooLarge: boolean
}

/** What one commit of the history did: its entry, its whole message, and each file's diff. */
export interface CommitDetail {
  base: string
  entry: HistoryEntry
  /** First parent; null for the root commit. */
  parent: string | null
  /** Corpus and governance files first, proposal files after, each group by path. */
  files: CommitFileChange[]
  /** Files the commit changed beyond the ones listed (a very large commit). */
  omitted: number
}

/** How a proposal ended, read from its file in the resolution commit. */
export interface ProposalOutcome {
  resolution: 'accepted' | 'rejected'
  /** Corpus paths written into `integrated-into` (accepted). */
  integratedInto: string[]
  /** The motive written into `rejection-reason` (rejected). */
  rejectionReason: string | null
  resolvedAt: string | null
}

export interface HistoryPage {
  base: string
  entries: HistoryEntry[]
  /** Commit to pass as `before` for the next page; null at the root. */
  next: string | null
}

export interface AuditTrail {
  base: string
  id: string
  submission: HistoryEntry | null
  resolution: HistoryEntry | null
  /** Every other commit naming the id (should be empty: the audit invariant). */
  others: HistoryEntry[]
  /** Null while pending (no resolution commit). */
  outcome: ProposalOutcome | null
  /**
   * Where its file is now (`ProposalState.status`). It can contradict the commits: a decision
   * reverted since (pending again), or a commit that says it decided without moving the file.
   */
  status: ProposalState['status']
}

// ---------------------------------------------------------------------------------------------
// import, new base, trash, host registration

export interface ImportRequest {
  /**
   * Chosen by the caller (a UUID) before the call, so that progress events and `cancelImport`
   * can name the job while `importBase` is still running.
   */
  jobId: string
  /** A git URL (http/https) or an absolute local path (a git repository or a plain folder). */
  source: string
  /** Directory name under the bases dir; derived from the source when absent. */
  name?: string
  branch?: string
  /** Kept in memory only: never written to disk, never logged, never in `.git/config`. */
  token?: string
}

export type ImportPhase =
  | 'preparing'
  | 'counting'
  | 'compressing'
  | 'receiving'
  | 'resolving'
  | 'checking-out'
  | 'copying'
  | 'validating'
  | 'done'

export interface ImportProgress {
  jobId: string
  phase: ImportPhase
  loaded: number
  total: number | null
  /** 0–100 within the phase, null when the total is unknown. */
  percent: number | null
}

/**
 * An import that cloned and validated: the base sits in a hidden staging folder inside the bases
 * dir and is **not served** until `confirmImport` (SPEC §8: imported text reaches every agent's
 * context, so the manager reads it first). `discardImport` deletes it.
 */
export interface ImportResult {
  jobId: string
  /** The bundle's name (manifest), as it will be served. */
  base: string
  /** The directory it will be published under. */
  dirName: string
  source: string
  branch: string | null
  head: string | null
  commits: number
  documents: number
  /** Raw texts shown in the "before first use" step: untrusted, rendered as such. */
  manifest: string
  governance: string
  claude: string | null
  /** Discovery's warnings for the staged bundle (normalised description, compatibility…). */
  warnings: string[]
}

export interface NewBaseRequest {
  /** Directory and bundle name, validated as discovery does. */
  name: string
  title: string
  description: string
  /** The template's language (rules, guide, example): the UI's; French when absent. */
  language?: Language
}

export interface TrashEntry {
  /** Opaque id (the trash folder's name). */
  id: string
  /** The base's name and directory when it was removed. */
  base: string
  dirName: string
  /** ISO time of the removal. */
  removedAt: string
}

export type HostId = 'claude-desktop' | 'claude-code' | 'cursor' | 'vscode'

export interface HostRegistration {
  host: HostId
  /** The host's user config file (the first found or the one we would create); null if unknown on this OS. */
  configFile: string | null
  /** Every candidate config file found for this host (Claude Desktop on Windows has several). */
  configFiles: string[]
  /** Whether the host looks installed (its config folder exists). */
  installed: boolean
  /** Our entry is present in every config file found. */
  present: boolean
  /** The entry's command started the server and answered initialize + tools/list; null when not checked. */
  working: boolean | null
  /** Why it is absent, broken or unparseable: the engine's French sentence (the CLI's status); null when fine. */
  problem: string | null
  /** The same problems as data, one per sentence of `problem`: what the UI words in the manager's language. */
  problems: ErrorDetail[]
  /** Last backup written by a register/unregister, null when none. */
  backup: string | null
}

// ---------------------------------------------------------------------------------------------
// team sync (a base and its git remote)

/**
 * - `up-to-date`: the branch is where the remote's is.
 * - `behind`: the remote has `behind` commits more; a sync fast-forwards (unless `dirty` lists local
 *   changes in the way: then nothing was written).
 * - `ahead`: `ahead` local commits not on the remote yet; a sync with push sends them (replayed on
 *   the remote's new commits when `behind` > 0 too).
 * - `diverged`: both moved and the local commits cannot be replayed: `conflicts` lists the paths
 *   changed on both sides; nothing is forced.
 * - `unreachable`, `auth-required`: the remote did not answer, or wants a (valid) token.
 * - `no-remote`: git knows no remote for this base. `error`: anything else (the message says what).
 */
export type SyncState =
  'up-to-date' | 'behind' | 'ahead' | 'diverged' | 'unreachable' | 'auth-required' | 'no-remote' | 'error'

export interface SyncStatus {
  base: string
  state: SyncState
  /** Local branch; null when HEAD is detached or unreadable. */
  branch: string | null
  /** `origin/main`; null without a remote. */
  remote: string | null
  /** The remote's URL without any credentials; null without a remote. */
  url: string | null
  /** `host[:port]` its token is stored under; null without an HTTP remote. */
  host: string | null
  ahead: number
  behind: number
  /** diverged: the paths changed on both sides. */
  conflicts: string[]
  /** Local (worktree or staged) changes of paths the remote changed: not overwritten, nothing written. */
  dirty: string[]
  /** ISO time of the last exchange that reached the remote; null: never. */
  lastSync: string | null
  /** What the status means and what to do, in the engine's words (French). */
  message: string
  /** True when the remote was contacted for this status; false: from the last known remote tip. */
  live: boolean
  /** After a sync: commits fast-forwarded, commits pushed (replayed ones included). */
  fastForwarded?: number
  pushed?: number
  /**
   * diverged: every local commit in the way is a hub resolution, so `setAsideResolutions` can
   * set it aside and rebuild its plan on the remote's tip. False or absent: git's tools only.
   */
  replannable?: boolean
  /** Issue 27: how this hub sends to the remote; absent on a status made before any mode was known. */
  mode?: SyncMode
  inbox?: SyncInboxInfo
  manager?: SyncManagerInfo
  /** Problems to show on the base's card and in the sync panel, with what to do. */
  alerts?: SyncAlert[]
  /**
   * What the `ahead` commits are, from their subjects: proposals filed here, decisions taken here,
   * other changes (a kept local change, a governance edit, a colleague's commit made by hand).
   * Absent when nothing waits to leave.
   */
  outgoing?: { proposals: number; decisions: number; other: number }
  /**
   * `error` (and a refused push): what went wrong as data, which the UI and the CLI word in the
   * user's language; `message` keeps the engine's French sentence as the technical detail.
   */
  problem?: SyncProblem
}

/**
 * Why a sync could not run or ended in `error`:
 * - `detached-head`: HEAD names no branch; `head-unreadable`, `repo-unreadable`: git's files are
 *   damaged or missing; `no-commits`: the branch has no commit yet.
 * - `not-http` { remote, url }: the remote is ssh or a local path, which the hub does not sync.
 * - `no-hub-id`: inbox mode on a hub without an installation id.
 * - `remote-branch-missing` { branch }: the remote has no such branch (the manager creates it).
 * - `push-protected` { branch }: the remote refused the push as protected, in a mode that may not
 *   move to the inbox; `remote-refused`: the remote answered the exchange with an error.
 * - `remote-missing` { url }: the remote says no repository is there (HTTP 404 or 410): renamed,
 *   moved or deleted, or the token cannot see it. Not retried as a network failure would be.
 * - `base-busy`: another write held the base; `git-lock-stale` { file, since }: a git lock file an
 *   interrupted command left (the panel offers to remove it); `unexpected`: anything else (the
 *   detail says what).
 */
export type SyncProblemKind =
  | 'detached-head'
  | 'head-unreadable'
  | 'repo-unreadable'
  | 'no-commits'
  | 'not-http'
  | 'no-hub-id'
  | 'remote-branch-missing'
  | 'push-protected'
  | 'remote-refused'
  | 'remote-missing'
  | 'base-busy'
  | 'git-lock-stale'
  | 'unexpected'

export interface SyncProblem {
  kind: SyncProblemKind
  params?: Record<string, string>
}

/**
 * How a hub sends its commits to a base's remote (issue 27): `main` pushes the base's branch
 * (today's mode); `inbox` files submissions on `okf-hub/inbox/<hub id>`, a branch only this hub
 * writes, for the manager to integrate; `manager` pushes the branch and integrates every inbox.
 */
export type SyncMode = 'main' | 'inbox' | 'manager'

/** What went wrong in a sync that must not stay in a log (issue 27, « failure is loud »). */
export type SyncAlertKind =
  /** The remote refused the push to the base's branch as protected: this hub now files on its inbox. */
  | 'moved-to-inbox'
  /** A push refused for another reason than protection (or a manager refused on its own branch). */
  | 'push-refused'
  /** An inbox that could not be fetched, or commits of it that cannot be integrated. */
  | 'inbox-problem'
  /** This hub stays behind the remote (local changes in the way, or commits it cannot replay). */
  | 'stays-behind'

export interface SyncAlert {
  kind: SyncAlertKind
  /** The engine's sentence (French), for the CLI and the log. The UI words the kind. */
  message: string
  /** Inbox branch, commit counts: what the UI's wording needs. */
  params: Record<string, string | number>
}

/** Inbox-mode details of a sync status. */
export interface SyncInboxInfo {
  /** This hub's inbox branch (`okf-hub/inbox/<hub id>`). */
  branch: string
  /** Local submissions the base's branch does not carry yet (in the inbox, or about to go). */
  waiting: number
  /** After a sync: commits this run pushed to the inbox (the status's `pushed` counts the branch only). */
  pushed?: number
}

/** Manager-mode details: the inboxes seen and what the last run integrated. */
export interface SyncManagerInfo {
  inboxes: { branch: string; waiting: number }[]
  /** Proposals integrated by this run, with the inbox they came from. */
  collected: { id: string; inbox: string; renamedFrom?: string }[]
}

/** `setAsideResolutions`: what was set aside, where it is kept, and the plan rebuilt from it. */
export interface SetAsideResult {
  base: string
  /** The branch keeping the old local tip, e.g. `okf-hub/set-aside/20261203-150102`. */
  keptAt: string
  /** The resolutions taken off the branch (they live on in `keptAt`). */
  setAside: { commit: string; subject: string }[]
  /** Local commits kept on top of the remote's tip (submissions, resolutions that replayed). */
  replayed: number
  /** The branch's new tip. */
  head: string
  /** The base's plan draft now: the rebuilt decisions and edits, merged into any draft there was. */
  draft: ResolutionPlan
  /** That draft's revision (`DraftState.revision`). */
  draftRevision: string
  /** What could not be carried into the plan, in the engine's words (French). */
  notes: string[]
  /** The base's sync status after the move. */
  status: SyncStatus
}

export interface SyncOptions {
  /** Also send local commits (replayed on the remote's new commits when it moved). */
  push: boolean
}

export interface CredentialHosts {
  /** Hosts with a stored token (never the tokens themselves). */
  hosts: string[]
  /** Whether a stored token outlives this process (the desktop app's OS keychain). */
  persistent: boolean
  /** OKF_HUB_GIT_TOKEN is set: it applies to every host without a stored token. */
  fromEnvironment: boolean
}

// ---------------------------------------------------------------------------------------------
// live events

/** A base's plan draft and the revision of the file it was read from ('' when there is none). */
export interface DraftState {
  plan: ResolutionPlan | null
  revision: string
}

export type HubEvent =
  /** A base appeared, disappeared or changed manifest: reload the overview. */
  | { type: 'bases-changed' }
  /** A base's proposals/ folder changed (filed, resolved, reconciled). */
  | { type: 'proposals-changed'; base: string }
  /** A base's branch moved (any commit). */
  | { type: 'head-changed'; base: string; head: string | null }
  | { type: 'import-progress'; progress: ImportProgress }
  /** A base's sync status changed (a sync ran, in the background or on demand). */
  | { type: 'sync-changed'; base: string; status: SyncStatus }
  /** A base's gaps were checked again (after a resolution or a sync): the Insights tab asks again. */
  | { type: 'insights-changed'; base: string }
  /**
   * A base's plan draft was saved, replaced or deleted (another tab's copy is then out of date);
   * `resolved`: deleted because a plan was resolved.
   */
  | { type: 'draft-changed'; base: string; revision: string; resolved?: boolean }

export type Unsubscribe = () => void

// ---------------------------------------------------------------------------------------------
// the interface

export interface HubApi {
  info(): Promise<HubInfo>

  getSettings(): Promise<Settings>
  updateSettings(patch: SettingsPatch): Promise<Settings>
  /** The usage journal's state and size. */
  journal(): Promise<JournalSummary>
  /** Deletes every event of the usage journal; answers the (empty) journal after. */
  purgeJournal(): Promise<JournalSummary>
  /** A base's knowledge gaps from the usage journal, each checked against the corpus, and the figures. */
  insights(base: string): Promise<Insights>
  /** "Not for this base" (`dismissed` true) or its undoing; answers the insights after. */
  dismissGap(base: string, id: string, dismissed: boolean): Promise<Insights>

  listBases(): Promise<BasesOverview>
  rescan(): Promise<RescanResult>

  corpusTree(base: string): Promise<CorpusNode[]>
  /**
   * The corpus's document paths alone, sorted: what the plan editor suggests and checks. The tree
   * (titles, one stat per file) is 1 MB of answer for 10,000 documents; this is a quarter of it.
   */
  documentPaths(base: string): Promise<string[]>
  readDocument(base: string, path: string): Promise<DocumentView>
  governance(base: string): Promise<GovernanceView>
  context(base: string): Promise<ReviewContext>

  reconcile(base: string, apply: boolean): Promise<ReconcileReport>
  /**
   * Removes a git lock file an interrupted command left in a served base (the `file` of a
   * `git-lock-stale` refusal or of reconcile's `staleLocks`), once it is over a minute old.
   */
  removeStaleGitLock(file: string): Promise<void>
  inventory(base: string): Promise<Inventory>
  proposal(base: string, id: string): Promise<ProposalDetail>
  /** Where each of these proposals stands now (at most 500 ids). */
  proposalStates(base: string, ids: string[]): Promise<ProposalState[]>

  previewPlan(base: string, plan: ResolutionPlan): Promise<PreviewResult>
  /**
   * `basis`: the preview's (`PlanPreview.basis`) — the resolve writes exactly what it showed or
   * refuses with `stale-preview` (paths and commits), nothing written. The UI always sends it.
   */
  resolvePlan(base: string, plan: ResolutionPlan, basis?: string): Promise<ResolvedResult>

  /** Plan drafts survive a reload: kept in the user-data folder, one per base. */
  loadDraft(base: string): Promise<DraftState>
  /**
   * Saves (null: deletes) the base's draft; answers its new revision. `expected`: the revision the
   * caller's copy started from — if another window saved since, refused with `draft-changed`
   * (params `{ revision }`: the draft's revision now), nothing written. Emits `draft-changed`.
   */
  saveDraft(base: string, plan: ResolutionPlan | null, expected?: string): Promise<DraftState['revision']>

  history(base: string, opts?: { before?: string; limit?: number }): Promise<HistoryPage>
  auditTrail(base: string, id: string): Promise<AuditTrail>
  /** One commit of the base's history with the diff of every file it changed (the decision's diff). */
  commitDetail(base: string, commit: string): Promise<CommitDetail>

  /** Clone (or copy) and validate into staging; progress as `import-progress` events. */
  importBase(req: ImportRequest): Promise<ImportResult>
  cancelImport(jobId: string): Promise<void>
  /** Publish a staged import (atomic rename); the base is served from then on. */
  confirmImport(jobId: string): Promise<BaseSummary>
  discardImport(jobId: string): Promise<void>
  newBase(req: NewBaseRequest): Promise<BaseSummary>
  /** Move a base to the trash folder inside the bases dir (not served, restorable). */
  removeBase(base: string): Promise<TrashEntry>
  trash(): Promise<TrashEntry[]>
  restoreBase(trashId: string): Promise<BaseSummary>
  /** Desktop only (a native folder picker); the web bridge answers NOT_AVAILABLE. */
  pickDirectory(): Promise<string | null>

  /** Every host's status; `check` also starts each entry's command (slower). */
  registrations(check?: boolean): Promise<HostRegistration[]>
  /** What the overview's first-run checklist shows (cheap: no server started, no network). */
  firstSteps(): Promise<FirstSteps>
  /** Register or repair (idempotent). */
  register(host: HostId): Promise<HostRegistration>
  unregister(host: HostId): Promise<HostRegistration>

  /** Every base's sync status (or one base's), from the last known remote tip: no network call. */
  syncStatus(base?: string): Promise<SyncStatus[]>
  /** Fetch, fast-forward when behind, and with `push` send local commits; `sync-changed` follows. */
  sync(base: string, opts: SyncOptions): Promise<SyncStatus>
  /**
   * diverged with `replannable`: keeps the old tip in a branch, moves the base onto the remote's
   * tip with the local commits that replay, and rebuilds the set-aside resolutions into the draft.
   */
  setAsideResolutions(base: string): Promise<SetAsideResult>
  /** Store a token for a remote host (`host[:port]`); the desktop app encrypts it with the OS keychain. */
  setCredential(host: string, token: string): Promise<void>
  deleteCredential(host: string): Promise<void>
  credentialHosts(): Promise<CredentialHosts>

  /** The base's uncommitted changes, per file with a diff against HEAD (issue 25 §3). */
  localChanges(base: string): Promise<LocalChangesView>
  /** One commit of exactly the listed changes, authored by the manager, with their message. */
  keepLocalChanges(base: string, req: KeepChangesRequest): Promise<KeepChangesResult>
  /** The listed changes copied to the trash, then the files put back to HEAD. */
  setAsideLocalChanges(base: string, req: SetAsideChangesRequest): Promise<SetAsideChangesEntry>
  /** Changes set aside, most recent first. */
  setAsideChanges(): Promise<SetAsideChangesEntry[]>
  /** Written back into their base as uncommitted changes; refused over files changed since. */
  restoreSetAsideChanges(id: string): Promise<SetAsideChangesEntry>
  /** Governance edited in the app: the diffs and the commit message, nothing written. */
  previewGovernanceEdit(base: string, edit: GovernanceEdit): Promise<GovernanceEditPreview>
  /** The same edit written in one commit with the reviewer's trailer (refused if the files moved). */
  commitGovernanceEdit(base: string, edit: GovernanceEdit): Promise<GovernanceEditResult>
}

/** The method names, for the transports (IPC channels, HTTP routes) and the preload test. */
export const HUB_API_METHODS = [
  'info',
  'getSettings',
  'updateSettings',
  'journal',
  'purgeJournal',
  'insights',
  'dismissGap',
  'listBases',
  'rescan',
  'corpusTree',
  'documentPaths',
  'readDocument',
  'governance',
  'context',
  'reconcile',
  'removeStaleGitLock',
  'inventory',
  'proposal',
  'proposalStates',
  'previewPlan',
  'resolvePlan',
  'loadDraft',
  'saveDraft',
  'history',
  'auditTrail',
  'commitDetail',
  'importBase',
  'cancelImport',
  'confirmImport',
  'discardImport',
  'newBase',
  'removeBase',
  'trash',
  'restoreBase',
  'pickDirectory',
  'registrations',
  'register',
  'unregister',
  'syncStatus',
  'sync',
  'setAsideResolutions',
  'setCredential',
  'deleteCredential',
  'credentialHosts',
  'firstSteps',
  'localChanges',
  'keepLocalChanges',
  'setAsideLocalChanges',
  'setAsideChanges',
  'restoreSetAsideChanges',
  'previewGovernanceEdit',
  'commitGovernanceEdit'
] as const satisfies readonly (keyof HubApi)[]

export type HubApiMethod = (typeof HUB_API_METHODS)[number]

/**
 * What the renderer sees as `window.okfHub` in the desktop app: the HubApi's methods plus the
 * event stream. In the browser the same shape is built over fetch + server-sent events.
 */
export interface HubBridge extends HubApi {
  subscribe(listener: (event: HubEvent) => void): Unsubscribe
}

/** HTTP bridge routes: `POST /api/<method>` with body `{ "args": [...] }`, `GET /api/events` (SSE). */
export const HTTP_API_PREFIX = '/api/'
export const HTTP_EVENTS_PATH = '/api/events'
/**
 * HTTP bridge envelope: `200 { "result": value }` (`null` for void methods), otherwise a 4xx/5xx
 * status with `{ "error": HubApiError }`. Server-sent events carry one `HubEvent` JSON per `data:`.
 */
export type HttpApiResponse<T> = { result: T } | { error: HubApiError }
/**
 * The per-start token: the printed URL carries it as `?token=`; the bridge then sets it as an
 * HttpOnly, SameSite=Strict cookie and redirects to `/`, so it leaves the address bar and
 * history. Programs may send `Authorization: Bearer <token>` instead.
 */
export const HTTP_TOKEN_QUERY = 'token'
export const HTTP_TOKEN_COOKIE = 'okf_hub_token'
/** Largest request body the bridge accepts (a plan with whole-document edits fits easily). */
export const HTTP_MAX_BODY_BYTES = 4 * 1024 * 1024
/** IPC channel of a HubApi method, and of the event stream. */
export const ipcChannel = (method: HubApiMethod): string => `okf-hub:${method}`
export const IPC_EVENT_CHANNEL = 'okf-hub:event'

// Compile-time proof that HUB_API_METHODS names every HubApi method (a transport cannot miss one).
type MissingMethods = Exclude<keyof HubApi, HubApiMethod>
export const HUB_API_METHODS_COMPLETE: MissingMethods extends never ? true : never = true
