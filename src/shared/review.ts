/**
 * DTOs of the review engine (issue 4): what `okf-hub review … --json` prints and what the desktop
 * app receives over IPC. Plain serialisable data only — no class, no Date, no Map. Paths are
 * `/`-separated; "repo path" means relative to the bundle root, "corpus path" relative to its
 * corpus-dir.
 */

export type ResolutionKind = 'accepted' | 'rejected'
export type ProposalFolder = 'pending' | 'accepted' | 'rejected'

// ---------------------------------------------------------------------------------------------
// reconcile (step 0)

export interface RecoveredProposal {
  id: string
  /** Repo path, `proposals/pending/<id>.md`. */
  path: string
  /** Sha of its submission commit (subject suffixed ` (recovered)`); null in a report without --apply. */
  commit: string | null
}

export interface MalformedProposal {
  /** Repo path of the untracked pending file. */
  path: string
  /** Why it cannot be committed as a submission (the kb_propose rule it breaks), in French. */
  reason: string
  /** The same reason as data, which the UI words in the manager's language. */
  detail: SubmissionProblem
}

/**
 * Why an untracked pending file is not a valid submission: unreadable, no frontmatter, an id that
 * is not `prop-YYYY-MM-DD-hhhh` or not the file's name, a required field missing or empty, or a
 * field that breaks a kb_propose rule (`field` as kb_propose names it: `submitted_by`, `sources`…).
 */
export type SubmissionProblem =
  | { kind: 'unreadable' | 'no-frontmatter' | 'bad-id' }
  | { kind: 'id-mismatch'; id: string }
  | { kind: 'field-missing' | 'field-invalid'; field: string }

export interface DuplicateProposal {
  id: string
  /** Every folder holding a copy, in pending, accepted, rejected order. */
  folders: ProposalFolder[]
  /** The copy that stays (committed resolved copy first, else the committed pending one); null: ambiguous. */
  winner: ProposalFolder | null
  /** Repo paths of the copies to remove (removed when `applied`). */
  remove: string[]
  /** Why nothing can be decided automatically, when winner is null (French). */
  problem: string | null
  /** The same as data: copies committed in both accepted/ and rejected/, or no copy committed. */
  detail: 'resolved-twice' | 'none-committed' | null
  applied: boolean
}

export interface StatusMismatch {
  id: string
  /** Repo path. */
  path: string
  folder: ProposalFolder
  /** The `status` field as written. */
  declared: string
  /** Why it cannot be corrected automatically (frontmatter merge refused, untracked file…), in French. */
  problem: string | null
  /** The same as data: the file is not in HEAD's tree, or its frontmatter cannot be rewritten safely. */
  detail: 'untracked' | 'frontmatter' | null
  applied: boolean
}

export interface TempFile {
  /** Repo path of a `.okf-tmp-*` file left by an interrupted atomic write. */
  path: string
  applied: boolean
}

/** One of git's lock files an interrupted command left: it blocks every write until removed. */
export interface StaleLock {
  /** Where the manager finds it: relative to the base's folder (`.git/index.lock`), else absolute. */
  path: string
  /** Absolute path, what `removeStaleGitLock` takes. */
  file: string
  /** When the interrupted command took it (ISO 8601). */
  since: string
  applied: boolean
}

export interface ReconcileReport {
  base: string
  apply: boolean
  /** Pending files already present in HEAD's tree. */
  alreadyTracked: number
  /** Valid untracked pending proposals: to recover (report), or recovered (with --apply). */
  recovered: RecoveredProposal[]
  malformed: MalformedProposal[]
  duplicates: DuplicateProposal[]
  statusMismatches: StatusMismatch[]
  tempFiles: TempFile[]
  /** Git lock files left by interrupted commands: to remove (report), or removed (with --apply). */
  staleLocks: StaleLock[]
  /** Repairs that can be (or were) applied: stray copies, status fields, temp files. */
  repairs: number
  /** The `reconcile: <n> repair(s)` commit, when --apply changed tracked files. */
  repairCommit: string | null
}

// ---------------------------------------------------------------------------------------------
// context

export interface CorpusDocument {
  /** Corpus path. */
  path: string
  /** Frontmatter title, else first heading; null when none. */
  title: string | null
}

export interface ReviewContext {
  base: string
  title: string
  root: string
  corpusDir: string
  /** GOVERNANCE.md has `status: draft`: the rules applied are not validated. */
  draft: boolean
  governance: { file: string; text: string }
  /** Null when the manifest declares no schema. */
  schema: { file: string; text: string | null; error: string | null } | null
  /** Date fields named `last-…` of schema.yaml, set to today on every edited document. */
  freshnessFields: string[]
  documents: CorpusDocument[]
  counts: { documents: number; pending: number; accepted: number; rejected: number }
}

// ---------------------------------------------------------------------------------------------
// inventory

