import { afterEach, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DRAFT_MAX_BYTES, DRAFTS_DIR, DraftStore, mergeIntoDraft } from './drafts'
import { memoryHubLog } from '../hublog'
import { removeDir, tempDir } from '../../../test/helpers/fixtures'
import { hubRefusal } from '../../../test/helpers/refusal'
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

describe('DraftStore', () => {
  const dirs: string[] = []
  afterEach(() => {
    while (dirs.length > 0) removeDir(dirs.pop() as string)
  })

  it('refuses a plan too large to keep, in words a manager reads (draft-too-large), and keeps the previous draft', async () => {
    const dir = tempDir('okf-drafts-')
    dirs.push(dir)
    const store = new DraftStore(dir, memoryHubLog())
    await store.save('guide', rebuilt)
    const big = { ...rebuilt, edits: [{ path: 'a.md', content: 'x'.repeat(DRAFT_MAX_BYTES) }] }
    const e = await hubRefusal(store.save('guide', big))
    expect(e.code).toBe('INVALID_INPUT')
    expect(e.message).toBe(`brouillon trop volumineux (plus de ${DRAFT_MAX_BYTES} octets)`)
    expect(e.kind).toBe('draft-too-large')
    expect(e.params).toEqual({ megabytes: 2 })
    expect(store.load('guide').plan).toEqual(rebuilt)
    expect(existsSync(join(dir, DRAFTS_DIR, 'guide.json'))).toBe(true)
  })

  it('saves only over the revision the caller started from (draft-changed otherwise), nothing written', async () => {
    const dir = tempDir('okf-drafts-')
    dirs.push(dir)
    const store = new DraftStore(dir, memoryHubLog())
    expect(store.load('guide')).toEqual({ plan: null, revision: '' })
    const r1 = await store.save('guide', rebuilt, '')
    expect(store.load('guide')).toEqual({ plan: rebuilt, revision: r1 })
    // Another window saved in between: this window's copy, started from '', is refused.
    const mine = { ...rebuilt, summary: 'la mienne' }
    const e = await hubRefusal(store.save('guide', mine, ''))
    expect(e.code).toBe('INVALID_INPUT')
    expect(e.kind).toBe('draft-changed')
    expect(e.params).toEqual({ revision: r1 })
    expect(store.load('guide').plan).toEqual(rebuilt)
    // Over the revision it was told: saved (« keep mine »); without one: saved as before.
    const r2 = await store.save('guide', mine, r1)
    expect(r2).not.toBe(r1)
    expect(store.load('guide')).toEqual({ plan: mine, revision: r2 })
    expect(await store.save('guide', null)).toBe('')
    expect(store.load('guide')).toEqual({ plan: null, revision: '' })
  })

  it('two saves over one revision at once (two tabs of one hub): the first is kept, the second refused', async () => {
    const dir = tempDir('okf-drafts-')
    dirs.push(dir)
    const store = new DraftStore(dir, memoryHubLog())
    const a = { ...rebuilt, summary: 'onglet A' }
    const b = { ...rebuilt, summary: 'onglet B' }
    const [first, second] = await Promise.allSettled([store.save('guide', a, ''), store.save('guide', b, '')])
    expect(first.status).toBe('fulfilled')
    expect(second.status).toBe('rejected')
    expect(store.load('guide').plan).toEqual(a)
  })
})
