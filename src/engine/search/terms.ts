import { ANY_APOSTROPHE, APOSTROPHES, oneApostrophe } from '../corpus/spelling'

/**
 * Query terms and case-insensitive term matching, shared by the ripgrep scan and the ranking.
 *
 * ripgrep's `--ignore-case` is Unicode simple case folding. `String#toLowerCase` agrees with it on
 * nearly every character and, unlike `toLocaleLowerCase`, does not depend on the machine's locale
 * (a Turkish locale would lower `I` to `ı` and lose matches ripgrep found). The few characters where
 * they disagree (`ſ`, `ẞ`, the Kelvin and Ångström signs…) are caught by `foldCaseWide`, used only as
 * a fallback on lines ripgrep reported.
 */

/** Case-insensitive comparison form, apostrophes made one (the same length: positions carry over). */
export function foldCase(s: string): string {
  return oneApostrophe(s.toLowerCase())
}

/** Upper then lower: also folds the characters whose lower case is not their simple case fold. */
export function foldCaseWide(s: string): string {
  return oneApostrophe(s.toUpperCase().toLowerCase())
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
 * What ripgrep looks for, for these terms: each as given (composed), with its apostrophes written
 * each other way (`APOSTROPHES`), and each of those also decomposed (NFD) where that spelling
 * differs. Text files are nearly always composed, but some tools (macOS ones among them) save
 * « e\u0301tat », whose bytes hold no « état »: without the second spelling, every accented word of
 * such a document would be unfindable. What ripgrep reports is composed again and its apostrophes
 * folded before it is attributed to a term (`composed`, `foldCase`), and the documents read back are
 * composed as loaded.
 */
export function ripgrepSpellings(terms: readonly string[]): string[] {
  const out = new Set<string>()
  for (const t of terms)
    for (const form of apostropheSpellings(t)) {
      out.add(form)
      out.add(form.normalize('NFD'))
    }
  return [...out]
}

/** Most apostrophes in one term whose every mix of spellings is looked for (3^4 = 81 forms). */
const MIXED_APOSTROPHES_MAX = 4

/**
 * `t` first, then `t` with its apostrophes written every way: each one independently (a page may
 * write « qu’aujourd'hui »), or, past MIXED_APOSTROPHES_MAX of them, all alike.
 */
function apostropheSpellings(t: string): string[] {
  const parts = t.split(new RegExp(ANY_APOSTROPHE.source, 'g'))
  if (parts.length === 1) return [t]
  if (parts.length - 1 > MIXED_APOSTROPHES_MAX) return [t, ...APOSTROPHES.map((m) => parts.join(m))]
  let forms = [parts[0]]
  for (const part of parts.slice(1)) forms = forms.flatMap((f) => APOSTROPHES.map((m) => f + m + part))
  return [t, ...forms]
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
