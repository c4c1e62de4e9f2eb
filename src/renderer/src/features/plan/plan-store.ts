import { create } from 'zustand'
import type { HubApiError, HubEvent, PreviewResult, ResolvedResult } from '../../../../shared/hub-api'
import type { PlanEdit, PlanResolution, ResolutionKind, ResolutionPlan } from '../../../../shared/review'
import { hub, hubClient } from '../../api/hub'
import { toHubApiError } from '../../api/errors'
import { emptyPlan, planIssues, planKey, toEnginePlan } from './plan'
import { withEdit } from './plan-guide'
import { useLive } from '../../stores/live'
import { useSettings } from '../../stores/settings'

/**
 * One plan per base: the manager's draft (saved through `saveDraft` shortly after every change,
 * restored by `loadDraft`), its last preview and the last resolution. The preview is current
 * while the plan the engine would receive is unchanged (`planKey`).
 */

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error'

export interface PlanSlot {
  plan: ResolutionPlan
  /** The revision of the draft file this copy started from (`saveDraft`'s `expected`); null until loaded. */
  revision: string | null
  loaded: boolean
  loadError: HubApiError | null
  save: SaveState
  saveError: HubApiError | null
  preview: { key: string; result: PreviewResult } | null
  previewing: boolean
  previewError: HubApiError | null
  resolving: boolean
  resolveError: HubApiError | null
  result: ResolvedResult | null
}

const SAVE_DELAY_MS = 400
/** An early dry run older than this is not shown: the press asks again. */
const EARLY_PREVIEW_MAX_AGE_MS = 10_000

function newSlot(): PlanSlot {
  return {
    plan: emptyPlan(useSettings.getState().settings?.reviewer ?? null),
    revision: null,
    loaded: false,
    loadError: null,
    save: 'idle',
    saveError: null,
    preview: null,
    previewing: false,
    previewError: null,
    resolving: false,
    resolveError: null,
    result: null
  }
}

const isEmpty = (p: ResolutionPlan): boolean =>
  p.resolutions.length === 0 && p.edits.length === 0 && p.summary.trim() === ''

interface PlanState {
  slots: Record<string, PlanSlot>
  /** Loads the base's draft once; every mutation waits for it so a draft is never overwritten. */
  ensure(base: string): Promise<void>
  mutate(base: string, change: (plan: ResolutionPlan) => ResolutionPlan): Promise<void>
  /** Saves now if a save is waiting. */
  flush(base: string): Promise<void>
  discard(base: string): Promise<void>
  /** The engine rewrote the draft (resolutions set aside after a diverged sync): take it as it is. */
  replaceDraft(base: string, plan: ResolutionPlan, revision: string): void
  /**
   * Another window saved the draft since this copy was loaded (`draft-changed`): take that version
   * (this copy's unsaved changes are dropped) — or keep this one, which replaces it.
   */
  takeOtherDraft(base: string, only?: string): Promise<void>
  keepThisDraft(base: string): Promise<void>
  addResolution(base: string, id: string, resolution: ResolutionKind): Promise<void>
  setResolution(base: string, id: string, patch: Partial<PlanResolution>): Promise<void>
  removeResolution(base: string, id: string): Promise<void>
  addEdit(base: string, edit: PlanEdit): Promise<void>
  setEdit(base: string, index: number, edit: PlanEdit): Promise<void>
  removeEdit(base: string, index: number): Promise<void>
  /**
   * The manager is about to press Preview (pointer on the button, or focus on it): start the dry
   * run now, so the press receives it — a person's hover comes a few hundred milliseconds before
   * the click, about the dry run's own time. Read-only; nothing shown until the press.
   */
  prepare(base: string): void
  preview(base: string): Promise<void>
  resolve(base: string): Promise<void>
  dismissResult(base: string): void
}

type SetPlans = (f: (s: PlanState) => Partial<PlanState>) => void
type Get = () => PlanState

/** What the store's parts share: a base's slot, and patching it. */
interface Slots {
  get: Get
  slot(base: string): PlanSlot
  patch(base: string, p: Partial<PlanSlot>): void
  /** The pending save of each base (its timer), dropped when the draft is replaced. */
  timers: Map<string, number>
  cancelSave(base: string): void
  /** This copy has a change of its own on its way (a save waiting or running). */
  changeWaiting(base: string): boolean
}

