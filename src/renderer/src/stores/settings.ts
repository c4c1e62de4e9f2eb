import { create } from 'zustand'
import type { HubApiError, HubInfo, Language, Settings, SettingsPatch } from '../../../shared/hub-api'
import { hub } from '../api/hub'
import { toHubApiError } from '../api/errors'
import { applyLanguage, systemLanguage } from '../i18n'

interface SettingsState {
  settings: Settings | null
  info: HubInfo | null
  error: HubApiError | null
  /** The language shown: the manager's choice, else the OS locale. */
  language: Language
  load(): Promise<void>
  update(patch: SettingsPatch): Promise<void>
  /** null: follow the OS again. */
  chooseLanguage(language: Language | null): Promise<void>
}

export const useSettings = create<SettingsState>()((set, get) => ({
  settings: null,
  info: null,
  error: null,
  language: systemLanguage(),

  async load() {
    try {
      const [settings, info] = await Promise.all([hub().getSettings(), hub().info()])
      const language = settings.language ?? systemLanguage()
      applyLanguage(language)
      set({ settings, info, language, error: null })
    } catch (e) {
      set({ error: toHubApiError(e) })
    }
  },

  async update(patch) {
    try {
      const settings = await hub().updateSettings(patch)
      set({ settings, error: null })
    } catch (e) {
      set({ error: toHubApiError(e) })
      throw toHubApiError(e)
    }
  },

  async chooseLanguage(choice) {
    const language = choice ?? systemLanguage()
    applyLanguage(language)
    set({ language })
    const current = get().settings
    if (current) set({ settings: { ...current, language: choice } })
    await get()
      .update({ language: choice })
      .catch(() => undefined)
  }
}))
