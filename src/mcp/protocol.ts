import { randomUUID } from 'node:crypto'
import { CLIENT_INFO_META_KEY, Server } from '@modelcontextprotocol/server'
import type { CacheHint, Tool } from '@modelcontextprotocol/server'
import type { HubLog, LogLevel } from '../engine/hublog'
import { LogTap } from './log-tap'
import { ErrorCode, ProtocolError } from './protocol-error'
import { DocumentWatch } from './document-watch'
import type { Hub } from './hub'
import {
  RESOURCE_TEMPLATE,
  completeBase,
  completePath,
  listResources,
  readResource,
  resolveResource,
  resourceTemplates,
  type Completion
} from './resources'
import { completePromptArgument, getPrompt, listPrompts } from './prompts'
import { version } from '../../package.json'

export const SERVER_NAME = 'okf-hub'
export const SERVER_VERSION: string = version

/** Subscriptions one session may hold (resources/subscribe beyond it is refused). */
export const MAX_SUBSCRIPTIONS = 64
/** How often a session looks at its subscribed documents and at the bases (live discovery). */
export const POLL_INTERVAL_MS = 1000
/**
 * How long a 2026-07-28 client may keep what follows from the bases (tools/list, whose descriptions
 * name them; resources/list; server/discover's instructions): every request re-reads the bases'
 * stat fingerprint and a listening client is told of a change within one poll, so a list is not
 * promised for longer than that poll. `private`: what a hub serves is its user's, behind a token.
 */
export const LIVE_LIST_CACHE: CacheHint = { ttlMs: POLL_INTERVAL_MS, cacheScope: 'private' }
/** prompts/list and resources/templates/list are this build's own, whatever the bases: an hour. */
export const STATIC_LIST_CACHE: CacheHint = { ttlMs: 3_600_000, cacheScope: 'private' }

/** The spec's syslog levels, least severe first. */
const MCP_LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency'
] as const
const HUB_TO_MCP_LEVEL: Record<LogLevel, (typeof MCP_LOG_LEVELS)[number]> = {
  INFO: 'info',
  WARNING: 'warning',
  ERROR: 'error'
}

export interface McpSession {
  server: Server
  /** Stops the session's poll and its notifications (the transport is closed by its owner). */
  dispose(): void
}

export interface SessionOptions {
  /** The prefix of this session's log lines: `mcp` (stdio) or `http`. */
  label?: string
  /**
   * Whether the instance lives as long as a connection (stdio, a 2025 HTTP session): it then polls
   * the bases and its subscribed documents and notifies by itself. A 2026-07-28 HTTP request's
   * instance serves that one request: the door polls once for all its listening streams.
   */
  live?: boolean
  /**
   * The documents 2026-07-28 `subscriptions/listen` streams named on this connection (stdio: the
   * SDK's entry answers a listen itself, the instance never sees it). A live session's poll follows
   * them too and sends resources/updated, which the entry stamps onto the listening streams.
   */
  watch?: DocumentWatch
}

/**
 * The one MCP server definition, whichever era and transport carries it (stdio, each Streamable
 * HTTP session, each 2026-07-28 HTTP request): the seven tools (text + structured twin), documents as
 * resources with their template, completion and subscriptions, the two playbooks as prompts. Every
 * request starts with live discovery (`hub.fresh()`), and a light poll (one fingerprint of the
 * bases, one stat per subscribed document, every POLL_INTERVAL_MS) delivers list_changed and
 * resources/updated even to a host that is not calling. The SDK serves the handlers to both eras:
 * `initialize` sessions (2025-06-18, 2025-11-25) and `server/discover` ones (2026-07-28), where the
 * same notifications reach the client through its `subscriptions/listen` streams.
 */