function slotsOf(set: SetPlans, get: Get): Slots {
  const timers = new Map<string, number>()
  return {
    get,
    slot: (base) => get().slots[base] ?? newSlot(),
    patch: (base, p) =>
      set((s) => ({ slots: { ...s.slots, [base]: { ...(s.slots[base] ?? newSlot()), ...p } } })),
    timers,
    cancelSave(base) {
      const t = timers.get(base)
      if (t !== undefined) window.clearTimeout(t)
      timers.delete(base)
    },
    changeWaiting: (base) => timers.has(base) || get().slots[base]?.save === 'saving'
  }
}

type DraftPart = Pick<PlanState, 'ensure' | 'mutate' | 'flush' | 'discard' | 'replaceDraft'>
type ChoicePart = Pick<PlanState, 'takeOtherDraft' | 'keepThisDraft'>

/** The revision the draft has now, when a save was refused because another window saved it. */
function otherRevision(e: HubApiError | null): string | null {
  const r = e?.kind === 'draft-changed' ? e.params?.revision : undefined
  return typeof r === 'string' ? r : null
}

/**
 * The draft's saving: `save` now (`saveDraft`, the slot's save state as it goes), `schedule` a save
 * shortly after a change, the previous one put off.
 */
function draftSaver({ slot, patch, timers }: Slots): {
  save(base: string, over?: string): Promise<void>
  schedule(base: string): void
} {
  /** `over`: the revision to replace (Keep mine); by default the one this copy started from. */
  const save = async (base: string, over?: string): Promise<void> => {
    timers.delete(base)
    const { plan, revision } = slot(base)
    patch(base, { save: 'saving' })
    try {
      const saved = await hub().saveDraft(base, isEmpty(plan) ? null : plan, over ?? revision ?? undefined)
      // A change made while saving has scheduled its own save.
      patch(
        base,
        timers.has(base) ? { revision: saved } : { revision: saved, save: 'saved', saveError: null }
      )
    } catch (e) {
      // Started before a resolve that has since deleted the draft it was saving: nothing to say.
      if (slot(base).result !== null) return
      patch(base, { save: 'error', saveError: toHubApiError(e) })
    }
  }

  const schedule = (base: string): void => {
    const t = timers.get(base)
    if (t !== undefined) window.clearTimeout(t)
    timers.set(
      base,
      window.setTimeout(() => void save(base), SAVE_DELAY_MS)
    )
    patch(base, { save: 'pending' })
  }
  return { save, schedule }
}

/**
 * Another tab or window of this hub saved a base's draft — one draft per base, so every window
 * shows the same: a copy with nothing of its own waiting takes it at once; one with a change
 * waiting keeps it, and its save is refused and says so (`draft-changed`). A draft deleted by a
 * resolution elsewhere is not taken: this window keeps its copy, which then tells what was
 * resolved under it, and saves it again as a new draft if the manager goes on. Subscribes once.
 */
function listener({ get, patch, changeWaiting }: Slots): () => void {
  let listening = false
  return () => {
    if (listening) return
    listening = true
    hubClient().api.subscribe((e: HubEvent) => {
      if (e.type !== 'draft-changed') return
      const s = get().slots[e.base]
      if (!s?.loaded || s.revision === e.revision || changeWaiting(e.base)) return
      if (s.save === 'error' || s.resolving) return
      if (e.resolved) patch(e.base, { revision: e.revision })
      else void get().takeOtherDraft(e.base, e.revision)
    })
  }
}

