import { describe, expect, it } from 'vitest'
import { memoryHubLog } from '../engine/hublog'
import { LogTap } from './log-tap'

describe('LogTap', () => {
  it('writes every line to the log, forwards to listeners, masks a known secret, stops on unsubscribe', () => {
    const inner = memoryHubLog()
    const tap = new LogTap(inner)
    const seen: string[] = []
    tap.mask('jeton-tres-secret-0123')
    const stop = tap.listen((level, m) => seen.push(`${level} ${m}`))
    tap.info('un')
    tap.warning('avec jeton-tres-secret-0123 dedans')
    stop()
    tap.error('trois')
    expect(seen).toEqual(['INFO un', 'WARNING avec [masqué] dedans'])
    expect(inner.lines).toHaveLength(3)
  })
})
