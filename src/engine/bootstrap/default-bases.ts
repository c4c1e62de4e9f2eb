import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { dirname, join, resolve } from 'node:path'
import type { HubLog } from '../hublog'
import { initRepositoryWithFiles } from '../git/init'
import { stepPastCommit, type StepHook } from '../steps'
import { processAlive, sweepDeadOwners } from '../bases/staging'

/** The bases we write and ship, with the purpose the server instructions give them. */
export const DEFAULT_BASES_INSTRUCTIONS: readonly { name: string; purpose: string }[] = [
  {
    name: 'okf-hub-guide',
    purpose:
      "mode d'emploi de ce hub — séquences d'appels, stratégie de recherche, ce qu'est une proposition recevable, cycle de vie d'une base"
  },
  {
    name: 'okf-hub-feedback',
    purpose: "retours d'usage sur l'outillage du hub lui-même, roadmap et limitations connues"
  }
]

export const DEPLOY_PREFIX = '.okf-deploy-'
/** `.okf-deploy-<name>-<pid>-<8 hex>`: the build folder of one installation by process `pid`. */
const DEPLOY_NAME = /^\.okf-deploy-(.+)-(\d+)-[0-9a-f]{8}$/

/** Installations running in this process: while none is, a build folder named with our pid is a previous life's. */
let installing = 0

/**
 * Removes the build folders a process killed mid-installation left in the bases dir (invisible to
 * discovery, but never cleaned otherwise): only names of the exact pattern, whose process is dead.
 */
export function sweepDeployLeftovers(basesDir: string, log: HubLog): string[] {
  return sweepDeadOwners(
    basesDir,
    log,
    (name) => {
      const m = DEPLOY_NAME.exec(name)
      return m ? Number(m[2]) : null
    },
    (pid) => (pid === process.pid ? installing > 0 : processAlive(pid)),
    { removed: 'installation interrompue nettoyée', kept: "dossier d'installation interrompue" }
  )
}

/**
 * Where `resources/` lives: OKF_HUB_RESOURCES, else the nearest ancestor of
 * this bundle holding `resources/bases` (source checkout and `out/` build alike).
 */
export function resourcesDir(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.OKF_HUB_RESOURCES) return resolve(env.OKF_HUB_RESOURCES)
  let dir = __dirname
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'resources', 'bases'))) return join(dir, 'resources')
    const up = dirname(dir)
    if (up === dir) break
    dir = up
  }
  return null
}

/**
 * Installs each shipped base missing from the bases dir, as its own git
 * repository with one commit. Built in a hidden folder (invisible to
 * discovery) then renamed into place: the rename is atomic, so when several
 * servers start at once exactly one wins and the others discard their copy.
 * Never throws: a failure is logged and the hub serves what it has.
 */
export async function installDefaultBases(
  basesDir: string,
  log: HubLog,
  resources = resourcesDir(),
  /** Tests only (issue 13): called after each durable step of each base's installation. */
  onStep?: StepHook
): Promise<string[]> {
  const installed: string[] = []
  if (!resources) {
    log.warning('bases livrées introuvables (resources/bases) — aucune installation')
    return installed
  }
  sweepDeployLeftovers(basesDir, log)
  installing++
  try {
    return await installFrom(join(resources, 'bases'), basesDir, log, installed, onStep)
  } finally {
    installing--
  }
}

async function installFrom(
  source: string,
  basesDir: string,
  log: HubLog,
  installed: string[],
  onStep: StepHook | undefined
): Promise<string[]> {
  let names: string[]
  try {
    names = readdirSync(source).filter((n) => existsSync(join(source, n, 'okf-bundle.yaml')))
  } catch (e) {
    log.warning(`bases livrées illisibles (${source}) : ${(e as Error).message}`)
    return installed
  }
  for (const name of names.sort()) {
    const target = join(basesDir, name)
    if (existsSync(target)) continue
    const build = join(basesDir, `${DEPLOY_PREFIX}${name}-${process.pid}-${randomBytes(4).toString('hex')}`)
    try {
      mkdirSync(basesDir, { recursive: true })
      cpSync(join(source, name), build, { recursive: true })
      await onStep?.(`default-bases:copied:${name}`)
      await initRepositoryWithFiles(build, `Installation de ${name} (base livrée avec OKF Hub)`)
      await onStep?.(`default-bases:committed:${name}`)
      try {
        renameSync(build, target)
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code
        if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'EPERM') {
          rmSync(build, { recursive: true, force: true })
          continue // another instance installed it first
        }
        throw e
      }
      installed.push(name)
      await stepPastCommit(onStep, `default-bases:installed:${name}`, log)
      log.info(`première installation de la base livrée '${name}' → ${target}`)
    } catch (e) {
      rmSync(build, { recursive: true, force: true })
      log.error(`installation de '${name}' impossible : ${(e as Error).message}`)
    }
  }
  return installed
}
