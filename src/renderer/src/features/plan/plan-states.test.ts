import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProposalState } from '../../../../shared/hub-api'
import type { ResolutionPlan } from '../../../../shared/review'

const A = 'prop-2026-12-04-aaaa'
const B = 'prop-2026-12-04-bbbb'
const C = 'prop-2026-12-04-cccc'

const draft: ResolutionPlan = {
  summary: '',
  reviewed_by: 'human:ana',
  resolutions: [
    { id: A, resolution: 'accepted', integrated_into: [] },
    { id: B, resolution: 'rejected', reason: 'doublon' },
    { id: C, resolution: 'accepted', integrated_into: [] }
  ],
  edits: []
}

const resolvedBy = (id: string, reviewer: string): ProposalState => ({
  id,
  status: 'accepted',
  concerns: null,
  resolvedAt: '2026-12-05T08:30:00Z',
  reviewer,
  commit: 'c'.repeat(40)
})

describe('plan states: cards resolved elsewhere', () => {
  let states: Record<string, ProposalState>
  let saved: (ResolutionPlan | null)[]
  beforeEach(() => {
    vi.resetModules()
    saved = []
    states = {}
    const pending = (id: string): ProposalState => ({
      id,
      status: 'pending',
      concerns: null,
      resolvedAt: null,
      reviewer: null,
      commit: null
    })
    vi.stubGlobal('window', {
      okfHub: {
        loadDraft: () => Promise.resolve({ plan: structuredClone(draft), revision: 'r0' }),
        saveDraft: (_b: string, p: ResolutionPlan | null) => {
          saved.push(p)
          return Promise.resolve(`r${saved.length}`)
        },
        subscribe: () => () => undefined,
        proposalStates: (_b: string, ids: string[]) =>
          Promise.resolve(ids.map((id) => states[id] ?? pending(id)))
      },
      setTimeout,
      clearTimeout
    })
    vi.stubGlobal('document', { documentElement: { lang: '' } })
    vi.stubGlobal('navigator', { language: 'fr-FR', languages: ['fr-FR'] })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('all pending: nothing marked, nothing leaves', async () => {
    const { usePlanStates } = await import('./plan-states')
    const { usePlans } = await import('./plan-store')
    await usePlanStates.getState().check('b')
    expect(usePlans.getState().slots.b?.plan.resolutions.map((r) => r.id)).toEqual([A, B, C])
    expect(usePlanStates.getState().slots.b?.departed).toEqual([])
  })

  it('an untouched card leaves by itself, a worked-on card stays marked with who and when', async () => {
    const { usePlanStates } = await import('./plan-states')
    const { usePlans } = await import('./plan-store')
    states[A] = resolvedBy(A, 'human:bob')
    states[B] = resolvedBy(B, 'human:bob')
    await usePlanStates.getState().check('b')
    expect(usePlans.getState().slots.b?.plan.resolutions.map((r) => r.id)).toEqual([B, C])
    const slot = usePlanStates.getState().slots.b
    expect(slot?.departed.map((d) => [d.id, d.reviewer])).toEqual([[A, 'human:bob']])
    expect(slot?.states[B]?.status).toBe('accepted')
    // The departure is saved as any change of the draft.
    await usePlans.getState().flush('b')
    expect(saved.at(-1)?.resolutions.map((r) => r.id)).toEqual([B, C])
    // One click for the worked-on card.
    await usePlans.getState().removeResolution('b', B)
    expect(usePlans.getState().slots.b?.plan.resolutions.map((r) => r.id)).toEqual([C])
  })

  it('a departed card learns its reviewer once the other window’s commit lands', async () => {
    const { usePlanStates } = await import('./plan-states')
    // The other window's files moved, its commit not written yet: resolved, by nobody known.
    states[A] = { ...resolvedBy(A, ''), reviewer: null, commit: null }
    await usePlanStates.getState().check('b')
    expect(usePlanStates.getState().slots.b?.departed.map((d) => [d.id, d.reviewer])).toEqual([[A, null]])
    // The commit lands: the next event's answer names who, and the notice says so.
    states[A] = resolvedBy(A, 'human:colleague')
    await usePlanStates.getState().check('b')
    expect(usePlanStates.getState().slots.b?.departed.map((d) => [d.id, d.reviewer])).toEqual([
      [A, 'human:colleague']
    ])
    // Rolled back to pending over there: the notice already shown is not turned into nonsense.
    delete states[A]
    await usePlanStates.getState().check('b')
    expect(usePlanStates.getState().slots.b?.departed.map((d) => [d.id, d.reviewer])).toEqual([
      [A, 'human:colleague']
    ])
  })
})
