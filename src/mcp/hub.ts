import { HubError, describeError } from '../engine/errors'
import type { HubConfig } from '../engine/config'
import type { HubLog } from '../engine/hublog'
import { Registry, type RescanReport } from '../engine/registry/registry'
import type { ToolArgs } from './args'
import type { CallOrigin } from '../engine/journal/events'
import { openJournal } from '../engine/journal/writer'
import type { HubContext, ToolAnnotations } from './tool'
import { TOOLS } from './tools'
import { DEFAULT_BASES_INSTRUCTIONS } from '../engine/bootstrap/default-bases'

export interface ToolListing {
  name: string
  title: string
  description: string
  inputSchema: Record<string, unknown>
  outputSchema?: Record<string, unknown>
  annotations: ToolAnnotations
}

export interface ToolOutcome {
  text: string
  isError: boolean
  /** The typed twin of `text` (tools with an outputSchema, never on an error). */
  structured?: Record<string, unknown>
}

const BASE_INSTRUCTIONS =
  "Ce hub expose des bases de connaissance markdown versionnées en git. Lecture : kb_list, kb_search, kb_read, kb_governance. Contribution : kb_propose dépose une proposition dans proposals/pending/ — le corpus n'est jamais modifié directement, seul le rôle gestionnaire intègre — et kb_proposal_status en restitue le verdict une fois la revue passée."

/**
 * The definition layer shared by the MCP doors (stdio, Streamable HTTP) and `okf-hub tool`: one
 * registry per process, the contract's error framing, the implicit rescans, live discovery.
 */
export class Hub {
  readonly ctx: HubContext
  private readonly listeners = new Set<() => void>()
  private notifiedVersion: number

  constructor(config: HubConfig, log: HubLog) {
    this.ctx = {
      config,
      registry: new Registry(config.basesDir, log),
      log,
      journal: openJournal(config, log)
    }
    this.ctx.registry.rescan()
    this.notifiedVersion = this.ctx.registry.listingVersion
  }

  /**
   * Called whenever the bases as listed (names, titles, descriptions) changed, by any scan — live,
   * implicit or kb_hub_rescan (→ tools/list_changed and resources/list_changed). Returns the
   * unsubscribe function: each MCP session of the HTTP door listens while it lives.
   */
  onBasesChanged(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private notifyIfChanged(): void {
    const v = this.ctx.registry.listingVersion
    if (v === this.notifiedVersion) return
    this.notifiedVersion = v
    for (const l of this.listeners) l()
  }

  /**
   * Live discovery, once per request: the registry re-scans when the stat fingerprint of the bases
   * dir, a manifest or a base's rules moved, so a base imported, edited or removed while the session
   * runs is served by the very next request — no restart, no kb_hub_rescan.
   */
  fresh(): void {
    try {
      this.ctx.registry.refresh()
    } catch (e) {
      this.ctx.log.warning(`découverte en direct : ${describeError(e)}`)
    }
    this.notifyIfChanged()
  }

  /** Server instructions: the contract's sentence plus the default bases actually deployed. */
  instructions(): string {
    const lines = DEFAULT_BASES_INSTRUCTIONS.filter((d) => this.ctx.registry.has(d.name)).map(
      (d) => `- ${d.name} : ${d.purpose}`
    )
    if (lines.length === 0) return BASE_INSTRUCTIONS
    return `${BASE_INSTRUCTIONS}\n\nBases décrivant le hub lui-même :\n${lines.join('\n')}`
  }

  hasTool(name: string): boolean {
    return TOOLS.some((t) => t.name === name)
  }

  listTools(): ToolListing[] {
    this.fresh()
    return TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.describe(this.ctx),
      inputSchema: t.inputSchema,
      ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
      annotations: t.annotations
    }))
  }

  private noteRescan(report: RescanReport | null): boolean {
    this.notifyIfChanged()
    return report !== null
  }

  /** `origin`: the MCP session that called, for the usage journal (absent: `okf-hub tool`). */
  async callTool(name: string, rawArgs: unknown, origin?: CallOrigin): Promise<ToolOutcome> {
    this.fresh()
    try {
      return await this.dispatch(name, rawArgs, origin)
    } finally {
      this.notifyIfChanged()
    }
  }

  private async dispatch(name: string, rawArgs: unknown, origin?: CallOrigin): Promise<ToolOutcome> {
    const tool = TOOLS.find((t) => t.name === name)
    if (!tool) return { text: `ERROR: NOT_FOUND: outil inconnu : ${name}`, isError: true }
    const args: ToolArgs =
      rawArgs !== null && typeof rawArgs === 'object' && !Array.isArray(rawArgs) ? (rawArgs as ToolArgs) : {}
    if (name === 'kb_list') this.noteRescan(this.ctx.registry.silentRescan('kb_list'))
    try {
      return await this.runOnce(tool.name, args, origin)
    } catch (e) {
      if (e instanceof HubError && e.code === 'UNKNOWN_BASE') {
        // A base imported after start: one silent rescan, then one retry.
        if (this.noteRescan(this.ctx.registry.silentRescan('UNKNOWN_BASE'))) {
          try {
            return await this.runOnce(tool.name, args, origin)
          } catch (again) {
            return this.fail(tool.name, again)
          }
        }
      }
      return this.fail(tool.name, e)
    }
  }

  private async runOnce(name: string, args: ToolArgs, origin?: CallOrigin): Promise<ToolOutcome> {
    const tool = TOOLS.find((t) => t.name === name)!
    const r = await tool.run(this.ctx, args, origin)
    return { text: r.text, isError: false, ...(r.structured ? { structured: r.structured } : {}) }
  }

  private fail(tool: string, e: unknown): ToolOutcome {
    if (e instanceof HubError) {
      this.ctx.log.info(`${tool} → ${e.code}: ${e.message}`)
      return { text: `ERROR: ${e.code}: ${e.message}`, isError: true }
    }
    this.ctx.log.error(`${tool} : défaillance non prévue — ${describeError(e)}`)
    return { text: `ERROR: IO_ERROR: ${describeError(e)}`, isError: true }
  }
}
