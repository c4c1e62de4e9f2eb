import { defineTool, withBases } from '../tool'
import { flag, toolInput } from '../args'
import { countDocuments } from '../../engine/corpus/count'
import { proposalFiles, readProposal } from '../../engine/proposals/store'
import { BudgetedWriter } from '../render/budget'
import { truncateChars as cut } from '../render/text'
import { arr, bool, int, obj, str, truncation } from '../output'

const NO_BASE =
  "Aucune base enregistrée. Importez un bundle avec `okf-hub import <url>` (ou l'assistant d'import de l'application OKF Hub) puis appelez kb_hub_rescan."

const OUTPUT = obj({
  bases: arr(
    obj({ name: str, title: str, description: str, version: str, documents: int, pending: int }, ['version'])
  ),
  include_pending_concerns: bool,
  /** The pending proposals the text lists (the budget may cut them, never the summaries). */
  pending_concerns: arr(obj({ base: str, id: str, type: str, concerns: str })),
  ...truncation
})

export const kbList = defineTool({
  name: 'kb_list',
  title: 'Lister les bases',
  describe: (ctx) =>
    withBases(
      ctx,
      'Bases connues',
      'Liste les bases de connaissance disponibles sur ce hub, avec leur objet, leur nombre de documents et le nombre de propositions en attente.' +
        ' Avec include_pending_concerns, liste aussi les propositions en attente (id, type, concerns) : à consulter avant kb_propose pour ne pas soumettre un doublon.'
    ),
  input: toolInput({
    include_pending_concerns: flag({
      default: false,
      description: 'Ajoute la liste (id, type, concerns) des propositions en attente.'
    })
  }),
  outputSchema: OUTPUT,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(ctx, { include_pending_concerns: withConcerns }) {
    const bases = ctx.registry.list()
    const summaries: Record<string, unknown>[] = []
    const concernsShown: { base: string; id: string; type: string; concerns: string }[] = []
    const twin = (w: BudgetedWriter | null): Record<string, unknown> => ({
      bases: summaries,
      include_pending_concerns: withConcerns,
      pending_concerns: concernsShown,
      truncated: w?.truncated ?? false,
      omitted: w?.dropped ?? 0
    })
    if (bases.length === 0) return { text: NO_BASE, structured: twin(null) }
    const w = new BudgetedWriter()
    const pendingByBase = bases.map((b) => ({ base: b, files: proposalFiles(b, 'pending') }))
    for (const { base, files } of pendingByBase) {
      const documents = countDocuments(base)
      const lines = [`## ${base.name} — ${base.title}`, base.description]
      if (base.version !== undefined) lines.push(`version : ${base.version}`)
      lines.push(`documents : ${documents} | propositions en attente : ${files.length}`)
      w.addForced(lines.join('\n'))
      summaries.push({
        name: base.name,
        title: base.title,
        description: base.description,
        ...(base.version !== undefined ? { version: base.version } : {}),
        documents,
        pending: files.length
      })
    }
    if (withConcerns) {
      // Summaries are always whole; concern lists are what the budget cuts first.
      for (const { base, files } of pendingByBase) {
        if (files.length === 0) continue
        w.add(`### propositions en attente — ${base.name}`)
        for (const f of files) {
          const r = readProposal(f).record
          const id = r?.id ?? f.stem
          const type = r?.type ?? '?'
          const concerns = cut(r?.concerns ?? '(non renseigné)', 200)
          if (w.add(`- ${id} (${type}) — ${concerns}`))
            concernsShown.push({ base: base.name, id, type, concerns })
        }
      }
    }
    const text = w.render(
      (n) =>
        `[résultats tronqués, ${n} élément(s) omis — listes de propositions en attente incomplètes ; les résumés de bases sont complets, kb_proposal_status donne le détail]`
    )
    return { text, structured: twin(w) }
  }
})
