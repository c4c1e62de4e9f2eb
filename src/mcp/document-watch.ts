import { fileFingerprint } from '../engine/corpus/browse'
import { resolveResource } from './resources'
import type { HubContext } from './tool'

/** Documents one watch follows at most (a listen asking for more has the rest ignored). */
export const MAX_WATCHED_DOCUMENTS = 64

interface Watched {
  abs: string
  key: string
  holders: number
}

/**
 * The documents 2026-07-28 clients asked to hear about (`subscriptions/listen`'s
 * `resourceSubscriptions`), followed by stat fingerprint as resources/subscribe's are. Several
 * listen streams may name one document: it is followed while one of them holds it. A URI that names
 * no document is not followed (the stream stays open; the client hears nothing of it), as the SDK's
 * router acknowledges the filter before any handler could refuse it.
 */
export class DocumentWatch {
  private readonly watched = new Map<string, Watched>()

  constructor(
    private readonly ctx: HubContext,
    private readonly max = MAX_WATCHED_DOCUMENTS
  ) {}

  /** Follows `uris` until the returned release (idempotent); those naming no document are skipped. */
  hold(uris: readonly string[]): () => void {
    const releases: (() => void)[] = []
    for (const uri of new Set(uris)) {
      if (!this.watched.has(uri) && this.watched.size >= this.max) continue
      let abs: string
      try {
        abs = resolveResource(this.ctx, uri).abs
      } catch {
        continue
      }
      releases.push(this.follow(uri, abs))
    }
    return () => releases.forEach((release) => release())
  }

  /**
   * Follows one document the caller already resolved (`abs`), whatever the bound: resources/subscribe
   * resolves and bounds its own, with the refusals a 2025 client is owed. Idempotent release.
   */
  follow(uri: string, abs: string): () => void {
    const w = this.watched.get(uri)
    if (w) w.holders++
    else this.watched.set(uri, { abs, key: fileFingerprint(abs), holders: 1 })
    let live = true
    return () => {
      if (!live) return
      live = false
      const held = this.watched.get(uri)
      if (held && --held.holders === 0) this.watched.delete(uri)
    }
  }

  /** The URIs whose document changed since the last look. */
  changed(): string[] {
    const out: string[] = []
    for (const [uri, w] of this.watched) {
      const key = fileFingerprint(w.abs)
      if (key === w.key) continue
      w.key = key
      out.push(uri)
    }
    return out
  }

  get size(): number {
    return this.watched.size
  }
}
