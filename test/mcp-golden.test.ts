import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { buildHubFixture } from './helpers/hub-fixture'
import { connect, hubEnv, type Connected } from './helpers/mcp'
import { McpError } from '@modelcontextprotocol/sdk/types.js'

/**
 * The seven tools' texts are the contract, byte for byte. These golden files were generated from
 * the code as it stood before the MCP surface grew beyond the tools (resources, prompts, structured
 * output, HTTP, live discovery); any change to a single byte of a tool's text fails here.
 * Regenerate only for a deliberate contract change: OKF_UPDATE_GOLDEN=1 npx vitest run test/mcp-golden.test.ts
 */

const GOLDEN_DIR = join(__dirname, 'golden')
const UPDATE = process.env.OKF_UPDATE_GOLDEN === '1'

type Call = [tool: string, args: Record<string, unknown>]

const BEFORE_MUTATIONS: Call[] = [
  ['kb_hub_rescan', {}],
  ['kb_list', {}],
  ['kb_list', { include_pending_concerns: true }],
  ['kb_list', { include_pending_concerns: 'oui' }],
  ['kb_search', { base: 'alpha', query: 'reconnexion SSO' }],
  ['kb_search', { base: 'alpha', query: 'seulement panne-inexistante' }],
  ['kb_search', { base: 'alpha', query: 'réauthentifier' }],
  ['kb_search', { base: 'alpha', query: 'incident #\\d{4}', mode: 'regex' }],
  ['kb_search', { base: 'alpha', query: '(', mode: 'regex' }],
  ['kb_search', { base: ['alpha', 'beta', 'alpha'], query: 'reconnexion' }],
  ['kb_search', { base: '*', query: 'connexion', max_results: 3 }],
  ['kb_search', { base: 'volumineux', query: 'mot', max_results: 25 }],
  ['kb_search', { base: 'alpha', query: 'zzzintrouvable' }],
  ['kb_search', { base: 'alpha', query: 'x', max_results: 99 }],
  ['kb_search', { base: ['alpha', 'inconnue'], query: 'x' }],
  ['kb_search', {}],
  ['kb_read', { base: 'alpha', path: 'sso.md' }],
  ['kb_read', { base: 'alpha', path: 'sso.md', section: 'reconnexion' }],
  ['kb_read', { base: 'alpha', path: 'sso.md', section: 'introuvable' }],
  ['kb_read', { base: 'alpha', path: 'gros.md' }],
  ['kb_read', { base: 'alpha', path: 'gros.md', section: 'section 3' }],
  ['kb_read', { base: 'alpha', path: 'dup.md', section: 'Notes' }],
  ['kb_read', { base: 'alpha', path: 'procedures/reseau.md' }],
  ['kb_read', { base: 'alpha', path: 'beta:/env/bdd.md' }],
  ['kb_read', { base: 'alpha', path: '../clone-renomme/GOVERNANCE.md' }],
  ['kb_read', { base: 'alpha', path: '/etc/passwd' }],
  ['kb_read', { base: 'alpha', path: 'fuite.md' }],
  ['kb_read', { base: 'alpha', path: 'source.xml.md' }],
  ['kb_read', { base: 'alpha', path: 'CLAUDE.md' }],
  ['kb_read', { base: 'alpha', path: 'absent.md' }],
  ['kb_read', { base: 'alpha' }],
  ['kb_read', { base: 'inconnue', path: 'sso.md' }],
  ['kb_governance', { base: 'alpha' }],
  ['kb_governance', { base: 'beta' }],
  ['kb_governance', { base: 'inconnue' }],
  ['kb_proposal_status', { base: 'alpha', submitted_by: 'human:morva' }],
  ['kb_proposal_status', { base: 'alpha', id: 'prop-2026-08-29-bbbb' }],
  ['kb_proposal_status', { base: 'alpha', submitted_by: 'HUMAN:morva', status: 'rejected' }],
  ['kb_proposal_status', { base: 'alpha', submitted_by: 'human:morva', limit: 1 }],
  ['kb_proposal_status', { base: 'alpha', submitted_by: 'personne' }],
  ['kb_proposal_status', { base: 'alpha', id: 'prop-2000-01-01-0000' }],
  ['kb_proposal_status', { base: 'alpha' }],
  ['kb_proposal_status', { base: 'alpha', id: 'x', limit: 0 }],
  [
    'kb_propose',
    {
      base: 'alpha',
      type: 'correction',
      concerns: 'ligne un\nligne deux',
      content: 'c',
      sources: ['s'],
      confidence: 'high',
      submitted_by: 'human:t'
    }
  ],
  [
    'kb_propose',
    {
      base: 'alpha',
      type: 'remarque',
      concerns: 'c',
      content: 'c',
      sources: [],
      confidence: 'high',
      submitted_by: 'human:t'
    }
  ],
  ['kb_propose', { base: 'inconnue' }],
  [
    'kb_propose',
    {
      base: 'beta',
      type: 'addition',
      concerns: 'port du serveur bdd-ext',
      content: 'Le serveur bdd-ext écoute sur 5433.',
      sources: ['beta:/env/bdd.md § bdd externe'],
      confidence: 'medium',
      submitted_by: 'claude-code/test'
    }
  ],
  ['kb_list', {}],
  ['kb_inexistant', {}]
]

