import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Field, type FieldProps } from './Field'

/** The field as HTML, its control a plain input given the wiring. */
const html = (props: Omit<FieldProps, 'children'>): string =>
  renderToStaticMarkup(
    createElement(Field, { ...props, children: (c) => createElement('input', { ...c, 'data-testid': 'x' }) })
  )
const attr = (s: string, name: string, on = 'input'): string | null =>
  new RegExp(`<${on}[^>]*\\s${name}="([^"]*)"`).exec(s)?.[1] ?? null

describe('Field', () => {
  it('ties the label to the control and the control to its hint', () => {
    const s = html({ id: 'f', label: 'Name', marker: 'required', hint: 'Lower case' })
    expect(s).toContain('<label for="f">Name <span class="required">required</span></label>')
    expect(attr(s, 'id')).toBe('f')
    expect(attr(s, 'aria-describedby')).toBe('f-hint')
    expect(s).toContain('<p id="f-hint" class="hint">Lower case</p>')
    expect(attr(s, 'aria-invalid')).toBeNull()
  })

  it('says a problem in the hint’s place and marks the control invalid', () => {
    const s = html({ id: 'f', label: 'Name', hint: 'Lower case', problem: 'Missing' })
    expect(s).toContain('<p id="f-hint" class="hint hint-error">Missing</p>')
    expect(s).not.toContain('Lower case')
    expect(attr(s, 'aria-invalid')).toBe('true')
  })

  it('adds an error line after the hint (before it when asked), described by both', () => {
    const s = html({ id: 'f', label: 'Name', hint: 'H', error: 'Refused', errorTestId: 'refused' })
    expect(attr(s, 'aria-describedby')).toBe('f-hint f-error')
    expect(attr(s, 'aria-invalid')).toBe('true')
    expect(s.indexOf('f-hint"')).toBeLessThan(s.indexOf('id="f-error"'))
    expect(s).toContain('data-testid="refused">Refused</p>')
    const first = html({ id: 'f', label: 'Name', hint: 'H', error: 'Refused', errorFirst: true })
    expect(first.indexOf('id="f-error"')).toBeLessThan(first.indexOf('id="f-hint"'))
  })

  it('keeps a live error line in the page while empty, and a generated id without one', () => {
    const s = html({ label: 'Name', error: '', errorLive: true, invalid: false })
    const id = attr(s, 'id')
    expect(id).toBeTruthy()
    expect(s).toContain(`<label for="${id}">`)
    expect(attr(s, 'aria-describedby')).toBe(`${id}-error`)
    expect(s).toContain(`aria-live="polite"`)
    expect(attr(s, 'aria-invalid')).toBeNull()
  })
})
