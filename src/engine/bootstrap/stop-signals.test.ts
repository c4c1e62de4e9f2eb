import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { onStopSignal } from './stop-signals'

describe('onStopSignal', () => {
  it('the first signal stops the door once; a second exits at once with the signal’s code; the handlers stay', () => {
    const proc = new EventEmitter()
    const stops: string[] = []
    const exits: number[] = []
    onStopSignal((s) => stops.push(s), {
      proc: proc as unknown as NodeJS.Process,
      exit: (c) => exits.push(c)
    })
    proc.emit('SIGTERM', 'SIGTERM')
    expect(stops).toEqual(['SIGTERM'])
    expect(exits).toEqual([])
    // Still listening: a library's own signal handler never finds the door gone.
    expect(proc.listenerCount('SIGTERM')).toBe(1)
    expect(proc.listenerCount('SIGINT')).toBe(1)
    proc.emit('SIGINT', 'SIGINT')
    proc.emit('SIGTERM', 'SIGTERM')
    expect(stops).toEqual(['SIGTERM'])
    expect(exits).toEqual([130, 143])
  })
})
