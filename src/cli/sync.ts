// `okf-hub sync` — bases and their git remotes (issue 12). Parses argv, loads the configuration
// and the registry, runs the sync engine per base, prints one line per base (or JSON), and maps
// the outcomes to one exit code. No behaviour lives here.
import { writeFileSync } from 'node:fs'
import { HubError } from '../engine/errors'
import type { Base } from '../engine/registry/base'
import { Registry } from '../engine/registry/registry'
import { SyncService } from '../engine/sync/service'
import type { SyncState, SyncStatus } from '../shared/hub-api'
import { openHubConfig, takeHubOptions } from './options'
import { errorText } from './locale'

export const SYNC_USAGE = `usage: okf-hub sync [<base>|--all] [--push] [--json] [--bases DIR] [--config FILE]
       okf-hub sync <base> --set-aside [--plan-out FILE] [--json]

  Récupère la branche de chaque base depuis son dépôt distant (git : l'amont de la branche, sinon
  origin) et avance rapidement quand la base est seulement en retard — jamais de fusion, jamais de
  réécriture de l'historique local, jamais un fichier modifié localement écrasé.
  --push   envoie aussi les commits locaux ; si le dépôt distant a bougé, les propositions et
           résolutions du hub sont rejouées sur sa nouvelle version (mêmes fichiers, mêmes messages)
  --all    toutes les bases (par défaut sans <base>)
  --json   la liste des états (SyncStatus de src/shared/hub-api.ts)

  --set-aside  base divergée par des résolutions du hub : les garde dans une branche
           okf-hub/set-aside/<heure>, ramène la base sur la version distante (les propositions
           locales rejouées) et reconstruit le plan des résolutions mises de côté — écrit dans
           --plan-out FILE (jamais écrasé), sinon sur la sortie standard ; à prévisualiser avec
           okf-hub review resolve <base> --plan FILE --dry-run, puis à résoudre de nouveau

  Modes (réglage sync-mode de la base dans hub-config.yaml) : auto (par défaut : pousse la branche,
  et passe de lui-même à sa boîte de dépôt si le dépôt distant la refuse comme protégée), main,
  inbox (les propositions vont dans okf-hub/inbox/<id du hub>, une branche que seul ce hub écrit),
  manager (pousse la branche et y intègre les propositions de toutes les boîtes de dépôt).

  Jeton : OKF_HUB_GIT_TOKEN (jamais en argument, jamais écrit sur disque).

Une ligne par base : <base>  <état>  <explication>. États : à jour, en retard, en avance, divergée,
injoignable, authentification requise, sans dépôt distant, erreur.

Codes de sortie : 0 tout est à jour (ou sans dépôt distant, ou en avance sans --push) ;
1 une base demande une intervention (divergée, modifications locales en travers, erreur) ;
75 un dépôt distant injoignable (réessayer plus tard) ; 77 authentification requise ou jeton refusé ;
3 base inconnue ; 2 configuration invalide ; 64 usage incorrect. Plusieurs bases : le plus grave
l'emporte (1, puis 77, puis 75).
`

export const STATE_LABELS: Record<SyncState, string> = {
  'up-to-date': 'à jour',
  behind: 'en retard',
  ahead: 'en avance',
  diverged: 'divergée',
  unreachable: 'injoignable',
  'auth-required': 'authentification requise',
  'no-remote': 'sans dépôt distant',
  error: 'erreur'
}

/** One status → its exit code (0 when nothing needs doing). */
export function exitCodeOf(s: SyncStatus, pushed: boolean): number {
  if (s.state === 'diverged' || s.state === 'error' || s.dirty.length > 0) return 1
  if (s.state === 'auth-required') return 77
  if (s.state === 'unreachable') return 75
  if (s.state === 'behind') return 1
  if (s.state === 'ahead' && pushed) return 1
  return 0
}

const SEVERITY = [0, 75, 77, 1]
export const worst = (codes: number[]): number =>
  codes.reduce((a, b) => (SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a), 0)

export function renderLine(s: SyncStatus): string {
  const counts =
    s.ahead || s.behind
      ? ` (${[s.ahead ? `+${s.ahead}` : '', s.behind ? `-${s.behind}` : ''].filter(Boolean).join(' ')})`
      : ''
  const alerts = (s.alerts ?? []).map((a) => `\n  ! ${a.message}`).join('')
  return `${s.base}  ${STATE_LABELS[s.state]}${counts}  ${s.message}${alerts}`
}

