import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { ROOT, assertBuilt } from './helpers/mcp'
import { HUB_API_METHODS, IPC_EVENT_CHANNEL, ipcChannel } from '../src/shared/hub-api'
import { isExternalWebLink, parseWindowState, secureWebPreferences } from '../src/main/window-options'

// What the desktop renderer can reach: the built preload is run against a recording fake of
// Electron's API (the binary cannot run here), so the test holds the real bundle, not its source.

interface Exposed {
  key: string
  value: Record<string, unknown>
}

function loadPreload(): {
  exposed: Exposed[]
  invoked: unknown[][]
  required: string[]
  listeners: Map<string, unknown>
} {
  assertBuilt()
  const code = readFileSync(join(ROOT, 'out/preload/index.js'), 'utf8')
  const exposed: Exposed[] = []
  const invoked: unknown[][] = []
  const required: string[] = []
  const listeners = new Map<string, unknown>()
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, value: Record<string, unknown>) => exposed.push({ key, value })
    },
    ipcRenderer: {
      invoke: (...args: unknown[]) => {
        invoked.push(args)
        return Promise.resolve(
          args[0] === ipcChannel('info')
            ? { result: { product: 'OKF Hub' } }
            : { error: { code: 'NOT_FOUND', message: 'x' } }
        )
      },
      on: (channel: string, fn: unknown) => listeners.set(channel, fn),
      removeListener: (channel: string) => listeners.delete(channel)
    }
  }
  const module = { exports: {} }
  runInNewContext(code, {
    require: (name: string) => {
      required.push(name)
      if (name === 'electron') return electron
      throw new Error(`the sandboxed preload may not require ${name}`)
    },
    module,
    exports: module.exports,
    Promise
  })
  return { exposed, invoked, required, listeners }
}

describe('preload', () => {
  it('exposes exactly the HubApi and its event stream, nothing of Node or Electron', async () => {
    const { exposed, invoked, required } = loadPreload()
    expect(required).toEqual(['electron'])
    expect(exposed.map((e) => e.key)).toEqual(['okfHub'])
    const api = exposed[0].value
    expect(Object.keys(api).sort()).toEqual([...HUB_API_METHODS, 'subscribe'].sort())
    for (const v of Object.values(api)) expect(typeof v).toBe('function')
    // No door to ipcRenderer, require, process or the file system hangs off the bridge.
    for (const forbidden of ['ipcRenderer', 'require', 'process', 'send', 'invoke', 'on', 'fs'])
      expect(api).not.toHaveProperty(forbidden)

    await expect((api.info as () => Promise<unknown>)()).resolves.toEqual({ product: 'OKF Hub' })
    await expect((api.corpusTree as (b: string) => Promise<unknown>)('alpha')).rejects.toEqual({
      code: 'NOT_FOUND',
      message: 'x'
    })
    expect(invoked).toEqual([[ipcChannel('info')], [ipcChannel('corpusTree'), 'alpha']])
  })

  it('listens to the one event channel from the start, and hands what no one heard to the next subscriber', () => {
    const { exposed, listeners } = loadPreload()
    const subscribe = exposed[0].value.subscribe as (l: (e: unknown) => void) => () => void
    const handler = listeners.get(IPC_EVENT_CHANNEL) as (ev: unknown, e: unknown) => void
    expect(handler).toBeTypeOf('function')
    // Sent before the page subscribed (a change between its first requests and its subscription):
    // kept, the latest per kind and base.
    handler({ sender: 'ipc internals' }, { type: 'head-changed', base: 'alpha', head: 'a1' })
    handler({ sender: 'ipc internals' }, { type: 'proposals-changed', base: 'alpha' })
    handler({ sender: 'ipc internals' }, { type: 'head-changed', base: 'alpha', head: 'a2' })
    const got: unknown[] = []
    const stop = subscribe((e) => got.push(e))
    expect(got).toEqual([
      { type: 'proposals-changed', base: 'alpha' },
      { type: 'head-changed', base: 'alpha', head: 'a2' }
    ])
    handler({ sender: 'ipc internals' }, { type: 'bases-changed' })
    // the IPC event object never reaches the page
    expect(got.at(-1)).toEqual({ type: 'bases-changed' })
    stop()
    handler({ sender: 'ipc internals' }, { type: 'proposals-changed', base: 'beta' })
    expect(got).toHaveLength(3)
    const again: unknown[] = []
    subscribe((e) => again.push(e))
    expect(again).toEqual([{ type: 'proposals-changed', base: 'beta' }])
  })
})

describe('desktop window', () => {
  it('runs the renderer sandboxed, isolated, without Node', () => {
    expect(secureWebPreferences('/app/out/preload')).toEqual({
      preload: join('/app/out/preload', 'index.js'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false
    })
    const main = readFileSync(join(ROOT, 'out/main/index.js'), 'utf8')
    expect(main).toContain('secureWebPreferences')
    expect(main).toContain('setWindowOpenHandler')
    expect(main).toContain('will-navigate')
  })

  it('opens only web links in the system browser', () => {
    expect(isExternalWebLink('https://example.org/a')).toBe(true)
    for (const u of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'okf://x', 'not a url'])
      expect(isExternalWebLink(u)).toBe(false)
  })

  it('remembers a sane window state and falls back otherwise', () => {
    expect(parseWindowState('{"x":10,"y":20,"width":900,"height":700,"maximized":true}')).toEqual({
      x: 10,
      y: 20,
      width: 900,
      height: 700,
      maximized: true
    })
    expect(parseWindowState('{"width":10,"height":10}').width).toBe(1280)
    expect(parseWindowState('not json').height).toBe(820)
    expect(parseWindowState(null).maximized).toBe(false)
  })
})
