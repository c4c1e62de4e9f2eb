import { useState } from 'react'
import type { HubApiError } from '../../../shared/hub-api'
import { toHubApiError } from '../api/errors'

export interface Action<A extends unknown[]> {
  /** True while the call runs (its button disabled, its label saying so). */
  busy: boolean
  /** Its last failure, as the ErrorNotice shows it; cleared when it runs again. */
  error: HubApiError | null
  clearError(): void
  run(...args: A): Promise<void>
}

/**
 * One call's bookkeeping, apart from React so that a test can drive it: busy on, the last failure
 * cleared, the call, its failure kept (never thrown: the screen shows it), busy off.
 */
export async function runAction<A extends unknown[]>(
  call: (...args: A) => Promise<void>,
  args: A,
  setBusy: (busy: boolean) => void,
  setError: (error: HubApiError | null) => void
): Promise<void> {
  setBusy(true)
  setError(null)
  try {
    await call(...args)
  } catch (e) {
    setError(toHubApiError(e))
  } finally {
    setBusy(false)
  }
}

/**
 * A one-off action of a screen (apply the repairs, restore the base just removed, remove a base,
 * load older commits, pick a folder): whether it runs and why it failed, written once instead of
 * the same try/catch/finally in every component.
 */
export function useAction<A extends unknown[]>(call: (...args: A) => Promise<void>): Action<A> {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<HubApiError | null>(null)
  return {
    busy,
    error,
    clearError: () => setError(null),
    run: (...args: A) => runAction(call, args, setBusy, setError)
  }
}
