import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { X, RefreshCw } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { Button } from './Button'

/** The markup with each tag's attributes sorted: the order React writes them in is no one's concern. */
const norm = (html: string): string =>
  html.replace(
    /<([a-z]+)((?:\s[^\s=>]+="[^"]*")*)(\s*\/?)>/g,
    (_m, tag: string, attrs: string, end: string) => {
      const sorted = (attrs.match(/\s[^\s=>]+="[^"]*"/g) ?? []).map((a) => a.trim()).sort()
      return `<${tag}${sorted.map((a) => ` ${a}`).join('')}${end}>`
    }
  )
const same = (a: React.ReactElement, b: React.ReactElement): void =>
  expect(norm(renderToStaticMarkup(a))).toBe(norm(renderToStaticMarkup(b)))

describe('Button', () => {
  it('draws what the screens wrote by hand: classes, icon, the space, the label', () => {
    same(
      h(Button, { look: 'primary small', icon: X, iconSize: 14, testId: 't', disabled: true }, 'Go'),
      h(
        'button',
        {
          type: 'button',
          className: 'button button-primary button-small',
          disabled: true,
          'data-testid': 't'
        },
        h(X, { 'aria-hidden': 'true', size: 14 }),
        ' ',
        'Go'
      )
    )
  })

  it('keeps the modifiers in the order given, and a plain button plain', () => {
    expect(renderToStaticMarkup(h(Button, { look: 'small ghost' }, 'a'))).toContain(
      'class="button button-small button-ghost"'
    )
    expect(renderToStaticMarkup(h(Button, null, 'a'))).toBe('<button type="button" class="button">a</button>')
  })

  it('puts no space after an icon that stands alone, and spins the icon when asked', () => {
    same(
      h(Button, { look: 'ghost icon', icon: X, 'aria-label': 'Dismiss' }),
      h(
        'button',
        { type: 'button', className: 'button button-ghost button-icon', 'aria-label': 'Dismiss' },
        h(X, { 'aria-hidden': 'true', size: 16 })
      )
    )
    same(
      h(Button, { icon: RefreshCw, spin: true, type: 'submit' }, 'Rescan'),
      h(
        'button',
        { type: 'submit', className: 'button' },
        h(RefreshCw, { 'aria-hidden': 'true', size: 16, className: 'spin' }),
        ' ',
        'Rescan'
      )
    )
  })
})
