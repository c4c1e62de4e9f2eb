import type { Inventory } from '../../../shared/review'
import { hub } from './hub'

/**
 * The first screen's data asked for before React boots: opening the app on a base's inventory
 * (a reload, a bookmark, the desktop's remembered route) would otherwise wait for the script to
 * run, the router to match and the screen to mount before the one call that feeds it even leaves.
 * The screen takes the answer once; later reads ask the HubApi as usual.
 */

const FRESH_MS = 10_000
interface Held {
  at: number
  value: Promise<Inventory>
  /** The answer once it came: the screen's first render can show it without waiting a tick. */
  settled: Inventory | null
}
const held = new Map<string, Held>()

/** `#/base/<name>/inventory` (or the base's index, which redirects there) → the inventory, asked now. */
export function prefetchFromLocation(hash: string): void {
  const m = /^#\/base\/([^/?#]+)(?:\/inventory)?\/?(?:[?#].*)?$/.exec(hash)
  if (!m) return
  let base: string
  try {
    base = decodeURIComponent(m[1])
  } catch {
    return
  }
  prefetchInventory(base)
}

/**
 * Asks for `base`'s inventory now, unless a fresh answer is already held or on its way: the page's
 * first script, and the router as soon as a navigation matches the inventory (its loader) — the
 * call then leaves at the click, not after the screen has rendered and its effects run.
 */
export function prefetchInventory(base: string): void {
  const h = held.get(base)
  if (h && Date.now() - h.at < FRESH_MS) return
  const entry: Held = { at: Date.now(), value: hub().inventory(base), settled: null }
  // Taken or not, a failure here is the screen's to show (it asks again): never unhandled.
  entry.value.then(
    (inv) => void (entry.settled = inv),
    () => undefined
  )
  held.set(base, entry)
}

/** The prefetched inventory of `base`, once, while fresh: its promise, and its answer if in. */
export function takeInventory(base: string): { value: Promise<Inventory>; settled: Inventory | null } | null {
  const h = held.get(base)
  held.delete(base)
  return h && Date.now() - h.at < FRESH_MS ? { value: h.value, settled: h.settled } : null
}