export async function runSync(argv: string[]): Promise<number> {
  const o = takeHubOptions(argv)
  const usage = (why: string): number => {
    process.stderr.write(`okf-hub sync : ${why}\n${SYNC_USAGE}`)
    return 64
  }
  if (o.error) return usage(o.error)
  let push = false
  let json = false
  let all = false
  let setAside = false
  let planOut: string | null = null
  const names: string[] = []
  for (let i = 0; i < o.rest.length; i++) {
    const a = o.rest[i]
    if (a === '--push') push = true
    else if (a === '--set-aside') setAside = true
    else if (a === '--plan-out' || a.startsWith('--plan-out=')) {
      const v = a === '--plan-out' ? o.rest[++i] : a.slice('--plan-out='.length)
      if (!v) return usage('--plan-out demande un fichier')
      planOut = v
    } else if (a === '--json') json = true
    else if (a === '--all') all = true
    else if (a === '--help' || a === '-h') {
      process.stdout.write(SYNC_USAGE)
      return 0
    } else if (a.startsWith('-')) return usage(`option inconnue : ${a}`)
    else names.push(a)
  }
  if (names.length > 1) return usage('une seule base, ou --all')
  if (names.length === 1 && all) return usage('<base> et --all s’excluent')
  if (setAside && (names.length !== 1 || push)) return usage('--set-aside : une seule <base>, sans --push')
  if (planOut !== null && !setAside) return usage('--plan-out ne va qu’avec --set-aside')

  const opened = openHubConfig(o)
  if (typeof opened === 'number') return opened
  const { config, log } = opened
  try {
    const registry = new Registry(config.basesDir, log)
    registry.rescan()
    let bases
    try {
      bases = names.length === 1 ? [registry.get(names[0])] : registry.list()
    } catch (e) {
      if (e instanceof HubError) {
        process.stderr.write(`ERROR: ${e.code}: ${errorText(e)}\n`)
        return e.code === 'UNKNOWN_BASE' ? 3 : 1
      }
      throw e
    }
    const sync = new SyncService({ config, log, listenCommits: false })
    if (setAside) return await runSetAside(sync, bases[0], planOut, json)
    const results: SyncStatus[] = []
    for (const b of bases) {
      const s = await sync.sync(b, { push })
      results.push(s)
      if (!json) process.stdout.write(renderLine(s) + '\n')
    }
    await sync.idle()
    if (json) process.stdout.write(JSON.stringify(results, null, 2) + '\n')
    else if (results.length === 0) process.stdout.write(`aucune base dans ${config.basesDir}\n`)
    return worst(results.map((s) => exitCodeOf(s, push)))
  } finally {
    log.close()
  }
}

/** `--set-aside`: the engine's answer in words, the rebuilt plan to a file or stdout. */
async function runSetAside(
  sync: SyncService,
  base: Base,
  planOut: string | null,
  json: boolean
): Promise<number> {
  let done
  try {
    done = await sync.setAside(base)
  } catch (e) {
    if (e instanceof HubError) {
      process.stderr.write(`ERROR: ${e.code}: ${errorText(e)}\n`)
      return 1
    }
    throw e
  }
  const { outcome, status } = done
  const planText = JSON.stringify(outcome.plan, null, 2) + '\n'
  if (planOut !== null) {
    try {
      writeFileSync(planOut, planText, { flag: 'wx' })
    } catch (e) {
      // The branch has moved already; the plan is still printed so nothing is lost.
      process.stderr.write(
        `okf-hub sync : plan non écrit dans ${planOut} (${(e as Error).message}) ; le voici :\n`
      )
      process.stdout.write(planText)
      return 1
    }
  }
  if (json) {
    process.stdout.write(JSON.stringify({ ...outcome, status }, null, 2) + '\n')
    return 0
  }
  const out = planOut === null ? process.stderr : process.stdout
  const n = outcome.setAside.length
  out.write(
    `${base.name}  mise de côté  ${n} résolution${n === 1 ? '' : 's'} gardée${n === 1 ? '' : 's'} dans la branche ` +
      `${outcome.keptAt} ; la base suit ${status.remote ?? 'le dépôt distant'} (${outcome.replayed} commit(s) local(aux) rejoué(s))\n`
  )
  for (const note of outcome.notes) out.write(`  - ${note}\n`)
  const file = planOut ?? 'plan.json'
  out.write(
    `Plan reconstruit${planOut ? ` : ${planOut}` : ' (sur la sortie standard)'}. Prévisualisez : ` +
      `okf-hub review resolve ${base.name} --plan ${file} --dry-run\n`
  )
  if (planOut === null) process.stdout.write(planText)
  return 0
}
