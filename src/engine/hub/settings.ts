import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../git/atomic-write'
import { invalidInput, ioError } from '../errors'
import type { HubLog } from '../hublog'
import type { StepHook } from '../steps'
import type { Language, SettingsPatch } from '../../shared/hub-api'

/**
 * The manager's preferences (reviewer name, language), one JSON file in the user-data folder —
 * the same folder for the desktop app, `okf-hub ui` and the CLI. The bases dir is not a UI
 * preference: it comes from the hub configuration, like every other door.
 */

export const SETTINGS_FILE = 'ui-settings.json'
export const REVIEWER_MAX = 200
const LANGUAGES: readonly Language[] = ['fr', 'en']

export interface StoredSettings {
  reviewer: string | null
  language: Language | null
  /** The overview's first-steps checklist put away by the manager before it was done. */
  firstStepsHidden: boolean
  /** The usage journal (issue 29), on unless the manager turned it off. */
  journal: boolean
}

const EMPTY: StoredSettings = { reviewer: null, language: null, firstStepsHidden: false, journal: true }

function fromJson(data: unknown): StoredSettings {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ...EMPTY }
  const d = data as Record<string, unknown>
  return {
    reviewer: typeof d.reviewer === 'string' && d.reviewer.trim() !== '' ? d.reviewer : null,
    language: LANGUAGES.includes(d.language as Language) ? (d.language as Language) : null,
    firstStepsHidden: d.firstStepsHidden === true,
    journal: d.journal !== false
  }
}

/** Validates a patch from an untrusted transport; returns the cleaned fields. */
export function checkSettingsPatch(patch: unknown): SettingsPatch {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch))
    throw invalidInput(
      'réglages : un objet { reviewer?, language?, firstStepsHidden?, journal? } est attendu'
    )
  const p = patch as Record<string, unknown>
  const unknown = Object.keys(p).filter(
    (k) => !['reviewer', 'language', 'firstStepsHidden', 'journal'].includes(k)
  )
  if (unknown.length > 0) throw invalidInput(`réglages inconnus : ${unknown.join(', ')}`)
  const out: SettingsPatch = {}
  if ('reviewer' in p) {
    const r = p.reviewer
    if (r === null) out.reviewer = null
    else if (typeof r !== 'string') throw invalidInput('reviewer doit être une chaîne ou null')
    else {
      const v = r.trim()
      if (/[\r\n\0]/.test(v)) throw invalidInput('reviewer tient sur une ligne')
      if (v.length > REVIEWER_MAX) throw invalidInput(`reviewer dépasse ${REVIEWER_MAX} caractères`)
      out.reviewer = v === '' ? null : v
    }
  }
  if ('language' in p) {
    const l = p.language
    if (l !== null && !LANGUAGES.includes(l as Language))
      throw invalidInput(`language doit valoir ${LANGUAGES.join(' ou ')}, ou null (suivre le système)`)
    out.language = l as Language | null
  }
  if ('firstStepsHidden' in p) {
    if (typeof p.firstStepsHidden !== 'boolean') throw invalidInput('firstStepsHidden doit être un booléen')
    out.firstStepsHidden = p.firstStepsHidden
  }
  if ('journal' in p) {
    if (typeof p.journal !== 'boolean') throw invalidInput('journal doit être un booléen')
    out.journal = p.journal
  }
  return out
}

export class SettingsStore {
  private readonly file: string

  constructor(
    private readonly dir: string,
    private readonly log: HubLog,
    /** Tests only (issue 13): called after each durable step of an update. */
    private readonly onStep?: StepHook
  ) {
    this.file = join(dir, SETTINGS_FILE)
  }

  /** A missing file is the defaults; an unreadable one is logged and read as the defaults. */
  read(): StoredSettings {
    let text: string
    try {
      text = readFileSync(this.file, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log.warning(`réglages illisibles (${this.file}) : ${(e as Error).message}`)
      return { ...EMPTY }
    }
    try {
      return fromJson(JSON.parse(text))
    } catch (e) {
      this.log.warning(`réglages JSON invalides (${this.file}), valeurs par défaut : ${(e as Error).message}`)
      return { ...EMPTY }
    }
  }

  async update(patch: unknown): Promise<StoredSettings> {
    const clean = checkSettingsPatch(patch)
    const next = { ...this.read(), ...clean }
    try {
      mkdirSync(this.dir, { recursive: true })
      await this.onStep?.('settings:dir-ready')
      await writeFileAtomic(this.file, JSON.stringify(next, null, 2) + '\n', this.onStep)
    } catch (e) {
      throw ioError(`réglages non enregistrés (${this.file}) : ${(e as Error).message}`, {
        kind: 'settings-not-saved',
        params: { file: this.file }
      })
    }
    return next
  }
}
