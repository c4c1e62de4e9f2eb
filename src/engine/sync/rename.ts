/**
 * Ids that meet (issue 27). A proposal id is the day plus four hex digits (the contract's format),
 * so two hubs filing the same day may draw the same one; inbox branches bring every hub's
 * proposals together at the manager's integration, where a clash is found. The one integrated
 * later keeps its content and authorship but gets a new id: its file says `id: <new>` and
 * `renamed-from: <old>` (so `kb_proposal_status <old>` still finds it), and its submission commit
 * names the new id in its subject (`proposal: <new>`, the audit invariant) and the old one in a
 * `Renamed-From: <old>` trailer — the only difference from the original message, which lets the
 * submitter's hub recognise its own commit upstream (`replay.ts`) and drop its local copy.
 */

export const RENAMED_FROM = 'Renamed-From'

const ID = /prop-\d{4}-\d{2}-\d{2}-[0-9a-f]{4}/

/** The submission message of the renamed copy. */
export function renamedMessage(message: string, from: string, to: string): string {
  const nl = message.indexOf('\n')
  const subject = nl < 0 ? message : message.slice(0, nl)
  const rest = nl < 0 ? '' : message.slice(nl)
  const body = subject.replace(`proposal: ${from}`, `proposal: ${to}`) + rest
  return `${body.endsWith('\n') ? body : body + '\n'}${RENAMED_FROM}: ${from}\n`
}

/** A renamed copy's message → the original's, and both ids; null for any other message. */
export function originalOfRenamed(message: string): { message: string; from: string; to: string } | null {
  const m = new RegExp(`\\n${RENAMED_FROM}: (${ID.source})\\n$`).exec(message)
  if (!m) return null
  const from = m[1]
  const stripped = message.slice(0, m.index + 1)
  const to = new RegExp(`^proposal: (${ID.source})`).exec(stripped)?.[1]
  if (!to) return null
  return { message: stripped.replace(`proposal: ${to}`, `proposal: ${from}`), from, to }
}

/** `proposals/pending/<id>.md` → the id (null for any other path). */
export function pendingIdOf(path: string): string | null {
  const m = new RegExp(`^proposals/pending/(${ID.source})\\.md$`).exec(path)
  return m ? m[1] : null
}
