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
 */
export function useHubQuery<T>(fetch: () => Promise<T>, deps: readonly unknown[]): HubQuery<T> {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<HubApiError | null>(null)
  const [loading, setLoading] = useState(true)
  const [tick, setTick] = useState(0)
  const seq = useRef(0)
  const fetchRef = useRef(fetch)
  fetchRef.current = fetch

  useEffect(() => {
    const mine = ++seq.current
    setLoading(true)
    fetchRef.current().then(
      (value) => {
        if (mine !== seq.current) return
        setData(value)
        setError(null)
        setLoading(false)
      },
      (e: unknown) => {
        if (mine !== seq.current) return
        setError(toHubApiError(e))
        setLoading(false)
      }
    )
  }, [...deps, tick])

  const reload = useCallback(() => setTick((t) => t + 1), [])
  return { data, error, loading, reload }
}
