import type { HubConfig } from '../engine/config'
import { LogTap } from './log-tap'
import { startEngine } from '../engine/bootstrap/start'
import type { SyncService } from '../engine/sync/service'
import { Hub } from './hub'
import type { ServeOptions } from './serve-args'

/**
 * The MCP server's core set-up, whichever transport carries it: what `okf-hub serve` was asked,
 * then configuration, log, default bases and the hub. The stdio door (`stdio-server.ts`) and the
 * HTTP door (`http-server.ts`) both stand on it; `serve.ts` chooses between them.
 */
export type { ServeOptions } from './serve-args'

/** Config, log and default bases (what every long-running door does first), then the MCP hub. */
export async function prepareHub(
  opts: ServeOptions,
  door = 'mcp'
): Promise<{ config: HubConfig; log: LogTap; hub: Hub; sync: SyncService }> {
  // An MCP server's calls are short and many: the heap bounded without the memory-saving mode's
  // slower code (memory.ts, issue 30 §1).
  const started = await startEngine({ ...opts, door, heap: 'growth' })
  const config = started.config
  // Tapped so that the MCP sessions that ask (logging/setLevel) are sent its lines.
  const log = new LogTap(started.log)
  const hub = new Hub(config, log)
  // Team sync: a proposal filed here is pushed when its base has auto-push; a server also
  // fast-forwards its bases once it answers (the network code loads only for bases with a remote).
  const { SyncService } = await import('../engine/sync/service')
  const sync = new SyncService({ config, log })
  if (door.startsWith('mcp')) {
    const timer = setTimeout(() => sync.startAtLaunch(hub.ctx.registry.list()), SYNC_AT_START_DELAY_MS)
    timer.unref()
  }
  return { config, log, hub, sync }
}

/**
 * The start-up sync waits this long after the server is ready, so that loading the network code
 * never delays the host's `initialize` and `tools/list` (2 s is the ceiling).
 */
export const SYNC_AT_START_DELAY_MS = 300
