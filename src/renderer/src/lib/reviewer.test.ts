import { describe, expect, it } from 'vitest'
import { reviewerShown, reviewerValue } from './reviewer'

describe('reviewer field', () => {
  it('adds human: to a plain name and shows the name back', () => {
    expect(reviewerValue('Morgane')).toBe('human:Morgane')
    expect(reviewerShown(reviewerValue('Morgane'))).toBe('Morgane')
    expect(reviewerShown(reviewerValue('Morgane Le'))).toBe('Morgane Le')
  })
  it('keeps a value that names its kind, and an empty field empty', () => {
    expect(reviewerValue('human:bob')).toBe('human:bob')
    expect(reviewerValue('team:docs')).toBe('team:docs')
    expect(reviewerValue('')).toBe('')
    expect(reviewerValue('   ')).toBe('')
    expect(reviewerShown('team:docs')).toBe('team:docs')
    expect(reviewerShown(null)).toBe('')
  })
  it('never lets a newline through (it would forge a trailer)', () => {
    expect(reviewerValue('a\nReviewed-By: x')).toBe('a Reviewed-By: x')
  })
})
