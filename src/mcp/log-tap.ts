import type { HubLog, LogLevel } from '../engine/hublog'

export type LogListener = (level: LogLevel, message: string) => void

/**
 * The hub log of this process, with listeners: what the MCP `logging` capability forwards to the
 * sessions that asked (logging/setLevel). Every line still goes to the log first. The hub log
 * never holds a token nor a proposal's body (arguments are never logged, the HTTP token is printed
 * on stderr only); `secrets` masks a known secret anyway, should a line ever quote it.
 */
export class LogTap implements HubLog {
  private readonly listeners = new Set<LogListener>()
  private readonly secrets: string[] = []

  constructor(private readonly inner: HubLog) {}

  /** A value never to be forwarded as is (the HTTP door's bearer token). */
  mask(secret: string): void {
    if (secret.length > 0) this.secrets.push(secret)
  }

  listen(listener: LogListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(level: LogLevel, message: string): void {
    if (this.listeners.size === 0) return
    const safe = this.secrets.reduce((m, s) => m.split(s).join('[masqué]'), message)
    for (const l of this.listeners) l(level, safe)
  }

  info(message: string): void {
    this.inner.info(message)
    this.emit('INFO', message)
  }
  warning(message: string): void {
    this.inner.warning(message)
    this.emit('WARNING', message)
  }
  error(message: string): void {
    this.inner.error(message)
    this.emit('ERROR', message)
  }
  close(): void {
    this.listeners.clear()
    this.inner.close()
  }
}
