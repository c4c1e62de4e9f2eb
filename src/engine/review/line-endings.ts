/**
 * A document edited by a plan keeps its own line endings and byte-order mark. The plan's texts
 * (a section, an appended note, a whole new body) come with `\n`; spliced into a CRLF document
 * they used to leave it mixed, which git shows as every edited line changed and editors flag.
 *
 * Only a document whose every line ends in CRLF is treated as CRLF: a document already mixed is
 * left as the edit makes it (choosing for it would rewrite lines the plan never touched), and a
 * new document is written with `\n`, as git stores text.
 */
export type LineEnding = 'crlf' | 'lf' | 'mixed' | 'none'

export function lineEndingOf(text: string): LineEnding {
  const crlf = (text.match(/\r\n/g) ?? []).length
  const lf = (text.match(/\n/g) ?? []).length
  if (lf === 0) return 'none'
  if (crlf === lf) return 'crlf'
  return crlf === 0 ? 'lf' : 'mixed'
}

const BOM = '\uFEFF'

/** `after` written with the line endings and byte-order mark of `before` (null: a new document). */
export function keepLineEndings(before: string | null, after: string): string {
  if (before === null) return after
  let out = after
  if (lineEndingOf(before) === 'crlf') out = out.replace(/\r?\n/g, '\r\n')
  if (before.startsWith(BOM) && !out.startsWith(BOM)) out = BOM + out
  return out
}
