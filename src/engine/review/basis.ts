import { createHash } from 'node:crypto'
import { invalidInput } from '../errors'
import { openRepository } from '../git/layout'
import { CommitReader } from '../sync/graph'

/**
 * What a preview read, so that the resolve can refuse to write anything else (DESIGN §9, "a
 * write shows what it writes"): HEAD, the instant the preview was computed for, and a hash of
 * every file it read or writes — each edited document, each pending proposal it moves, each move
 * target (absent). The resolve recomputes the same under the base lock and refuses when any file
 * differs, naming the files and the commits that arrived since; a HEAD that moved without
 * touching those files (another agent's proposal filed meanwhile) is not a reason to refuse.
 *
 * The value is opaque to its holders (base64url of a small JSON) but read back by the engine, so
 * that the refusal can say *what* changed without the hub keeping previews in memory. It carries
 * no file content, only hashes. The instant makes the resolve write the very bytes previewed
 * (`resolved-at`, the freshness day).
 */
export interface BasisState {
  v: 1
  head: string | null
  /** The preview's instant (ISO). */
  at: string
  /** Repository path → sha256 of the bytes read, or null for a file that was absent. */
  files: Record<string, string | null>
}

export function hashContent(text: string | null): string | null {
  return text === null ? null : createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 32)
}

export function encodeBasis(state: BasisState): string {
  const sorted: Record<string, string | null> = {}
  for (const k of Object.keys(state.files).sort()) sorted[k] = state.files[k]
  return Buffer.from(JSON.stringify({ ...state, files: sorted }), 'utf8').toString('base64url')
}

export function decodeBasis(basis: string): BasisState {
  try {
    const s = JSON.parse(Buffer.from(basis, 'base64url').toString('utf8')) as BasisState
    if (
      s.v === 1 &&
      (s.head === null || /^[0-9a-f]{40}$/.test(s.head)) &&
      !Number.isNaN(Date.parse(s.at)) &&
      typeof s.files === 'object' &&
      s.files !== null &&
      Object.values(s.files).every((h) => h === null || typeof h === 'string')
    )
      return s
  } catch {
    // refused below
  }
  throw invalidInput('basis invalide : utilisez celui que renvoie la prévisualisation (--dry-run)')
}

/** The paths whose content differs from what the preview read, in the basis's order. */
export function changedPaths(previewed: BasisState, now: BasisState): string[] {
  const paths = new Set([...Object.keys(previewed.files), ...Object.keys(now.files)])
  return [...paths].sort().filter((p) => (previewed.files[p] ?? null) !== (now.files[p] ?? null))
}

/** `abc1234 subject (author name)` of the commits from `from` (excluded) to `to`, newest first, 20 at most. */
export async function commitsSince(root: string, from: string | null, to: string | null): Promise<string[]> {
  if (to === null || from === to) return []
  const reader = new CommitReader((await openRepository(root)).commondir)
  const out: string[] = []
  let sha: string | undefined = to
  while (sha && sha !== from && out.length < 20) {
    const c = await reader.read(sha)
    const subject = c.message.split('\n')[0]
    const author = c.author.replace(/\s<[^>]*>.*$/, '')
    out.push(`${sha.slice(0, 7)} ${subject} (${author})`)
    sha = c.parents[0]
  }
  return out
}
