import { create } from 'zustand'
import type { ProposalState } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { staleCards } from './plan-guide'
import { usePlans } from './plan-store'

/**
 * Where the proposals of each base's plan stand now (issue 25, item 4). The plan screen asks
 * again whenever the base moves (a live event: this window, another window, a sync that brought
 * a colleague's resolutions); a card whose proposal was resolved elsewhere is marked with who and
 * when, and leaves the plan by itself when the manager has not worked on it (`departed` says so).
 */

interface StatesSlot {
  states: Record<string, ProposalState>
  /** Cards that left the plan by themselves, to say so once. */
  departed: ProposalState[]
}

interface PlanStatesState {
  slots: Record<string, StatesSlot>
  /** Asks where the plan's proposals stand; the untouched stale cards leave the plan. */
  check(base: string): Promise<void>
  dismissDeparted(base: string): void
}

const EMPTY: StatesSlot = { states: {}, departed: [] }

export const usePlanStates = create<PlanStatesState>()((set, get) => {
  // Only the last answer counts: a check started before a newer one may come back after it.
  const asked = new Map<string, number>()
  const patch = (base: string, p: Partial<StatesSlot>): void =>
    set((s) => ({ slots: { ...s.slots, [base]: { ...(s.slots[base] ?? EMPTY), ...p } } }))

  return {
    slots: {},

    async check(base) {
      await usePlans.getState().ensure(base)
      const planIds = (usePlans.getState().slots[base]?.plan.resolutions ?? []).map((r) => r.id)
      // The departed cards still shown are asked about too: a window hears the other window's
      // files move before its commit lands, when the resolution's reviewer is not known yet.
      const shown = (get().slots[base]?.departed ?? []).map((d) => d.id)
      const ids = [...planIds, ...shown.filter((id) => !planIds.includes(id))]
      const n = (asked.get(base) ?? 0) + 1
      asked.set(base, n)
      if (ids.length === 0) {
        patch(base, { states: {} })
        return
      }
      let answer: ProposalState[]
      try {
        answer = await hub().proposalStates(base, ids)
      } catch {
        // Not knowing is not stale: the cards stay as they are, the next event asks again.
        return
      }
      if (asked.get(base) !== n) return
      const states = Object.fromEntries(answer.map((s) => [s.id, s]))
      const plan = usePlans.getState().slots[base]?.plan
      const leaving = plan ? staleCards(plan, states).filter((c) => c.leaves) : []
      // A fresher answer about a departed card (its reviewer, once the commit is there) replaces it;
      // one that says pending again (the other window's resolution rolled back) does not.
      const departed = (get().slots[base]?.departed ?? []).map((d) => {
        const now = states[d.id]
        return now && now.status !== 'pending' && now.status !== 'missing' ? now : d
      })
      for (const c of leaving) {
        if (!departed.some((d) => d.id === c.state.id)) departed.push(c.state)
        await usePlans.getState().removeResolution(base, c.resolution.id)
      }
      patch(base, { states, departed })
    },

    dismissDeparted(base) {
      patch(base, { departed: [] })
    }
  }
})
