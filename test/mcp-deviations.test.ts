import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LoggingMessageNotificationSchema, McpError } from '@modelcontextprotocol/sdk/types.js'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeBundle, removeDir, tempDir, waitFor } from './helpers/fixtures'
import { connect, hubEnv, type Connected } from './helpers/mcp'

/**
 * The protocol deviations the conformance suite and the Inspector found (issue 26), through the
 * built server and the SDK client over stdio: the logging capability, unknown tool as -32602,
 * error messages said once, undeclared arguments refused.
 */

describe('protocol deviations fixed (real server over stdio)', () => {
  let dir: string
  let s: Connected
  const logged: { level: string; data: string }[] = []

  beforeAll(async () => {
    dir = tempDir()
    makeBundle(dir, 'alpha')
    s = await connect(hubEnv(dir))
    s.client.setNotificationHandler(LoggingMessageNotificationSchema, async (n) => {
      logged.push({ level: n.params.level, data: String(n.params.data) })
    })
  })

  afterAll(async () => {
    await s?.close()
    removeDir(dir)
  })

  it('an unknown tool is a JSON-RPC -32602 error with the contract words, said once', async () => {
    const e = await s.client.callTool({ name: 'kb_inexistant', arguments: {} }).then(
      () => null,
      (err: McpError) => err
    )
    expect(e).toBeInstanceOf(McpError)
    expect(e!.code).toBe(-32602)
    expect(e!.message).toBe('MCP error -32602: NOT_FOUND: outil inconnu : kb_inexistant')
  })

  it('a resource read refusal carries « CODE: message » once, never a doubled MCP error prefix', async () => {
    const e = await s.client.readResource({ uri: 'okf://alpha/absent.md' }).then(
      () => null,
      (err: McpError) => err
    )
    expect(e).toBeInstanceOf(McpError)
    expect(e!.code).toBe(-32002)
    expect(e!.message.startsWith('MCP error -32002: NOT_FOUND: ')).toBe(true)
    expect(e!.message.match(/MCP error/g)).toHaveLength(1)
    const bad = await s.client.readResource({ uri: 'pas-une-uri' }).then(
      () => null,
      (err: McpError) => err
    )
    expect(bad!.code).toBe(-32602)
    expect(bad!.message.match(/MCP error/g)).toHaveLength(1)
  })

  it('a parameter the schema forbids (additionalProperties: false) is INVALID_INPUT, named with the accepted ones', async () => {
    const tools = (await s.client.listTools()).tools
    for (const t of tools) expect(t.inputSchema.additionalProperties, t.name).toBe(false)
    expect(await s.call('kb_search', { base: 'alpha', query: 'x', max_result: 3 })).toEqual({
      isError: true,
      text: "ERROR: INVALID_INPUT: paramètre 'max_result' inconnu (paramètres acceptés : base, query, mode, max_results) ; paramètres reçus : base, query, max_result"
    })
    expect(await s.call('kb_hub_rescan', { force: true })).toEqual({
      isError: true,
      text: "ERROR: INVALID_INPUT: paramètre 'force' inconnu (aucun paramètre accepté) ; paramètres reçus : force"
    })
    // A declared parameter's own fault is still said first, as the contract words it.
    expect((await s.call('kb_read', { bsae: 'alpha' })).text).toBe(
      "ERROR: INVALID_INPUT: paramètre 'base' requis (chaîne non vide) — paramètre 'base' absent ; paramètres reçus : bsae"
    )
  })

  it('logging: declared; nothing sent before setLevel; then the hub log at or above the level, never a body', async () => {
    expect(s.client.getServerCapabilities()?.logging).toEqual({})
    // Before setLevel: an INFO line is written (an UNKNOWN_BASE refusal) but not sent.
    await s.call('kb_read', { base: 'fantome-avant', path: 'x.md' })
    await s.client.setLoggingLevel('warning')
    await s.call('kb_read', { base: 'fantome-info', path: 'x.md' })
    // A WARNING line: an invalid bundle met by the rescan.
    mkdirSync(join(dir, 'casse'))
    writeFileSync(join(dir, 'casse', 'okf-bundle.yaml'), 'name: [non fermé\n')
    await s.call('kb_hub_rescan')
    await waitFor(() => logged.some((l) => l.data.includes('casse')))
    // Sent in order on one stream: had the INFO line been sent, it would be here already.
    expect(logged.every((l) => l.level === 'warning' || l.level === 'error')).toBe(true)
    expect(logged.some((l) => l.data.includes('fantome'))).toBe(false)

    await s.client.setLoggingLevel('info')
    const marker = 'CORPS-SECRET-7f3a'
    const filed = await s.call('kb_propose', {
      base: 'alpha',
      type: 'addition',
      concerns: 'un sujet',
      content: `contenu ${marker}`,
      sources: ['s'],
      confidence: 'high',
      submitted_by: 'human:test'
    })
    expect(filed.isError).toBe(false)
    await waitFor(() => logged.some((l) => l.level === 'info' && l.data.includes('commit ')))
    expect(logged.some((l) => l.data.includes('fantome-avant'))).toBe(false)
    expect(logged.some((l) => l.data.includes(marker))).toBe(false)
  })
})
