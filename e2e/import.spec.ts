import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, FEEDBACK, test } from './helpers/fixtures'
import { startHub, type Hub } from './helpers/hub'
import { connectAgent } from './helpers/mcp'
import { expectAccessible, openApp, snap } from './helpers/page'
import { BASE, CLAUDE_LINE, GOVERNANCE_LINE, makeRemote, SEARCH_TERM } from './helpers/remote'
import { git, removeDir, tempDir } from '../test/helpers/fixtures'
import { startGitHttpServer, type GitHttpServer } from '../test/helpers/git-http'

// The import wizard, the trash, the new-base form and the AI-apps panel against the real engine:
// a real bundle repository built here, served by git's own smart-HTTP backend on 127.0.0.1, cloned
// by the hub; the base then searched through the real MCP server. Nothing is stubbed.

/** Every phase and object count the progress step showed, recorded in the page as they change. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __progress: string[] }
    w.__progress = []
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid=import-progress]')
      if (!el) return
      const seen = `${el.getAttribute('data-phase')}|${document.querySelector('[data-testid=import-objects]')?.textContent ?? ''}`
      if (w.__progress[w.__progress.length - 1] !== seen) w.__progress.push(seen)
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
  })
}

async function startImport(
  page: Page,
  url: string,
  extra: { token?: string; name?: string } = {}
): Promise<void> {
  await page.getByTestId('import-url').fill(url)
  if (extra.token !== undefined) await page.getByTestId('import-token').fill(extra.token)
  if (extra.name !== undefined) await page.getByTestId('import-name').fill(extra.name)
  await page.getByTestId('import-start').click()
}

/** Entries of the bases dir other than the ones present before (staging and trash included). */
function entriesOf(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).sort() : []
}

