import { readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs'
import { join } from 'node:path'
import type { Base } from '../registry/base'
import { isStrictlyInside } from '../corpus/paths'
import { parseProposal, type ProposalRecord } from './record'

export const PROPOSAL_STATUSES = ['pending', 'accepted', 'rejected'] as const
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]
export const PROPOSAL_ID_PATTERN = /^prop-\d{4}-\d{2}-\d{2}-[0-9a-f]{4}$/

export function proposalsDir(base: Base, status: ProposalStatus): string {
  return join(base.root, 'proposals', status)
}

export interface ProposalFile {
  status: ProposalStatus
  /** File name without `.md`. */
  stem: string
  /** Canonical absolute path. */
  abs: string
  /** Bundle-relative path (`proposals/<status>/<file>`). */
  rel: string
}

/**
 * `proposals/<status>/*.md`, sorted; each canonicalised and kept only when it
 * is a regular file strictly inside its folder — a symlink planted in pending/
 * and pointing out of the bundle is ignored.
 */
export function proposalFiles(base: Base, status: ProposalStatus): ProposalFile[] {
  const dir = proposalsDir(base, status)
  let entries: Dirent[]
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return []
  }
  let realDir: string
  try {
    realDir = realpathSync(dir)
  } catch {
    return []
  }
  if (!isStrictlyInside(base.root, realDir)) return []
  const out: ProposalFile[] = []
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const entry of entries) {
    const name = entry.name
    if (!name.endsWith('.md') || name.startsWith('.')) continue
    try {
      // A regular file listed in the canonical folder is inside it by construction; only a link
      // (or an entry of unknown type) is resolved. realpath of each of 500 pending files was a
      // dozen lstat calls apiece — most of what listing them cost (inventory, preview, counts).
      const abs = entry.isFile() ? join(realDir, name) : realpathSync(join(dir, name))
      if (!isStrictlyInside(realDir, abs)) continue
      if (!entry.isFile() && !statSync(abs).isFile()) continue
      out.push({ status, stem: name.slice(0, -3), abs, rel: `proposals/${status}/${name}` })
    } catch {
      continue
    }
  }
  return out
}

/** A proposal file as read: its typed record, and what it was parsed from. */
export interface ProposalRead extends ProposalFile {
  /** The typed frontmatter (`record.ts`), null when absent, empty or unreadable. */
  record: ProposalRecord | null
  /** The parsed mapping the record was read from (null as above). */
  meta: Record<string, unknown> | null
  body: string
  /** The whole file as read; null when it could not be read. */
  text: string | null
}

interface Parsed {
  text: string
  record: ProposalRecord | null
  meta: Record<string, unknown> | null
  body: string
}

/**
 * The last parse of each proposal file, reused while the file's text is the same (compared in
 * full, so never stale): the inventory, kb_list and the status check read every pending proposal
 * on each call, and the YAML parse is most of that cost (~1 ms a file). The parse is shared by the
 * reads that get it: callers treat `record` and `meta` as read-only.
 */
const parsed = new Map<string, Parsed>()
const PARSED_MAX = 20_000

export function readProposal(file: ProposalFile): ProposalRead {
  let text: string
  try {
    text = readFileSync(file.abs, 'utf8')
  } catch {
    return { ...file, record: null, meta: null, body: '', text: null }
  }
  const held = parsed.get(file.abs)
  if (held && held.text === text)
    return { ...file, record: held.record, meta: held.meta, body: held.body, text }
  const p = parseProposal(text)
  if (parsed.size >= PARSED_MAX) parsed.clear()
  parsed.set(file.abs, { text, record: p.record, meta: p.data, body: p.body })
  return { ...file, record: p.record, meta: p.data, body: p.body, text }
}

/**
 * Whether a plan can name the proposal in this pending file: its file is named after its id, and
 * the id is one (the preview looks proposals up by file name, `prop-YYYY-MM-DD-xxxx`).
 */
export function nameableByPlan(stem: string, id: string | null | undefined): boolean {
  return id === stem && PROPOSAL_ID_PATTERN.test(stem)
}

/** Where a proposal's file is now (the folder is authoritative, SPEC §6.2), when it was resolved, its subject. */
export interface Located {
  status: 'pending' | 'accepted' | 'rejected' | 'missing'
  resolvedAt: string | null
  concerns: string | null
}

export function locateProposals(base: Base, ids: readonly string[]): Map<string, Located> {
  const wanted = new Set(ids)
  const out = new Map<string, Located>()
  for (const folder of ['pending', 'accepted', 'rejected'] as const) {
    for (const f of proposalFiles(base, folder)) {
      if (!wanted.has(f.stem) || out.has(f.stem)) continue
      const r = readProposal(f).record
      out.set(f.stem, {
        status: folder,
        resolvedAt: folder === 'pending' ? null : (r?.resolvedAt ?? null),
        concerns: r?.concerns ?? null
      })
    }
  }
  for (const id of ids) if (!out.has(id)) out.set(id, { status: 'missing', resolvedAt: null, concerns: null })
  return out
}
