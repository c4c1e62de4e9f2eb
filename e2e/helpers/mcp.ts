import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { SERVER_JS, type Hub } from './hub'

export interface Proposal {
  base: string
  type: 'observation' | 'correction' | 'addition' | 'question'
  concerns: string
  content: string
  sources: string[]
  confidence: 'high' | 'medium' | 'low'
  submitted_by: string
}

export interface Agent {
  /** Files a proposal with kb_propose through the real MCP server; returns its id. */
  propose(p: Proposal): Promise<string>
  /** Any tool through the real MCP server: its text and whether it is an error. */
  tool(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }>
  close(): Promise<void>
}

/** An agent: the built stdio MCP server, spawned as a host would, with the SDK's client. */
export async function connectAgent(hub: Hub): Promise<Agent> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_JS],
    env: hub.env,
    cwd: '/',
    stderr: 'pipe'
  })
  const client = new Client({ name: 'okf-e2e-agent', version: '0.0.0' })
  await client.connect(transport)
  return {
    async propose(p) {
      const r = await client.callTool({ name: 'kb_propose', arguments: { ...p } })
      const text = (r.content as { type: string; text: string }[]).map((c) => c.text).join('')
      if (r.isError) throw new Error(`kb_propose failed: ${text}`)
      const m = /id : (prop-\d{4}-\d{2}-\d{2}-[0-9a-f]{4})/.exec(text)
      if (!m) throw new Error(`no id in kb_propose output: ${text}`)
      return m[1]
    },
    async tool(name, args) {
      const r = await client.callTool({ name, arguments: args })
      const text = (r.content as { type: string; text: string }[]).map((c) => c.text).join('')
      return { text, isError: r.isError === true }
    },
    close: () => client.close()
  }
}
