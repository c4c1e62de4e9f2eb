import { create } from 'zustand'
import type { HubEvent } from '../../../shared/hub-api'
import { hubClient } from '../api/hub'
import type { ConnectionStatus } from '../api/types'

/**
 * The event stream, as counters screens depend on: a screen showing a base re-fetches when its
 * base's revision moves; the overview and the sidebar when any does. Nothing is reloaded, only
 * re-asked.
 */
interface LiveState {
  status: ConnectionStatus
  /** Moves on every event (counts in the sidebar and the overview). */
  any: number
  /** Moves on bases-changed. */
  bases: number
  /** Per base: proposals-changed or head-changed. */
  base: Record<string, number>
  /** Per base: insights-changed (gaps checked again), apart so that no other screen reloads. */
  insights: Record<string, number>
  /** Moves when the stream comes back after an outage (every base may have changed). */
  epoch: number
  start(): () => void
}

export const useLive = create<LiveState>()((set) => ({
  status: hubClient().status(),
  any: 0,
  bases: 0,
  base: {},
  insights: {},
  epoch: 0,

  start() {
    const client = hubClient()
    // Back after an outage: events were missed, so every screen asks again.
    const offStatus = client.onStatus((status) =>
      set((s) =>
        status === 'live' && s.status === 'disconnected'
          ? {
              status,
              any: s.any + 1,
              bases: s.bases + 1,
              epoch: s.epoch + 1
            }
          : { status }
      )
    )
    const offEvents = client.api.subscribe((e: HubEvent) => {
      if (e.type === 'import-progress') return
      set((s) => {
        const next: Partial<LiveState> = { any: s.any + 1 }
        if (e.type === 'bases-changed') next.bases = s.bases + 1
        else if (e.type === 'insights-changed')
          next.insights = { ...s.insights, [e.base]: (s.insights[e.base] ?? 0) + 1 }
        // A sync that moved the branch says so with its own head-changed: the status alone
        // refreshes the overview (`any`), not the base's screens.
        // A draft saved tells the plan's own store (plan-store.ts), not the base's screens.
        else if (e.type !== 'sync-changed' && e.type !== 'draft-changed')
          next.base = { ...s.base, [e.base]: (s.base[e.base] ?? 0) + 1 }
        return next
      })
    })
    set({ status: client.status() })
    return () => {
      offEvents()
      offStatus()
    }
  }
}))

export const useBaseRevision = (base: string): number =>
  useLive((s) => s.epoch * 1_000_000 + (s.base[base] ?? 0))

export const useInsightsRevision = (base: string): number =>
  useLive((s) => s.epoch * 1_000_000 + (s.base[base] ?? 0) * 1_000 + (s.insights[base] ?? 0))
