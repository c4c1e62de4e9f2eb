import { create } from 'zustand'
import type { HubApiError, HubInfo, Language, Settings, SettingsPatch } from '../../../shared/hub-api'
import { hub } from '../api/hub'
import { toHubApiError } from '../api/errors'
import { applyLanguage, bootLanguage, systemLanguage } from '../i18n'

interface SettingsState {
  settings: Settings | null
  info: HubInfo | null
  error: HubApiError | null
  /** What failed: loading the settings (Retry reloads) or saving a change (nothing was changed). */
  failed: 'load' | 'save' | null
  /** The language shown: the manager's choice, else the OS locale. */
  language: Language
  /** A language whose words could not be loaded (an incomplete install); the app stayed in `language`. */
  wordsFailed: Language | null
  load(): Promise<void>
  update(patch: SettingsPatch): Promise<void>
  /** null: follow the OS again. */
  chooseLanguage(language: Language | null): Promise<void>
}

export const useSettings = create<SettingsState>()((set, get) => {
  // Updates go out one after the other: two in flight at once may reach the
  // server in either order (separate connections), and the older answer would
  // then overwrite the newer choice, on screen and on disk.
  let queue: Promise<unknown> = Promise.resolve()
  // Changes made here since start: a choice made while the first load is on its way (the language
  // picked in the first instants) must not be undone by that load's older answer.
  let changes = 0
  const send = (patch: SettingsPatch): Promise<Settings> => {
    const next = queue.then(() => hub().updateSettings(patch))
    queue = next.catch(() => undefined)
    return next
  }
  /** Shows `language` once its words are loaded; a failure is kept for the notice above every screen. */
  const show = async (language: Language): Promise<void> => {
    try {
      if (await applyLanguage(language)) set({ language, wordsFailed: null })
    } catch (e) {
      console.error(e)
      set({ wordsFailed: language })
    }
  }
  return {
    settings: null,
    info: null,
    error: null,
    failed: null,
    language: bootLanguage(),
    wordsFailed: null,

    async load() {
      const seen = changes
      try {
        const [settings, info] = await Promise.all([hub().getSettings(), hub().info()])
        if (changes !== seen) {
          // The change's own answer carries the settings as saved; this one predates it.
          set({ info, error: null, failed: null })
          return
        }
        set({ settings, info, error: null, failed: null })
        await show(settings.language ?? systemLanguage())
      } catch (e) {
        set({ error: toHubApiError(e), failed: 'load' })
      }
    },

    async update(patch) {
      changes++
      try {
        const settings = await send(patch)
        set({ settings, error: null, failed: null })
      } catch (e) {
        set({ error: toHubApiError(e), failed: 'save' })
        throw toHubApiError(e)
      }
    },

    async chooseLanguage(choice) {
      const current = get().settings
      if (current) set({ settings: { ...current, language: choice } })
      // The choice is saved whether or not its words load: the next start tries them again.
      await Promise.all([
        show(choice ?? systemLanguage()),
        get()
          .update({ language: choice })
          .catch(() => undefined)
      ])
    }
  }
})
