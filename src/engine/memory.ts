import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let collect: (() => void) | null | undefined

/**
 * How a long-lived door keeps its heap near what is live (issue 30 §1 measured both):
 * - `size`: V8's memory-saving mode. Its heap controller keeps the heap small, but the mode also
 *   makes V8 compile and collect for size everywhere: each MCP call cost 1.37× its CPU time (the
 *   soak's mix, interleaved A/B). Kept for the manager's doors (`okf-hub ui`, the desktop app), whose
 *   RSS went past the soak's limit without it (docs/PERFORMANCE.md).
 * - `growth`: only what keeps the heap small — the old generation grows by a tenth over what the
 *   last full collection left (instead of up to 4×), and the young generation stays at its initial
 *   size. For an MCP server: an RSS 1–2 MB above `size`'s (104 against 102.9 MB over the 10-minute
 *   soak), at the CPU cost of V8's defaults within noise (docs/PERFORMANCE.md). It also bounds
 *   what the optimizing compiler inlines into one function (`INLINING_BUDGET`): its working
 *   memory is malloc'd on V8's worker threads, whose glibc arenas keep their high-water mark —
 *   10–12 MB of a server's RSS after 600 soak calls, 6–7 MB with the budget, same CPU per call.
 */
export type HeapPolicy = 'size' | 'growth'

/** `growth`: the old generation may grow this much (per cent) past what a full collection left. */
export const HEAP_GROWING_PERCENT = 10

/**
 * `growth`: the bytecode size TurboFan may inline, summed, into one optimized function (V8's default
 * 920). Unlike `--concurrent-recompilation` or `--v8-pool-size`, which cut those arenas further but
 * act only from the command line, this flag is read at each compilation: it works set at run time.
 */
export const INLINING_BUDGET = 300

/**
 * Sets the door's heap policy. V8's heap controller reads these flags at every collection, so
 * setting them at run time acts however a host starts the process — no flag in any registered
 * command, the desktop app's or an old registration alike. OKF_HUB_MEMORY_POLICY=off leaves V8's
 * defaults: the throughput bench's reference when no saved build is given.
 */
export function preferSmallHeap(policy: HeapPolicy = 'size'): void {
  if (process.env.OKF_HUB_MEMORY_POLICY === 'off') return
  try {
    if (policy === 'size') setFlagsFromString('--optimize-for-size')
    else {
      setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
      setFlagsFromString('--semi-space-growth-factor=1')
      setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${INLINING_BUDGET}`)
    }
  } catch {
    // A runtime that refuses V8 flags keeps its defaults.
  }
}

/**
 * A search over thousands of matching files leaves tens of megabytes of short-lived objects that
 * outlived a scavenge; V8 keeps them, and grows the heap, until a full collection it may put off
 * for many calls. A server process lives as long as its host session, so after such work we ask
 * for that collection once, off the response path. Where the collector cannot be reached (a
 * runtime that refuses the flag), this does nothing.
 */
export function relieveMemorySoon(delayMs = 20): void {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc')
      collect = runInNewContext('gc') as () => void
    } catch {
      collect = null
    }
  }
  const gc = collect
  if (gc) setTimeout(gc, delayMs).unref()
}
