import { defineTool, recordUse, withBases } from '../tool'
import { flag, optional, text, toolInput } from '../args'
import type { ReadResult } from '../../engine/corpus/read'
import { headingListing } from '../../engine/corpus/toc'
import type { HubContext } from '../tool'
import type { Base } from '../../engine/registry/base'

const INTERBASE = /^([a-z0-9-]+):\/(.*)$/s

/**
 * `<base>:/<path>` copied from a document body reads that base when the prefix
 * names a registered one; any other prefix is a literal path (never UNKNOWN_BASE
 * on a false positive).
 */
export function resolveTarget(ctx: HubContext, baseName: string, path: string): { base: Base; path: string } {
  const m = INTERBASE.exec(path)
  if (m && ctx.registry.has(m[1])) return { base: ctx.registry.get(m[1]), path: m[2] }
  return { base: ctx.registry.get(baseName), path }
}

export function renderRead(r: ReadResult): string {
  switch (r.kind) {
    case 'full':
      return r.text
    case 'section': {
      const lines = [`# ${r.path} — section « ${r.section.heading.raw} »`]
      if (r.section.duplicates > 0) {
        lines.push(`[${r.section.duplicates} autres sections portent ce titre]`)
        lines.push(
          `[pour lire l'une des autres, section : ${r.section.others.map((o) => `« ${o} »`).join(', ')}]`
        )
      }
      lines.push('', r.section.text)
      return lines.join('\n')
    }
    case 'toc': {
      const lines = [
        `# ${r.path}`,
        `[document volumineux : ${r.size} octets > seuil ${r.threshold} — table des headings retournée à la place du contenu. Rappelez kb_read avec \`section: "<titre>"\`, ou \`force: true\` pour le document entier.]`
      ]
      if (r.frontmatterRaw) lines.push('', r.frontmatterRaw.replace(/\r?\n$/, ''))
      lines.push('', '## Headings', headingListing(r.table))
      return lines.join('\n')
    }
  }
}

/**
 * How a title repeated within a page is labelled (markdown.ts `assignRefs`), said in both kb_search's
 * and kb_read's descriptions: the agent copies a label it has never seen explained otherwise.
 */
export const DUPLICATE_TITLES =
  'Un titre répété dans la page porte un libellé distinct par occurrence : `titre {#ancre}` (son ancre), sinon `titre (parent)` (le heading qui le contient), sinon `titre (2)` (son rang) ; le titre seul lit la première occurrence et nomme les autres. '

export const kbRead = defineTool({
  name: 'kb_read',
  title: 'Lire un document ou une section',
  describe: (ctx) =>
    withBases(
      ctx,
      'Bases disponibles',
      "Lit un document du corpus d'une base : document complet, ou une seule section si `section` est fourni (recopiez le libellé qui suit « § » dans kb_search). " +
        DUPLICATE_TITLES +
        'Au-delà de read-toc-threshold octets, un document lu sans `section` retourne sa table des headings plutôt que son contenu — rappelez alors kb_read avec la section voulue, ou `force: true` pour tout obtenir. ' +
        '`path` est relatif au corpus ; un lien interbase `<base>:/<chemin>` recopié tel quel lit la base nommée.'
    ),
  input: toolInput({
    base: text({ description: 'Nom de la base (champ name du manifeste).' }),
    path: text({
      description: 'Chemin relatif au corpus, séparateur /, ou lien interbase <base>:/<chemin>.'
    }),
    // Not trimmed: the engine matches labels after its own normalisation, as printed first.
    section: optional(
      text({ description: 'Titre du heading à extraire (libellé § de kb_search).', trim: false })
    ),
    force: flag({ default: false, description: 'Retourne le document entier même s’il est volumineux.' })
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(ctx, { base, path, section, force }, origin) {
    const target = resolveTarget(ctx, base, path)
    const { readDocument } = await import('../../engine/corpus/read')
    const read = readDocument(target.base, target.path, {
      section,
      force,
      tocThreshold: ctx.config.readTocThreshold
    })
    // The base and path actually read (an interbase link names another base), never the text.
    recordUse(ctx, origin, {
      tool: 'kb_read',
      base: target.base.name,
      path: read.path,
      section: read.kind === 'section' ? read.section.heading.ref : null,
      shown: read.kind
    })
    return renderRead(read)
  }
})
