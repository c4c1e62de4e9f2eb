import { describe, expect, it } from 'vitest'
import { mergeIntoDraft } from './drafts'
import type { ResolutionPlan } from '../../shared/review'

const rebuilt: ResolutionPlan = {
  summary: 'reconstruit',
  reviewed_by: 'human:a',
  resolutions: [
    { id: 'prop-2026-12-03-aaaa', resolution: 'accepted', integrated_into: ['a.md'] },
    { id: 'prop-2026-12-03-bbbb', resolution: 'rejected', reason: 'doublon' }
  ],
  edits: [
    { path: 'a.md', content: '# A\n' },
    { path: 'b.md', content: '# B\n' }
  ]
}

describe('mergeIntoDraft', () => {
  it('no draft: the rebuilt plan as it is', () => {
    expect(mergeIntoDraft(null, rebuilt)).toEqual(rebuilt)
  })

  it("keeps the draft's own decisions, edits, summary and reviewer first; adds only what it lacks", () => {
    const draft: ResolutionPlan = {
      summary: 'mon brouillon',
      reviewed_by: 'human:b',
      resolutions: [{ id: 'prop-2026-12-03-bbbb', resolution: 'accepted' }],
      edits: [{ path: 'b.md', append: 'x' }]
    }
    expect(mergeIntoDraft(draft, rebuilt)).toEqual({
      summary: 'mon brouillon',
      reviewed_by: 'human:b',
      resolutions: [
        { id: 'prop-2026-12-03-bbbb', resolution: 'accepted' },
        { id: 'prop-2026-12-03-aaaa', resolution: 'accepted', integrated_into: ['a.md'] }
      ],
      edits: [
        { path: 'b.md', append: 'x' },
        { path: 'a.md', content: '# A\n' }
      ]
    })
  })

  it('an empty draft summary or reviewer takes the rebuilt one', () => {
    const merged = mergeIntoDraft({ summary: ' ', reviewed_by: '', resolutions: [], edits: [] }, rebuilt)
    expect(merged.summary).toBe('reconstruit')
    expect(merged.reviewed_by).toBe('human:a')
  })
})
