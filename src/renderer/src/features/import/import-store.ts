import { create } from 'zustand'
import type {
  BaseSummary,
  HubApiError,
  ImportProgress,
  ImportRequest,
  ImportResult
} from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { toHubApiError } from '../../api/errors'
import { classifyImportFailure, type ImportFailure } from './import-errors'
import { useBases } from '../../stores/bases'

/**
 * The import wizard: what the manager typed (kept when they come back to the first step; the
 * token lives here only, in memory, and is forgotten when the wizard is left), the running job
 * and its progress events, the staged result, the engine's refusal, the published base.
 *
 * source → progress → report → review → done; a refusal shows in `report` with `failure` set.
 */
export type ImportStep = 'source' | 'progress' | 'report' | 'review' | 'done'
export type SourceKind = 'url' | 'folder'

export interface ImportForm {
  kind: SourceKind
  url: string
  folder: string
  branch: string
  token: string
  name: string
}

/** Why the wizard is back on its first step, said there. */
export type ImportNotice = 'cancelled' | 'discarded' | null

interface ImportState {
  step: ImportStep
  form: ImportForm
  jobId: string | null
  progress: ImportProgress | null
  result: ImportResult | null
  failure: ImportFailure | null
  notice: ImportNotice
  /** A confirm/discard/cancel call is running. */
  busy: boolean
  actionError: HubApiError | null
  published: BaseSummary | null
  setForm(patch: Partial<ImportForm>): void
  start(): Promise<void>
  cancel(): Promise<void>
  toReview(): void
  /** Back to the first step, inputs kept (after a refusal). */
  back(): void
  confirm(): Promise<void>
  discard(): Promise<void>
  /** The manager leaves the wizard: a running job is cancelled, a staged import discarded. */
  abandon(): void
  /** A new import from scratch. */
  reset(): void
}

const EMPTY_FORM: ImportForm = { kind: 'url', url: '', folder: '', branch: '', token: '', name: '' }

export function requestOf(form: ImportForm, jobId: string): ImportRequest {
  const req: ImportRequest = { jobId, source: (form.kind === 'url' ? form.url : form.folder).trim() }
  if (form.name.trim() !== '') req.name = form.name.trim()
  if (form.branch.trim() !== '') req.branch = form.branch.trim()
  if (form.kind === 'url' && form.token !== '') req.token = form.token
  return req
}

type SetImport = (p: Partial<ImportState>) => void
type GetImport = () => ImportState

/** The wizard at rest: no job, nothing staged or published. */
const IDLE = {
  step: 'source',
  jobId: null,
  progress: null,
  result: null,
  failure: null,
  notice: null,
  busy: false,
  actionError: null,
  published: null
} satisfies Partial<ImportState>

/** One job's progress events at a time, into the store while its step shows progress. */
function progressListener(
  set: SetImport,
  get: GetImport
): { listen(jobId: string): void; stopListening(jobId?: string): void } {
  let unsubscribe: (() => void) | null = null
  let listening: string | null = null

  const listen = (jobId: string): void => {
    unsubscribe?.()
    listening = jobId
    unsubscribe = hub().subscribe((e) => {
      if (e.type !== 'import-progress' || e.progress.jobId !== jobId) return
      if (get().jobId === jobId && get().step === 'progress') set({ progress: e.progress })
    })
  }
  /** Stops hearing `jobId`'s progress (any job's when absent), never a newer job's. */
  const stopListening = (jobId?: string): void => {
    if (jobId !== undefined && listening !== jobId) return
    unsubscribe?.()
    unsubscribe = null
    listening = null
  }

  return { listen, stopListening }
}

