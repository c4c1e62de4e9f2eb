import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { SERVER_JS, assertBuilt, eachLine, hubEnv } from './helpers/mcp'

/** Talks raw newline-delimited JSON-RPC to the server, as a careless client would. */
async function rawSession(
  lines: string[],
  expected: number,
  env: Record<string, string>
): Promise<unknown[]> {
  assertBuilt()
  const child = spawn(process.execPath, [SERVER_JS], { env, cwd: '/', stdio: ['pipe', 'pipe', 'pipe'] })
  const out: unknown[] = []
  // No clock of its own: a server that exits early fails the wait, the test's timeout bounds the rest.
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (out.length < expected) reject(new Error(`the server exited (${code}); got ${JSON.stringify(out)}`))
    })
    eachLine(child.stdout, (line) => {
      out.push(JSON.parse(line))
      if (out.length === expected) {
        child.stdin.end()
        child.on('exit', () => resolve(out))
      }
    })
    for (const l of lines) child.stdin.write(l + '\n')
  })
}

describe('stdio transport', () => {
  it('answers a malformed JSON line with a JSON-RPC parse error, logs it without the payload, and keeps serving', async () => {
    const dir = tempDir()
    makeBundle(dir, 'alpha')
    const h = hubEnv(dir)
    try {
      const init = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }
      }
      const broken =
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"kb_propose","arguments":{"content":"un "guillemet" secret-payload"}}}'
      const after = {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'kb_list', arguments: {} }
      }
      const msgs = (await rawSession(
        [
          JSON.stringify(init),
          '{"jsonrpc":"2.0","method":"notifications/initialized"}',
          broken,
          JSON.stringify(after)
        ],
        3,
        h.env
      )) as { id: unknown; error?: { code: number }; result?: { content: { text: string }[] } }[]
      const parseError = msgs.find((m) => m.error)!
      expect(parseError.id).toBeNull()
      expect(parseError.error!.code).toBe(-32700)
      const list = msgs.find((m) => m.id === 3)!
      expect(list.result!.content[0].text).toContain('## alpha')
      const log = readFileSync(h.logFile, 'utf8')
      expect(log).toContain('transport : message client rejeté avant tout outil')
      expect(log).not.toContain('secret-payload')
    } finally {
      removeDir(dir)
    }
  })

  it('answers a well-formed JSON value that is not JSON-RPC with Invalid Request', async () => {
    const dir = tempDir()
    const h = hubEnv(dir)
    try {
      const msgs = (await rawSession(['{"foo":1}'], 1, h.env)) as { error?: { code: number } }[]
      expect(msgs[0].error!.code).toBe(-32600)
    } finally {
      removeDir(dir)
    }
  })
})