test.describe('import wizard', () => {
  let root: string
  let server: GitHttpServer
  test.beforeEach(async () => {
    root = tempDir('okf-e2e-git-')
    makeRemote(root)
    server = await startGitHttpServer(root)
  })
  test.afterEach(async () => {
    await server.close()
    removeDir(root)
  })

  test('clone from a local git server: progress, check, first-use texts, serve, listed and found by kb_search', async ({
    page,
    hub
  }, info) => {
    server.slowMs = 40
    await openApp(page, hub)
    await page.getByTestId('import-link').click()
    await expect(page.getByTestId('import-step-source')).toBeFocused()
    await snap(page, info, 'import-source')
    await expectAccessible(page, 'import source')
    await recordProgress(page)
    await startImport(page, `${server.url}/${BASE}.git`)
    await expect(page.getByTestId('import-step-progress')).toBeVisible()
    await expect(page.getByTestId('import-phase')).toHaveAttribute('aria-live', 'polite')
    await snap(page, info, 'import-progress')

    // Step 3: the validation report.
    await expect(page.getByTestId('import-valid')).toBeVisible({ timeout: 60_000 })
    const seen = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress)
    info.annotations.push({ type: 'progress', description: seen.join(' → ') })
    expect(
      seen.some((s) => /\d/.test(s.split('|')[1] ?? '')),
      `object counts shown: ${seen.join(' → ')}`
    ).toBe(true)
    expect(new Set(seen.map((s) => s.split('|')[0])).size).toBeGreaterThan(1)
    await expect(page.getByTestId('import-facts')).toContainText(BASE)
    await expect(page.getByTestId('import-step-report')).toBeFocused()
    // Not served before the manager reads it.
    expect((await hub.listBases()).includes(BASE)).toBe(false)
    await snap(page, info, 'import-report')
    await expectAccessible(page, 'import report')

    // Step 4: before first use — the three texts, untrusted, and the gate.
    await page.getByTestId('import-continue').click()
    await expect(page.getByTestId('import-step-review')).toBeFocused()
    await expect(page.getByTestId('first-use-manifest-text')).toContainText(`name: ${BASE}`)
    await expect(page.getByTestId('first-use-governance-text')).toContainText(GOVERNANCE_LINE)
    await expect(page.getByTestId('first-use-claude-text')).toContainText(CLAUDE_LINE)
    await expect(page.getByTestId('first-use-explain')).toContainText('§8')
    await page.getByTestId('first-use-claude-raw').click()
    await expect(page.getByTestId('first-use-claude-text')).toContainText('onerror')
    await page.getByTestId('first-use-claude-rendered').click()
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    await expect(page.getByTestId('import-serve')).toBeDisabled()
    await snap(page, info, 'import-first-use')
    await expectAccessible(page, 'import first use')
    await page.getByTestId('first-use-read').check()
    await expect(page.getByTestId('import-serve')).toBeEnabled()
    await page.getByTestId('import-serve').click()

    // Step 5: served, listed, and searchable through the real MCP server.
    await expect(page.getByTestId('import-done')).toBeVisible()
    await snap(page, info, 'import-done')
    await expectAccessible(page, 'import done')
    await page.getByTestId('import-open-base').click()
    await expect(page.getByTestId('tab-inventory')).toBeVisible()
    await page.getByTestId('sidebar-overview').click()
    await expect(page.getByTestId(`base-card-${BASE}`)).toBeVisible()
    expect(git(join(hub.basesDir, BASE), 'log', '--oneline').trim().split('\n')).toHaveLength(2)
    git(join(hub.basesDir, BASE), 'fsck', '--strict')
    const agent = await connectAgent(hub)
    try {
      const r = await agent.tool('kb_search', { base: BASE, query: SEARCH_TERM })
      expect(r.isError, r.text).toBe(false)
      expect(r.text).toContain('styles.md')
    } finally {
      await agent.close()
    }
  })

  test('cancel midway: back to the source with the entries kept, nothing left in the bases dir', async ({
    page,
    hub
  }) => {
    removeDir(root)
    mkdirSync(root, { recursive: true })
    makeRemote(root, BASE, { blobs: 80 })
    server.slowMs = 300
    const before = entriesOf(hub.basesDir)
    await openApp(page, hub, '#/import')
    await startImport(page, `${server.url}/${BASE}.git`, { name: 'zytho-dir' })
    await expect(page.getByTestId('import-step-progress')).toBeVisible()
    // Wait for the clone to be on the wire, then cancel.
    await expect.poll(() => server.requests.length).toBeGreaterThan(1)
    await page.getByTestId('import-cancel').click()
    await expect(page.getByTestId('import-cancelled')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('import-url')).toHaveValue(`${server.url}/${BASE}.git`)
    await expect(page.getByTestId('import-name')).toHaveValue('zytho-dir')
    // The clone unwinds at its next request: long on a loaded machine.
    await expect.poll(() => entriesOf(hub.basesDir), { timeout: 30_000 }).toEqual(before)
    expect(await hub.listBases()).not.toContain(BASE)
  })

  test('a private repository: no token, then a wrong one, says the server wants a token and focuses its field; the right one imports', async ({
    page,
    hub
  }, info) => {
    await server.close()
    server = await startGitHttpServer(root, { token: 'tok-right-1234' })
    const before = entriesOf(hub.basesDir)
    await openApp(page, hub, '#/import')
    await startImport(page, `${server.url}/${BASE}.git`)
    await expect(page.getByTestId('import-refused')).toHaveAttribute('data-kind', 'auth', { timeout: 30_000 })
    await snap(page, info, 'import-refused-auth')
    await expectAccessible(page, 'import refused')
    await page.getByTestId('import-back').click()
    await expect(page.getByTestId('import-token')).toBeFocused()
    await expect(page.getByTestId('import-token-refused')).toBeVisible()
    await page.getByTestId('import-token').fill('tok-wrong-0000')
    await page.getByTestId('import-start').click()
    await expect(page.getByTestId('import-refused')).toHaveAttribute('data-kind', 'auth', { timeout: 30_000 })
    expect(entriesOf(hub.basesDir)).toEqual(before)
    await page.getByTestId('import-back').click()
    await expect(page.getByTestId('import-token')).toBeFocused()
    await page.getByTestId('import-token').fill('tok-right-1234')
    await page.getByTestId('import-start').click()
    await expect(page.getByTestId('import-valid')).toBeVisible({ timeout: 60_000 })
    // Leaving the wizard with a staged import discards it.
    await page.getByTestId('sidebar-overview').click()
    await expect(page.getByTestId('import-leave')).toBeVisible()
    await page.getByTestId('import-leave-confirm').click()
    await expect(page.getByTestId('rescan-button')).toBeVisible()
    // The clone unwinds at its next request: long on a loaded machine.
    await expect.poll(() => entriesOf(hub.basesDir), { timeout: 30_000 }).toEqual(before)
  })

  test('refusals in place: missing branch, not a bundle, name collision', async ({ page, hub }) => {
    git(root, 'init', '-q', '--bare', 'empty-ish.git')
    const plain = tempDir('okf-e2e-plain-')
    writeFileSync(join(plain, 'README.md'), '# Pas une base\n')
    git(plain, 'init', '-q', '-b', 'main')
    git(plain, 'add', '-A')
    git(plain, 'commit', '-qm', 'readme')
    git(root, 'clone', '-q', '--bare', plain, join(root, 'plain.git'))
    removeDir(plain)
    // A second repository whose bundle is named like the feedback base the hub already serves.
    makeRemote(root, 'other', {
      blobs: 0,
      manifest: `bundle-spec: "0.1"\nname: ${FEEDBACK}\ntitle: "Doublon"\ndescription: "Même nom qu'une base servie."\ngovernance:\n  rules: GOVERNANCE.md\n`
    })
    await openApp(page, hub, '#/import')

    await page.getByTestId('import-branch').fill('does-not-exist')
    await startImport(page, `${server.url}/${BASE}.git`)
    await expect(page.getByTestId('import-refused')).toHaveAttribute('data-kind', 'branch', {
      timeout: 30_000
    })
    await page.getByTestId('import-back').click()
    await expect(page.getByTestId('import-branch')).toBeFocused()
    await page.getByTestId('import-branch').fill('')

    await page.getByTestId('import-url').fill(`${server.url}/plain.git`)
    await page.getByTestId('import-start').click()
    await expect(page.getByTestId('import-refused')).toHaveAttribute('data-kind', 'not-bundle', {
      timeout: 30_000
    })
    await page.getByTestId('import-back').click()

    await page.getByTestId('import-url').fill(`${server.url}/other.git`)
    await page.getByTestId('import-start').click()
    await expect(page.getByTestId('import-refused')).toHaveAttribute('data-kind', 'collision', {
      timeout: 30_000
    })
    await expect(page.getByTestId('import-refused')).toContainText(FEEDBACK)

    // « Import a base » in the sidebar, pressed again on the refusal: back to the source, the
    // address kept to correct (it did nothing before).
    await page.getByTestId('sidebar-import').click()
    await expect(page.getByTestId('import-refused')).toHaveCount(0)
    await expect(page.getByTestId('import-url')).toHaveValue(`${server.url}/other.git`)
  })
})

