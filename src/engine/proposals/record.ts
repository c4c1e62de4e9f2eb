import { Document, isScalar } from 'yaml'
import { splitFrontmatter } from '../corpus/frontmatter'
import type { ProposalFields } from './rules'

/**
 * The proposal file's format, in one place (after isomorphic-git's `GitCommit`, which parses and
 * renders its object format in one module): the frontmatter keys, the typed value every reader
 * gets, the file kb_propose writes, and the keys a resolution, a reconcile or a rename change.
 * Adding a field touches this module, its test, and the places that show it. The file's bytes are
 * the contract: rendering goes through the YAML library, changes through the faithful merge
 * (`corpus/frontmatter-merge.ts`), so untouched fields stay byte-identical.
 */

/** The frontmatter keys, as written in the files. */
export const PROPOSAL_KEYS = {
  id: 'id',
  submittedBy: 'submitted-by',
  submittedAt: 'submitted-at',
  type: 'type',
  concerns: 'concerns',
  sources: 'sources',
  confidence: 'confidence',
  status: 'status',
  resolution: 'resolution',
  resolvedAt: 'resolved-at',
  integratedInto: 'integrated-into',
  rejectionReason: 'rejection-reason',
  renamedFrom: 'renamed-from'
} as const

const K = PROPOSAL_KEYS

/**
 * A proposal's frontmatter as the hub shows it. Read leniently: files are hand-editable and a
 * malformed one must still be listed, so a missing or mistyped field is null, never an error.
 * Scalars are display text (a number or boolean as written, YAML 1.2 core keeps dates strings).
 */
export interface ProposalRecord {
  id: string | null
  submittedBy: string | null
  submittedAt: string | null
  type: string | null
  concerns: string | null
  confidence: string | null
  /** As written: kb_propose's rules judge it on recovery, readers list its strings. */
  sources: unknown
  status: string | null
  resolution: string | null
  resolvedAt: string | null
  /** A list, or one path when hand-written as a scalar (readers differ on that case). */
  integratedInto: string | string[] | null
  rejectionReason: string | null
  renamedFrom: string | null
}

export interface ParsedProposal {
  /** Null when the file has no frontmatter, or an empty or unreadable one. */
  record: ProposalRecord | null
  /** The parsed mapping itself (null as above): for the strict views below. */
  data: Record<string, unknown> | null
  body: string
}

function text(data: Record<string, unknown>, key: string): string | null {
  const v = data[key]
  if (v === undefined || v === null) return null
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return null
}

function paths(v: unknown): string | string[] | null {
  if (typeof v === 'string') return v
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string')
  return null
}

/** The typed value of a parsed frontmatter; null when there is none (or it is empty). */
export function readProposalMeta(data: Record<string, unknown> | null): ProposalRecord | null {
  if (!data || Object.keys(data).length === 0) return null
  return {
    id: text(data, K.id),
    submittedBy: text(data, K.submittedBy),
    submittedAt: text(data, K.submittedAt),
    type: text(data, K.type),
    concerns: text(data, K.concerns),
    confidence: text(data, K.confidence),
    sources: data[K.sources],
    status: text(data, K.status),
    resolution: text(data, K.resolution),
    resolvedAt: text(data, K.resolvedAt),
    integratedInto: paths(data[K.integratedInto]),
    rejectionReason: text(data, K.rejectionReason),
    renamedFrom: text(data, K.renamedFrom)
  }
}

export function parseProposal(fileText: string): ParsedProposal {
  const fm = splitFrontmatter(fileText)
  const data = fm.data && Object.keys(fm.data).length > 0 ? fm.data : null
  return { record: readProposalMeta(data), data, body: fm.body }
}

/** `integrated-into` as a list, a scalar counting as one path. */
export function integratedList(r: ProposalRecord | null): string[] | null {
  const v = r?.integratedInto ?? null
  return typeof v === 'string' ? [v] : v
}

/** The sources' strings, a scalar counting as one. */
export function sourceList(r: ProposalRecord | null): string[] {
  const v = r?.sources
  if (typeof v === 'string') return [v]
  if (!Array.isArray(v)) return []
  return v.filter((s): s is string => typeof s === 'string')
}

