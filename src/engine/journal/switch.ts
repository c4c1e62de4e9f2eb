import { statMark } from '../fingerprint'
import type { HubConfig } from '../config'
import type { HubLog } from '../hublog'
import { SettingsStore, SETTINGS_FILE } from '../hub/settings'
import { join } from 'node:path'

export type JournalOffBy = 'config' | 'settings' | null

/**
 * Why the journal is off, or null when it is on. Two places can turn it off: the hub configuration
 * (`journal: false`, for a machine set up by its administrator) and the app's Settings (the
 * manager's switch, `ui-settings.json`); either is enough.
 */
export function journalOffBy(config: HubConfig, settings: { journal: boolean }): JournalOffBy {
  if (config.journal === false) return 'config'
  if (!settings.journal) return 'settings'
  return null
}

/**
 * The switch as a long-running server asks it before every event: the manager may turn it off in
 * the app while hosts keep their servers running, so the settings file is read again whenever its
 * stat changes — one stat per event, the file parsed only after it was written.
 */
export function journalSwitch(config: HubConfig, log: HubLog): () => boolean {
  if (config.journal === false) return () => false
  const store = new SettingsStore(config.userDataDir, log)
  const file = join(config.userDataDir, SETTINGS_FILE)
  let seen = ''
  let seenSettled = false
  let on = true
  return () => {
    // The racy rule (fingerprint.ts): a file edited in place within its mtime's tick keeps its stat,
    // so one read while its mtime was recent is not trusted until a read made after that.
    const mark = statMark(file, Date.now())
    if (mark.key !== seen || !seenSettled) {
      seen = mark.key
      seenSettled = mark.settled
      on = store.read().journal
    }
    return on
  }
}
