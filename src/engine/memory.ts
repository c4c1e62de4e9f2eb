import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let collect: (() => void) | null | undefined

/**
 * A hub process lives as long as its host session and spends it on short requests (searches,
 * reads, git plumbing) whose garbage V8's default heap growth lets pile up: in the soak, servers
 * holding ~10 MB of live objects grew to 130–150 MB and the UI bridge past it. V8's memory-saving
 * mode is read by its heap controller at every collection, so setting it at run time keeps the
 * heap near what is live (~85–95 MB RSS, flat) however a host starts the process — no flag in any
 * registered command, the desktop app's or an old registration alike.
 */
export function preferSmallHeap(): void {
  try {
    setFlagsFromString('--optimize-for-size')
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
