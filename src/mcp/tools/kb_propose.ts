import type { ToolDefinition } from '../tool'
import { basesBlock } from '../tool'
import { receivedKeys, requireString } from '../args'
import { invalidInput } from '../../engine/errors'
import {
  CONFIDENCES,
  PROPOSAL_TYPES,
  checkConfidence,
  checkProposalFields,
  checkType
} from '../../engine/proposals/rules'

export const kbPropose: ToolDefinition = {
  name: 'kb_propose',
  title: 'Déposer une proposition',
  describe: (ctx) =>
    "Dépose une proposition d'ajout ou de correction dans une base. La proposition n'est PAS intégrée automatiquement : elle est déposée dans proposals/pending/ et attend la revue du gestionnaire, qui l'intègre ou la rejette selon les règles de la base (kb_governance). Le verdict — intégration et documents modifiés, ou motif de rejet — se consulte ensuite avec kb_proposal_status, en lui donnant l'id retourné ici. kb_list avec include_pending_concerns permet de vérifier avant soumission qu'une proposition proche n'est pas déjà en attente.\n\n" +
    "Le `schema.yaml` d'une base décrit le frontmatter de son CORPUS, pas celui des propositions. Une proposition n'a pas à s'y conformer : soumettez l'information, sa mise en forme conforme au schéma relève du gestionnaire à l'intégration. Les champs de cet outil sont le seul format requis." +
    basesBlock(ctx, 'Bases contributables'),
  inputSchema: {
    type: 'object',
    properties: {
      base: { type: 'string', description: 'Nom de la base.' },
      type: {
        type: 'string',
        enum: [...PROPOSAL_TYPES],
        description:
          'observation : fait constaté ; correction : contredit un contenu actuel ; addition : complète un sujet couvert ; question : lacune sans réponse fournie.'
      },
      concerns: {
        type: 'string',
        maxLength: 200,
        description: 'Sujet en une ligne (≤ 200 caractères, sans retour à la ligne).'
      },
      content: { type: 'string', description: 'Le contenu proposé (≤ 16384 octets UTF-8), en markdown.' },
      sources: {
        type: 'array',
        items: { type: 'string', maxLength: 300 },
        minItems: 1,
        maxItems: 20,
        description: '1 à 20 sources (≤ 300 caractères chacune, sans retour à la ligne).'
      },
      confidence: { type: 'string', enum: [...CONFIDENCES] },
      submitted_by: {
        type: 'string',
        maxLength: 100,
        description:
          'Contributeur déclaré : human:<id>, <agent>/<version> ou process:<id> (≤ 100 caractères, sans retour à la ligne).'
      }
    },
    required: ['base', 'type', 'concerns', 'content', 'sources', 'confidence', 'submitted_by'],
    additionalProperties: false
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run(ctx, args) {
    const base = ctx.registry.get(requireString(args, 'base'))
    const type = checkType(requireString(args, 'type'))
    const confidence = checkConfidence(requireString(args, 'confidence'))
    const concerns = requireString(args, 'concerns')
    const submittedBy = requireString(args, 'submitted_by')
    const content = args.content
    if (typeof content !== 'string' || content.trim() === '')
      throw invalidInput(`paramètre 'content' requis (chaîne non vide) ; ${receivedKeys(args)}`)
    // Validation happens before the lock: bad input never waits for it.
    const fields = checkProposalFields({
      type,
      confidence,
      concerns,
      submittedBy,
      content,
      sources: args.sources
    })
    // The write path (isomorphic-git, the lock) loads on first use: most sessions only read.
    const { fileProposal } = await import('../../engine/proposals/propose')
    const filed = await fileProposal(base, fields, { log: ctx.log })
    return [
      'Proposition déposée.',
      `id : ${filed.id}`,
      `chemin : ${filed.path}`,
      `base : ${base.name}`,
      '',
      "Elle est en attente de revue par le gestionnaire de la base. Le corpus n'a pas été modifié.",
      `Pour connaître le verdict plus tard : kb_proposal_status(base: "${base.name}", id: "${filed.id}").`
    ].join('\n')
  }
}
