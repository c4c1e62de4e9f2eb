import { defineTool, recordUse, withBases, type HubContext } from '../tool'
import { integer, oneOf, text, textOrList, toolInput } from '../args'
import type { SearchMode } from '../../engine/search/search'
import { DUPLICATE_TITLES } from './kb_read'
import { arr, bool, int, obj, oneOfStrings, str, strOrNull, truncation } from '../output'

const MODES: readonly SearchMode[] = ['keyword', 'regex']

/** `base` as a name, a list of names, or "*": de-duplicated names in request order. */
export function baseNames(ctx: HubContext, base: string | string[]): string[] {
  if (typeof base === 'string') return base === '*' ? ctx.registry.names() : [base]
  return [...new Set(base)]
}

const OUTPUT = obj({
  query: str,
  mode: oneOfStrings(MODES),
  /** The bases queried, de-duplicated, in request order. */
  bases: arr(str),
  /** Results the text shows, all bases together. */
  total: int,
  groups: arr(
    obj({
      base: str,
      /** The OR fallback was used: no document holds every term. */
      partial: bool,
      results: arr(
        obj({
          path: str,
          title: strOrNull,
          frontmatter: strOrNull,
          /** index.md / log.md, ranked after every other document. */
          reserved: bool,
          excerpts: arr(obj({ start: int, end: int, section: str, lines: arr(str) }))
        })
      )
    })
  ),
  ...truncation
})

export const kbSearch = defineTool({
  name: 'kb_search',
  title: 'Rechercher dans les bases',
  describe: (ctx) =>
    withBases(
      ctx,
      'Bases interrogeables',
      'Recherche plein texte dans le corpus d\'une ou plusieurs bases (`base` accepte un nom, une liste de noms, ou "*" pour toutes les bases — résultats groupés par base, sous un plafond de sortie global réparti entre elles). Retourne les chemins, titres et extraits pertinents — jamais les documents entiers. Chaque extrait est annoté du heading de sa section, après « § » : reportez-le tel quel dans kb_read(path, section) pour lire la section entière sans rapatrier tout le document. ' +
        DUPLICATE_TITLES +
        'Mode keyword (défaut) : termes littéraux, ET strict puis repli en OU signalé. Mode regex : syntaxe ripgrep (Rust). La recherche trouve, elle ne compte pas.'
    ),
  input: toolInput({
    base: textOrList('base', {
      minItems: 1,
      expected: 'nom, liste de noms, ou "*"',
      description: 'Nom de la base, liste de noms, ou "*" pour toutes les bases enregistrées.'
    }),
    query: text({ description: 'Termes, ou expression régulière en mode regex.' }),
    mode: oneOf(MODES, { default: 'keyword' }),
    max_results: integer({
      minimum: 1,
      maximum: 25,
      default: 8,
      description: 'Plafond global de résultats, réparti entre les bases interrogées.'
    })
  }),
  outputSchema: OUTPUT,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(ctx, { base, query, mode, max_results: maxResults }, origin) {
    const names = baseNames(ctx, base)
    if (names.length === 0) {
      recordUse(ctx, origin, {
        tool: 'kb_search',
        bases: [],
        query,
        mode,
        results: 0,
        orFallback: false,
        groups: []
      })
      return {
        text: "Aucune base n'est actuellement enregistrée.",
        structured: { query, mode, bases: [], total: 0, groups: [], truncated: false, omitted: 0 }
      }
    }
    // Every name is checked before any search runs.
    const bases = names.map((n) => ctx.registry.get(n))
    const [{ searchBases }, { renderSearchCounted }] = await Promise.all([
      import('../../engine/search/search'),
      import('../render/search-text')
    ])
    const results = await searchBases(bases, query, mode, maxResults)
    for (const r of results)
      if (r.skipped.length > 0)
        ctx.log.warning(
          `kb_search '${r.base}' : ${r.skipped.length} fichier(s) disparu(s) ou illisible(s) pendant la recherche, ignoré(s) : ${r.skipped.join(', ')}`
        )
    const { text, dropped } = renderSearchCounted(query, names, results, names.length > 1)
    // The twin mirrors the text: the results it shows, in its order, nothing the budget cut.
    let room = results.reduce((n, r) => n + r.results.length, 0) - dropped
    const groups = results.map((r) => {
      const shown = r.results.slice(0, Math.max(0, room))
      room -= shown.length
      return {
        base: r.base,
        partial: r.partial,
        results: shown.map((d) => ({
          path: d.path,
          title: d.title,
          frontmatter: d.digest,
          reserved: d.reserved,
          excerpts: d.snippets.map((sn) => ({
            start: sn.start,
            end: sn.end,
            section: sn.label,
            lines: sn.lines
          }))
        }))
      }
    })
    const total = groups.reduce((n, g) => n + g.results.length, 0)
    // What the agent was shown — paths and `§` labels, never the excerpts' lines.
    recordUse(ctx, origin, {
      tool: 'kb_search',
      bases: names,
      query,
      mode,
      results: total,
      orFallback: groups.some((g) => g.partial),
      groups: groups.map((g) => ({
        base: g.base,
        orFallback: g.partial,
        shown: g.results.map((d) => ({ path: d.path, sections: d.excerpts.map((x) => x.section) }))
      }))
    })
    return {
      text,
      structured: { query, mode, bases: names, total, groups, truncated: dropped > 0, omitted: dropped }
    }
  }
})
