import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { HubConfig } from '../config'
import { describeError, invalidInput, isHubError } from '../errors'
import type { HubLog } from '../hublog'
import type { HostId, HostRegistration } from '../../shared/hub-api'
import type { ErrorDetail } from '../../shared/error-kinds'
import { checkEntry, type ServerProbe } from './check'
import { editConfigFile, latestBackup, type EditResult } from './config-file'
import { ENTRY_NAME, HOSTS, hostDef, hostTargets, type HostDef, type HostEnv } from './hosts'
import { entryMatches, readEntry, removeEntry, setEntry } from './jsonc-edit'
import { serverEntryCommand, type ServerCommandFacts } from './server-command'

/**
 * Host registration: status, register (or repair), unregister, for the HubApi and the CLI alike.
 * A host may read several files (Claude Desktop on Windows: the classic and every Store build's);
 * the entry goes into every one of them, and "present" means present in all.
 */

export interface RegistrarOptions {
  hostEnv: HostEnv
  server: ServerCommandFacts
  config: HubConfig
  log: HubLog
  /** Speaks MCP to a started entry (a door's); absent, checks leave `working` null. */
  probe?: ServerProbe
  /** Where backups go: `<root>/<host>/`. Default `<user data>/backups/hosts`. */
  backupRoot?: string
  checkTimeoutMs?: number
}

export interface RegistrationChange {
  registration: HostRegistration
  /** Every file looked at, whether it changed, its backup. */
  files: EditResult[]
}

export function hostBackupRoot(config: HubConfig): string {
  return join(config.userDataDir, 'backups', 'hosts')
}

interface FileState {
  file: string
  exists: boolean
  /** The parse refusal, when the file does not parse. */
  unreadable: string | null
  /** The same as data: where it does not parse when known, else only that it cannot be read. */
  unreadableDetail?: ErrorDetail
  entry: unknown
  /** Parses here (JSONC) but not as the host reads it (JSON.parse): what the host would do. */
  hostRefuses?: string | null
}

/** Why a file cannot be read, as data: where it does not parse when known. */
function unreadableDetail(s: FileState): ErrorDetail {
  return s.unreadableDetail ?? { kind: 'host-config-unreadable', params: { file: s.file } }
}

/** A file our JSONC parser reads but its host, reading strict JSON, would not. */
function hostRefusal(def: HostDef, text: string, file: string): string | null {
  if (def.reads !== 'json' || text.trim() === '') return null
  try {
    JSON.parse(text)
    return null
  } catch {
    return `${file} contient des commentaires ou des virgules finales : ${def.label} le lit en JSON strict et l’ignorerait en entier (aucun de ses serveurs ne démarrerait) — retirez-les`
  }
}

export class Registrar {
  private inflightCheck: Promise<HostRegistration[]> | null = null

  constructor(private readonly opts: RegistrarOptions) {}

  private def(host: string): HostDef {
    const d = hostDef(host)
    if (!d)
      throw invalidInput(
        `hôte inconnu : ${host.slice(0, 60)} (attendu : ${HOSTS.map((h) => h.id).join(', ')})`
      )
    return d
  }

  private backupDir(def: HostDef): string {
    return join(this.opts.backupRoot ?? hostBackupRoot(this.opts.config), def.id)
  }

  /** The entry as written for `def`: `type` where the host's schema has it, then command, args, env. */
  entryFor(def: HostDef): Record<string, unknown> {
    const c = serverEntryCommand(this.opts.server, this.opts.config, this.opts.hostEnv)
    return { ...(def.stdioType ? { type: 'stdio' } : {}), command: c.command, args: c.args, env: c.env }
  }

