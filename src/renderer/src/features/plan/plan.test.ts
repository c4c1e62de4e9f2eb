import { describe, expect, it } from 'vitest'
import type { ResolutionPlan } from '../../../../shared/review'
import { meantDocument, outsideCorpus, pathWarning, planIssues } from './plan'

describe('paths as the manager types them', () => {
  it('outside the corpus: absolute, a drive or a backslash, a . or .. or empty segment', () => {
    for (const p of [
      '/etc/passwd',
      '../okf-bundle.yaml',
      '../../outside.md',
      'a/../b.md',
      './a.md',
      'a//b.md',
      'C:\\\\x.md',
      'a\\\\b.md'
    ])
      expect(outsideCorpus(p), p).toBe(true)
    for (const p of ['a.md', 'procedures/sso.md', 'été/à Paris.md', '..cache.md', 'a..b.md'])
      expect(outsideCorpus(p), p).toBe(false)
  })

  it('a path from the repository’s root names the corpus document without its first folder', () => {
    const docs = ['first-document.md', 'procedures/sso.md']
    expect(meantDocument('knowledge/first-document.md', docs)).toBe('first-document.md')
    expect(meantDocument('knowledge/procedures/sso.md', docs)).toBe('procedures/sso.md')
    expect(meantDocument('first-document.md', docs)).toBeNull() // it exists
    expect(meantDocument('nouveau.md', docs)).toBeNull() // a creation
    expect(meantDocument('knowledge/nouveau.md', docs)).toBeNull()
  })

  it('the plan cannot be previewed with an edit or an « integrated into » outside the corpus', () => {
    const plan: ResolutionPlan = {
      summary: 's',
      reviewed_by: 'human:a',
      resolutions: [
        { id: 'prop-2026-12-07-aaaa', resolution: 'accepted', integrated_into: ['../okf-bundle.yaml'] }
      ],
      edits: [{ path: '../../outside.md', content: 'x' }]
    }
    expect(planIssues(plan)).toEqual([
      { key: 'integratedOutside', id: 'prop-2026-12-07-aaaa' },
      { key: 'editPathOutside', edit: 1 }
    ])
  })
})

describe('a whole document left empty', () => {
  it('cannot be previewed: it would empty the document (a « Write it » left blank, written since by a teammate)', () => {
    const plan = (content: string): ResolutionPlan => ({
      summary: 's',
      reviewed_by: 'human:a',
      resolutions: [{ id: 'prop-2026-12-07-aaaa', resolution: 'rejected', reason: 'non' }],
      edits: [{ path: 'zustand-middleware.md', content }]
    })
    expect(planIssues(plan(''))).toEqual([{ key: 'editContentEmpty', edit: 1 }])
    expect(planIssues(plan(' \n'))).toEqual([{ key: 'editContentEmpty', edit: 1 }])
    expect(planIssues(plan('# Zustand\n'))).toEqual([])
  })
})

describe('pathWarning', () => {
  it('says what a typed path cannot be: outside the corpus first, then a path from the repository’s root', () => {
    const docs = ['first-document.md']
    expect(pathWarning('../x.md', docs)).toEqual({ key: 'plan.edit.outside' })
    expect(pathWarning('knowledge/first-document.md', docs)).toEqual({
      key: 'plan.edit.meant',
      path: 'first-document.md'
    })
    expect(pathWarning('nouveau.md', docs)).toBeNull()
  })
})
