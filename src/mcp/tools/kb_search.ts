import { basesBlock, defineTool, type HubContext } from '../tool'
import { integer, oneOf, text, textOrList, toolInput } from '../args'
import type { SearchMode } from '../../engine/search/search'
import { DUPLICATE_TITLES } from './kb_read'

const MODES: readonly SearchMode[] = ['keyword', 'regex']

/** `base` as a name, a list of names, or "*": de-duplicated names in request order. */
export function baseNames(ctx: HubContext, base: string | string[]): string[] {
  if (typeof base === 'string') return base === '*' ? ctx.registry.names() : [base]
  return [...new Set(base)]
}

export const kbSearch = defineTool({
  name: 'kb_search',
  title: 'Rechercher dans les bases',
  describe: (ctx) =>
    'Recherche plein texte dans le corpus d\'une ou plusieurs bases (`base` accepte un nom, une liste de noms, ou "*" pour toutes les bases — résultats groupés par base, sous un plafond de sortie global réparti entre elles). Retourne les chemins, titres et extraits pertinents — jamais les documents entiers. Chaque extrait est annoté du heading de sa section, après « § » : reportez-le tel quel dans kb_read(path, section) pour lire la section entière sans rapatrier tout le document. ' +
    DUPLICATE_TITLES +
    'Mode keyword (défaut) : termes littéraux, ET strict puis repli en OU signalé. Mode regex : syntaxe ripgrep (Rust). La recherche trouve, elle ne compte pas.' +
    basesBlock(ctx, 'Bases interrogeables'),
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
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(ctx, { base, query, mode, max_results: maxResults }) {
    const names = baseNames(ctx, base)
    if (names.length === 0) return "Aucune base n'est actuellement enregistrée."
    // Every name is checked before any search runs.
    const bases = names.map((n) => ctx.registry.get(n))
    const [{ searchBases }, { renderSearch }] = await Promise.all([
      import('../../engine/search/search'),
      import('../render/search-text')
    ])
    const results = await searchBases(bases, query, mode, maxResults)
    return renderSearch(query, names, results, names.length > 1)
  }
})
