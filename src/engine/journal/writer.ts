import { appendFileSync, mkdirSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { HubConfig } from '../config'
import type { HubLog } from '../hublog'
import { describeError } from '../errors'
import {
  JOURNAL_MAX_AGE_DAYS,
  JOURNAL_MAX_FILE_BYTES,
  JOURNAL_MAX_TOTAL_BYTES,
  JOURNAL_DIR,
  JOURNAL_VERSION,
  type CallOrigin,
  type JournalEvent,
  type JournalEventBody
} from './events'
import { pruneJournal } from './store'
import { journalSwitch } from './switch'

export interface JournalWriterOptions {
  /** The journal folder (`<user data>/journal`). */
  dir: string
  /** Asked before every event: the switch may be turned while the server runs. */
  enabled: () => boolean
  log: HubLog
  now?: () => Date
  pid?: number
  maxFileBytes?: number
  maxTotalBytes?: number
  maxAgeDays?: number
}

/**
 * Appends events for one process. Each process writes its own files (one server per MCP client):
 * no two writers share a file, so lines never interleave, a rotation never races another process,
 * and a line torn by a crash is always its file's last. Each event is one synchronous append —
 * open, one write, close — made before the tool's answer leaves: a crash loses at most the event
 * being written, and a purge (files deleted under a running server) is simply followed by a new file.
 */
export class JournalWriter {
  private file: string | null = null
  private fileDay = ''
  private fileBytes = 0
  private failing = false
  private readonly now: () => Date
  private readonly pid: number
  private readonly maxFileBytes: number
  private readonly maxTotalBytes: number
  private readonly maxAgeDays: number

  constructor(private readonly opts: JournalWriterOptions) {
    this.now = opts.now ?? (() => new Date())
    this.pid = opts.pid ?? process.pid
    this.maxFileBytes = opts.maxFileBytes ?? JOURNAL_MAX_FILE_BYTES
    this.maxTotalBytes = opts.maxTotalBytes ?? JOURNAL_MAX_TOTAL_BYTES
    this.maxAgeDays = opts.maxAgeDays ?? JOURNAL_MAX_AGE_DAYS
  }

  /** Records one event; never throws (a journal that fails must not fail the tool call). */
  record(origin: CallOrigin, body: JournalEventBody): void {
    try {
      if (!this.opts.enabled()) return
      const at = this.now()
      const event = { v: JOURNAL_VERSION, t: at.toISOString(), ...origin, ...body } as JournalEvent
      this.append(JSON.stringify(event) + '\n', at)
      if (this.failing) {
        this.failing = false
        this.opts.log.info(`journal d'usage : écriture rétablie (${this.file})`)
      }
    } catch (e) {
      // Said once per outage, not once per call: a full disk must not flood the hub log.
      if (!this.failing)
        this.opts.log.warning(
          `journal d'usage : événement non enregistré (${this.opts.dir}) : ${describeError(e)}`
        )
      this.failing = true
    }
  }

  private append(line: string, at: Date): void {
    const bytes = Buffer.byteLength(line)
    const day = at.toISOString().slice(0, 10)
    if (this.file === null || day !== this.fileDay || this.fileBytes + bytes > this.maxFileBytes)
      this.rotate(at)
    try {
      appendFileSync(this.file!, line)
    } catch (e) {
      // The folder was purged (or removed by hand) under a running server: start again.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
      mkdirSync(this.opts.dir, { recursive: true })
      appendFileSync(this.file!, line)
    }
    this.fileBytes += bytes
  }

  private rotate(at: Date): void {
    mkdirSync(this.opts.dir, { recursive: true })
    // The start time leads the name, so that names sort as the files were begun.
    const stamp = at
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')
    this.file = join(this.opts.dir, `${stamp}-${this.pid}-${randomBytes(3).toString('hex')}.jsonl`)
    this.fileDay = at.toISOString().slice(0, 10)
    this.fileBytes = 0
    try {
      pruneJournal(this.opts.dir, {
        now: at,
        maxAgeDays: this.maxAgeDays,
        maxTotalBytes: this.maxTotalBytes,
        keep: this.file,
        reserve: this.maxFileBytes
      })
    } catch (e) {
      this.opts.log.warning(`journal d'usage : rotation incomplète (${this.opts.dir}) : ${describeError(e)}`)
    }
  }
}

/** The journal folder of a hub: in the user-data folder, never in a base's repository. */
export function journalDir(config: HubConfig): string {
  return join(config.userDataDir, JOURNAL_DIR)
}

/** The writer a server uses, switched by the hub configuration and the app's Settings. */
export function openJournal(config: HubConfig, log: HubLog): JournalWriter {
  return new JournalWriter({ dir: journalDir(config), enabled: journalSwitch(config, log), log })
}
