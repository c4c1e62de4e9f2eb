// `okf-hub register` — writes, removes or verifies OKF Hub's entry in the AI hosts' user config
// files. Parses argv, calls the registration engine, prints what it did; no behaviour here.
import { isHubError } from '../engine/errors'
import { HOSTS, hostDef, processHostEnv } from '../engine/registration/hosts'
import { Registrar, type RegistrationChange } from '../engine/registration/registrar'
import { nodeServerFacts } from '../engine/registration/server-command'
import type { HostId, HostRegistration } from '../shared/hub-api'
import { probeServer } from '../probe/server-probe'
import { openHubConfig, takeHubOptions } from './options'

export const REGISTER_USAGE = `usage: okf-hub register [--host H]… [--remove | --check] [--json] [--bases DIR] [--config FILE]

  Inscrit le serveur MCP d'OKF Hub (entrée « okf-hub ») dans la configuration utilisateur d'un
  hôte : seule cette entrée change, le reste du fichier (autres serveurs, commentaires, ordre,
  indentation) reste octet pour octet ; un fichier illisible est refusé, jamais réécrit. Avant
  chaque modification, une copie horodatée va dans <données utilisateur>/backups/hosts/<hôte>/
  (les 5 dernières par fichier sont gardées).

  --host H    claude-desktop (par défaut), claude-code, cursor, vscode, ou all ; répétable
  --remove    retire l'entrée « okf-hub » (et rien d'autre)
  --check     n'écrit rien : dit si l'entrée est là et si sa commande démarre vraiment le serveur
              (lancée comme l'hôte la lance : chemin absolu, son env seul, dossier /, puis
              initialize + tools/list)
  --json      sortie JSON : {"action":…,"hosts":[HostRegistration + "files"|"error"]}
  --bases, --config   les bases que l'hôte servira (écrites dans l'entrée si elles diffèrent
              de celles qu'il trouverait seul)

Commande écrite : ce node (${process.execPath}) et le script construit out/main/mcp/server.js ;
l'application de bureau écrit son propre exécutable avec ELECTRON_RUN_AS_NODE=1.

Codes de sortie : 0 fait (--check : inscrit et fonctionne partout), 1 --check : absent ou en
panne quelque part, 4 refus (fichier de configuration illisible, hôte inconnu), 5 erreur
d'entrée/sortie (verrou, écriture), 2 configuration d'OKF Hub invalide, 64 usage incorrect.
`

type Action = 'register' | 'unregister' | 'check'

interface HostOutcome {
  host: HostId
  registration?: HostRegistration
  files?: RegistrationChange['files']
  error?: { code: string; message: string }
}

function usage(msg: string): number {
  process.stderr.write(`okf-hub register : ${msg}\n\n${REGISTER_USAGE}`)
  return 64
}

function label(host: string): string {
  return hostDef(host)?.label ?? host
}

function printOutcome(action: Action, o: HostOutcome): void {
  const name = label(o.host)
  if (o.error) {
    process.stderr.write(`${name} : ERROR: ${o.error.code}: ${o.error.message}\n`)
    return
  }
  const r = o.registration as HostRegistration
  const out: string[] = []
  if (action === 'check') {
    const state = !r.present
      ? 'pas inscrit'
      : r.working === true
        ? 'inscrit, le serveur démarre et répond'
        : r.working === false
          ? 'inscrit, mais le serveur ne démarre pas'
          : 'inscrit (non vérifié)'
    out.push(`${name} : ${state}`)
    for (const f of r.configFiles.length > 0 ? r.configFiles : [r.configFile ?? '?'])
      out.push(`  fichier : ${f}`)
  } else {
    const files = o.files ?? []
    const changed = files.filter((f) => f.changed)
    if (action === 'register')
      out.push(`${name} : ${changed.length > 0 ? 'inscrit' : 'déjà inscrit, rien écrit'}`)
    else
      out.push(`${name} : ${changed.length > 0 ? 'entrée retirée' : 'aucune entrée « okf-hub », rien écrit'}`)
    for (const f of files)
      out.push(
        `  ${f.changed ? (f.created ? 'créé' : 'modifié') : 'inchangé'} : ${f.file}${f.backup ? `\n  sauvegarde : ${f.backup}` : ''}`
      )
  }
  if (r.problem && (action === 'check' || !r.present || r.working === false))
    out.push(`  problème : ${r.problem}`)
  process.stdout.write(`${out.join('\n')}\n`)
}

function exitFor(action: Action, outcomes: HostOutcome[]): number {
  let code = 0
  for (const o of outcomes) {
    if (o.error) code = Math.max(code, o.error.code === 'IO_ERROR' ? 5 : 4)
    else if (action === 'check' && (!o.registration?.present || o.registration.working !== true))
      code = Math.max(code, 1)
  }
  return code
}

export async function runRegister(argv: string[]): Promise<number> {
  const o = takeHubOptions(argv)
  if (o.error) return usage(o.error)
  const hosts: HostId[] = []
  let remove = false
  let check = false
  let json = false
  for (let i = 0; i < o.rest.length; i++) {
    const a = o.rest[i]
    if (a === '--remove') remove = true
    else if (a === '--check') check = true
    else if (a === '--json') json = true
    else if (a === '--help' || a === '-h') {
      process.stdout.write(REGISTER_USAGE)
      return 0
    } else if (a === '--host' || a.startsWith('--host=')) {
      const v = a === '--host' ? o.rest[++i] : a.slice('--host='.length)
      if (v === undefined) return usage('--host attend une valeur')
      if (v === 'all') hosts.push(...HOSTS.map((h) => h.id))
      else if (hostDef(v)) hosts.push(v as HostId)
      else return usage(`hôte inconnu : ${v} (claude-desktop, claude-code, cursor, vscode ou all)`)
    } else return usage(`argument inconnu : ${a}`)
  }
  if (remove && check) return usage('--remove et --check ne vont pas ensemble')
  const action: Action = check ? 'check' : remove ? 'unregister' : 'register'
  const opened = openHubConfig(o)
  if (typeof opened === 'number') return opened
  const { config, log } = opened
  const registrar = new Registrar({
    hostEnv: processHostEnv(),
    server: nodeServerFacts(),
    config,
    log,
    probe: probeServer
  })
  const outcomes: HostOutcome[] = []
  for (const host of hosts.length > 0 ? [...new Set(hosts)] : (['claude-desktop'] as HostId[])) {
    try {
      if (action === 'check') outcomes.push({ host, registration: await registrar.status(host, true) })
      else {
        const r = action === 'register' ? await registrar.register(host) : await registrar.unregister(host)
        outcomes.push({ host, registration: r.registration, files: r.files })
      }
    } catch (e) {
      if (!isHubError(e)) throw e
      outcomes.push({ host, error: { code: e.code, message: e.message } })
    }
    if (!json) printOutcome(action, outcomes[outcomes.length - 1])
  }
  log.close()
  if (json)
    process.stdout.write(
      `${JSON.stringify(
        {
          action,
          hosts: outcomes.map((x) =>
            x.error ? { host: x.host, error: x.error } : { ...x.registration, files: x.files }
          )
        },
        null,
        2
      )}\n`
    )
  return exitFor(action, outcomes)
}
