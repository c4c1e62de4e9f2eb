import { defineTool, withBases } from '../tool'
import { text, toolInput } from '../args'
import { readGovernance } from '../../engine/governance'

export const DRAFT_BANNER =
  '[GOUVERNANCE EN BROUILLON — les règles peuvent évoluer, les propositions restent acceptées]'

export const kbGovernance = defineTool({
  name: 'kb_governance',
  title: 'Règles d’une base',
  describe: (ctx) =>
    withBases(
      ctx,
      'Bases disponibles',
      "Retourne les règles de gouvernance d'une base (GOVERNANCE.md) et son schéma de frontmatter (schema.yaml) s'il existe. À lire avant de soumettre une proposition via kb_propose, et indispensable au rôle gestionnaire. Une base dont les règles ne sont pas encore validées le signale par un bandeau en tête de sortie ; les propositions y restent acceptées."
    ),
  input: toolInput({ base: text({ description: 'Nom de la base.' }) }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(ctx, args) {
    const base = ctx.registry.get(args.base)
    const g = readGovernance(base, ctx.log)
    const lines: string[] = []
    if (g.draft) lines.push(DRAFT_BANNER, '')
    lines.push(`# Gouvernance — ${base.name} (${base.title})`, '', `## ${g.rulesFile}`, '', g.rulesText)
    if (g.schema) {
      lines.push(`## ${g.schema.file} (schéma de frontmatter)`, '')
      if (g.schema.text !== null) lines.push('```yaml', g.schema.text.trimEnd(), '```')
      else lines.push(`[schéma illisible : ${g.schema.error}]`)
    } else {
      lines.push('', '[aucun schema.yaml déclaré pour cette base]')
    }
    return lines.join('\n')
  }
})
