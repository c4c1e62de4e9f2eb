import { create } from 'zustand'
import type { HostId, HostRegistration, HubApiError } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { toHubApiError } from '../../api/errors'

/**
 * The AI apps (MCP hosts) OKF Hub is registered in: their status as the engine reports it, one
 * action at a time per host with its error in place, and the start-up check.
 *
 * Start-up check: the desktop app asks `registrations(true)` (each entry's command is started, as
 * the host would); the browser UI (`okf-hub ui`) asks `registrations(false)` — it only reads the
 * config files, because starting one server per host on every page load is slow and the command
 * the browser session runs from (a source checkout) is often not the one written. A host that
 * this app registered (remembered here, since the host's own file may have lost it) and that is
 * now missing or broken raises the banner.
 */
export const HOST_IDS: readonly HostId[] = ['claude-desktop', 'claude-code', 'cursor', 'vscode']

export type HostAction = 'register' | 'unregister' | 'check'

const REMEMBERED_KEY = 'okf-hub.registered-hosts'

function loadRemembered(): HostId[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(REMEMBERED_KEY) ?? '[]')
    return Array.isArray(v) ? v.filter((h): h is HostId => (HOST_IDS as readonly unknown[]).includes(h)) : []
  } catch {
    return []
  }
}

function saveRemembered(hosts: HostId[]): void {
  try {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify(hosts))
  } catch {
    // private mode: remembered for this session only
  }
}

/** A registration this app made that the host no longer has, or whose command no longer starts. */
export function needsRepair(r: HostRegistration, remembered: readonly HostId[]): boolean {
  if (r.present && r.working === false) return true
  return remembered.includes(r.host) && !r.present
}

interface HostsState {
  hosts: HostRegistration[] | null
  loading: boolean
  checking: boolean
  error: HubApiError | null
  /** Per host: the action running. */
  busy: Partial<Record<HostId, HostAction>>
  /** Per host: the last action's refusal, shown on its row. */
  errors: Partial<Record<HostId, HubApiError>>
  /** Per host: what the last action did (for the row's confirmation line). */
  done: Partial<Record<HostId, HostAction>>
  remembered: HostId[]
  /** Hosts the start-up check found broken or gone. */
  broken: HostId[]
  bannerDismissed: boolean
  startupChecked: boolean
  load(check?: boolean): Promise<void>
  checkHost(host: HostId): Promise<void>
  register(host: HostId): Promise<void>
  unregister(host: HostId): Promise<void>
  startupCheck(transport: 'electron' | 'web'): Promise<void>
  dismissBanner(): void
}

type SetHosts = (p: Partial<HostsState> | ((s: HostsState) => Partial<HostsState>)) => void

/**
 * What every host action does to the rows: the hosts seen registered remembered (a host that
 * disappears is then « missing »), a row replaced by the engine's answer, the banner's broken
 * hosts settled, one action per host at a time with its failure or what it did.
 */
function rowKeeping(set: SetHosts, get: () => HostsState) {
  const remember = (rows: HostRegistration[]): void => {
    const known = new Set(get().remembered)
    for (const r of rows) if (r.present) known.add(r.host)
    const next = HOST_IDS.filter((h) => known.has(h))
    if (next.length !== get().remembered.length) {
      saveRemembered(next)
      set({ remembered: next })
    }
  }
  const forget = (host: HostId): void => {
    const next = get().remembered.filter((h) => h !== host)
    saveRemembered(next)
    set({ remembered: next })
  }
  const merge = (row: HostRegistration): void => {
    const hosts = get().hosts
    set({ hosts: hosts ? hosts.map((h) => (h.host === row.host ? row : h)) : [row] })
  }
  const settleBroken = (): void => {
    const rows = get().hosts ?? []
    set({
      broken: get().broken.filter((h) => rows.some((r) => r.host === h && needsRepair(r, get().remembered)))
    })
  }
  const act = async (host: HostId, action: HostAction, run: () => Promise<void>): Promise<void> => {
    if (get().busy[host]) return
    set((s) => ({
      busy: { ...s.busy, [host]: action },
      errors: { ...s.errors, [host]: undefined },
      done: { ...s.done, [host]: undefined }
    }))
    try {
      await run()
      set((s) => ({ done: { ...s.done, [host]: action } }))
    } catch (e) {
      set((s) => ({ errors: { ...s.errors, [host]: toHubApiError(e) } }))
    } finally {
      set((s) => ({ busy: { ...s.busy, [host]: undefined } }))
    }
  }

  return { remember, forget, merge, settleBroken, act }
}

export const useHosts = create<HostsState>()((set, get) => {
  const { remember, forget, merge, settleBroken, act } = rowKeeping(set, get)

  return {
    hosts: null,
    loading: false,
    checking: false,
    error: null,
    busy: {},
    errors: {},
    done: {},
    remembered: loadRemembered(),
    broken: [],
    bannerDismissed: false,
    startupChecked: false,

    async load(check = false) {
      set(check ? { checking: true } : { loading: true })
      try {
        const hosts = await hub().registrations(check)
        // Read before remembering: a host found broken stays broken even if still present.
        set({ hosts, error: null })
        remember(hosts)
        settleBroken()
      } catch (e) {
        set({ error: toHubApiError(e) })
      } finally {
        set(check ? { checking: false } : { loading: false })
      }
    },

    checkHost(host) {
      return act(host, 'check', async () => {
        const rows = await hub().registrations(true)
        set({ hosts: rows })
        remember(rows)
        settleBroken()
      })
    },

    register(host) {
      return act(host, 'register', async () => {
        const row = await hub().register(host)
        merge(row)
        remember([row])
        settleBroken()
      })
    },

    unregister(host) {
      return act(host, 'unregister', async () => {
        const row = await hub().unregister(host)
        merge(row)
        forget(host)
        settleBroken()
      })
    },

    async startupCheck(transport) {
      if (get().startupChecked) return
      set({ startupChecked: true })
      try {
        const rows = await hub().registrations(transport === 'electron')
        const remembered = get().remembered
        const broken = rows.filter((r) => needsRepair(r, remembered)).map((r) => r.host)
        if (!get().hosts) set({ hosts: rows })
        set({ broken })
        remember(rows)
      } catch (e) {
        // No banner for this: the panel says what went wrong when the manager opens it.
        set({ error: toHubApiError(e) })
      }
    },

    dismissBanner() {
      set({ bannerDismissed: true })
    }
  }
})
