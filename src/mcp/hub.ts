import { HubError, describeError } from '../engine/errors'
import type { HubConfig } from '../engine/config'
import type { HubLog } from '../engine/hublog'
import { Registry, type RescanReport } from '../engine/registry/registry'
import type { ToolArgs } from './args'
import type { HubContext, ToolAnnotations } from './tool'
import { TOOLS } from './tools'
import { DEFAULT_BASES_INSTRUCTIONS } from '../engine/bootstrap/default-bases'

export interface ToolListing {
  name: string
  title: string
  description: string
  inputSchema: Record<string, unknown>
  annotations: ToolAnnotations
}

export interface ToolOutcome {
  text: string
  isError: boolean
}

const BASE_INSTRUCTIONS =
  "Ce hub expose des bases de connaissance markdown versionnées en git. Lecture : kb_list, kb_search, kb_read, kb_governance. Contribution : kb_propose dépose une proposition dans proposals/pending/ — le corpus n'est jamais modifié directement, seul le rôle gestionnaire intègre — et kb_proposal_status en restitue le verdict une fois la revue passée."

/**
 * The definition layer shared by the stdio server and `okf-hub tool`: one
 * registry per process, the contract's error framing, the implicit rescans.
 */
export class Hub {
  readonly ctx: HubContext
  /** Called when a rescan changed the set of bases (→ tools/list_changed). */
  onBasesChanged: (() => void) | null = null

  constructor(config: HubConfig, log: HubLog) {
    this.ctx = { config, registry: new Registry(config.basesDir, log), log }
    this.ctx.registry.rescan()
  }

  /** Server instructions: the contract's sentence plus the default bases actually deployed. */
  instructions(): string {
    const lines = DEFAULT_BASES_INSTRUCTIONS.filter((d) => this.ctx.registry.has(d.name)).map(
      (d) => `- ${d.name} : ${d.purpose}`
    )
    if (lines.length === 0) return BASE_INSTRUCTIONS
    return `${BASE_INSTRUCTIONS}\n\nBases décrivant le hub lui-même :\n${lines.join('\n')}`
  }

  listTools(): ToolListing[] {
    return TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.describe(this.ctx),
      inputSchema: t.inputSchema,
      annotations: t.annotations
    }))
  }

  private noteRescan(report: RescanReport | null): boolean {
    if (!report) return false
    if (report.changed) this.onBasesChanged?.()
    return true
  }

  async callTool(name: string, rawArgs: unknown): Promise<ToolOutcome> {
    const tool = TOOLS.find((t) => t.name === name)
    if (!tool) return { text: `ERROR: NOT_FOUND: outil inconnu : ${name}`, isError: true }
    const args: ToolArgs =
      rawArgs !== null && typeof rawArgs === 'object' && !Array.isArray(rawArgs) ? (rawArgs as ToolArgs) : {}
    if (name === 'kb_list') this.noteRescan(this.ctx.registry.silentRescan('kb_list'))
    try {
      const text = await this.runOnce(tool.name, args)
      if (name === 'kb_hub_rescan' && this.ctx.registry.lastReport?.changed) this.onBasesChanged?.()
      return { text, isError: false }
    } catch (e) {
      if (e instanceof HubError && e.code === 'UNKNOWN_BASE') {
        // A base imported after start: one silent rescan, then one retry.
        if (this.noteRescan(this.ctx.registry.silentRescan('UNKNOWN_BASE'))) {
          try {
            return { text: await this.runOnce(tool.name, args), isError: false }
          } catch (again) {
            return this.fail(tool.name, again)
          }
        }
      }
      return this.fail(tool.name, e)
    }
  }

  private runOnce(name: string, args: ToolArgs): Promise<string> {
    const tool = TOOLS.find((t) => t.name === name)!
    return tool.run(this.ctx, args)
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