test('new base: the name rule as typed, the engine creates it, it is listed and opens', async ({
  page,
  hub
}, info) => {
  await openApp(page, hub)
  await page.getByTestId('new-base-link').click()
  await page.getByTestId('new-base-title').fill('Manuel du Support')
  await expect(page.getByTestId('new-base-name')).toHaveValue('manuel-du-support')
  await page.getByTestId('new-base-name').fill('Manuel Support')
  await expect(page.getByTestId('new-base-name-problem')).not.toBeEmpty()
  await expect(page.getByTestId('new-base-name')).toHaveAttribute('aria-invalid', 'true')
  await snap(page, info, 'new-base-invalid')
  await expectAccessible(page, 'new base')
  await page.getByTestId('new-base-name').fill('manuel-support')
  await expect(page.getByTestId('new-base-name-problem')).toBeEmpty()
  await page.getByTestId('new-base-description').fill('Les réponses types du support.')
  await page.getByTestId('new-base-create').click()
  await expect(page.getByTestId('tab-inventory')).toBeVisible()
  await expect(page.locator('h1')).toHaveText('Manuel du Support')
  await page.getByTestId('sidebar-overview').click()
  await expect(page.getByTestId('base-card-manuel-support')).toBeVisible()
  expect(git(join(hub.basesDir, 'manuel-support'), 'log', '--oneline').trim().split('\n')).toHaveLength(1)
  // The engine's refusal, in place: the name is taken now.
  await page.goto(`${hub.origin}/#/new`)
  await page.getByTestId('new-base-title').fill('Autre')
  await page.getByTestId('new-base-name').fill('manuel-support')
  await expect(page.getByTestId('new-base-name-problem')).toContainText('manuel-support')
})

