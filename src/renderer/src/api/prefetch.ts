import type { Inventory } from '../../../shared/review'
import { hub } from './hub'

/**
 * The first screen's data asked for before React boots: opening the app on a base's inventory
 * (a reload, a bookmark, the desktop's remembered route) would otherwise wait for the script to
 * run, the router to match and the screen to mount before the one call that feeds it even leaves.
 * The screen takes the answer once; later reads ask the HubApi as usual.
 */

const FRESH_MS = 10_000
const held = new Map<string, { at: number; value: Promise<Inventory> }>()

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
  const value = hub().inventory(base)
  // Taken or not, a failure here is the screen's to show (it asks again): never unhandled.
  value.catch(() => undefined)
  held.set(base, { at: Date.now(), value })
}

/** The prefetched inventory of `base`, once, while fresh. */
export function takeInventory(base: string): Promise<Inventory> | null {
  const h = held.get(base)
  held.delete(base)
  return h && Date.now() - h.at < FRESH_MS ? h.value : null
}
