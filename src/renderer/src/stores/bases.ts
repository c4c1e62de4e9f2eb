import { create } from 'zustand'
import type {
  BaseSummary,
  BasesOverview,
  HubApiError,
  RescanResult,
  TrashEntry
} from '../../../shared/hub-api'
import { hub } from '../api/hub'
import { toHubApiError } from '../api/errors'

interface BasesState {
  overview: BasesOverview | null
  loading: boolean
  error: HubApiError | null
  rescanning: boolean
  lastRescan: RescanResult | null
  rescanError: HubApiError | null
  /** The base the manager last moved to the trash (the overview says so, with Restore). */
  lastRemoved: TrashEntry | null
  /** The base last restored from the trash. */
  lastRestored: BaseSummary | null
  removed(entry: TrashEntry): void
  restored(base: BaseSummary | null): void
  /** Loads (or refreshes in the background: the previous overview stays shown). */
  load(): Promise<void>
  rescan(): Promise<void>
}

export const useBases = create<BasesState>()((set, get) => {
  let seq = 0
  return {
    overview: null,
    loading: false,
    error: null,
    rescanning: false,
    lastRescan: null,
    rescanError: null,
    lastRemoved: null,
    lastRestored: null,

    removed(entry) {
      const o = get().overview
      set({
        lastRemoved: entry,
        lastRestored: null,
        overview: o ? { ...o, bases: o.bases.filter((b) => b.name !== entry.base) } : o
      })
      void get().load()
    },

    restored(base) {
      set({ lastRestored: base, lastRemoved: null })
      void get().load()
    },

    async load() {
      const mine = ++seq
      set({ loading: true })
      try {
        const overview = await hub().listBases()
        if (mine === seq) set({ overview, loading: false, error: null })
      } catch (e) {
        if (mine === seq) set({ loading: false, error: toHubApiError(e) })
      }
    },

    async rescan() {
      if (get().rescanning) return
      set({ rescanning: true, rescanError: null })
      try {
        const result = await hub().rescan()
        ++seq
        const { added: _a, removed: _r, ...overview } = result
        set({ rescanning: false, lastRescan: result, overview, error: null })
      } catch (e) {
        set({ rescanning: false, rescanError: toHubApiError(e) })
      }
    }
  }
})
