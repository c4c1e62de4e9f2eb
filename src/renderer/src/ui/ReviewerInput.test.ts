import type { ChangeEvent } from 'react'
import { describe, expect, it } from 'vitest'
import { ReviewerInput } from './ReviewerInput'

/** The input the component draws, as props (it has no state: calling it is rendering it). */
function drawn(value: string, onChange: (v: string) => void = () => undefined) {
  const el = ReviewerInput({
    control: { id: 'r', 'aria-describedby': 'r-hint' },
    value,
    onChange,
    testId: 't'
  })
  return el.props as {
    id: string
    'aria-describedby': string
    value: string
    placeholder: string
    'data-testid': string
    onChange(e: ChangeEvent<HTMLInputElement>): void
  }
}
const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>

describe('ReviewerInput', () => {
  it('shows the recorded reviewer as the plain name, wired to its field', () => {
    const p = drawn('human:alice')
    expect(p.value).toBe('alice')
    expect(p.id).toBe('r')
    expect(p['aria-describedby']).toBe('r-hint')
    expect(p.placeholder).toBe('alice')
    expect(p['data-testid']).toBe('t')
  })

  it('records what is typed with its kind (human: unless one is named)', () => {
    const got: string[] = []
    const p = drawn('', (v) => got.push(v))
    p.onChange(typed('bob'))
    p.onChange(typed('team:docs'))
    p.onChange(typed(''))
    expect(got).toEqual(['human:bob', 'team:docs', ''])
  })
})
