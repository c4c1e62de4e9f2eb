import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { WriteGate } from './write-gate'

describe('WriteGate', () => {
  it('refuses writes once the signal fired, lets reads and removals through, and drains the writes in flight', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'okf-gate-'))
    try {
      const ctl = new AbortController()
      const gate = new WriteGate(ctl.signal, () => new Error('fermé'))
      const p = gate.fs.promises
      await p.mkdir(join(dir, 'a'))
      // A write started before the abort finishes; drained() waits for it.
      const big = Buffer.alloc(8 * 1024 * 1024, 1)
      const inFlight = p.writeFile(join(dir, 'a', 'big'), big)
      ctl.abort()
      let drainedAfterWrite = false
      const drained = gate.drained().then(() => {
        drainedAfterWrite = true
      })
      await inFlight
      await drained
      expect(drainedAfterWrite).toBe(true)
      expect((await p.stat(join(dir, 'a', 'big'))).size).toBe(big.length)
      await expect(p.writeFile(join(dir, 'b'), 'x')).rejects.toThrow('fermé')
      await expect(p.mkdir(join(dir, 'c'))).rejects.toThrow('fermé')
      await expect(p.rename(join(dir, 'a'), join(dir, 'd'))).rejects.toThrow('fermé')
      await p.unlink(join(dir, 'a', 'big'))
      await p.rmdir(join(dir, 'a'))
      expect(readdirSync(dir)).toEqual([])
      await gate.drained()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
