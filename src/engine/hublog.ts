import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

export type LogLevel = 'INFO' | 'WARNING' | 'ERROR'

/**
 * The hub log (SPEC §4.1): one file shared by every process of the hub, opened
 * for append; one write() per complete line so lines of concurrent processes
 * never interleave. Each line: ISO timestamp, PID, level, message on one line.
 */
export interface HubLog {
  info(message: string): void
  warning(message: string): void
  error(message: string): void
  close(): void
}

export function formatLogLine(level: LogLevel, message: string, now = new Date(), pid = process.pid): string {
  const oneLine = message.replace(/\r/g, ' ').replace(/\n/g, '\\n')
  return `${now.toISOString()} [pid:${pid}] ${level.padEnd(7)} ${oneLine}\n`
}

class FileHubLog implements HubLog {
  private fd: number | null = null

  constructor(
    private readonly path: string | null,
    private readonly mirror: ((line: string) => void) | null
  ) {
    if (path) {
      try {
        mkdirSync(dirname(path), { recursive: true })
        this.fd = openSync(path, 'a', 0o644)
      } catch (e) {
        // The log must never stop the hub: say so once and fall back to stderr.
        process.stderr.write(`okf-hub: journal indisponible (${(e as Error).message})\n`)
      }
    }
  }

  private write(level: LogLevel, message: string): void {
    const line = formatLogLine(level, message)
    if (this.fd !== null) {
      try {
        writeSync(this.fd, line)
      } catch {
        process.stderr.write(line)
      }
    } else if (this.path) {
      process.stderr.write(line)
    }
    this.mirror?.(line)
  }

  info(message: string): void {
    this.write('INFO', message)
  }
  warning(message: string): void {
    this.write('WARNING', message)
  }
  error(message: string): void {
    this.write('ERROR', message)
  }
  close(): void {
    if (this.fd !== null) closeSync(this.fd)
    this.fd = null
  }
}

/** `path` null disables the file (entries then go nowhere unless mirrored). */
export function openHubLog(path: string | null, mirror?: (line: string) => void): HubLog {
  return new FileHubLog(path, mirror ?? null)
}

/** A log that keeps lines in memory, for engine unit tests. */
export function memoryHubLog(): HubLog & { lines: string[] } {
  const lines: string[] = []
  const push = (level: LogLevel) => (m: string) => void lines.push(formatLogLine(level, m))
  return { lines, info: push('INFO'), warning: push('WARNING'), error: push('ERROR'), close: () => {} }
}
