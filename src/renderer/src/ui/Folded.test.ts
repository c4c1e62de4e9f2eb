import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Folded } from './Folded'

// Unfolding builds the content (a toggle event): covered in the browser by e2e/review-flow.spec.ts
// and e2e/history.spec.ts. Here, what is built before any toggle.
describe('Folded', () => {
  it('folded, only the summary is built: the content is not asked for', () => {
    let asked = 0
    const html = renderToStaticMarkup(
      createElement(Folded, {
        summary: '3 fichiers',
        className: 'moves-diffs',
        children: () => {
          asked++
          return createElement('p', null, 'diff')
        }
      })
    )
    expect(html).toBe('<details class="moves-diffs"><summary>3 fichiers</summary></details>')
    expect(asked).toBe(0)
  })

  it('open from the start, the content is built at once', () => {
    const html = renderToStaticMarkup(
      createElement(Folded, { summary: 's', open: true, children: () => createElement('p', null, 'diff') })
    )
    expect(html).toBe('<details open=""><summary>s</summary><p>diff</p></details>')
  })
})