/** `2026-08-30T09:12:00Z`: UTC, second precision. */
export function isoSecond(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/**
 * The proposal file: a frontmatter produced by the YAML library only (values
 * full of `---`, `:`, quotes or `#` come back identical), then the content.
 * `submitted-at` is quoted so YAML 1.1 readers keep it a string too.
 */
export function renderProposalFile(id: string, f: ProposalFields, submittedAt: Date): string {
  const doc = new Document({
    [K.id]: id,
    [K.submittedBy]: f.submittedBy,
    [K.submittedAt]: isoSecond(submittedAt),
    [K.type]: f.type,
    [K.concerns]: f.concerns,
    [K.sources]: f.sources,
    [K.confidence]: f.confidence,
    [K.status]: 'pending'
  })
  const at = doc.get(K.submittedAt, true)
  if (isScalar(at)) at.type = 'QUOTE_SINGLE'
  const yaml = doc.toString({ lineWidth: 0 })
  return `---\n${yaml}---\n\n${f.content.trim()}\n`
}

export type ProposalResolution =
  | { resolution: 'accepted'; integratedInto: string[] | undefined }
  | { resolution: 'rejected'; reason: string | undefined }

/**
 * What a resolution sets in the proposal's frontmatter, in this order (new keys are appended in
 * it); merged by the faithful merge so the submitted fields stay byte-identical.
 */
export function resolutionPatch(r: ProposalResolution, resolvedAt: Date): Record<string, unknown> {
  return r.resolution === 'accepted'
    ? {
        [K.status]: 'accepted',
        [K.resolution]: 'accepted',
        [K.resolvedAt]: isoSecond(resolvedAt),
        [K.integratedInto]: r.integratedInto
      }
    : {
        [K.status]: 'rejected',
        [K.resolution]: 'rejected',
        [K.resolvedAt]: isoSecond(resolvedAt),
        [K.rejectionReason]: r.reason
      }
}

/** What reconcile sets when a file's declared status disagrees with its folder. */
export function statusPatch(status: string): Record<string, unknown> {
  return { [K.status]: status }
}

/**
 * A resolved file's decision read strictly (history, set-aside replay): blank or non-string
 * values count as absent, since they cannot be shown as a reason or a date.
 */
export interface ResolvedFields {
  integratedInto: string | string[] | null
  rejectionReason: string | null
  resolvedAt: string | null
}

export function resolvedFields(data: Record<string, unknown> | null): ResolvedFields {
  const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
  return {
    integratedInto: paths(data?.[K.integratedInto]),
    rejectionReason: str(data?.[K.rejectionReason]),
    resolvedAt: str(data?.[K.resolvedAt])
  }
}

/** The text fields a pending file must carry to be recovered as a submission, in report order. */
const SUBMITTED_TEXT_KEYS = [K.submittedBy, K.type, K.concerns, K.confidence] as const

/**
 * A pending file's submitted fields read strictly (reconcile's recovery: only what kb_propose
 * could have written is committed): the raw id, the first text field absent, blank or mistyped
 * (by its key, which the report names), and otherwise the fields for kb_propose's rules.
 */
export type SubmittedFields =
  | { id: unknown; missing: string }
  | {
      id: unknown
      missing: null
      fields: {
        type: string
        confidence: string
        concerns: string
        submittedBy: string
        sources: unknown
      }
    }

export function submittedFields(data: Record<string, unknown>): SubmittedFields {
  const id = data[K.id]
  for (const key of SUBMITTED_TEXT_KEYS) {
    const v = data[key]
    if (typeof v !== 'string' || v.trim() === '') return { id, missing: key }
  }
  return {
    id,
    missing: null,
    fields: {
      type: data[K.type] as string,
      confidence: data[K.confidence] as string,
      concerns: data[K.concerns] as string,
      submittedBy: data[K.submittedBy] as string,
      sources: data[K.sources]
    }
  }
}

/**
 * The proposal file with its new id (ids that met, `sync/rename.ts`): the frontmatter's `id:` line
 * replaced, a `renamed-from:` line after it; the rest byte for byte. Null when the frontmatter has
 * no such line (then the submission is not renamed but reported).
 */
export function renamedProposalText(fileText: string, from: string, to: string): string | null {
  if (!fileText.startsWith('---\n')) return null
  const end = fileText.indexOf('\n---', 3)
  if (end < 0) return null
  const head = fileText.slice(0, end + 1)
  const line = new RegExp(`^${K.id}:[ \\t]*(['"]?)${from}\\1[ \\t]*$`, 'm').exec(head)
  if (!line) return null
  const at = line.index
  return `${fileText.slice(0, at)}${K.id}: ${to}\n${K.renamedFrom}: ${from}${fileText.slice(at + line[0].length)}`
}