/** The id of a proposal filed during the run carries today's date and a random suffix. */
const FILED = /^id : (prop-\d{4}-\d{2}-\d{2}-[0-9a-f]{4})$/m

function entry(tool: string, args: Record<string, unknown>, text: string, isError: boolean): string {
  return `=== ${tool} ${JSON.stringify(args)}\nisError: ${isError}\n${text}\n`
}

describe('golden texts of the seven tools', () => {
  let dir: string
  let s: Connected
  const files = new Map<string, string[]>()
  const filed: string[] = []
  const add = (tool: string, block: string): void => {
    const key = tool.startsWith('kb_') && tool !== 'kb_inexistant' ? tool : 'unknown-tool'
    files.set(key, [...(files.get(key) ?? []), block])
  }
  const normalise = (text: string): string =>
    filed.reduce((t, id) => t.split(id).join('prop-<ID-DU-JOUR>'), text)

  beforeAll(async () => {
    dir = tempDir()
    buildHubFixture(dir)
    s = await connect(hubEnv(dir))
    const run = async (tool: string, args: Record<string, unknown>): Promise<void> => {
      if (tool === 'kb_inexistant') {
        // Unknown tool: a JSON-RPC error (-32602), the contract's words as its message, said once
        // (the SDK's client adds its own « MCP error -32602: » in front of what it received).
        const e = await s.client.callTool({ name: tool, arguments: args }).then(
          () => null,
          (err: McpError) => err
        )
        expect(e, 'unknown tool must be a protocol error').toBeInstanceOf(McpError)
        const wire = e!.message.replace(`MCP error ${e!.code}: `, '')
        expect(wire).not.toContain('MCP error')
        add(tool, `=== ${tool} ${JSON.stringify(args)}\nerror: ${e!.code}\n${wire}\n`)
        return
      }
      const r = await s.client.callTool({ name: tool, arguments: args })
      const content = r.content as { type: string; text: string }[]
      // The text is the whole answer: one text item, nothing else in content.
      expect(content.length, `${tool} content items`).toBe(1)
      expect(content[0].type).toBe('text')
      const id = FILED.exec(content[0].text)?.[1]
      if (id && r.isError !== true) filed.push(id)
      add(tool, entry(tool, args, content[0].text, r.isError === true))
    }
    for (const [tool, args] of BEFORE_MUTATIONS) await run(tool, args)
    // Discovery while running: added, then removed, as kb_hub_rescan reports them.
    makeBundle(dir, 'nouvelle', { title: 'Base nouvelle' })
    await run('kb_hub_rescan', {})
    removeDir(join(dir, 'nouvelle'))
    await run('kb_hub_rescan', {})
  })

  afterAll(async () => {
    await s?.close()
    removeDir(dir)
  })

  it('every tool has its golden file, byte for byte', () => {
    expect([...files.keys()].sort()).toEqual([
      'kb_governance',
      'kb_hub_rescan',
      'kb_list',
      'kb_proposal_status',
      'kb_propose',
      'kb_read',
      'kb_search',
      'unknown-tool'
    ])
    if (UPDATE) mkdirSync(GOLDEN_DIR, { recursive: true })
    for (const [tool, blocks] of files) {
      const file = join(GOLDEN_DIR, `${tool}.txt`)
      const actual = normalise(blocks.join('\n'))
      if (UPDATE) writeFileSync(file, actual)
      expect(existsSync(file), `${file} missing (OKF_UPDATE_GOLDEN=1 to create)`).toBe(true)
      const golden = readFileSync(file, 'utf8')
      // Compared block by block first, so a failure names the call whose text moved.
      const goldenBlocks = golden.split(/\n(?==== )/)
      const actualBlocks = actual.split(/\n(?==== )/)
      for (let i = 0; i < Math.max(goldenBlocks.length, actualBlocks.length); i++)
        expect(actualBlocks[i], `${tool} call #${i + 1}`).toBe(goldenBlocks[i])
      expect(Buffer.from(actual).equals(Buffer.from(golden))).toBe(true)
    }
  })
})
