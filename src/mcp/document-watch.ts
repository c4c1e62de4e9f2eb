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

  /** Follows `uris` until the returned release (idempotent). */
  hold(uris: readonly string[]): () => void {
    const held: string[] = []
    for (const uri of new Set(uris)) {
      const w = this.watched.get(uri)
      if (w) {
        w.holders++
        held.push(uri)
        continue
      }
      if (this.watched.size >= this.max) continue
      let abs: string
      try {
        abs = resolveResource(this.ctx, uri).abs
      } catch {
        continue
      }
      this.watched.set(uri, { abs, key: fileFingerprint(abs), holders: 1 })
      held.push(uri)
    }
    let live = true
    return () => {
      if (!live) return
      live = false
      for (const uri of held) {
        const w = this.watched.get(uri)
        if (w && --w.holders === 0) this.watched.delete(uri)
      }
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
