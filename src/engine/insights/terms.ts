import { stemmer as englishStem } from '@orama/stemmers/english'
import { stemmer as frenchStem } from '@orama/stemmers/french'

/**
 * A query's terms as gaps compare them: case and accents folded, function words dropped, each word
 * stemmed. Agents ask the same base in French and in English, and a query is rarely tagged with its
 * language, so every word goes through both Snowball stemmers (English, then French): the pairs a
 * manager would call one question meet (« authentification » / "authentication" → `authent`,
 * « déploiement » / "deploying" → `deploi`, plurals of both). Over-stemming is harmless here: terms
 * only group queries, they never decide what a search finds.
 */

// Words too common to say what a question is about, in both languages (compared accent-folded).
const STOP = new Set(
  (
    'a an and are as at be by can do does for from how i in is it its me my of on or the this that to what when ' +
    'where which who why with without you your use using vs ' +
    'au aux avec ce ces comment dans de des du elle en est et il je la le les leur lui ma mais me mes ' +
    'mon ne nos notre nous on ou par pas pour qu que quel quelle quels quelles qui sa se ses son sur ta ' +
    'te tes ton tu un une vos votre vous y faire fait peut quoi pourquoi quand'
  ).split(' ')
)

const fold = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()

/** The query's words, lower-cased, split on anything that is not a letter or a digit. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2 && !STOP.has(fold(w)))
}

/** One word's comparison form. */
export function stem(word: string): string {
  return fold(frenchStem(englishStem(word.toLowerCase())))
}

/** The distinct stems of a query, sorted: the query's identity for grouping. */
export function queryStems(query: string): string[] {
  return [...new Set(queryWords(query).map(stem))].filter((s) => s !== '').sort()
}

/** Two queries asking the same thing with different spacing, case, accents or plurals share this key. */
export function queryKey(query: string): string {
  return queryStems(query).join(' ')
}
