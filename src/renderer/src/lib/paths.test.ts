import { describe, expect, it } from 'vitest'
import { suggestPaths } from './paths'

describe('suggestPaths', () => {
  const docs = Array.from({ length: 10_000 }, (_, i) => `d${String(i % 100).padStart(3, '0')}/doc-${i}.md`)

  it('prefix matches first, then those containing it, case ignored, at most the limit', () => {
    expect(suggestPaths(['guides/SSO.md', 'sso.md', 'a/b.md', 'x/sso-old.md'], 'SSo')).toEqual([
      'sso.md',
      'guides/SSO.md',
      'x/sso-old.md'
    ])
    expect(suggestPaths(docs, 'd042/')).toHaveLength(50)
    expect(suggestPaths(docs, 'd042/').every((d) => d.startsWith('d042/'))).toBe(true)
    expect(suggestPaths(docs, '', 20)).toEqual(docs.slice(0, 20))
    expect(suggestPaths(docs, 'doc-9999')).toEqual(['d099/doc-9999.md'])
    expect(suggestPaths(docs, 'nothing-like-it')).toEqual([])
  })
})
