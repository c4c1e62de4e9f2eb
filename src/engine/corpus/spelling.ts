/**
 * One word, several spellings: what a file holds and what an agent types may differ only by the
 * apostrophe (`l'état`, `l’état`, `lʼétat`) or by Unicode normalisation (« é » composed, or « e\u0301 »
 * as some macOS tools write text and names). kb_search's terms and kb_read's paths both take those
 * as the same word; this is the one place that says which apostrophes those are.
 */

/**
 * The apostrophes one word may be written with: the typewriter one first, the typographic one
 * (U+2019, which French documents use as often as the other: 173 against 460 in the react-fr
 * corpus) and the modifier letter (U+02BC).
 */
export const APOSTROPHES: readonly string[] = ["'", '\u2019', '\u02bc']

/** Any of APOSTROPHES (no flag: `new RegExp(ANY_APOSTROPHE.source, 'g')` for every one). */
export const ANY_APOSTROPHE = /['\u2019\u02bc]/

const OTHER_APOSTROPHES = /[\u2019\u02bc]/g

/** Every apostrophe made the typewriter one: the same length, so positions carry over. */
export function oneApostrophe(s: string): string {
  return s.replace(OTHER_APOSTROPHES, "'")
}

/** A name as an agent may retype it: composed (NFC), its apostrophes made one. */
export function spellingKey(name: string): string {
  return oneApostrophe(name.normalize('NFC'))
}