/** A running job: its progress events heard (only its own), cancelled, or left. */
function jobPart(set: SetImport, get: GetImport): Pick<ImportState, 'start' | 'cancel' | 'abandon'> {
  /** Job ids the manager cancelled: their rejection is "cancelled", whatever it says. */
  const cancelled = new Set<string>()
  const { listen, stopListening } = progressListener(set, get)

  return {
    async start() {
      if (get().step === 'progress') return
      const jobId = crypto.randomUUID()
      const req = requestOf(get().form, jobId)
      listen(jobId)
      set({
        step: 'progress',
        jobId,
        progress: null,
        result: null,
        failure: null,
        notice: null,
        actionError: null
      })
      try {
        const result = await hub().importBase(req)
        if (get().jobId !== jobId) {
          // Left or cancelled while the answer travelled: nothing may stay staged.
          void hub()
            .discardImport(jobId)
            .catch(() => undefined)
          return
        }
        set({ step: 'report', result, progress: null })
      } catch (e) {
        if (get().jobId !== jobId) return
        const error = toHubApiError(e)
        if (cancelled.has(jobId)) set({ step: 'source', jobId: null, progress: null, notice: 'cancelled' })
        else set({ step: 'report', jobId: null, progress: null, failure: classifyImportFailure(error) })
      } finally {
        cancelled.delete(jobId)
        stopListening(jobId)
      }
    },

    async cancel() {
      const { jobId, step } = get()
      if (!jobId || step !== 'progress') return
      cancelled.add(jobId)
      set({ busy: true, actionError: null })
      try {
        await hub().cancelImport(jobId)
        set({ busy: false })
      } catch (e) {
        cancelled.delete(jobId)
        set({ busy: false, actionError: toHubApiError(e) })
      }
    },

    abandon() {
      const { jobId, step } = get()
      stopListening()
      if (jobId && step === 'progress') {
        cancelled.add(jobId)
        void hub()
          .cancelImport(jobId)
          .catch(() => undefined)
      } else if (jobId && (step === 'report' || step === 'review')) {
        void hub()
          .discardImport(jobId)
          .catch(() => undefined)
      }
      set({
        ...IDLE,
        // The token is forgotten with the wizard; the rest is kept for a next visit.
        form: { ...get().form, token: '' }
      })
    }
  }
}

/** A staged import: its report, the first-use review, then published or discarded. */
function stagedPart(
  set: SetImport,
  get: GetImport
): Pick<ImportState, 'toReview' | 'back' | 'confirm' | 'discard'> {
  return {
    toReview() {
      if (get().result) set({ step: 'review', actionError: null })
    },

    back() {
      set({
        step: 'source',
        failure: get().failure,
        result: null,
        jobId: null,
        progress: null,
        actionError: null
      })
    },

    async confirm() {
      const { jobId, result } = get()
      if (!jobId || !result || get().busy) return
      set({ busy: true, actionError: null })
      try {
        const published = await hub().confirmImport(jobId)
        set({
          busy: false,
          step: 'done',
          published,
          jobId: null,
          result: null,
          form: { ...get().form, token: '' }
        })
        void useBases.getState().load()
      } catch (e) {
        set({ busy: false, actionError: toHubApiError(e) })
      }
    },

    async discard() {
      const { jobId } = get()
      if (!jobId || get().busy) return
      set({ busy: true, actionError: null })
      try {
        await hub().discardImport(jobId)
        set({ busy: false, step: 'source', jobId: null, result: null, failure: null, notice: 'discarded' })
      } catch (e) {
        set({ busy: false, actionError: toHubApiError(e) })
      }
    }
  }
}

export const useImport = create<ImportState>()((set, get) => ({
  ...IDLE,
  form: EMPTY_FORM,

  setForm(patch) {
    set((s) => ({ form: { ...s.form, ...patch } }))
  },
  ...jobPart(set, get),
  ...stagedPart(set, get),

  reset() {
    get().abandon()
    set({ form: EMPTY_FORM })
  }
}))

/** A job runs or a staged import waits: leaving the wizard would cancel or discard it. */
export const importInFlight = (s: Pick<ImportState, 'jobId' | 'step'>): boolean =>
  s.jobId !== null && (s.step === 'progress' || s.step === 'report' || s.step === 'review')
