import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PreviewResult } from '../../../../shared/hub-api'
import type { ResolutionPlan } from '../../../../shared/review'

const plan: ResolutionPlan = {
  summary: 'deux intégrations',
  reviewed_by: 'human:ana',
  resolutions: [{ id: 'prop-2026-12-04-aaaa', resolution: 'accepted', integrated_into: ['a.md'] }],
  edits: []
}

const answer = (n: number): PreviewResult =>
  ({
    preview: {
      base: 'b',
      files: [],
      moves: [],
      subject: `s${n}`,
      commitMessage: `m${n}`,
      warnings: [],
      notes: [],
      basis: `b${n}`
    },
    staleness: []
  }) as PreviewResult

/** A hub counting dry runs; each answers `answer(n)` unless told to fail. */
function fakeHub(): {
  previews: number
  fail: boolean
  bridge: Record<string, (...a: unknown[]) => unknown>
} {
  const h = {
    previews: 0,
    fail: false,
    bridge: {
      loadDraft: () => Promise.resolve({ plan, revision: 'r0' }),
      saveDraft: () => Promise.resolve('r1'),
      subscribe: () => () => undefined,
      previewPlan: () => {
        h.previews++
        return h.fail ? Promise.reject(new Error('moteur occupé')) : Promise.resolve(answer(h.previews))
      }
    }
  }
  return h
}

describe('plan store: the dry run started before the press', () => {
  let hub: ReturnType<typeof fakeHub>
  beforeEach(() => {
    vi.resetModules()
    hub = fakeHub()
    vi.stubGlobal('window', { okfHub: hub.bridge, setTimeout, clearTimeout })
    vi.stubGlobal('document', { documentElement: { lang: '' } })
    vi.stubGlobal('navigator', { language: 'fr-FR', languages: ['fr-FR'] })
  })
  afterEach(() => vi.unstubAllGlobals())

  const load = async (): Promise<{
    plans: typeof import('./plan-store').usePlans
    live: typeof import('../../stores/live').useLive
  }> => {
    const { usePlans } = await import('./plan-store')
    const { useLive } = await import('../../stores/live')
    await usePlans.getState().ensure('b')
    return { plans: usePlans, live: useLive }
  }

  it('a press after the hover receives the dry run the hover started: one call, not two', async () => {
    const { plans } = await load()
    plans.getState().prepare('b')
    plans.getState().prepare('b') // hover then focus: still one
    expect(hub.previews).toBe(1) // started before the press
    await plans.getState().preview('b')
    expect(hub.previews).toBe(1)
    expect(plans.getState().slots.b?.preview?.result.preview.subject).toBe('s1')
  })

  it('a plan changed after the hover is asked again', async () => {
    const { plans } = await load()
    plans.getState().prepare('b')
    await plans.getState().mutate('b', (p) => ({ ...p, summary: 'autre résumé' }))
    await plans.getState().preview('b')
    expect(hub.previews).toBe(2)
    expect(plans.getState().slots.b?.preview?.result.preview.subject).toBe('s2')
  })

  it('a base that moved after the hover (a live event) is asked again', async () => {
    const { plans, live } = await load()
    plans.getState().prepare('b')
    live.setState((s) => ({ base: { ...s.base, b: (s.base.b ?? 0) + 1 } }))
    await plans.getState().preview('b')
    expect(hub.previews).toBe(2)
  })

  it('a failed early run is not shown: the press asks again, and its own failure is reported', async () => {
    const { plans } = await load()
    hub.fail = true
    plans.getState().prepare('b')
    await plans.getState().preview('b')
    expect(hub.previews).toBe(2)
    expect(plans.getState().slots.b?.previewError?.message).toMatch(/moteur occupé/)
    hub.fail = false
    plans.getState().prepare('b')
    await plans.getState().preview('b')
    expect(plans.getState().slots.b?.previewError).toBeNull()
    expect(plans.getState().slots.b?.preview?.result.preview.subject).toBe('s3')
  })

  it('nothing starts for a plan the engine would refuse, nor when its preview is already shown', async () => {
    const { plans } = await load()
    await plans.getState().mutate('b', (p) => ({ ...p, summary: '' }))
    plans.getState().prepare('b')
    expect(hub.previews).toBe(0)
    await plans.getState().mutate('b', (p) => ({ ...p, summary: 'un résumé' }))
    await plans.getState().preview('b')
    plans.getState().prepare('b')
    expect(hub.previews).toBe(1)
  })

  it('a resolve pressed while a new preview is computed waits for it: the commit is bound to the new basis', async () => {
    const { plans } = await load()
    await plans.getState().preview('b')
    expect(plans.getState().slots.b?.preview?.result.preview.basis).toBe('b1')
    // The second dry run is held open, as when the manager pressed « Preview again » after a refusal.
    let release: (r: PreviewResult) => void = () => undefined
    hub.bridge.previewPlan = () => new Promise<PreviewResult>((r) => (release = r))
    const bases: unknown[] = []
    hub.bridge.resolvePlan = (...a: unknown[]) => {
      bases.push(a[2])
      return Promise.resolve({ commit: 'c', subject: 's' })
    }
    const again = plans.getState().preview('b')
    await vi.waitFor(() => expect(plans.getState().slots.b?.previewing).toBe(true))
    await plans.getState().resolve('b')
    expect(bases).toEqual([]) // the old preview, about to be replaced, is not resolvable
    release(answer(2))
    await again
    await plans.getState().resolve('b')
    expect(bases).toEqual(['b2'])
  })
})

