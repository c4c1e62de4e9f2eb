import type { HubContext, ToolDefinition } from '../tool'
import { basesBlock } from '../tool'
import { optionalInteger, receivedKeys, requireString, type ToolArgs } from '../args'
import { invalidInput } from '../../engine/errors'
import { jsonType } from '../../engine/jsontype'
import type { SearchMode } from '../../engine/search/search'
import { DUPLICATE_TITLES } from './kb_read'

/** `base` as a name, a list of names, or "*": de-duplicated names in request order. */
export function parseBaseSelector(ctx: HubContext, args: ToolArgs): string[] {
  const v = args.base
  if (typeof v === 'string' && v.trim() !== '') {
    const name = v.trim()
    return name === '*' ? ctx.registry.names() : [name]
  }
  if (Array.isArray(v)) {
    if (v.length === 0 || v.some((x) => typeof x !== 'string' || x.trim() === ''))
      throw invalidInput(`paramètre 'base' : liste de noms non vides attendue`)
    return [...new Set((v as string[]).map((x) => x.trim()))]
  }
  const cause =
    v === undefined
      ? `paramètre 'base' absent`
      : v === null
        ? `paramètre 'base' reçu null`
        : typeof v === 'string'
          ? `paramètre 'base' reçu vide`
          : `paramètre 'base' reçu de type ${jsonType(v)}`
  throw invalidInput(
    `paramètre 'base' requis (nom, liste de noms, ou "*") — ${cause} ; ${receivedKeys(args)}`
  )
}

export const kbSearch: ToolDefinition = {
  name: 'kb_search',
  title: 'Rechercher dans les bases',
  describe: (ctx) =>
    'Recherche plein texte dans le corpus d\'une ou plusieurs bases (`base` accepte un nom, une liste de noms, ou "*" pour toutes les bases — résultats groupés par base, sous un plafond de sortie global réparti entre elles). Retourne les chemins, titres et extraits pertinents — jamais les documents entiers. Chaque extrait est annoté du heading de sa section, après « § » : reportez-le tel quel dans kb_read(path, section) pour lire la section entière sans rapatrier tout le document. ' +
    DUPLICATE_TITLES +
    'Mode keyword (défaut) : termes littéraux, ET strict puis repli en OU signalé. Mode regex : syntaxe ripgrep (Rust). La recherche trouve, elle ne compte pas.' +
    basesBlock(ctx, 'Bases interrogeables'),
  inputSchema: {
    type: 'object',
    properties: {
      base: {
        anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }],
        description: 'Nom de la base, liste de noms, ou "*" pour toutes les bases enregistrées.'
      },
      query: { type: 'string', description: 'Termes, ou expression régulière en mode regex.' },
      mode: { type: 'string', enum: ['keyword', 'regex'], default: 'keyword' },
      max_results: {
        type: 'integer',
        minimum: 1,
        maximum: 25,
        default: 8,
        description: 'Plafond global de résultats, réparti entre les bases interrogées.'
      }
    },
    required: ['base', 'query'],
    additionalProperties: false
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(ctx, args) {
    const names = parseBaseSelector(ctx, args)
    const query = requireString(args, 'query')
    let mode: SearchMode = 'keyword'
    const rawMode = args.mode
    if (rawMode !== undefined && rawMode !== null && rawMode !== '') {
      if (rawMode !== 'keyword' && rawMode !== 'regex')
        throw invalidInput(
          `mode inconnu : '${typeof rawMode === 'string' ? rawMode : JSON.stringify(rawMode)}' (attendu keyword ou regex)`
        )
      mode = rawMode
    }
    const maxResults = optionalInteger(args, 'max_results', 1, 25, 8)
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
}
