/**
 * What a one-line field that reaches a commit (a proposal's concerns, submitter and sources; a
 * plan's summary, reviewer and reasons) may not hold besides a newline and a NUL, which have their
 * own sentences: the other control characters — an ANSI escape recolours or retitles the terminal
 * of whoever reads `git log` or `okf-hub review inventory`, a carriage return rewrites the line —,
 * the Unicode line and paragraph separators (line breaks to many renderers), and the bidirectional
 * embeddings, overrides and isolates that make a line read otherwise than it is (« Trojan Source »).
 * A tab stays allowed: it is shown as what it is.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u

/** The first such character as `U+XXXX`, or null. */
export function forbiddenCharacter(s: string): string | null {
  const m = FORBIDDEN.exec(s)
  return m ? `U+${m[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}` : null
}
