import type { HubConfig } from '../engine/config'
import type { HubLog } from '../engine/hublog'
import type { CallOrigin, JournalEventBody } from '../engine/journal/events'
import type { JournalWriter } from '../engine/journal/writer'
import type { Registry } from '../engine/registry/registry'
import type { Params, Parsed, ToolArgs, ToolInput } from './args'
import { describeWithBases } from './bases-block'

/** What every tool sees: this process's configuration, registry and log. */
export interface HubContext {
  config: HubConfig
  registry: Registry
  log: HubLog
  /** The usage journal (issue 29); absent where no MCP session calls (tests of a tool alone). */
  journal?: JournalWriter
}

/**
 * Records a tool's use in the usage journal when an MCP session made the call (`okf-hub tool` has
 * none: a person at a terminal is not an agent's usage). Never throws: the writer logs its failures.
 */
export function recordUse(ctx: HubContext, origin: CallOrigin | undefined, body: JournalEventBody): void {
  if (origin && ctx.journal) ctx.journal.record(origin, body)
}

export interface ToolAnnotations {
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
}

/**
 * What a tool answers: the contract text (byte for byte, the only thing a host's model is promised)
 * and, for the tools that declare an `outputSchema`, its typed twin for programs
 * (`structuredContent`). The twin is built from the very values the text was rendered from.
 */
export interface ToolResult {
  text: string
  structured?: Record<string, unknown>
}

/**
 * One tool of the contract: its schema next to its handler, its description
 * recomputed from the registry at every tools/list, its output the contract text.
 */
export interface ToolDefinition {
  name: string
  title: string
  describe(ctx: HubContext): string
  inputSchema: Record<string, unknown>
  /** JSON Schema of `structuredContent` (root type object); absent: text only. */
  outputSchema?: Record<string, unknown>
  annotations: ToolAnnotations
  run(ctx: HubContext, args: ToolArgs, origin?: CallOrigin): Promise<ToolResult>
}

/** A tool as written: its parameters declared once (args.ts), its handler fed only parsed values. */
export interface ToolSpec<P extends Params> {
  name: string
  title: string
  describe(ctx: HubContext): string
  input: ToolInput<P>
  outputSchema?: Record<string, unknown>
  annotations: ToolAnnotations
  /** The text alone, or the text with its structured twin (required when `outputSchema` is declared). */
  run(ctx: HubContext, args: Parsed<P>, origin?: CallOrigin): Promise<string | ToolResult>
}

/**
 * The inputSchema comes from the declaration and the arguments are parsed before
 * `run`: a tool cannot read a raw argument, so it cannot skip or bend the rule.
 */
export function defineTool<P extends Params>(spec: ToolSpec<P>): ToolDefinition {
  return {
    name: spec.name,
    title: spec.title,
    describe: spec.describe,
    inputSchema: spec.input.schema,
    ...(spec.outputSchema ? { outputSchema: spec.outputSchema } : {}),
    annotations: spec.annotations,
    run: async (ctx, args, origin) => {
      const out = await spec.run(ctx, spec.input.parse(args), origin)
      const result = typeof out === 'string' ? { text: out } : out
      if (spec.outputSchema && result.structured === undefined)
        throw new Error(`${spec.name} : outputSchema déclaré sans structuredContent`)
      return result
    }
  }
}

/**
 * `head` (a tool's own description) followed by the known bases under `label` (e.g. "Bases
 * connues"), so a session can route its request without a prior call — within the budget of
 * bases-block.ts: today's full listing while it fits, shorter steps beyond.
 */
export function withBases(ctx: HubContext, label: string, head: string): string {
  return describeWithBases(head, label, ctx.registry.list()).text
}