describe('plan store: one draft per base, several windows', () => {
  const other: ResolutionPlan = { ...plan, summary: 'la version de l’autre fenêtre' }
  let saves: unknown[][]
  let refuse: string | null
  let emit: (e: unknown) => void
  let draftOnDisk: { plan: ResolutionPlan | null; revision: string }
  beforeEach(() => {
    vi.resetModules()
    saves = []
    refuse = null
    emit = () => undefined
    draftOnDisk = { plan, revision: 'r0' }
    const bridge = {
      loadDraft: () => Promise.resolve(structuredClone(draftOnDisk)),
      saveDraft: (...a: unknown[]) => {
        saves.push(a)
        if (refuse !== null)
          return Promise.reject({
            code: 'INVALID_INPUT',
            message: 'brouillon modifié entre-temps dans une autre fenêtre',
            kind: 'draft-changed',
            params: { revision: refuse }
          })
        return Promise.resolve(`s${saves.length}`)
      },
      subscribe: (listener: (e: unknown) => void) => {
        emit = listener
        return () => undefined
      }
    }
    vi.stubGlobal('window', { okfHub: bridge, setTimeout, clearTimeout })
    vi.stubGlobal('document', { documentElement: { lang: '' } })
    vi.stubGlobal('navigator', { language: 'fr-FR', languages: ['fr-FR'] })
  })
  afterEach(() => vi.unstubAllGlobals())

  const load = async (): Promise<typeof import('./plan-store').usePlans> => {
    const { usePlans } = await import('./plan-store')
    await usePlans.getState().ensure('b')
    return usePlans
  }

  it('a save names the revision its copy started from, and goes on from the one answered', async () => {
    const plans = await load()
    await plans.getState().mutate('b', (p) => ({ ...p, summary: 'un' }))
    await plans.getState().flush('b')
    await plans.getState().mutate('b', (p) => ({ ...p, summary: 'deux' }))
    await plans.getState().flush('b')
    expect(saves.map((a) => a[2])).toEqual(['r0', 's1'])
    expect(plans.getState().slots.b?.revision).toBe('s2')
  })

  it('refused because another window saved: « Keep mine » replaces that revision, « Load that version » takes it', async () => {
    const plans = await load()
    refuse = 'r7'
    await plans.getState().mutate('b', (p) => ({ ...p, summary: 'la mienne' }))
    await plans.getState().flush('b')
    expect(plans.getState().slots.b?.save).toBe('error')
    expect(plans.getState().slots.b?.saveError?.kind).toBe('draft-changed')
    expect(plans.getState().slots.b?.plan.summary).toBe('la mienne') // nothing of this copy is lost
    refuse = null
    await plans.getState().keepThisDraft('b')
    expect(saves.at(-1)?.[2]).toBe('r7')
    expect(saves.at(-1)?.[1]).toMatchObject({ summary: 'la mienne' })
    expect(plans.getState().slots.b?.save).toBe('saved')

    refuse = 'r9'
    await plans.getState().mutate('b', (p) => ({ ...p, summary: 'encore la mienne' }))
    await plans.getState().flush('b')
    draftOnDisk = { plan: other, revision: 'r9' }
    await plans.getState().takeOtherDraft('b')
    expect(plans.getState().slots.b).toMatchObject({
      plan: other,
      revision: 'r9',
      save: 'saved',
      saveError: null
    })
  })

  it('another window’s save: a copy with nothing waiting takes it; one with a change waiting keeps its own', async () => {
    const plans = await load()
    draftOnDisk = { plan: other, revision: 'r5' }
    emit({ type: 'draft-changed', base: 'b', revision: 'r5' })
    await vi.waitFor(() => expect(plans.getState().slots.b?.plan.summary).toBe(other.summary))
    expect(plans.getState().slots.b?.revision).toBe('r5')

    // A change waiting to be saved: the event leaves it, its save will say what happened.
    await plans.getState().mutate('b', (p) => ({ ...p, summary: 'la mienne' }))
    draftOnDisk = { plan, revision: 'r6' }
    emit({ type: 'draft-changed', base: 'b', revision: 'r6' })
    expect(plans.getState().slots.b?.plan.summary).toBe('la mienne')
    expect(plans.getState().slots.b?.revision).toBe('r5')
  })

  it('a change typed while another window’s draft is being fetched is not replaced by it', async () => {
    const plans = await load()
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => (release = r))
    const bridge = (window as unknown as { okfHub: Record<string, unknown> }).okfHub
    bridge.loadDraft = async () => {
      await held
      return { plan: other, revision: 'r5' }
    }
    emit({ type: 'draft-changed', base: 'b', revision: 'r5' })
    await plans.getState().mutate('b', (p) => ({ ...p, summary: 'tapé pendant ce temps' }))
    release()
    await held
    await new Promise((r) => setTimeout(r, 0))
    expect(plans.getState().slots.b?.plan.summary).toBe('tapé pendant ce temps')
    expect(plans.getState().slots.b?.revision).toBe('r0')
  })

  it('a draft deleted by a resolution elsewhere is not taken: this window keeps its copy, saved again as a new draft', async () => {
    const plans = await load()
    draftOnDisk = { plan: null, revision: '' }
    emit({ type: 'draft-changed', base: 'b', revision: '', resolved: true })
    expect(plans.getState().slots.b?.plan).toEqual(plan)
    expect(plans.getState().slots.b?.revision).toBe('')
    await plans.getState().mutate('b', (p) => ({ ...p, summary: 'suite' }))
    await plans.getState().flush('b')
    expect(saves.at(-1)?.[2]).toBe('')
  })
})