export interface InventoryProposal {
  id: string
  /** Repo path. */
  path: string
  type: string | null
  concerns: string | null
  confidence: string | null
  sources: string[]
  submittedBy: string | null
  submittedAt: string | null
  /** Whole days since submission; null when submitted-at is missing or unreadable. */
  ageDays: number | null
  /** Corpus paths, best first (at most 3), found by searching the proposal's concerns. */
  likelyDocuments: string[]
  /** Present in HEAD's tree (else reconcile first). */
  tracked: boolean
  /** id or submitted-by missing, or frontmatter unreadable. */
  incomplete: boolean
  /** Only with --full: the proposal body — untrusted data, never instructions. */
  body?: string
  /**
   * Set by the hub's HubApi, never by `okf-hub review`: this hub integrated the proposal from a
   * contributor's inbox (issue 27). Absent for one filed here or arrived with the base's branch.
   */
  origin?: ProposalOrigin
}

/** Where a proposal integrated from an inbox came from. */
export interface ProposalOrigin {
  /** The inbox's branch, `okf-hub/inbox/<hub id>`. */
  inbox: string
  /** The contributor hub's installation id (not personal data). */
  hubId: string
  /** ISO: when this hub integrated it. */
  collectedAt: string
  /** Its id in the inbox, when the integration renamed it (another hub had drawn the same id). */
  renamedFrom?: string
}

export interface InventoryGroup {
  /** 1-based, in order of the group's oldest proposal. */
  index: number
  /** Concerns of the group's oldest proposal. */
  subject: string
  /** Why the members are together (empty for a single proposal): the engine's French text. */
  reasons: string[]
  /** The same links as `reasons`, one for one, as data: what a UI words in its own language. */
  links: GroupLink[]
  proposals: InventoryProposal[]
}

/** One reason two proposals were put together, or how many more links were left unlisted. */
export type GroupLink =
  | { kind: 'similar-concerns'; a: string; b: string; similarity: number }
  | { kind: 'same-document'; document: string; ids: string[] }
  | { kind: 'more'; count: number }

export interface Inventory {
  base: string
  total: number
  /**
   * Proposals whose likely documents are still being searched (the desktop's first inventory of a
   * large base): shown without them and grouped by their concerns alone for now. 0: complete.
   */
  locating: number
  full: boolean
  groups: InventoryGroup[]
}

// ---------------------------------------------------------------------------------------------
// resolve

export interface PlanResolution {
  id: string
  resolution: ResolutionKind
  /** Corpus paths (accepted only). */
  integrated_into?: string[]
  /** Mandatory for a rejection, ≤ 500 characters. */
  reason?: string
}

export interface PlanEdit {
  /** Corpus path of a `.md` document. */
  path: string
  /** Heading of the section to replace (content required, starting with a heading of the same level). */
  section?: string
  /** Whole file (creates it), or the section when `section` is given. */
  content?: string
  /** Appended at the end of the document; exclusive of content. */
  append?: string
  /** Fields merged into the frontmatter; untouched fields keep their exact text. */
  frontmatter?: Record<string, unknown>
}

/** The plan format of seed 000. */
export interface ResolutionPlan {
  summary: string
  reviewed_by: string
  resolutions: PlanResolution[]
  edits: PlanEdit[]
}

export interface FilePreview {
  /** Repo path. */
  path: string
  /** Null when the file does not exist yet. */
  before: string | null
  after: string
  /** Unified diff (jsdiff), `a/<path>` → `b/<path>`. */
  diff: string
  created: boolean
}

export interface ProposalMove {
  id: string
  resolution: ResolutionKind
  /** Repo paths. */
  from: string
  to: string
  /** Accepted: the corpus paths written into `integrated-into`. */
  integratedInto: string[] | null
  /** Rejected: the motive written into `rejection-reason`. */
  reason: string | null
  before: string
  /** The enriched proposal file (status, resolution, resolved-at, integrated-into | rejection-reason). */
  after: string
  /** Unified diff from the pending file to the resolved one. */
  diff: string
}

export interface PlanPreview {
  base: string
  /** Corpus files the plan writes, one entry per file (chained edits merged), in first-edit order. */
  files: FilePreview[]
  moves: ProposalMove[]
  subject: string
  /** The exact commit message (subject, blank line, trailers). */
  commitMessage: string
  /** `AVERTISSEMENT` lines: duplicated section titles, created documents, integrated_into untouched… */
  warnings: string[]
  /** The same warnings as data, one per line of `warnings`, for a door that words them itself (the UI). */
  notes: PreviewNote[]
  /**
   * What this preview read (HEAD, its instant, a hash of every file it read or writes), opaque:
   * pass it to the resolve, which then writes exactly these bytes or refuses (`stale-preview`).
   */
  basis: string
}

export interface ResolveResult {
  base: string
  commit: string
  subject: string
  commitMessage: string
  /** Every repo path of the commit. */
  paths: string[]
  moves: { id: string; resolution: ResolutionKind; from: string; to: string }[]
  warnings: string[]
  notes: PreviewNote[]
}

/**
 * A preview warning as data. `change` is the edit's position counted from 1 (the UI's "Change 2"
 * is the contract's `edits[1]`), `resolution` likewise for the plan's resolutions.
 */
export type PreviewNote =
  | { kind: 'duplicate-sections'; change: number; path: string; section: string; count: number }
  | { kind: 'document-created'; change: number; path: string }
  | { kind: 'integrated-untouched'; resolution: number; id: string; path: string }
  | { kind: 'accepted-without-documents'; resolution: number; id: string }

/** `--json` error shape of every `okf-hub review` subcommand. */
export interface ReviewErrorDto {
  error: { code: string; message: string }
}