export function createMcpSession(hub: Hub, log: HubLog, opts: SessionOptions = {}): McpSession {
  const label = opts.label ?? 'mcp'
  const live = opts.live ?? true
  const server = new Server(
    { name: SERVER_NAME, version: SERVER_VERSION },
    {
      // Only what is actually served and notified (a capability announced is a promise).
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: {},
        completions: {},
        logging: {}
      },
      instructions: hub.instructions(),
      // Read only by the 2026-07-28 encoder: a 2025 answer carries no cache field.
      cacheHints: {
        'tools/list': LIVE_LIST_CACHE,
        'resources/list': LIVE_LIST_CACHE,
        'server/discover': LIVE_LIST_CACHE,
        'prompts/list': STATIC_LIST_CACHE,
        'resources/templates/list': STATIC_LIST_CACHE
      }
    }
  )
  server.onerror = (e) => log.warning(`${label} : ${e.message}`)
  const ctx = hub.ctx
  // The journal's session id is ours, not the HTTP door's Mcp-Session-Id: that one addresses a live
  // session and has no business in a file.
  const session = randomUUID()
  const undelivered = (what: string) => (e: Error) =>
    log.warning(`${label} : notification ${what} non délivrée : ${e.message}`)

  // tools/list's order is TOOLS' own, fixed: the same list every time (2026-07-28 asks for it).
  // The cast: tool.ts types a schema as a plain record; every one is an `object` JSON Schema.
  server.setRequestHandler('tools/list', async () => ({ tools: hub.listTools() as Tool[] }))
  server.setRequestHandler('tools/call', async (req, rctx) => {
    // A name no tool has is a protocol error (the spec's -32602), not a tool's result; the
    // contract's words are kept as its message. `okf-hub tool` keeps the contract's text.
    if (!hub.hasTool(req.params.name))
      throw new ProtocolError(ErrorCode.InvalidParams, `NOT_FOUND: outil inconnu : ${req.params.name}`)
    // A 2025 client named itself once at initialize; a 2026-07-28 one names itself in each request.
    const envelope = rctx.mcpReq.envelope as Record<string, { name?: unknown } | undefined> | undefined
    const named = envelope?.[CLIENT_INFO_META_KEY]?.name
    const client = server.getClientVersion()?.name ?? (typeof named === 'string' ? named : null)
    const out = await hub.callTool(req.params.name, req.params.arguments, { session, client })
    return {
      content: [{ type: 'text' as const, text: out.text }],
      isError: out.isError,
      ...(out.structured && !out.isError ? { structuredContent: out.structured } : {})
    }
  })

  server.setRequestHandler('resources/list', async (req) => {
    hub.fresh()
    return listResources(ctx, req.params?.cursor)
  })
  server.setRequestHandler('resources/templates/list', async () => resourceTemplates())
  server.setRequestHandler('resources/read', async (req) => {
    hub.fresh()
    return readResource(ctx, req.params.uri)
  })

  // The session's resources/subscribe documents, followed as listen streams' are (one watch kind);
  // uri → its release. A second subscribe to a uri starts it again from the file as it is now.
  const subscribed = new DocumentWatch(ctx)
  const subscriptions = new Map<string, () => void>()
  server.setRequestHandler('resources/subscribe', async (req) => {
    hub.fresh()
    const { uri } = req.params
    const target = resolveResource(ctx, uri)
    if (!subscriptions.has(uri) && subscriptions.size >= MAX_SUBSCRIPTIONS)
      throw new ProtocolError(
        ErrorCode.InvalidRequest,
        `trop d'abonnements (${MAX_SUBSCRIPTIONS} au plus par session) : désabonnez-vous d'une ressource d'abord`
      )
    subscriptions.get(uri)?.()
    subscriptions.set(uri, subscribed.follow(uri, target.abs))
    return {}
  })
  server.setRequestHandler('resources/unsubscribe', async (req) => {
    subscriptions.get(req.params.uri)?.()
    subscriptions.delete(req.params.uri)
    return {}
  })

  server.setRequestHandler('prompts/list', async () => listPrompts())
  server.setRequestHandler('prompts/get', async (req) => {
    hub.fresh()
    return getPrompt(ctx, req.params.name, req.params.arguments)
  })

  server.setRequestHandler('completion/complete', async (req) => {
    hub.fresh()
    const { ref, argument, context } = req.params
    let completion: Completion = { values: [], hasMore: false }
    if (ref.type === 'ref/resource' && ref.uri === RESOURCE_TEMPLATE) {
      if (argument.name === 'base') completion = completeBase(ctx, argument.value)
      else if (argument.name === 'path')
        completion = completePath(ctx, context?.arguments?.base, argument.value)
    } else if (ref.type === 'ref/prompt') {
      completion = completePromptArgument(ctx, ref.name, argument.name, argument.value)
    }
    return { completion }
  })

  // logging: the hub log's lines of this process at or above the level this session asked for,
  // none before it asks (a host that never calls logging/setLevel is not sent the log). The 2025
  // era's method only: 2026-07-28 has no logging/setLevel (the SDK answers -32601 there).
  let stopLogging: (() => void) | null = null
  server.setRequestHandler('logging/setLevel', async (req) => {
    const threshold = MCP_LOG_LEVELS.indexOf(req.params.level)
    stopLogging?.()
    stopLogging =
      log instanceof LogTap
        ? log.listen((level, message) => {
            const as = HUB_TO_MCP_LEVEL[level]
            if (MCP_LOG_LEVELS.indexOf(as) < threshold) return
            // Not logged when undelivered: the warning would come back here, and again.
            server
              .notification({
                method: 'notifications/message',
                params: { level: as, logger: SERVER_NAME, data: message }
              })
              .catch(() => {})
          })
        : null
    return {}
  })

  const stopListening = live
    ? hub.onBasesChanged(() => {
        server.sendToolListChanged().catch(undelivered('tools/list_changed'))
        server.sendResourceListChanged().catch(undelivered('resources/list_changed'))
      })
    : () => {}

  const poll = live
    ? setInterval(() => {
        hub.fresh()
        for (const uri of [...subscribed.changed(), ...(opts.watch?.changed() ?? [])])
          server.sendResourceUpdated({ uri }).catch(undelivered('resources/updated'))
      }, POLL_INTERVAL_MS)
    : undefined
  poll?.unref()
  let disposed = false
  const dispose = (): void => {
    if (disposed) return
    disposed = true
    clearInterval(poll)
    stopListening()
    stopLogging?.()
    for (const release of subscriptions.values()) release()
    subscriptions.clear()
  }
  // A discarded instance (stdio's server/discover probe when the client falls back to initialize)
  // stops notifying with its close.
  server.onclose = dispose

  return { server, dispose }
}
