import { create } from 'zustand'
import type { CredentialHosts, HubApiError, SetAsideResult, SyncStatus } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { toHubApiError } from '../../api/errors'

/** What a Sync or Push click is doing (the button says it). */
export type SyncAction = 'sync' | 'push'

/** The answer to the last click on a base, shown in place under its header. */
export interface SyncOutcome {
  action: SyncAction
  status: SyncStatus
}

/**
 * The Sync / Push clicks and the stored tokens. The status itself is the overview's
 * (`BaseSummary.sync`), reloaded on every event, `sync-changed` included.
 */
interface SyncState {
  busy: Record<string, SyncAction | undefined>
  outcome: Record<string, SyncOutcome | undefined>
  /** The call itself failed (transport, busy base): the sync did not run. */
  errors: Record<string, HubApiError | undefined>
  /** The last action per base, so that a stored token retries what was asked. */
  lastAction: Record<string, SyncAction | undefined>
  credentials: CredentialHosts | null
  credentialError: HubApiError | null
  /** A token being stored or forgotten, by host. */
  credentialBusy: Record<string, 'set' | 'delete' | undefined>
  /** A set-aside in flight, its answer (shown on the plan screen) and its failure, by base. */
  asideBusy: Record<string, boolean | undefined>
  aside: Record<string, SetAsideResult | undefined>
  asideError: Record<string, HubApiError | undefined>
  run(base: string, action: SyncAction): Promise<void>
  /** Diverged: sets the resolutions aside and rebuilds them into the draft; null when it failed. */
  setAside(base: string): Promise<SetAsideResult | null>
  dismissAside(base: string): void
  loadCredentials(): Promise<void>
  /** Stores the token, then runs the base's last action again. */
  setToken(base: string, host: string, token: string): Promise<boolean>
  forgetToken(host: string): Promise<void>
}

/** What the sync widgets are drawn for: a base and its status (none yet, or no remote: nothing drawn). */
export interface SyncProps {
  base: string
  status: SyncStatus | undefined
}

type SetSync = (p: Partial<SyncState> | ((s: SyncState) => Partial<SyncState>)) => void

/**
 * The remotes' tokens: which hosts have one (keychain or memory), a token given then the last
 * Sync / Push again, a token forgotten.
 */
function credentialPart(
  set: SetSync,
  get: () => SyncState
): Pick<SyncState, 'loadCredentials' | 'setToken' | 'forgetToken'> {
  return {
    async loadCredentials() {
      try {
        set({ credentials: await hub().credentialHosts(), credentialError: null })
      } catch (e) {
        set({ credentialError: toHubApiError(e) })
      }
    },

    async setToken(base, host, token) {
      set((s) => ({ credentialBusy: { ...s.credentialBusy, [host]: 'set' }, credentialError: null }))
      try {
        await hub().setCredential(host, token)
      } catch (e) {
        set((s) => ({
          credentialBusy: { ...s.credentialBusy, [host]: undefined },
          credentialError: toHubApiError(e)
        }))
        return false
      }
      set((s) => ({ credentialBusy: { ...s.credentialBusy, [host]: undefined } }))
      await get().loadCredentials()
      await get().run(base, get().lastAction[base] ?? 'sync')
      return true
    },

    async forgetToken(host) {
      set((s) => ({ credentialBusy: { ...s.credentialBusy, [host]: 'delete' }, credentialError: null }))
      try {
        await hub().deleteCredential(host)
      } catch (e) {
        set({ credentialError: toHubApiError(e) })
      }
      set((s) => ({ credentialBusy: { ...s.credentialBusy, [host]: undefined } }))
      await get().loadCredentials()
    }
  }
}

export const useSync = create<SyncState>()((set, get) => ({
  busy: {},
  outcome: {},
  errors: {},
  lastAction: {},
  credentials: null,
  credentialError: null,
  credentialBusy: {},
  asideBusy: {},
  aside: {},
  asideError: {},

  async setAside(base) {
    if (get().asideBusy[base]) return null
    set((s) => ({
      asideBusy: { ...s.asideBusy, [base]: true },
      asideError: { ...s.asideError, [base]: undefined }
    }))
    try {
      const result = await hub().setAsideResolutions(base)
      set((s) => ({
        asideBusy: { ...s.asideBusy, [base]: undefined },
        aside: { ...s.aside, [base]: result },
        outcome: { ...s.outcome, [base]: undefined }
      }))
      return result
    } catch (e) {
      set((s) => ({
        asideBusy: { ...s.asideBusy, [base]: undefined },
        asideError: { ...s.asideError, [base]: toHubApiError(e) }
      }))
      return null
    }
  },

  dismissAside(base) {
    set((s) => ({ aside: { ...s.aside, [base]: undefined } }))
  },

  async run(base, action) {
    if (get().busy[base]) return
    set((s) => ({
      busy: { ...s.busy, [base]: action },
      errors: { ...s.errors, [base]: undefined },
      outcome: { ...s.outcome, [base]: undefined },
      lastAction: { ...s.lastAction, [base]: action }
    }))
    try {
      const status = await hub().sync(base, { push: action === 'push' })
      set((s) => ({
        busy: { ...s.busy, [base]: undefined },
        outcome: { ...s.outcome, [base]: { action, status } }
      }))
    } catch (e) {
      set((s) => ({
        busy: { ...s.busy, [base]: undefined },
        errors: { ...s.errors, [base]: toHubApiError(e) }
      }))
    }
  },

  ...credentialPart(set, get)
}))
