import { create } from 'zustand'

export type InventorySort = 'group' | 'age' | 'submitter'

export interface InventoryPrefs {
  filter: string
  sort: InventorySort
  /** Id of the proposal under the keyboard cursor. */
  cursor: string | null
}

const DEFAULT_PREFS: InventoryPrefs = { filter: '', sort: 'group', cursor: null }

/** The inventory's filter, sort and cursor, per base, kept while the manager moves around. */
interface InventoryState {
  prefs: Record<string, InventoryPrefs>
  setPrefs(base: string, p: Partial<InventoryPrefs>): void
}

export const useInventoryPrefs = create<InventoryState>()((set) => ({
  prefs: {},
  setPrefs: (base, p) =>
    set((s) => ({ prefs: { ...s.prefs, [base]: { ...(s.prefs[base] ?? DEFAULT_PREFS), ...p } } }))
}))

export const inventoryPrefsOf = (s: InventoryState, base: string): InventoryPrefs =>
  s.prefs[base] ?? DEFAULT_PREFS