/** The two ways out of a save refused because another window saved the draft meanwhile. */
function choicePart(
  { get, slot, patch, cancelSave, changeWaiting }: Slots,
  save: (base: string, over?: string) => Promise<void>
): ChoicePart {
  return {
    async takeOtherDraft(base, only) {
      // Chosen by the manager: what waits to be saved here is dropped.
      if (only === undefined) cancelSave(base)
      try {
        const draft = await hub().loadDraft(base)
        // Told of one save (`only`): the draft moved again since (that move's own event follows),
        // or the manager changed this copy meanwhile (its save will say what happened).
        if (only !== undefined && (draft.revision !== only || changeWaiting(base))) return
        get().replaceDraft(base, draft.plan ?? emptyPlan(slot(base).plan.reviewed_by), draft.revision)
      } catch (e) {
        patch(base, { save: 'error', saveError: toHubApiError(e) })
      }
    },

    async keepThisDraft(base) {
      const over = otherRevision(slot(base).saveError)
      if (over === null) return
      cancelSave(base)
      await save(base, over)
    }
  }
}

/** The draft: loaded once per base, saved shortly after every change (`saveDraft`), discarded, replaced. */
function draftPart(slots: Slots, saver: ReturnType<typeof draftSaver>): DraftPart {
  const { get, slot, patch, timers, cancelSave } = slots
  const loading = new Map<string, Promise<void>>()
  const { save, schedule } = saver
  const listen = listener(slots)

  return {
    ensure(base) {
      if (slot(base).loaded) return Promise.resolve()
      const running = loading.get(base)
      if (running) return running
      const p = (async () => {
        try {
          const draft = await hub().loadDraft(base)
          listen()
          patch(base, {
            plan: draft.plan ?? slot(base).plan,
            revision: draft.revision,
            loaded: true,
            loadError: null
          })
        } catch (e) {
          patch(base, { loadError: toHubApiError(e) })
        } finally {
          loading.delete(base)
        }
      })()
      loading.set(base, p)
      return p
    },

    async mutate(base, change) {
      // Synchronous once loaded: controlled inputs must see their change in the same tick.
      if (!slot(base).loaded) await get().ensure(base)
      if (!slot(base).loaded) return
      patch(base, { plan: change(slot(base).plan), result: null, resolveError: null })
      schedule(base)
    },

    async flush(base) {
      if (timers.has(base)) {
        window.clearTimeout(timers.get(base))
        await save(base)
      }
    },

    async discard(base) {
      cancelSave(base)
      const reviewer = slot(base).plan.reviewed_by
      patch(base, { plan: emptyPlan(reviewer), preview: null, previewError: null, save: 'saving' })
      try {
        const revision = await hub().saveDraft(base, null, slot(base).revision ?? undefined)
        patch(base, { revision, save: 'saved', saveError: null })
      } catch (e) {
        patch(base, { save: 'error', saveError: toHubApiError(e) })
      }
    },

    replaceDraft(base, plan, revision) {
      cancelSave(base)
      patch(base, {
        plan,
        revision,
        loaded: true,
        loadError: null,
        save: 'saved',
        saveError: null,
        preview: null,
        previewError: null,
        result: null,
        resolveError: null
      })
    }
  }
}

type EditPart = Pick<
  PlanState,
  'addResolution' | 'setResolution' | 'removeResolution' | 'addEdit' | 'setEdit' | 'removeEdit'
>

/** The plan's decisions and document changes, each a mutation of the draft. */
function editPart(get: Get): EditPart {
  return {
    addResolution(base, id, resolution) {
      return get().mutate(base, (p) => {
        if (p.resolutions.some((r) => r.id === id))
          return { ...p, resolutions: p.resolutions.map((r) => (r.id === id ? { ...r, resolution } : r)) }
        const r: PlanResolution =
          resolution === 'accepted' ? { id, resolution, integrated_into: [] } : { id, resolution, reason: '' }
        return { ...p, resolutions: [...p.resolutions, r] }
      })
    },

    setResolution(base, id, change) {
      return get().mutate(base, (p) => ({
        ...p,
        resolutions: p.resolutions.map((r) => (r.id === id ? { ...r, ...change } : r))
      }))
    },

    removeResolution(base, id) {
      return get().mutate(base, (p) => ({ ...p, resolutions: p.resolutions.filter((r) => r.id !== id) }))
    },

    addEdit(base, edit) {
      return get().mutate(base, (p) => ({ ...p, edits: [...p.edits, edit] }))
    },

    setEdit(base, index, edit) {
      return get().mutate(base, (p) => withEdit(p, index, edit))
    },

    removeEdit(base, index) {
      return get().mutate(base, (p) => ({ ...p, edits: p.edits.filter((_, i) => i !== index) }))
    }
  }
}

