import { defineTool, withBases } from '../tool'
import { integer, oneOf, optional, text, toolInput } from '../args'
import { PROPOSAL_STATUSES } from '../../engine/proposals/store'
import { proposalStatus, type StatusEntry } from '../../engine/proposals/status'
import { BudgetedWriter } from '../render/budget'
import { truncateChars as cut } from '../render/text'
import { arr, int, obj, oneOfStrings, str, strOrNull, truncation } from '../output'

function renderEntry(e: StatusEntry): string {
  const lines = [`### ${e.id} — ${e.location}`]
  if (e.declaredStatus !== null && e.declaredStatus !== e.location)
    lines.push(
      `[incohérence status/emplacement : frontmatter \`status: ${e.declaredStatus}\`, emplacement \`${e.location}\` — l'emplacement fait foi]`
    )
  lines.push(`type : ${e.type ?? '?'} | concerns : ${e.concerns ? cut(e.concerns, 200) : '(non renseigné)'}`)
  lines.push(
    `soumise : ${e.submittedAt ?? '(date inconnue)'} par ${e.submittedBy ?? '(contributeur non renseigné)'}`
  )
  if (e.location === 'pending') {
    lines.push('résolution : en attente de revue par le gestionnaire')
  } else {
    lines.push(`résolue : ${e.resolvedAt ?? '(date inconnue)'} — ${e.resolution ?? e.location}`)
    if (e.location === 'accepted')
      lines.push(
        e.integratedInto && e.integratedInto.length > 0
          ? `integrated-into : ${e.integratedInto.join(', ')} (lisibles via kb_read)`
          : 'integrated-into : (non renseigné)'
      )
    else
      lines.push(`rejection-reason : ${e.rejectionReason ? cut(e.rejectionReason, 500) : '(non renseigné)'}`)
  }
  return lines.join('\n')
}

const OUTPUT = obj({
  base: str,
  filters: obj({ id: str, submitted_by: str, status: oneOfStrings(PROPOSAL_STATUSES) }, [
    'id',
    'submitted_by',
    'status'
  ]),
  limit: int,
  /** Proposals matching the filters, before `limit`. */
  total: int,
  /** Files ignored because their frontmatter could not be read. */
  unreadable: int,
  /** Matching proposals past `limit` (the oldest). */
  not_listed: int,
  proposals: arr(
    obj({
      id: str,
      /** From the file's location, which is authoritative. */
      status: oneOfStrings(PROPOSAL_STATUSES),
      /** The frontmatter's `status`, shown only; may disagree with the location. */
      declared_status: strOrNull,
      type: strOrNull,
      concerns: strOrNull,
      submitted_at: strOrNull,
      submitted_by: strOrNull,
      resolved_at: strOrNull,
      resolution: strOrNull,
      integrated_into: { type: ['array', 'null'], items: str },
      rejection_reason: strOrNull
    })
  ),
  ...truncation
})

/** One entry as the text shows it (concerns and reason cut as printed). */
function entryTwin(e: StatusEntry): Record<string, unknown> {
  return {
    id: e.id,
    status: e.location,
    declared_status: e.declaredStatus,
    type: e.type,
    concerns: e.concerns ? cut(e.concerns, 200) : null,
    submitted_at: e.submittedAt,
    submitted_by: e.submittedBy,
    resolved_at: e.resolvedAt,
    resolution: e.resolution,
    integrated_into: e.integratedInto,
    rejection_reason: e.rejectionReason ? cut(e.rejectionReason, 500) : null
  }
}

export const kbProposalStatus = defineTool({
  name: 'kb_proposal_status',
  title: 'Verdict des propositions',
  describe: (ctx) =>
    withBases(
      ctx,
      'Bases disponibles',
      "Consulte l'état et la résolution des propositions déposées via kb_propose : en attente, intégrée (avec les documents modifiés), ou rejetée (avec le motif). C'est ainsi qu'un contributeur retrouve le verdict de sa proposition sans accès git au dépôt. Fournissez `id` (une proposition précise) ou `submitted_by` (tout ce qu'un contributeur a déposé) — au moins l'un des deux est requis ; `status` et `limit` raffinent. `submitted_by` étant déclaratif et non authentifié, le filtre retrouve les propositions déclarées sous ce nom, sans garantie d'identité. Le corps des propositions n'est pas retourné : pour lire ce qui a été intégré, suivez `integrated-into` avec kb_read. Lecture pure : aucun verrou."
    ),
  input: toolInput(
    {
      base: text({ description: 'Nom de la base.' }),
      id: optional(text({ description: 'Id exact d’une proposition, tel que retourné par kb_propose.' })),
      submitted_by: optional(
        text({ description: 'Contributeur déclaré. Correspondance exacte, casse ignorée.' })
      ),
      status: optional(oneOf(PROPOSAL_STATUSES, { description: 'Restreint à ce statut.' })),
      limit: integer({ minimum: 1, maximum: 50, default: 20, description: 'Les plus récentes d’abord.' })
    },
    // Without a filter the tool would pour out proposals/ whole (seed 000).
    (a) =>
      a.id === undefined && a.submitted_by === undefined
        ? "fournissez au moins 'id' (une proposition précise) ou 'submitted_by' (tout ce qu'un contributeur a déposé)"
        : null
  ),
  outputSchema: OUTPUT,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(ctx, { base: baseName, id, submitted_by: submittedBy, status, limit }) {
    const base = ctx.registry.get(baseName)
    const filters = [
      id !== undefined ? `id=${id}` : null,
      submittedBy !== undefined ? `submitted_by=${submittedBy}` : null,
      status !== undefined ? `status=${status}` : null
    ]
      .filter((x): x is string => x !== null)
      .join(', ')
    const r = proposalStatus(base, { id, submittedBy, status, limit }, ctx.log)
    const unreadable = r.unreadable > 0 ? `[${r.unreadable} fichier(s) illisible(s) ignoré(s)]` : null
    const shown: StatusEntry[] = []
    const twin = (w: BudgetedWriter | null): Record<string, unknown> => ({
      base: base.name,
      filters: {
        ...(id !== undefined ? { id } : {}),
        ...(submittedBy !== undefined ? { submitted_by: submittedBy } : {}),
        ...(status !== undefined ? { status } : {})
      },
      limit,
      total: r.total,
      unreadable: r.unreadable,
      not_listed: Math.max(0, r.total - limit),
      proposals: shown.map(entryTwin),
      truncated: w?.truncated ?? false,
      omitted: w?.dropped ?? 0
    })
    if (r.total === 0) {
      const text = [`Aucune proposition dans '${base.name}' pour : ${filters}.`, unreadable]
        .filter(Boolean)
        .join('\n')
      return { text, structured: twin(null) }
    }
    const w = new BudgetedWriter()
    w.addForced(`${r.total} proposition(s) dans '${base.name}' pour : ${filters}`)
    if (r.total > limit) w.addForced(`[${r.total - limit} plus ancienne(s) non listée(s) — augmentez limit]`)
    if (unreadable) w.addForced(unreadable)
    // Every entry is offered, so the note counts exactly what the budget left out.
    for (const e of r.entries) if (w.add(renderEntry(e))) shown.push(e)
    const text = w.render(
      (n) => `[résultats tronqués, ${n} élément(s) omis — affinez les filtres ou réduisez limit]`
    )
    return { text, structured: twin(w) }
  }
})
