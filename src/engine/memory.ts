import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let collect: (() => void) | null | undefined

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
