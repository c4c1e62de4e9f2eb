import { elementScroll, measureElement, type Rect, type Virtualizer } from '@tanstack/react-virtual'

/**
 * The virtualiser's default measuring reads layout synchronously: each row's `offsetHeight` as it
 * attaches and the scroller's `clientHeight` when it mounts. Inside the first commit each read forces
 * a layout of the whole page before it has been painted once — half of the first render's cost in a
 * trace of the inventory (53 of 160 ms). These options read sizes only where the browser has just
 * laid out anyway: in ResizeObserver callbacks, which also fire once for every newly observed node.
 */

/** A row's size: the library's own measure inside an observer callback, else what is known without layout. */
export function measureWithoutLayout<S extends Element, I extends Element>(
  element: I,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<S, I>
): number {
  if (entry) return measureElement(element, entry, instance)
  // At attach: the size this row had when last seen, else its estimate. The observer's first
  // callback, right after the next layout, corrects a row that wraps.
  const index = instance.indexFromElement(element)
  const known = instance.itemSizeCache.get(instance.options.getItemKey(index))
  return known ?? instance.options.estimateSize(index)
}

/** The scroller's size, from the observer only; until its first callback the initial rect stands. */
export function observeRectWithoutLayout<S extends Element, I extends Element>(
  instance: Virtualizer<S, I>,
  cb: (rect: Rect) => void
): (() => void) | undefined {
  const element = instance.scrollElement
  const win = instance.targetWindow
  if (!element || !win?.ResizeObserver) return undefined
  const observer = new win.ResizeObserver(() => {
    // Layout is clean inside the callback: these reads cost nothing. client* (padding, no
    // scrollbar) is what the virtualiser's own observer reports.
    cb({ width: Math.round(element.clientWidth), height: Math.round(element.clientHeight) })
  })
  observer.observe(element, { box: 'content-box' })
  return () => observer.disconnect()
}

/** Scrollers already written to once: from then on every write is a real scroll. */
const written = new WeakSet<Element>()

/**
 * The library's scroll write, without its first one: when a scroller is attached the virtualiser
 * writes its current offset back (`scrollTo({ top: 0 })` on a list just mounted), and `scrollTo`
 * lays the whole page out synchronously to clamp it — inside the first rows' commit, before they
 * are painted (~30 ms in a profile of the inventory under load). A scroller that was just created
 * is at 0: that write moves nothing and is skipped; any other write goes through.
 */
export function scrollWithoutMountLayout<S extends Element, I extends Element>(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<S, I>
): void {
  const element = instance.scrollElement
  if (element && !written.has(element)) {
    written.add(element)
    if (offset + (options.adjustments ?? 0) === 0) return
  }
  elementScroll(offset, options, instance)
}

/**
 * Before the scroller is measured, the window's size: never smaller than the list's viewport, so
 * the first paint has every visible row (a few too many at most, dropped on the first callback).
 */
export const windowRect = (): Rect =>
  typeof window === 'undefined'
    ? { width: 0, height: 0 }
    : { width: window.innerWidth, height: window.innerHeight }
