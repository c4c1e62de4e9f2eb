import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { makeBundle, removeDir, tempDir, waitFor } from './helpers/fixtures'
import { buildHubFixture } from './helpers/hub-fixture'
import { afterNextPoll, connect, hubEnv, type Connected } from './helpers/mcp'

/** A document no test reads: replaced to learn that a poll has run (afterNextPoll). */
const CONTROL_URI = 'okf://enorme/lot-2/doc-249.md'

/** Documents as resources over stdio: listing (bounded, paginated), template, completion, reads, refusals, subscriptions. */

describe('MCP resources over stdio', () => {
  let dir: string
  let s: Connected

  beforeAll(async () => {
    dir = tempDir()
    buildHubFixture(dir)
    makeBundle(dir, 'enorme', {
      git: false,
      files: Object.fromEntries(
        Array.from({ length: 250 }, (_, i) => [
          `knowledge/lot-${Math.floor(i / 100)}/doc-${String(i).padStart(3, '0')}.md`,
          `# Doc ${i}\n`
        ])
      )
    })
    s = await connect(hubEnv(dir))
  })

  afterAll(async () => {
    await s?.close()
    removeDir(dir)
  })

  /** Every page, following nextCursor. */
  async function listAll(): Promise<{ uris: string[]; pages: number; meta: Record<string, unknown> }> {
    const uris: string[] = []
    let cursor: string | undefined
    let pages = 0
    let meta: Record<string, unknown>
    do {
      const r = await s.client.listResources(cursor === undefined ? {} : { cursor })
      pages++
      expect(r.resources.length).toBeLessThanOrEqual(100)
      uris.push(...r.resources.map((x) => x.uri))
      meta = r._meta ?? {}
      cursor = r.nextCursor
    } while (cursor !== undefined && pages < 20)
    return { uris, pages, meta }
  }

  it('the server announces resources with subscribe and listChanged, prompts and completions', () => {
    const caps = s.client.getServerCapabilities()!
    expect(caps.resources).toEqual({ subscribe: true, listChanged: true })
    expect(caps.prompts).toEqual({})
    expect(caps.completions).toEqual({})
    expect(caps.tools).toEqual({ listChanged: true })
  })

  it('resources/list: bundle files and documents per base, 200 documents per base at most, paginated', async () => {
    const { uris, pages, meta } = await listAll()
    expect(pages).toBeGreaterThan(2)
    expect(new Set(uris).size).toBe(uris.length)
    expect(uris).toContain('okf://alpha/GOVERNANCE.md')
    expect(uris).toContain('okf://alpha/okf-bundle.yaml')
    expect(uris).toContain('okf://alpha/schema.yaml')
    expect(uris).not.toContain('okf://beta/schema.yaml')
    expect(uris).toContain('okf://alpha/sso.md')
    expect(uris).toContain('okf://alpha/procedures/reseau.md')
    expect(uris).toContain('okf://beta/env/bdd.md')
    // Never a non-document, an excluded name, a link out, something under proposals/.
    for (const bad of ['notes.txt', 'CLAUDE.md', 'fuite.md', 'proposals/p.md'])
      expect(uris).not.toContain(`okf://alpha/${bad}`)
    const enorme = uris.filter((u) => u.startsWith('okf://enorme/lot-'))
    expect(enorme).toHaveLength(200)
    expect(enorme[0]).toBe('okf://enorme/lot-0/doc-000.md')
    expect(meta['okf-hub/bases']).toContainEqual({ base: 'enorme', documents: 250, listed: 200 })
    expect(meta['okf-hub/bases']).toContainEqual({ base: 'alpha', documents: 12, listed: 12 })
    const first = await s.client.listResources()
    const manifest =
      first.resources.find((r) => r.uri === 'okf://enorme/okf-bundle.yaml') ??
      (await (async () => {
        for (let c = first.nextCursor; c;) {
          const p = await s.client.listResources({ cursor: c })
          const m = p.resources.find((r) => r.uri === 'okf://enorme/okf-bundle.yaml')
          if (m) return m
          c = p.nextCursor
        }
        return undefined
      })())
    expect(manifest?.description).toContain(
      '250 document(s) dans le corpus ; 200 listé(s) ici, les 50 autre(s) se lisent par le modèle okf://{base}/{+path}'
    )
    const doc = first.resources.find((r) => r.uri === 'okf://alpha/sso.md')!
    expect(doc).toMatchObject({ name: 'alpha:/sso.md', mimeType: 'text/markdown' })
  })

  it('an unreadable cursor is InvalidParams', async () => {
    await expect(s.client.listResources({ cursor: 'pas-un-curseur' })).rejects.toMatchObject({ code: -32602 })
  })

  it('resources/templates/list: okf://{base}/{+path}', async () => {
    const { resourceTemplates } = await s.client.listResourceTemplates()
    expect(resourceTemplates).toHaveLength(1)
    expect(resourceTemplates[0]).toMatchObject({
      uriTemplate: 'okf://{base}/{+path}',
      mimeType: 'text/markdown'
    })
  })

  const complete = async (name: string, value: string, context?: Record<string, string>) =>
    (
      await s.client.complete({
        ref: { type: 'ref/resource', uri: 'okf://{base}/{+path}' },
        argument: { name, value },
        ...(context ? { context: { arguments: context } } : {})
      })
    ).completion

  it('completion: base names by prefix', async () => {
    expect((await complete('base', '')).values).toEqual(['alpha', 'beta', 'enorme', 'phoenix', 'volumineux'])
    expect((await complete('base', 'v')).values).toEqual(['volumineux'])
    expect((await complete('base', 'zz')).values).toEqual([])
  })

  it('completion: paths by prefix within the base named in context, bounded at 100', async () => {
    expect((await complete('path', 'proc', { base: 'alpha' })).values).toEqual([
      'procedures/reseau.md',
      'procedures/vpn.md'
    ])
    expect((await complete('path', 'G', { base: 'alpha' })).values).toEqual(['gros.md', 'GOVERNANCE.md'])
    expect((await complete('path', 'fuite', { base: 'alpha' })).values).toEqual([])
    const many = await complete('path', 'lot-', { base: 'enorme' })
    expect(many.values).toHaveLength(100)
    expect(many.hasMore).toBe(true)
    expect((await complete('path', 'lot-2/', { base: 'enorme' })).values).toHaveLength(50)
    // No base, an unknown base: nothing, never an error that would confirm what exists.
    expect((await complete('path', 'sso')).values).toEqual([])
    expect((await complete('path', 'sso', { base: 'inconnue' })).values).toEqual([])
  })

  it('resources/read: a document as markdown, byte for byte', async () => {
    const r = await s.client.readResource({ uri: 'okf://alpha/sso.md' })
    expect(r.contents).toEqual([
      {
        uri: 'okf://alpha/sso.md',
        mimeType: 'text/markdown',
        text: readFileSync(join(dir, 'alpha', 'knowledge', 'sso.md'), 'utf8')
      }
    ])
    const nested = await s.client.readResource({ uri: 'okf://beta/env/bdd.md' })
    expect((nested.contents[0] as { text: string }).text).toBe('# BDD externe\n\nserveur bdd-ext\n')
  })

  it('resources/read: the rules, the manifest and the schema', async () => {
    const gov = await s.client.readResource({ uri: 'okf://beta/GOVERNANCE.md' })
    expect(gov.contents[0]).toMatchObject({
      mimeType: 'text/markdown',
      text: expect.stringContaining('# Règles Beta')
    })
    const man = await s.client.readResource({ uri: 'okf://beta/okf-bundle.yaml' })
    expect(man.contents[0]).toMatchObject({
      mimeType: 'application/yaml',
      text: readFileSync(join(dir, 'clone-renomme', 'okf-bundle.yaml'), 'utf8')
    })
    const schema = await s.client.readResource({ uri: 'okf://alpha/schema.yaml' })
    expect((schema.contents[0] as { text: string }).text).toContain('last-verified')
  })

  it.each([
    [
      'okf://alpha/../clone-renomme/GOVERNANCE.md',
      -32002,
      "NOT_FOUND: chemin '../clone-renomme/GOVERNANCE.md' hors du corpus de la base 'alpha'"
    ],
    ['okf://alpha/%2E%2E/%2E%2E/etc/passwd', -32002, 'hors du corpus'],
    ['okf://alpha/%2Fetc%2Fpasswd', -32002, 'NOT_FOUND: chemin absolu refusé'],
    ['okf://alpha/fuite.md', -32002, "NOT_FOUND: chemin 'fuite.md' hors du corpus de la base 'alpha'"],
    [
      'okf://alpha/notes.txt',
      -32002,
      "NOT_FOUND: 'notes.txt' n'est pas un document du corpus de la base 'alpha'"
    ],
    ['okf://alpha/CLAUDE.md', -32002, "NOT_FOUND: chemin 'CLAUDE.md' exclu du corpus"],
    ['okf://alpha/proposals/p.md', -32002, 'NOT_FOUND: chemin'],
    ['okf://alpha/source.xml.md', -32002, 'ce chemin existe à la racine du bundle'],
    ['okf://alpha/absent.md', -32002, "NOT_FOUND: document 'absent.md' introuvable dans la base 'alpha'"],
    ['okf://beta/schema.yaml', -32002, "NOT_FOUND: la base 'beta' ne déclare pas de schema.yaml"],
    [
      'okf://inconnue/x.md',
      -32002,
      "UNKNOWN_BASE: base 'inconnue' inconnue. Bases disponibles : alpha, beta, enorme, phoenix, volumineux"
    ],
    ['file:///etc/passwd', -32602, 'URI de ressource invalide'],
    ['okf://alpha', -32602, 'URI de ressource invalide'],
    ['okf://alpha/sso.md?x=1', -32602, 'URI de ressource invalide'],
    ['okf://alpha/%E0%A4%A', -32602, 'encodage pour-cent illisible']
  ])('refuses %s', async (uri, code, message) => {
    const e = await s.client.readResource({ uri }).then(
      () => null,
      (err: unknown) => err
    )
    expect(e).toBeInstanceOf(McpError)
    expect((e as McpError).code).toBe(code)
    expect((e as McpError).message).toContain(message)
    expect((e as McpError).message).not.toContain('ne doit jamais sortir')
  })

  it('subscribe: notifications/resources/updated when the document changes on disk, none after unsubscribe', async () => {
    const uri = 'okf://alpha/procedures/vpn.md'
    const file = join(dir, 'alpha', 'knowledge', 'procedures', 'vpn.md')
    await s.client.subscribeResource({ uri })
    const before = s.notifications.updated.length
    await afterNextPoll(s, CONTROL_URI, join(dir, 'enorme', 'knowledge', 'lot-2', 'doc-249.md'))
    expect(s.notifications.updated.slice(before).filter((u) => u === uri)).toEqual([]) // nothing moved, nothing said
    writeFileSync(file, '# VPN\n\nnouvelle procédure.\n')
    await waitFor(() => s.notifications.updated.slice(before).includes(uri))
    expect(s.notifications.updated.slice(before).filter((u) => u !== CONTROL_URI)).toEqual([uri])
    const r = await s.client.readResource({ uri })
    expect((r.contents[0] as { text: string }).text).toBe('# VPN\n\nnouvelle procédure.\n')
    // An atomic replacement (new inode) is a change too.
    writeFileSync(`${file}.tmp`, '# VPN\n\nremplacée.\n')
    renameSync(`${file}.tmp`, file)
    await waitFor(() => s.notifications.updated.slice(before).filter((u) => u === uri).length > 1)
    await s.client.unsubscribeResource({ uri })
    const after = s.notifications.updated.length
    writeFileSync(file, '# VPN\n\nencore.\n')
    await afterNextPoll(s, CONTROL_URI, join(dir, 'enorme', 'knowledge', 'lot-2', 'doc-249.md'))
    expect(s.notifications.updated.slice(after).filter((u) => u === uri)).toEqual([])
  })

  it('subscribe: refused for what a read refuses, and bounded per session', async () => {
    await expect(s.client.subscribeResource({ uri: 'okf://alpha/fuite.md' })).rejects.toMatchObject({
      code: -32002
    })
    const uris = Array.from(
      { length: 64 },
      (_, i) => `okf://enorme/lot-0/doc-${String(i).padStart(3, '0')}.md`
    )
    for (const uri of uris) await s.client.subscribeResource({ uri })
    await expect(s.client.subscribeResource({ uri: 'okf://enorme/lot-0/doc-099.md' })).rejects.toThrow(
      /trop d'abonnements \(64 au plus par session\)/
    )
    // Subscribing again to a held one is not a new subscription.
    await s.client.subscribeResource({ uri: uris[0] })
    for (const uri of uris) await s.client.unsubscribeResource({ uri })
    await s.client.subscribeResource({ uri: 'okf://enorme/lot-0/doc-099.md' })
  })
})
