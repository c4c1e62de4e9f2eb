import { defineTool } from '../tool'
import { toolInput } from '../args'
import type { RescanReport } from '../../engine/registry/registry'
import { arr, obj, str } from '../output'

const list = (xs: string[]): string => (xs.length === 0 ? '—' : xs.join(', '))

export function renderRescan(r: RescanReport): string {
  const lines = [
    `Découverte terminée : ${r.bases.length} base(s) enregistrée(s).`,
    `ajoutées (${r.added.length}) : ${list(r.added)}`,
    `retirées (${r.removed.length}) : ${list(r.removed)}`,
    `inchangées (${r.unchanged.length}) : ${list(r.unchanged)}`
  ]
  if (r.invalid.length > 0) {
    lines.push('', 'Bundles invalides (ignorés) :', ...r.invalid.map((i) => `- ${i.dir} : ${i.reason}`))
  }
  if (r.collisions.length > 0) {
    lines.push(
      '',
      'Collisions de name (premier en ordre lexicographique retenu) :',
      ...r.collisions.map((c) => `- '${c.name}' : '${c.kept}' retenu, '${c.ignored}' ignoré`)
    )
  }
  if (r.warnings.length > 0) {
    lines.push('', 'Avertissements :', ...r.warnings.map((w) => `- [${w.name}] ${w.warning}`))
  }
  lines.push(
    '',
    "PORTÉE MONO-INSTANCE. Le rescan n'affecte que la session qui l'appelle — comme toute découverte sur ce hub : chaque client MCP a son instance et son registre, il n'y a ni état partagé ni démon (§ 4.4)."
  )
  return lines.join('\n')
}

export const kbHubRescan = defineTool({
  name: 'kb_hub_rescan',
  title: 'Relancer la découverte des bases',
  describe: () =>
    "Relance la découverte des bases dans le répertoire des bases et rend le rapport d'import : bundles rejetés avec leur motif, collisions de name, avertissements de compatibilité. À appeler après avoir importé une base (`okf-hub import <url>` ou l'assistant d'import de l'application) pour diagnostiquer l'import. PORTÉE MONO-INSTANCE : ce rescan n'affecte que la session qui l'appelle. Vous n'avez généralement pas besoin de l'appeler : kb_list relance déjà la découverte, et une base inconnue déclenche un re-scan silencieux.",
  input: toolInput({}),
  outputSchema: obj({
    /** Registered bases after this discovery, by manifest name. */
    bases: arr(str),
    added: arr(str),
    removed: arr(str),
    unchanged: arr(str),
    invalid: arr(obj({ dir: str, reason: str })),
    collisions: arr(obj({ name: str, kept: str, ignored: str })),
    warnings: arr(obj({ base: str, warning: str }))
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(ctx) {
    const r = ctx.registry.rescan()
    return {
      text: renderRescan(r),
      structured: {
        bases: r.bases.map((b) => b.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
        added: r.added,
        removed: r.removed,
        unchanged: r.unchanged,
        invalid: r.invalid.map((i) => ({ dir: i.dir, reason: i.reason })),
        collisions: r.collisions.map((c) => ({ name: c.name, kept: c.kept, ignored: c.ignored })),
        warnings: r.warnings.map((w) => ({ base: w.name, warning: w.warning }))
      }
    }
  }
})
