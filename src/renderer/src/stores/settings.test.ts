import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Settings, SettingsPatch } from '../../../shared/hub-api'

/** A hub whose answers the test releases by hand, in any order. */
function slowHub(): {
  calls: { patch: SettingsPatch; answer: (s: Settings) => void }[]
  bridge: { updateSettings(patch: SettingsPatch): Promise<Settings> }
} {
  const calls: { patch: SettingsPatch; answer: (s: Settings) => void }[] = []
  return {
    calls,
    bridge: {
      updateSettings: (patch) => new Promise<Settings>((resolve) => calls.push({ patch, answer: resolve }))
    }
  }
}

const base: Settings = {
  basesDir: '/b',
  userDataDir: '/u',
  reviewer: null,
  language: null,
  firstStepsHidden: false,
  journal: true
}

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0))

/** The app's i18next as boot.tsx sets it up, in English (the modules are fresh for each test). */
async function startInEnglish(): Promise<void> {
  const { startWords } = await import('../i18n')
  const { en } = await import('../i18n/en')
  startWords('en', en)
}

describe('settings store', () => {
  let hub: ReturnType<typeof slowHub>
  beforeEach(async () => {
    vi.resetModules()
    hub = slowHub()
    vi.stubGlobal('window', { okfHub: hub.bridge })
    vi.stubGlobal('document', { documentElement: { lang: '' } })
    vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US'] })
    await startInEnglish()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('sends one update at a time, so a late answer cannot undo a newer choice', async () => {
    const { useSettings } = await import('./settings')
    useSettings.setState({ settings: base })
    void useSettings.getState().chooseLanguage('fr')
    void useSettings.getState().chooseLanguage(null)
    await settle()
    // The second choice waits for the first: out of order, the server would keep « fr ».
    expect(hub.calls.map((c) => c.patch)).toEqual([{ language: 'fr' }])
    hub.calls[0]!.answer({ ...base, language: 'fr' })
    await settle()
    expect(hub.calls.map((c) => c.patch)).toEqual([{ language: 'fr' }, { language: null }])
    hub.calls[1]!.answer({ ...base, language: null })
    await settle()
    expect(useSettings.getState().settings?.language).toBeNull()
    expect(useSettings.getState().language).toBe('en')
  })

  it('a failed update does not block the next one, and its error is kept', async () => {
    const failing = {
      calls: 0,
      updateSettings(patch: SettingsPatch): Promise<Settings> {
        failing.calls++
        return failing.calls === 1
          ? Promise.reject(new Error('disk full'))
          : Promise.resolve({ ...base, ...patch })
      }
    }
    vi.stubGlobal('window', { okfHub: failing })
    const { useSettings } = await import('./settings')
    useSettings.setState({ settings: base })
    await expect(useSettings.getState().update({ reviewer: 'Ana' })).rejects.toBeTruthy()
    expect(useSettings.getState().error).not.toBeNull()
    await useSettings.getState().update({ reviewer: 'Bea' })
    expect(useSettings.getState().settings?.reviewer).toBe('Bea')
    expect(useSettings.getState().error).toBeNull()
  })
})

describe('settings store: the first load', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('a language chosen while the first load is on its way is not undone by its older answer', async () => {
    vi.resetModules()
    let answerLoad: (s: Settings) => void = () => undefined
    const updates: SettingsPatch[] = []
    vi.stubGlobal('window', {
      okfHub: {
        getSettings: () => new Promise<Settings>((r) => (answerLoad = r)),
        info: () => Promise.resolve({ version: 't' }),
        updateSettings: (patch: SettingsPatch) => {
          updates.push(patch)
          return Promise.resolve({ ...base, ...patch })
        }
      }
    })
    vi.stubGlobal('document', { documentElement: { lang: '' } })
    vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US'] })
    await startInEnglish()
    const { useSettings } = await import('./settings')
    const loading = useSettings.getState().load()
    await useSettings.getState().chooseLanguage('fr')
    expect(updates).toEqual([{ language: 'fr' }])
    // The load's answer was read before the choice reached the hub: it still says « system ».
    answerLoad(base)
    await loading
    expect(useSettings.getState().language).toBe('fr')
    expect(useSettings.getState().settings?.language).toBe('fr')
    expect(document.documentElement.lang).toBe('fr')
  })
})
