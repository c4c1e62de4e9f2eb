import { spawn, type ChildProcess } from 'node:child_process'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import type { ProbeResult, ProbeSpec } from '../engine/registration/check'
import { version } from '../../package.json'

/**
 * The registration check's MCP half (`ServerProbe`): starts a registered command and completes
 * `initialize` + `tools/list` with the SDK's client.
 *
 * The process is spawned here, not by the SDK's `StdioClientTransport`: that one always merges its
 * default environment (HOME, PATH, USER…) under the one given, and the check must see the entry's
 * environment alone — a server that only starts thanks to this process's PATH would start here
 * and fail in the host.
 */

const STDERR_KEPT = 8192

class ChildTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  private readonly buffer = new ReadBuffer()

  constructor(private readonly child: ChildProcess) {}

  async start(): Promise<void> {
    this.child.stdout?.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk)
      for (;;) {
        let msg: JSONRPCMessage | null
        try {
          msg = this.buffer.readMessage()
        } catch (e) {
          this.onerror?.(e as Error)
          continue
        }
        if (msg === null) break
        this.onmessage?.(msg)
      }
    })
    this.child.on('close', () => this.onclose?.())
    return Promise.resolve()
  }

  async send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child.stdin
      if (!stdin || stdin.destroyed) return reject(new Error('entrée standard du serveur fermée'))
      stdin.write(serializeMessage(message), (err) => (err ? reject(err) : resolve()))
    })
  }

  async close(): Promise<void> {
    this.child.stdin?.end()
    return Promise.resolve()
  }
}

export async function probeServer(spec: ProbeSpec): Promise<ProbeResult> {
  let child: ChildProcess
  try {
    child = spawn(spec.command, spec.args, {
      env: spec.env,
      cwd: spec.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      windowsHide: true
    })
  } catch (e) {
    return { ok: false, kind: 'spawn', message: (e as Error).message }
  }
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-STDERR_KEPT)
  })
  child.stdin?.on('error', () => undefined) // EPIPE when it died: reported by 'exit'

  const ended = new Promise<ProbeResult>((resolve) => {
    child.once('error', (e: NodeJS.ErrnoException) =>
      resolve({ ok: false, kind: 'spawn', message: e.code ? `${e.code} : ${e.message}` : e.message })
    )
    child.once('exit', (code, signal) => {
      // Let the last stderr bytes arrive.
      setTimeout(() => resolve({ ok: false, kind: 'exit', code, signal, stderr }), 50)
    })
  })
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<ProbeResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, kind: 'timeout', stderr }), spec.timeoutMs)
  })
  const client = new Client({ name: 'okf-hub-check', version })
  const talk = (async (): Promise<ProbeResult> => {
    try {
      await client.connect(new ChildTransport(child))
      const { tools } = await client.listTools()
      return {
        ok: true,
        serverName: client.getServerVersion()?.name ?? null,
        tools: tools.map((t) => t.name)
      }
    } catch (e) {
      // A connection closed by the process's death is reported by `ended` with its exit code.
      await new Promise((r) => setTimeout(r, 100))
      return { ok: false, kind: 'protocol', message: (e as Error).message, stderr }
    }
  })()
  try {
    return await Promise.race([talk, ended, timedOut])
  } finally {
    clearTimeout(timer)
    await client.close().catch(() => undefined)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill()
      const t = setTimeout(() => child.kill('SIGKILL'), 2000)
      child.once('exit', () => clearTimeout(t))
    }
  }
}
