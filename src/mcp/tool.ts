import type { HubConfig } from '../engine/config'
import type { HubLog } from '../engine/hublog'
import type { Registry } from '../engine/registry/registry'
import type { Params, Parsed, ToolArgs, ToolInput } from './args'

/** What every tool sees: this process's configuration, registry and log. */
export interface HubContext {
  config: HubConfig
  registry: Registry
  log: HubLog
}

export interface ToolAnnotations {
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
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
  annotations: ToolAnnotations
  run(ctx: HubContext, args: ToolArgs): Promise<string>
}

/** A tool as written: its parameters declared once (args.ts), its handler fed only parsed values. */
export interface ToolSpec<P extends Params> {
  name: string
  title: string
  describe(ctx: HubContext): string
  input: ToolInput<P>
  annotations: ToolAnnotations
  run(ctx: HubContext, args: Parsed<P>): Promise<string>
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
    annotations: spec.annotations,
    run: async (ctx, args) => spec.run(ctx, spec.input.parse(args))
  }
}

/**
 * The base listing appended to descriptions so a session can route its request
 * without a prior call. `label` is the heading line (e.g. "Bases connues").
 */
export function basesBlock(ctx: HubContext, label: string): string {
  const bases = ctx.registry.list()
  if (bases.length === 0) return " Aucune base n'est actuellement enregistrée."
  return `\n\n${label} :\n` + bases.map((b) => `- ${b.name} — ${b.title} : ${b.description}`).join('\n')
}
