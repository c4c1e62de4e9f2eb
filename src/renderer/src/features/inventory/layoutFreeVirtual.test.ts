import type { Virtualizer } from '@tanstack/react-virtual'
import { describe, expect, it } from 'vitest'
import { scrollWithoutMountLayout } from './layoutFreeVirtual'

/** A scroller that records its writes, inside the smallest virtualiser the scroll write reads. */
function scroller(): { writes: unknown[]; instance: Virtualizer<Element, Element> } {
  const writes: unknown[] = []
  const element = { scrollTo: (o: unknown) => void writes.push(o) }
  const instance = { scrollElement: element, options: { horizontal: false, isRtl: false } }
  return { writes, instance: instance as unknown as Virtualizer<Element, Element> }
}

describe('scrollWithoutMountLayout', () => {
  it('skips the write-back of 0 a scroller gets when it is attached (it forces a layout, moves nothing)', () => {
    const s = scroller()
    scrollWithoutMountLayout(0, {}, s.instance)
    expect(s.writes).toEqual([])
  })

  it('lets every later write through, 0 included (a scroll back to the top)', () => {
    const s = scroller()
    scrollWithoutMountLayout(0, {}, s.instance)
    scrollWithoutMountLayout(480, { behavior: 'auto' }, s.instance)
    scrollWithoutMountLayout(0, {}, s.instance)
    expect(s.writes).toEqual([
      { top: 480, behavior: 'auto' },
      { top: 0, behavior: undefined }
    ])
  })

  it('lets a first write that moves through (an offset, or an adjustment)', () => {
    const a = scroller()
    scrollWithoutMountLayout(120, {}, a.instance)
    const b = scroller()
    scrollWithoutMountLayout(0, { adjustments: 60 }, b.instance)
    expect(a.writes).toEqual([{ top: 120, behavior: undefined }])
    expect(b.writes).toEqual([{ top: 60, behavior: undefined }])
  })
})
