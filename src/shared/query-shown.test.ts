import { describe, expect, it } from 'vitest'
import { QUERY_SHOWN_MAX, shownQuery } from './query-shown'

describe('shownQuery', () => {
  it('lists a query whole up to its bound, cut with an ellipsis past it (found by exploratory QA: a 20,000-character query filled 3,400 px)', () => {
    expect(shownQuery('authentification JWT')).toBe('authentification JWT')
    const long = 'é'.repeat(20_000)
    expect(shownQuery(long)).toBe(`${'é'.repeat(QUERY_SHOWN_MAX)}…`)
    // Code points, not UTF-16 units: an emoji is never cut in half.
    expect([...shownQuery('😀'.repeat(QUERY_SHOWN_MAX + 1))]).toHaveLength(QUERY_SHOWN_MAX + 1)
  })
})