  private async readState(def: HostDef, file: string): Promise<FileState> {
    let text: string
    try {
      text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '')
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return { file, exists: false, unreadable: null, entry: undefined }
      return { file, exists: true, unreadable: `${file} illisible : ${describeError(e)}`, entry: undefined }
    }
    try {
      const entry = readEntry(text, file, def.key, ENTRY_NAME)
      return { file, exists: true, unreadable: null, entry, hostRefuses: hostRefusal(def, text, file) }
    } catch (e) {
      if (isHubError(e))
        return {
          file,
          exists: true,
          unreadable: e.message,
          unreadableDetail: e.kind ? { kind: e.kind, params: e.params } : undefined,
          entry: undefined
        }
      throw e
    }
  }

  async status(host: HostId, check = false): Promise<HostRegistration> {
    const def = this.def(host)
    const { found, targets } = hostTargets(def, this.opts.hostEnv)
    const states = await Promise.all(targets.map((f) => this.readState(def, f)))
    const installed = found.length > 0
    const wanted = this.entryFor(def)
    const problems: string[] = []
    const details: ErrorDetail[] = []
    const note = (problem: string, detail: ErrorDetail): void => {
      if (problems.includes(problem)) return
      problems.push(problem)
      details.push(detail)
    }
    if (!installed) {
      const folder = def.candidates(this.opts.hostEnv)[0].folder
      note(
        `${def.label} ne semble pas installé ici (${folder} absent) ; l’inscrire crée quand même ${targets[0]}`,
        { kind: 'host-not-installed', params: { host: def.id, folder, file: targets[0] ?? '' } }
      )
    }
    for (const s of states) {
      if (s.hostRefuses) note(s.hostRefuses, { kind: 'host-config-strict-json', params: { file: s.file } })
      if (s.unreadable) note(s.unreadable, unreadableDetail(s))
      else if (s.entry === undefined) {
        if (installed)
          note(`OKF Hub n’est pas inscrit dans ${s.file}`, {
            kind: 'host-not-registered',
            params: { file: s.file }
          })
      } else if (!entryMatches(s.entry, wanted))
        note(
          `l’inscription de ${s.file} ne lance pas ce serveur-ci (autre commande ou ancienne installation) : « Réparer » la remplace`,
          { kind: 'host-entry-foreign', params: { file: s.file } }
        )
    }
    // Present as the host sees it: a file it cannot read holds no entry for it.
    const present = installed && states.every((s) => s.entry !== undefined && !s.hostRefuses)
    let working: boolean | null = null
    if (check && this.opts.probe) {
      const distinct = new Map<string, unknown>()
      for (const s of states) if (s.entry !== undefined) distinct.set(JSON.stringify(s.entry), s.entry)
      for (const entry of distinct.values()) {
        const r = await checkEntry(entry, this.opts.probe, {
          timeoutMs: this.opts.checkTimeoutMs,
          platform: this.opts.hostEnv.platform,
          env: this.opts.hostEnv.env
        })
        working = working === null ? r.working : working && r.working
        if (r.problem && r.detail) note(r.problem, r.detail)
      }
    }
    const backup = await latestBackup(this.backupDir(def), [
      ...new Set([...def.candidates(this.opts.hostEnv).map((c) => c.file), ...targets])
    ]).catch((e: unknown) => {
      this.opts.log.warning(`sauvegardes de ${def.label} illisibles : ${describeError(e)}`)
      return null
    })
    return {
      host: def.id,
      configFile: targets[0] ?? null,
      configFiles: found.map((c) => c.file),
      installed,
      present,
      working,
      problem: problems.length > 0 ? problems.join(' ; ') : null,
      problems: details,
      backup
    }
  }

  /**
   * Every host's status. Checks start one server per entry: two callers asking at once (the
   * desktop shell at start-up, its window's banner) share one run.
   */
  async all(check = false): Promise<HostRegistration[]> {
    const run = (): Promise<HostRegistration[]> => Promise.all(HOSTS.map((h) => this.status(h.id, check)))
    if (!check) return run()
    this.inflightCheck ??= run().finally(() => (this.inflightCheck = null))
    return this.inflightCheck
  }

  /**
   * Refuses before any write when one of the files does not parse (none is then touched), or, when
   * registering, when its host would not read it (comments or trailing commas in a file read as
   * strict JSON): the entry written there would be ignored with the rest of the file, and saying
   * « done » would be false (found by exploratory QA).
   */
  private async assertReadable(def: HostDef, files: string[], forHost = false): Promise<void> {
    for (const f of files) {
      const s = await this.readState(def, f)
      if (s.unreadable) throw invalidInput(s.unreadable, unreadableDetail(s))
      if (forHost && s.hostRefuses)
        throw invalidInput(s.hostRefuses, { kind: 'host-config-strict-json', params: { file: s.file } })
    }
  }

  /** Writes (or repairs) our entry in every file the host reads; idempotent. */
  async register(host: HostId): Promise<RegistrationChange> {
    const def = this.def(host)
    const { targets } = hostTargets(def, this.opts.hostEnv)
    await this.assertReadable(def, targets, true)
    const entry = this.entryFor(def)
    const files: EditResult[] = []
    for (const file of targets) {
      files.push(
        await editConfigFile(file, (text) => setEntry(text, file, def.key, ENTRY_NAME, entry), {
          create: true,
          backups: { dir: this.backupDir(def) },
          log: this.opts.log
        })
      )
    }
    const changed = files.filter((f) => f.changed).map((f) => f.file)
    this.opts.log.info(
      `inscription dans ${def.label} : ${changed.length > 0 ? `écrite dans ${changed.join(', ')}` : 'déjà à jour, rien écrit'}`
    )
    return { registration: await this.status(def.id), files }
  }

  /** Removes exactly our entry from every file of the host that has one. */
  async unregister(host: HostId): Promise<RegistrationChange> {
    const def = this.def(host)
    const files = [
      ...new Set([
        ...hostTargets(def, this.opts.hostEnv).targets,
        ...def.candidates(this.opts.hostEnv).map((c) => c.file)
      ])
    ]
    const withEntry: string[] = []
    for (const f of files) {
      const s = await this.readState(def, f)
      if (s.unreadable) throw invalidInput(s.unreadable, unreadableDetail(s))
      if (s.entry !== undefined) withEntry.push(f)
    }
    const results: EditResult[] = []
    for (const file of withEntry) {
      results.push(
        await editConfigFile(file, (text) => removeEntry(text, file, def.key, ENTRY_NAME), {
          create: false,
          backups: { dir: this.backupDir(def) },
          log: this.opts.log
        })
      )
    }
    this.opts.log.info(
      `désinscription de ${def.label} : ${withEntry.length > 0 ? `retirée de ${withEntry.join(', ')}` : 'aucune entrée, rien écrit'}`
    )
    return { registration: await this.status(def.id), files: results }
  }
}
