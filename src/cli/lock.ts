import { HubError } from '../engine/errors'
import { Registry } from '../engine/registry/registry'
import { runCommandLocked } from '../engine/lock'
import { openHubConfig, takeHubOptions } from './options'

const USAGE = `usage: okf-hub lock <base> -- <commande...>

  <base>  nom de la base (champ \`name\` du manifeste okf-bundle.yaml),
          pas le nom du répertoire dans le dossier des bases.

exemple:
  okf-hub lock ma-base -- sh -c "git add knowledge/ && git commit -m 'integrate: …'"

sortie:
  64  usage incorrect
   3  base inconnue
  75  base occupée : verrou non acquis dans le délai (équivalent de BASE_BUSY)
  sinon le code de sortie de la commande
`

/** The `okf-lock` of the spec: a command run under the base's write lock. */
export async function runLock(argv: string[]): Promise<number> {
  const o = takeHubOptions(argv)
  const [base, sep, command, ...args] = o.rest
  if (o.error || !base || sep !== '--' || !command) {
    process.stderr.write(USAGE)
    return 64
  }
  const timeoutRaw = process.env.OKF_LOCK_TIMEOUT
  const timeoutS = timeoutRaw === undefined || timeoutRaw === '' ? 15 : Number(timeoutRaw)
  if (!Number.isFinite(timeoutS) || timeoutS < 0) {
    process.stderr.write(`okf-hub lock : OKF_LOCK_TIMEOUT invalide : '${timeoutRaw}' (secondes attendues)\n`)
    return 64
  }
  const opened = openHubConfig(o)
  if (typeof opened === 'number') return opened
  const { config, log } = opened
  const registry = new Registry(config.basesDir, log)
  registry.rescan()
  if (!registry.has(base)) {
    const names = registry.names()
    process.stderr.write(
      `okf-hub lock : base '${base}' inconnue. Bases disponibles : ${names.length ? names.join(', ') : 'aucune'}\n`
    )
    return 3
  }
  try {
    return await runCommandLocked(registry.get(base).root, command, args, { timeoutMs: timeoutS * 1000, log })
  } catch (e) {
    if (e instanceof HubError && e.code === 'BASE_BUSY') {
      process.stderr.write(`okf-hub lock : ${e.message} (verrou non acquis en ${timeoutS} s)\n`)
      return 75
    }
    throw e
  } finally {
    log.close()
  }
}
