import { useState } from 'react'
import type { HubApiError } from '../../../shared/hub-api'
import { toHubApiError } from '../api/errors'

/**
 * An action on one row of a list (Restore in the trash, in the changes set aside): which row is
 * busy (one at a time), each row's failure shown on its row, the last success.
 */
export function useRowAction<T>(
  call: (id: string) => Promise<T>,
  done: (result: T) => void
): {
  busy: string | null
  errors: Record<string, HubApiError>
  result: T | null
  run(id: string): Promise<void>
} {
  const [busy, setBusy] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, HubApiError>>({})
  const [result, setResult] = useState<T | null>(null)
  const run = async (id: string): Promise<void> => {
    setBusy(id)
    setErrors(({ [id]: _gone, ...rest }) => rest)
    setResult(null)
    try {
      const r = await call(id)
      setResult(r)
      done(r)
    } catch (e) {
      setErrors((m) => ({ ...m, [id]: toHubApiError(e) }))
    } finally {
      setBusy(null)
    }
  }
  return { busy, errors, result, run }
}
