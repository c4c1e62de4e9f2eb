import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import type { ResolutionKind } from '../../../../shared/review'
import type { InventoryItem } from './inventory'
import {
  measureWithoutLayout,
  observeRectWithoutLayout,
  scrollWithoutMountLayout,
  windowRect
} from './layoutFreeVirtual'
import { InventoryGroupHeader } from './InventoryGroupHeader'
import { InventoryRow } from './InventoryRow'

interface Props {
  base: string
  items: InventoryItem[]
  cursor: string | null
  /** Bumped when the keyboard moved the cursor: the row is scrolled to and focused. */
  focusTick: number
  showGroups: boolean
  planOf(id: string): ResolutionKind | null
  /** Both stable across renders: the rows are memoised on their props. */
  onToggle(id: string): void
  onCursor(id: string): void
}

/**
 * Heights as inventory.css lays them out when nothing wraps (whole-pixel lines): a proposal row, a
 * group's title, each of its reasons. Exact estimates spare the first paint a second layout and
 * render — a mismatch makes the virtualiser re-render synchronously once it has measured.
 */
const ROW_PX = 60
const GROUP_PX = 41
const REASON_PX = 20
const estimate = (item: InventoryItem | undefined): number =>
  item?.kind === 'group' ? GROUP_PX + REASON_PX * item.group.reasons.length : ROW_PX

/** The pending proposals, virtualised: thousands of rows stay as fast as ten. */
export function InventoryList({
  base,
  items,
  cursor,
  focusTick,
  showGroups,
  planOf,
  onToggle,
  onCursor
}: Props): React.JSX.Element {
  const { t } = useTranslation()
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => estimate(items[i]),
    getItemKey: (i) => items[i]?.key ?? i,
    // A screen of rows and a few more: every row rendered before the first paint costs ~5 ms here.
    overscan: 4,
    // A measured size that differs from its estimate (a title or a reason that wraps) re-renders
    // the list in the next task, not synchronously inside the commit: that would also run every
    // pending effect before the first rows are painted. The estimates are exact when nothing
    // wraps, so a frame at estimated positions is at most a wrapped line off.
    useFlushSync: false,
    // No synchronous layout reads while the first rows are committed (lib/layoutFreeVirtual.ts).
    measureElement: measureWithoutLayout,
    observeElementRect: observeRectWithoutLayout,
    scrollToFn: scrollWithoutMountLayout,
    initialRect: windowRect()
  })

  useKeyboardFocus(items, cursor, focusTick, virtualizer, scroller)

  return (
    <div
      ref={scroller}
      className="inv-scroller"
      data-testid="inventory-list"
      // Never shorter than its rows when few, never below a usable height when many.
      style={{ minHeight: Math.min(virtualizer.getTotalSize() + 2, 240) }}
    >
      <div
        role="list"
        aria-label={t('inventory.listLabel')}
        className="inv-canvas"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((v) => {
          const item = items[v.index]
          return (
            <div
              key={v.key}
              role="listitem"
              data-index={v.index}
              ref={virtualizer.measureElement}
              className="inv-item"
              style={{ transform: `translateY(${v.start}px)` }}
            >
              {item.kind === 'group' ? (
                <InventoryGroupHeader group={item.group} />
              ) : (
                <InventoryRow
                  base={base}
                  p={item.proposal}
                  group={item.group}
                  showGroup={!showGroups}
                  isCursor={cursor === item.proposal.id}
                  inPlan={planOf(item.proposal.id)}
                  onToggle={onToggle}
                  onFocus={onCursor}
                />
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}

/**
 * A keyboard move (a new focusTick) scrolls the cursor's row into view and focuses its title; the
 * row may be rendered only after the scroll, hence a few frames of patience.
 */
function useKeyboardFocus(
  items: InventoryItem[],
  cursor: string | null,
  focusTick: number,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scroller: RefObject<HTMLDivElement | null>
): void {
  useEffect(() => {
    if (focusTick === 0 || !cursor) return
    const index = items.findIndex((it) => it.kind === 'proposal' && it.proposal.id === cursor)
    if (index < 0) return
    virtualizer.scrollToIndex(index, { align: 'auto' })
    const focus = (tries: number): void => {
      const link = scroller.current?.querySelector<HTMLElement>(
        `[data-row-id="${CSS.escape(cursor)}"] .inv-title`
      )
      if (link) link.focus({ preventScroll: false })
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1))
    }
    requestAnimationFrame(() => focus(5))
    // only on keyboard moves
  }, [focusTick])
}
