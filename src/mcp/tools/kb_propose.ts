import { defineTool, recordUse, withBases } from '../tool'
import { oneOf, text, textList, toolInput } from '../args'
import {
  CONCERNS_MAX,
  CONFIDENCES,
  PROPOSAL_TYPES,
  SOURCES_MAX,
  SOURCES_MIN,
  SOURCE_MAX,
  SUBMITTED_BY_MAX,
  checkProposalFields
} from '../../engine/proposals/rules'
import { obj, oneOfStrings, str } from '../output'

export const kbPropose = defineTool({
  name: 'kb_propose',
  title: 'Déposer une proposition',
  describe: (ctx) =>
    withBases(
      ctx,
      'Bases contributables',
      "Dépose une proposition d'ajout ou de correction dans une base. La proposition n'est PAS intégrée automatiquement : elle est déposée dans proposals/pending/ et attend la revue du gestionnaire, qui l'intègre ou la rejette selon les règles de la base (kb_governance). Le verdict — intégration et documents modifiés, ou motif de rejet — se consulte ensuite avec kb_proposal_status, en lui donnant l'id retourné ici. kb_list avec include_pending_concerns permet de vérifier avant soumission qu'une proposition proche n'est pas déjà en attente.\n\n" +
        "Le `schema.yaml` d'une base décrit le frontmatter de son CORPUS, pas celui des propositions. Une proposition n'a pas à s'y conformer : soumettez l'information, sa mise en forme conforme au schéma relève du gestionnaire à l'intégration. Les champs de cet outil sont le seul format requis."
    ),
  // The bounds are rules.ts's: the schema announces exactly what reconcile re-checks.
  input: toolInput({
    base: text({ description: 'Nom de la base.' }),
    type: oneOf(PROPOSAL_TYPES, {
      description:
        'observation : fait constaté ; correction : contredit un contenu actuel ; addition : complète un sujet couvert ; question : lacune sans réponse fournie.'
    }),
    concerns: text({
      maxLength: CONCERNS_MAX,
      description: `Sujet en une ligne (≤ ${CONCERNS_MAX} caractères, sans retour à la ligne).`
    }),
    // Kept byte for byte: it becomes the proposal's body.
    content: text({ description: 'Le contenu proposé (≤ 16384 octets UTF-8), en markdown.', trim: false }),
    sources: textList('sources', {
      minItems: SOURCES_MIN,
      maxItems: SOURCES_MAX,
      itemMaxLength: SOURCE_MAX,
      description: `${SOURCES_MIN} à ${SOURCES_MAX} sources (≤ ${SOURCE_MAX} caractères chacune, sans retour à la ligne).`
    }),
    confidence: oneOf(CONFIDENCES),
    submitted_by: text({
      maxLength: SUBMITTED_BY_MAX,
      description: `Contributeur déclaré : human:<id>, <agent>/<version> ou process:<id> (≤ ${SUBMITTED_BY_MAX} caractères, sans retour à la ligne).`
    })
  }),
  outputSchema: obj({
    id: str,
    /** Relative to the bundle root. */
    path: str,
    base: str,
    /** Always pending: only the manager's review moves it. */
    status: oneOfStrings(['pending'])
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run(ctx, args, origin) {
    const base = ctx.registry.get(args.base)
    // Validation happens before the lock: bad input never waits for it. The schema's
    // bounds were checked by the parse; rules.ts adds what a schema cannot say (newlines, bytes).
    const fields = checkProposalFields({
      type: args.type,
      confidence: args.confidence,
      concerns: args.concerns,
      submittedBy: args.submitted_by,
      content: args.content,
      sources: args.sources
    })
    // The write path (isomorphic-git, the lock) loads on first use: most sessions only read.
    const { fileProposal } = await import('../../engine/proposals/propose')
    const filed = await fileProposal(base, fields, { log: ctx.log })
    // The id alone: the proposal's body is the base's, under its governance.
    recordUse(ctx, origin, { tool: 'kb_propose', base: base.name, id: filed.id })
    const text = [
      'Proposition déposée.',
      `id : ${filed.id}`,
      `chemin : ${filed.path}`,
      `base : ${base.name}`,
      '',
      "Elle est en attente de revue par le gestionnaire de la base. Le corpus n'a pas été modifié.",
      `Pour connaître le verdict plus tard : kb_proposal_status(base: "${base.name}", id: "${filed.id}").`
    ].join('\n')
    return { text, structured: { id: filed.id, path: filed.path, base: base.name, status: 'pending' } }
  }
})
