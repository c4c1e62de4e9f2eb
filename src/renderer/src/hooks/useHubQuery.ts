import { useCallback, useEffect, useRef, useState } from 'react'
import type { HubApiError } from '../../../shared/hub-api'
import { toHubApiError } from '../api/errors'

export interface HubQuery<T> {
  data: T | null
  error: HubApiError | null
  /** True while a request runs; the previous data stays shown (nothing blocks). */
  loading: boolean
  reload(): void
}

/**
 * One HubApi read owned by a screen: re-asked when `deps` change (a base's live revision among
 * them), answers arriving out of order are dropped, and a refresh keeps the data on screen.
 *
 * `key` names what is asked (base, id…) apart from the live revision: while a request for the same
 * key runs, further refreshes are coalesced into one that starts when it ends — an agent filing
 * twenty proposals costs two inventory computations, not twenty. A new key asks at once.
 */
export function useHubQuery<T>(
  fetch: () => Promise<T>,
  deps: readonly unknown[],
  key?: string,
  /** An answer already in hand for the first render (a prefetch): not asked again at mount. */
  initial?: T | null
): HubQuery<T> {
  const [data, setData] = useState<T | null>(initial ?? null)
  const [error, setError] = useState<HubApiError | null>(null)
  const [loading, setLoading] = useState(initial == null)
  const skipFirst = useRef(initial != null)
  const [tick, setTick] = useState(0)
  const seq = useRef(0)
  const inFlight = useRef<string | null>(null)
  const again = useRef(false)
  const fetchRef = useRef(fetch)
  fetchRef.current = fetch

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false
      return
    }
    const k = key ?? JSON.stringify(deps)
    if (key !== undefined && inFlight.current === k) {
      again.current = true
      return
    }
    const mine = ++seq.current
    inFlight.current = k
    again.current = false
    setLoading(true)
    const settle = (apply: () => void): void => {
      if (mine !== seq.current) return
      inFlight.current = null
      if (again.current) {
        again.current = false
        apply()
        setTick((t) => t + 1)
        return
      }
      apply()
      setLoading(false)
    }
    fetchRef.current().then(
      (value) =>
        settle(() => {
          setData(value)
          setError(null)
        }),
      (e: unknown) => settle(() => setError(toHubApiError(e)))
    )
  }, [...deps, tick])

  const reload = useCallback(() => setTick((t) => t + 1), [])
  return { data, error, loading, reload }
}
