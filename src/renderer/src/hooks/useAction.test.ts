import { describe, expect, it } from 'vitest'
import type { HubApiError } from '../../../shared/hub-api'
import { runAction } from './useAction'

/** The setters as a log, in the order the action calls them. */
function recorder(): { log: string[]; setBusy(b: boolean): void; setError(e: HubApiError | null): void } {
  const log: string[] = []
  return {
    log,
    setBusy: (b) => log.push(`busy ${b}`),
    setError: (e) => log.push(e ? `error ${e.code} ${e.message}` : 'error cleared')
  }
}

describe('runAction', () => {
  it('is busy while the call runs, clears the last failure first, and is idle after', async () => {
    const r = recorder()
    await runAction(
      async (a: number, b: string) => {
        r.log.push(`call ${a} ${b}`)
      },
      [1, 'x'],
      r.setBusy,
      r.setError
    )
    expect(r.log).toEqual(['busy true', 'error cleared', 'call 1 x', 'busy false'])
  })

  it('keeps a refusal as the HubApiError the screen shows, never throws it, and is idle after', async () => {
    const r = recorder()
    await runAction(
      async () => {
        throw { code: 'BASE_BUSY', message: 'locked' }
      },
      [],
      r.setBusy,
      r.setError
    )
    expect(r.log).toEqual(['busy true', 'error cleared', 'error BASE_BUSY locked', 'busy false'])
    const thrown = recorder()
    await runAction(
      async () => {
        throw new Error('pipe closed')
      },
      [],
      thrown.setBusy,
      thrown.setError
    )
    expect(thrown.log).toContain('error TRANSPORT pipe closed')
  })
})
