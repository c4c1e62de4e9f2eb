import { writeSync } from 'node:fs'
import { runOp, type OpName } from './faults'

/**
 * A real process killed at a chosen step of a write path (issue 13 item 5):
 * `node fault-child.cjs <op> <case dir> <n>` (bundled by faults.ts) runs the operation and SIGKILLs itself at
 * its n-th step — no handler, no flush, no `finally` runs, as when the OS or a host kills a server.
 */
const [op, dir, nText] = process.argv.slice(2)
const n = Number(nText)
let count = 0
runOp(op as OpName, dir, (step) => {
  writeSync(2, `STEP ${step}\n`)
  if (++count !== n) return
  process.kill(process.pid, 'SIGKILL')
  // The signal is delivered at once; nothing of the operation may run meanwhile.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000)
}).then(
  () => process.exit(0),
  (e: unknown) => {
    writeSync(2, `FAILED ${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  }
)