type PreviewPart = Pick<PlanState, 'prepare' | 'preview' | 'resolve' | 'dismissResult'>

/** The dry run (started early on hover or focus), then the resolve bound to the preview shown. */
function previewPart({ get, slot, patch, cancelSave }: Slots): PreviewPart {
  // Not UI state (nothing renders from it): the early dry run of each base, if any.
  const early = new Map<string, { key: string; at: number; call: Promise<PreviewResult> }>()
  // The same plan (its `planKey`) over the same base revision: the engine would answer the same.
  const earlyKey = (base: string, key: string): string => {
    const live = useLive.getState()
    return `${key}\u0000${live.base[base] ?? 0}\u0000${live.epoch}`
  }
  /** The base's early dry run, if it was started for this plan key and is young enough to show. */
  const earlyFor = (base: string, key: string): Promise<PreviewResult> | null => {
    const e = early.get(base)
    return e && e.key === earlyKey(base, key) && Date.now() - e.at < EARLY_PREVIEW_MAX_AGE_MS ? e.call : null
  }
  return {
    prepare(base) {
      const s = get().slots[base]
      if (!s?.loaded || s.previewing || s.resolving || planIssues(s.plan).length > 0) return
      const key = planKey(s.plan)
      // The preview shown is this plan's: a press asks the engine afresh, no need to guess.
      if (s.preview?.key === key || earlyFor(base, key)) return
      const call = hub().previewPlan(base, toEnginePlan(s.plan))
      // Not swallowed: a failed early run is never shown, the press asks again and shows that error.
      call.catch(() => undefined)
      early.set(base, { key: earlyKey(base, key), at: Date.now(), call })
    },

    async preview(base) {
      await get().ensure(base)
      const { plan } = slot(base)
      const key = planKey(plan)
      const started = earlyFor(base, key)
      early.delete(base)
      patch(base, { previewing: true, previewError: null, resolveError: null })
      try {
        const fresh = (): Promise<PreviewResult> => hub().previewPlan(base, toEnginePlan(plan))
        const result = await (started ? started.catch(fresh) : fresh())
        patch(base, { previewing: false, preview: { key, result } })
      } catch (e) {
        patch(base, { previewing: false, preview: null, previewError: toHubApiError(e) })
      }
    },

    async resolve(base) {
      const s = slot(base)
      // While a new preview is computed the one shown is about to be replaced: resolving it would
      // bind the commit to a basis the manager is no longer looking at.
      if (!s.preview || s.preview.key !== planKey(s.plan) || s.resolving || s.previewing) return
      // The resolve deletes the draft: a save still waiting would only write it back.
      cancelSave(base)
      patch(base, { resolving: true, resolveError: null })
      try {
        // Bound to the preview shown: the hub writes exactly it, or refuses and says what moved.
        const result = await hub().resolvePlan(base, toEnginePlan(s.plan), s.preview.result.preview.basis)
        cancelSave(base)
        patch(base, {
          resolving: false,
          result,
          preview: null,
          plan: emptyPlan(s.plan.reviewed_by),
          // The resolve deleted the draft file.
          revision: '',
          save: 'idle'
        })
      } catch (e) {
        patch(base, { resolving: false, resolveError: toHubApiError(e) })
      }
    },

    dismissResult(base) {
      patch(base, { result: null })
    }
  }
}

export const usePlans = create<PlanState>()((set, get) => {
  const slots = slotsOf(set, get)
  const saver = draftSaver(slots)
  return {
    slots: {},
    ...draftPart(slots, saver),
    ...choicePart(slots, saver.save),
    ...editPart(get),
    ...previewPart(slots)
  }
})

/** True while some draft change is not yet written (for the before-unload warning). */
export function hasUnsavedDrafts(): boolean {
  return Object.values(usePlans.getState().slots).some(
    (s) => s.save === 'pending' || s.save === 'saving' || s.save === 'error'
  )
}
