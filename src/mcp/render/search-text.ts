import type { BaseSearchResult, DocResult } from '../../engine/search/search'
import { BudgetedWriter, CHAR_CAP } from './budget'

/**
 * kb_search's contract text (seed 000 § kb_search, behaviours §10.2 Output). Headers are forced
 * (they count toward the 16,000-character budget but are never dropped); results are offered in
 * ranking order and the first that does not fit ends the list for good.
 */

/** Excerpt line prefix: 11 spaces and `| `. */
export const EXCERPT_PREFIX = ' '.repeat(11) + '| '

export const PARTIAL_NOTICE = '[aucun document ne contient tous les termes — résultats partiels]'

export function reservedNotice(count: number): string {
  return `[${count} sommaire(s) index.md/log.md en fin de liste — déclassés car ce sont des tables de matières, pas de la connaissance]`
}

export function truncationNote(dropped: number): string {
  return `[résultats tronqués, ${dropped} élément(s) omis — seule une reformulation de la requête change le classement ; max_results ne fait pas réapparaître un résultat masqué]`
}

/** One result: `### path — title`, the digest, then each excerpt. */
export function renderResult(r: DocResult): string {
  const lines = [`### ${r.path} — ${r.title ?? '(sans titre)'}`]
  if (r.digest !== null) lines.push(`frontmatter : ${r.digest}`)
  for (const s of r.snippets) {
    lines.push(`  L${s.start}-${s.end} § ${s.label}`)
    for (const l of s.lines) lines.push(EXCERPT_PREFIX + l)
  }
  return lines.join('\n')
}

/**
 * @param names the bases queried, de-duplicated, in request order
 * @param results one entry per base, in the same order
 * @param grouped more than one base was queried: one `## Base :` group per base with results
 */
export function renderSearch(
  query: string,
  names: string[],
  results: BaseSearchResult[],
  grouped: boolean
): string {
  return renderSearchCounted(query, names, results, grouped).text
}

/**
 * The same text, with how many results the budget left out (`dropped`): results are offered in
 * order and the first refused ends the list, so the shown ones are the first `total - dropped`.
 */
export function renderSearchCounted(
  query: string,
  names: string[],
  results: BaseSearchResult[],
  grouped: boolean
): { text: string; dropped: number } {
  const total = results.reduce((n, r) => n + r.results.length, 0)
  if (total === 0) {
    const text =
      names.length === 1
        ? `Aucun résultat dans la base '${names[0]}' pour : ${query}`
        : `Aucun résultat dans les bases ${names.map((n) => `'${n}'`).join(', ')} pour : ${query}`
    return { text, dropped: 0 }
  }
  const w = new BudgetedWriter(CHAR_CAP, { alwaysAcceptFirstAdd: true })
  if (grouped) w.addForced(`${total} résultat(s) dans ${names.length} base(s) pour : ${query}`)
  for (const r of results) {
    if (r.results.length === 0) continue
    if (grouped) w.addForced(`\n## Base : ${r.base}`)
    w.addForced(`${r.results.length} résultat(s) dans '${r.base}' pour : ${query}`)
    if (r.partial) w.addForced(PARTIAL_NOTICE)
    const reserved = r.results.filter((d) => d.reserved).length
    if (reserved > 0) w.addForced(reservedNotice(reserved))
    for (const d of r.results) w.add(renderResult(d))
  }
  return { text: w.render(truncationNote), dropped: w.dropped }
}