test('remove a base to the trash, see it there, restore it', async ({ page, hub }, info) => {
  await openApp(page, hub, `#/base/${FEEDBACK}/inventory`)
  await page.getByTestId('remove-base').click()
  await expect(page.getByTestId('remove-dialog')).toContainText(FEEDBACK)
  await snap(page, info, 'remove-dialog')
  await expectAccessible(page, 'remove dialog')
  await page.getByTestId('remove-dialog-confirm').click()
  await expect(page.getByTestId('removed-notice')).toContainText(FEEDBACK)
  await expect(page.getByTestId(`base-card-${FEEDBACK}`)).toHaveCount(0)
  expect(await hub.listBases()).not.toContain(FEEDBACK)
  await page.getByTestId('sidebar-trash').click()
  await expect(page.getByTestId(`trash-entry-${FEEDBACK}`)).toBeVisible()
  await snap(page, info, 'trash')
  await expectAccessible(page, 'trash')
  await page.getByTestId(`trash-restore-${FEEDBACK}`).click()
  await expect(page.getByTestId('trash-restored')).toBeVisible()
  await expect(page.getByTestId('trash-empty')).toBeVisible()
  expect(await hub.listBases()).toContain(FEEDBACK)
  await page.getByTestId('sidebar-overview').click()
  await expect(page.getByTestId(`base-card-${FEEDBACK}`)).toBeVisible()
})

test.describe('AI apps panel on a temporary HOME', () => {
  let home: string
  let hub: Hub
  test.beforeEach(async () => {
    home = tempDir('okf-e2e-home-')
    const env = {
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      APPDATA: join(home, 'AppData', 'Roaming'),
      LOCALAPPDATA: join(home, 'AppData', 'Local'),
      USERPROFILE: home
    }
    hub = await startHub({ env })
  })
  test.afterEach(async () => {
    await hub.stop()
    removeDir(home)
  })

  test('Claude Desktop unregistered, Register writes the file keeping the rest, the row says registered with its backup; a lost entry raises the banner that repairs it', async ({
    page
  }, info) => {
    const dir = join(home, '.config', 'Claude')
    mkdirSync(dir, { recursive: true })
    const file = join(dir, 'claude_desktop_config.json')
    const original =
      // Strict JSON: Claude Desktop reads it with JSON.parse (a comment would hide every entry).
      '{\n  "mcpServers": {\n    "other": { "command": "other-server" }\n  },\n  "theme": "dark"\n}\n'
    writeFileSync(file, original)

    await openApp(page, hub, '#/hosts')
    const row = page.getByTestId('host-claude-desktop')
    await expect(row).toHaveAttribute('data-status', 'absent')
    await expect(row).toContainText(file)
    await snap(page, info, 'hosts-unregistered')
    await expectAccessible(page, 'hosts')
    await page.getByTestId('host-register-claude-desktop').click()
    await expect(page.getByTestId('host-done-claude-desktop')).toBeVisible()
    // Claude Desktop reads its MCP servers only at start: the success says to restart it (issue 25)
    await expect(page.getByTestId('host-done-claude-desktop')).toContainText(
      'Quittez complètement Claude Desktop'
    )
    await expect(row).toHaveAttribute('data-status', /registered|working/)
    const written = readFileSync(file, 'utf8')
    expect(written).toContain('"okf-hub"')
    expect(written).toContain('"theme": "dark"')
    expect(written).toContain('"other": { "command": "other-server" }')
    const backup = (await page.getByTestId('host-backup-claude-desktop').textContent()) ?? ''
    expect(backup).toContain(hub.userData)
    expect(readFileSync(backup.trim(), 'utf8')).toBe(original)
    await page.getByTestId('host-check-claude-desktop').click()
    await expect(row).toHaveAttribute('data-status', 'working', { timeout: 30_000 })
    await snap(page, info, 'hosts-registered')

    // An update of the host drops our entry: the next start says so and repairs in one click.
    writeFileSync(file, original)
    await page.reload()
    await expect(page.getByTestId('registration-banner')).toContainText('Claude Desktop', { timeout: 30_000 })
    await snap(page, info, 'hosts-banner')
    await expectAccessible(page, 'registration banner')
    await page.getByTestId('banner-repair-claude-desktop').click()
    await expect(page.getByTestId('banner-repaired-claude-desktop')).toBeVisible()
    expect(readFileSync(file, 'utf8')).toContain('"okf-hub"')
  })
})
