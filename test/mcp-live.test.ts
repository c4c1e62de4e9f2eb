import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeBundle, removeDir, tempDir, waitFor } from './helpers/fixtures'
import { afterNextPoll, connect, hubEnv, type Connected, type HubEnv } from './helpers/mcp'

/**
 * Live discovery: the bases dir, the manifests and the rules are followed by stat fingerprint, so
 * a base added, edited or removed while a session runs is served by the next request — without
 * kb_hub_rescan, without kb_list's implicit rescan (these calls avoid kb_list on purpose), without a
 * restart — and the host is told by tools/list_changed and resources/list_changed.
 */

const manifest = (name: string, title: string): string =>
  `bundle-spec: "0.1"\nname: ${name}\ntitle: ${JSON.stringify(title)}\ndescription: "Base vivante."\ngovernance:\n  rules: GOVERNANCE.md\n`

/** A manifest rewrite the fingerprint must see even within the same second: a new file renamed in. */
function rewriteManifest(root: string, text: string): void {
  writeFileSync(join(root, 'okf-bundle.yaml.tmp'), text)
  renameSync(join(root, 'okf-bundle.yaml.tmp'), join(root, 'okf-bundle.yaml'))
}

describe('live discovery over stdio', () => {
  let dir: string
  let h: HubEnv
  let s: Connected

  beforeAll(async () => {
    dir = tempDir()
    makeBundle(dir, 'socle', { files: { 'knowledge/s.md': '# Socle\n\nfondation\n' } })
    h = hubEnv(dir)
    s = await connect(h)
  })

  afterAll(async () => {
    await s?.close()
    removeDir(dir)
  })

  const toolDescription = async (): Promise<string> =>
    (await s.client.listTools()).tools.find((t) => t.name === 'kb_search')!.description ?? ''
  const resourceUris = async (): Promise<string[]> =>
    (await s.client.listResources()).resources.map((r) => r.uri)

  it('a base added while running is served by the next call, with both list_changed notifications', async () => {
    expect(await toolDescription()).not.toContain('vivante')
    const tools0 = s.notifications.listChanged
    const res0 = s.notifications.resourcesListChanged
    makeBundle(dir, 'vivante-dir', {
      name: 'vivante',
      title: 'Base vivante',
      files: { 'knowledge/v.md': '# V\n\nmot-vivant\n' }
    })
    // The very next request: a search over "*" (the served set, no UNKNOWN_BASE to trigger a
    // compensating rescan), no kb_hub_rescan, no kb_list.
    const out = await s.call('kb_search', { base: '*', query: 'mot-vivant' })
    expect(out.isError).toBe(false)
    expect(out.text).toContain("1 résultat(s) dans 'vivante' pour : mot-vivant")
    expect(out.text).toContain('### v.md — V')
    await waitFor(() => s.notifications.listChanged > tools0 && s.notifications.resourcesListChanged > res0)
    expect(await toolDescription()).toContain('- vivante — Base vivante : Base de test vivante.')
    expect(await resourceUris()).toContain('okf://vivante/v.md')
    expect(readFileSync(h.logFile, 'utf8')).toContain('découverte en direct')
  })

  it('a manifest title changed while running shows in the next tools/list, notified', async () => {
    const tools0 = s.notifications.listChanged
    const res0 = s.notifications.resourcesListChanged
    rewriteManifest(join(dir, 'vivante-dir'), manifest('vivante', 'Base vivante renommée'))
    expect(await toolDescription()).toContain('- vivante — Base vivante renommée : Base vivante.')
    await waitFor(() => s.notifications.listChanged > tools0 && s.notifications.resourcesListChanged > res0)
    const gov = (await s.client.listResources()).resources.find(
      (r) => r.uri === 'okf://vivante/GOVERNANCE.md'
    )
    expect(gov?.title).toBe('Gouvernance — Base vivante renommée')
  })

  it('a base removed while running is unknown to the next call, notified', async () => {
    const tools0 = s.notifications.listChanged
    const res0 = s.notifications.resourcesListChanged
    removeDir(join(dir, 'vivante-dir'))
    const out = await s.call('kb_read', { base: 'vivante', path: 'v.md' })
    expect(out).toEqual({
      isError: true,
      text: "ERROR: UNKNOWN_BASE: base 'vivante' inconnue. Bases disponibles : socle"
    })
    await waitFor(() => s.notifications.listChanged > tools0 && s.notifications.resourcesListChanged > res0)
    expect(await toolDescription()).not.toContain('vivante')
    expect((await resourceUris()).some((u) => u.startsWith('okf://vivante/'))).toBe(false)
  })

  it('nothing is notified while the bases stay as they are (documents may change)', async () => {
    // Whatever the previous edits still had to say is said by the next poll, received before its
    // ping: counting starts after it. (A rescan of unchanged bases notifies nothing: listingVersion.)
    await afterNextPoll(s, 'okf://socle/s.md', join(dir, 'socle', 'knowledge', 's.md'))
    const tools0 = s.notifications.listChanged
    const res0 = s.notifications.resourcesListChanged
    writeFileSync(join(dir, 'socle', 'knowledge', 'nouveau.md'), '# Nouveau\n')
    await s.call('kb_read', { base: 'socle', path: 'nouveau.md' })
    await s.client.listTools()
    await afterNextPoll(s, 'okf://socle/s.md', join(dir, 'socle', 'knowledge', 's.md'))
    expect(s.notifications.listChanged).toBe(tools0)
    expect(s.notifications.resourcesListChanged).toBe(res0)
  })

  it('kb_hub_rescan keeps its report: a base discovered live is still « ajoutée » for it', async () => {
    makeBundle(dir, 'tardive', { files: { 'knowledge/t.md': '# T\n' } })
    // Seen live by resources/list first…
    expect(await resourceUris()).toContain('okf://tardive/t.md')
    // …the diagnostic still reports it against its own previous discovery.
    const report = await s.text('kb_hub_rescan')
    expect(report).toMatch(/^ajoutées \(1\) : tardive$/m)
  })
})
