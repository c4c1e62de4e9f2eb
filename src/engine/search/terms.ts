/**
 * Query terms and case-insensitive term matching, shared by the ripgrep scan and the ranking.
 *
 * ripgrep's `--ignore-case` is Unicode simple case folding. `String#toLowerCase` agrees with it on
 * nearly every character and, unlike `toLocaleLowerCase`, does not depend on the machine's locale
 * (a Turkish locale would lower `I` to `ı` and lose matches ripgrep found). The few characters where
 * they disagree (`ſ`, `ẞ`, the Kelvin and Ångström signs…) are caught by `foldCaseWide`, used only as
 * a fallback on lines ripgrep reported.
 */

/** Case-insensitive comparison form. */
export function foldCase(s: string): string {
  return s.toLowerCase()
}

/** Upper then lower: also folds the characters whose lower case is not their simple case fold. */
export function foldCaseWide(s: string): string {
  return s.toUpperCase().toLowerCase()
}

/**
 * Keyword terms: whitespace-separated literals, composed (NFC, as text files nearly always are),
 * de-duplicated case-insensitively, first spelling kept.
 */
export function keywordTerms(query: string): string[] {
  const seen = new Set<string>()
  const terms: string[] = []
  for (const t of query.normalize('NFC').split(/\s+/u)) {
    if (t === '') continue
    const key = foldCase(t)
    if (seen.has(key)) continue
    seen.add(key)
    terms.push(t)
  }
  return terms
}

/**
 * What ripgrep looks for, for these terms: each as given (composed), and also decomposed (NFD) where
 * that spelling differs. Text files are nearly always composed, but some tools (macOS ones among
 * them) save « e\u0301tat », whose bytes hold no « état »: without the second spelling, every
 * accented word of such a document would be unfindable. What ripgrep reports is composed again
 * before it is attributed to a term (`composed`), and the documents read back are composed as loaded.
 */
export function ripgrepSpellings(terms: readonly string[]): string[] {
  const out = [...terms]
  for (const t of terms) {
    const d = t.normalize('NFD')
    if (d !== t && !out.includes(d)) out.push(d)
  }
  return out
}

/** `s` composed (NFC): how the search compares text with its composed terms. */
export function composed(s: string): string {
  return s.normalize('NFC')
}

/** Indexes of the (folded) terms present in `text`. */
export function termsIn(text: string, foldedTerms: string[]): number[] {
  const hay = foldCase(text)
  const out: number[] = []
  foldedTerms.forEach((t, i) => {
    if (t !== '' && hay.includes(t)) out.push(i)
  })
  return out
}
