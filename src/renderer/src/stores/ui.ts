import { create } from 'zustand'

export type DiffMode = 'split' | 'unified'

const DIFF_MODE_KEY = 'okf-hub.diff-mode'

function storedDiffMode(): DiffMode {
  try {
    return localStorage.getItem(DIFF_MODE_KEY) === 'unified' ? 'unified' : 'split'
  } catch {
    return 'split'
  }
}

/** Pure presentation choices, kept across screens (the diff mode across restarts). */
interface UiState {
  diffMode: DiffMode
  setDiffMode(mode: DiffMode): void
  shortcutsOpen: boolean
  setShortcutsOpen(open: boolean): void
  /** A link the manager clicked, waiting for confirmation before it leaves the app. */
  pendingLink: string | null
  setPendingLink(url: string | null): void
}

export const useUi = create<UiState>()((set) => ({
  diffMode: storedDiffMode(),
  setDiffMode(diffMode) {
    try {
      localStorage.setItem(DIFF_MODE_KEY, diffMode)
    } catch {
      // private mode: remembered for this session only
    }
    set({ diffMode })
  },
  shortcutsOpen: false,
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
  pendingLink: null,
  setPendingLink: (pendingLink) => set({ pendingLink })
}))
