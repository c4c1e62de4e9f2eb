import { randomUUID } from 'node:crypto'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema
} from '@modelcontextprotocol/sdk/types.js'
import type { HubLog, LogLevel } from '../engine/hublog'
import { LogTap } from './log-tap'
import { ProtocolError } from './protocol-error'
import { fileFingerprint } from '../engine/corpus/browse'
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

/**
 * The one MCP server definition, whichever transport carries it (stdio, each Streamable HTTP
 * session): the seven tools (text + structured twin), documents as resources with their template,
 * completion and subscriptions, the two playbooks as prompts. Every request starts with live
 * discovery (`hub.fresh()`), and a light poll (one fingerprint of the bases, one stat per
 * subscribed document, every POLL_INTERVAL_MS) delivers list_changed and resources/updated even to
 * a host that is not calling.
 */
export function createMcpSession(hub: Hub, log: HubLog, label = 'mcp'): McpSession {
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
      instructions: hub.instructions()
    }
  )
  server.onerror = (e) => log.warning(`${label} : ${e.message}`)
  const ctx = hub.ctx
  // The journal's session id is ours, not the HTTP door's Mcp-Session-Id: that one addresses a live
  // session and has no business in a file.
  const session = randomUUID()
  const undelivered = (what: string) => (e: Error) =>
    log.warning(`${label} : notification ${what} non délivrée : ${e.message}`)

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: hub.listTools() }))
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    // A name no tool has is a protocol error (the spec's -32602), not a tool's result; the
    // contract's words are kept as its message. `okf-hub tool` keeps the contract's text.
    if (!hub.hasTool(req.params.name))
      throw new ProtocolError(ErrorCode.InvalidParams, `NOT_FOUND: outil inconnu : ${req.params.name}`)
    const out = await hub.callTool(req.params.name, req.params.arguments, {
      session,
      client: server.getClientVersion()?.name ?? null
    })
    return {
      content: [{ type: 'text' as const, text: out.text }],
      isError: out.isError,
      ...(out.structured && !out.isError ? { structuredContent: out.structured } : {})
    }
  })

  server.setRequestHandler(ListResourcesRequestSchema, async (req) => {
    hub.fresh()
    return listResources(ctx, req.params?.cursor)
  })
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => resourceTemplates())
  server.setRequestHandler(ReadResourceRequestSchema, async (req) => {
    hub.fresh()
    return readResource(ctx, req.params.uri)
  })

  /** uri → the canonical file it named when subscribed, and that file's fingerprint. */
  const subscriptions = new Map<string, { abs: string; key: string }>()
  server.setRequestHandler(SubscribeRequestSchema, async (req) => {
    hub.fresh()
    const { uri } = req.params
    const target = resolveResource(ctx, uri)
    if (!subscriptions.has(uri) && subscriptions.size >= MAX_SUBSCRIPTIONS)
      throw new ProtocolError(
        ErrorCode.InvalidRequest,
        `trop d'abonnements (${MAX_SUBSCRIPTIONS} au plus par session) : désabonnez-vous d'une ressource d'abord`
      )
    subscriptions.set(uri, { abs: target.abs, key: fileFingerprint(target.abs) })
    return {}
  })
  server.setRequestHandler(UnsubscribeRequestSchema, async (req) => {
    subscriptions.delete(req.params.uri)
    return {}
  })

  server.setRequestHandler(ListPromptsRequestSchema, async () => listPrompts())
  server.setRequestHandler(GetPromptRequestSchema, async (req) => {
    hub.fresh()
    return getPrompt(ctx, req.params.name, req.params.arguments)
  })

  server.setRequestHandler(CompleteRequestSchema, async (req) => {
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
  // none before it asks (a host that never calls logging/setLevel is not sent the log).
  let stopLogging: (() => void) | null = null
  server.setRequestHandler(SetLevelRequestSchema, async (req) => {
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

  const stopListening = hub.onBasesChanged(() => {
    server.sendToolListChanged().catch(undelivered('tools/list_changed'))
    server.sendResourceListChanged().catch(undelivered('resources/list_changed'))
  })

  const poll = setInterval(() => {
    hub.fresh()
    for (const [uri, sub] of subscriptions) {
      const key = fileFingerprint(sub.abs)
      if (key === sub.key) continue
      sub.key = key
      server.sendResourceUpdated({ uri }).catch(undelivered('resources/updated'))
    }
  }, POLL_INTERVAL_MS)
  poll.unref()

  return {
    server,
    dispose: () => {
      clearInterval(poll)
      stopListening()
      stopLogging?.()
      subscriptions.clear()
    }
  }
}
