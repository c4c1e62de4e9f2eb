import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page, TestInfo } from '@playwright/test'
import { expect, FEEDBACK, GUIDE, test } from './helpers/fixtures'
import { startHub } from './helpers/hub'
import type { Agent } from './helpers/mcp'
import { addEditFor, expectAccessible, openApp, snap } from './helpers/page'
import { BASE, makeRemote } from './helpers/remote'
import { commitOutsideHub, importFrom, pushFromElsewhere } from './helpers/sync'
import { removeDir, tempDir } from '../test/helpers/fixtures'
import { startGitHttpServer } from '../test/helpers/git-http'

// Every screen, in both languages and both appearances, full and empty: a screenshot each (look at
// them: test-results/e2e-screens) and an axe scan that tolerates no serious or critical violation.

async function fill(agent: Agent): Promise<string[]> {
  const ids: string[] = []
  ids.push(
    await agent.propose({
      base: GUIDE,
      type: 'correction',
      concerns: 'Chercher et lire : le mode regex',
      content:
        'Le mode regex accepte **les classes** de caractères.\n\n| avant | après |\n|---|---|\n| `r.seau` | `r[ée]seau` |',
      sources: ['https://example.org/ripgrep', 'session 12'],
      confidence: 'high',
      submitted_by: 'claude-code/2.1'
    })
  )
  ids.push(
    await agent.propose({
      base: GUIDE,
      type: 'addition',
      concerns: 'Chercher et lire : le mode regex et les accents',
      content: 'Les accents comptent aussi en regex. Voir [proposer](proposer.md).',
      sources: ['session 13'],
      confidence: 'medium',
      submitted_by: 'cursor/1.2'
    })
  )
  ids.push(
    await agent.propose({
      base: GUIDE,
      type: 'question',
      concerns: 'Proposer : combien de sources au maximum ?',
      content: 'La limite de vingt sources est-elle documentée ?',
      sources: ['session 14'],
      confidence: 'low',
      submitted_by: 'human:bob'
    })
  )
  return ids
}

async function visit(
  page: Page,
  info: TestInfo,
  origin: string,
  name: string,
  hash: string,
  ready: string
): Promise<void> {
  await page.goto(`${origin}/${hash}`)
  await expect((ready.startsWith('[') ? page.locator(ready) : page.getByTestId(ready)).first()).toBeVisible()
  await snap(page, info, name)
  await expectAccessible(page, name)
}

for (const locale of ['fr-FR', 'en-US'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    const tag = `${locale.slice(0, 2)}-${colorScheme}`
    test.describe(tag, () => {
      test.use({ locale, colorScheme })

      test(`every screen, full (${tag})`, async ({ page, hub, agent }, info) => {
        // The longest walk of the suite (every screen, each with an axe scan): about 60 s alone,
        // past the 90 s default beside two other workers on two cores. A budget, not a measure.
        test.setTimeout(240_000)
        const [a, b, c] = await fill(agent)
        await openApp(page, hub)
        const o = hub.origin
        await visit(page, info, o, `${tag}-overview`, '#/', `base-card-${GUIDE}`)
        await page.getByTestId('rescan-button').click()
        await expect(page.getByTestId('rescan-report')).toBeVisible()
        await snap(page, info, `${tag}-overview-rescanned`)
        await visit(page, info, o, `${tag}-inventory`, `#/base/${GUIDE}/inventory`, `proposal-row-${a}`)
        // The subject's reasons in the language shown (the engine words them in French only).
        await expect(page.locator('.inv-group-reason').first()).toContainText(
          locale === 'fr-FR' ? 'concerns proches' : 'similar concerns'
        )
        await expect(page.locator('.inv-group-reason').nth(1)).toContainText(
          locale === 'fr-FR' ? 'touchent le même document' : 'concern the same document'
        )
        // j moves to the first row (proposals of one second are ordered by id), x asks accept or
        // reject, a accepts it into the plan.
        const first = (
          (await page.locator('[data-testid^=proposal-row-]').first().getAttribute('data-testid')) ?? ''
        ).replace('proposal-row-', '')
        await page.keyboard.press('j')
        await page.keyboard.press('x')
        await expect(page.getByTestId('decide-dialog')).toBeVisible()
        await snap(page, info, `${tag}-decide`)
        await expectAccessible(page, 'accept or reject')
        await page.keyboard.press('a')
        await expect(page.getByTestId('decide-dialog')).toBeHidden()
        await expect(page.getByTestId(`plan-toggle-${first}`)).toHaveAttribute('aria-pressed', 'true')
        await page.keyboard.press('?')
        await expect(page.getByTestId('shortcuts-dialog')).toBeVisible()
        await snap(page, info, `${tag}-shortcuts`)
        await expectAccessible(page, 'shortcuts')
        await page.keyboard.press('Escape')
        await visit(
          page,
          info,
          o,
          `${tag}-corpus`,
          `#/base/${GUIDE}/corpus/chercher-et-lire.md`,
          'document-view'
        )
        await visit(page, info, o, `${tag}-governance`, `#/base/${GUIDE}/governance`, 'governance-view')
        await visit(
          page,
          info,
          o,
          `${tag}-history`,
          `#/base/${GUIDE}/history`,
          '[data-testid^=history-entry-]'
        )
        await visit(page, info, o, `${tag}-proposal`, `#/base/${GUIDE}/proposal/${a}`, 'proposal-detail')
        await expect(page.getByTestId('document-view')).toBeVisible()
        await visit(page, info, o, `${tag}-audit`, `#/base/${GUIDE}/proposal/${a}/trail`, 'audit-trail')
        await visit(page, info, o, `${tag}-plan`, `#/base/${GUIDE}/plan`, `plan-resolution-${first}`)
        await addEditFor(page, first)
        await page.getByTestId('edit-path').fill('chercher-et-lire.md')
        await page.getByTestId('edit-mode').selectOption('section')
        await page.getByTestId('edit-section').selectOption({ label: '## Le mode regex' })
        await page.getByTestId('plan-summary').fill('regex')
        await page.getByTestId('plan-reviewer').fill('human:e2e')
        await page.getByTestId('preview-button').click()
        await expect(page.getByTestId('plan-preview')).toBeVisible()
        await page.getByTestId('commit-message').scrollIntoViewIfNeeded()
        await snap(page, info, `${tag}-preview`)
        await expectAccessible(page, 'preview')
        await page.getByTestId('resolve-button').click()
        await expect(page.getByTestId('resolve-result')).toBeVisible()
        await page.getByTestId('resolve-result').scrollIntoViewIfNeeded()
        await snap(page, info, `${tag}-resolved`)
        await expectAccessible(page, 'resolved')
        await visit(page, info, o, `${tag}-settings`, '#/settings', 'settings-reviewer')
        void b
        void c
      })

      test(`import wizard, new base, trash, AI apps (${tag})`, async ({ page, hub }, info) => {
        // Two clones, a new base and eight screens with their accessibility scans: about 60 s alone,
        // past 90 s beside two other workers on two cores (it timed out on the hosts screen).
        test.setTimeout(180_000)
        const root = tempDir('okf-e2e-git-')
        makeRemote(root, BASE, { blobs: 2 })
        const server = await startGitHttpServer(root)
        try {
          await openApp(page, hub)
          const o = hub.origin
          await visit(page, info, o, `${tag}-import-source`, '#/import', 'import-step-source')
          await page.getByTestId('import-url').fill(`${server.url}/${BASE}.git`)
          await page.getByTestId('import-start').click()
          await expect(page.getByTestId('import-valid')).toBeVisible({ timeout: 60_000 })
          await snap(page, info, `${tag}-import-report`)
          await expectAccessible(page, 'import report')
          await page.getByTestId('import-continue').click()
          await expect(page.getByTestId('first-use-claude-text')).toBeVisible()
          await snap(page, info, `${tag}-import-first-use`)
          await expectAccessible(page, 'import first use')
          await page.getByTestId('first-use-read').check()
          await page.getByTestId('import-serve').click()
          await expect(page.getByTestId('import-done')).toBeVisible()
          await snap(page, info, `${tag}-import-done`)
          await expectAccessible(page, 'import done')
          await page.getByTestId('import-another').click()
          await page.getByTestId('import-url').fill(`${server.url}/missing.git`)
          await page.getByTestId('import-start').click()
          await expect(page.getByTestId('import-refused')).toBeVisible({ timeout: 60_000 })
          await snap(page, info, `${tag}-import-refused`)
          await expectAccessible(page, 'import refused')
          await visit(page, info, o, `${tag}-new-base`, '#/new', 'new-base-form')
          await visit(page, info, o, `${tag}-hosts`, '#/hosts', 'host-claude-desktop')
          await page.goto(`${o}/#/base/${GUIDE}/inventory`)
          await page.getByTestId('remove-base').click()
          await expect(page.getByTestId('remove-dialog')).toBeVisible()
          await snap(page, info, `${tag}-remove-dialog`)
          await expectAccessible(page, 'remove dialog')
          await page.getByTestId('remove-dialog-confirm').click()
          await expect(page.getByTestId('removed-notice')).toBeVisible()
          await snap(page, info, `${tag}-overview-removed`)
          await expectAccessible(page, 'overview after a removal')
          await visit(page, info, o, `${tag}-trash`, '#/trash', `trash-entry-${GUIDE}`)
        } finally {
          await server.close()
          removeDir(root)
        }
      })

      test(`team sync: badges, diverged, token form (${tag})`, async ({ page, hub }, info) => {
        const root = tempDir('okf-e2e-git-')
        const bare = makeRemote(root, BASE, { blobs: 2 })
        makeRemote(root, 'brasserie', { blobs: 1 })
        const server = await startGitHttpServer(root)
        const locked = await startGitHttpServer(root, { token: 'jeton-ecrans' })
        try {
          await importFrom(hub, `${server.url}/${BASE}.git`)
          await importFrom(hub, `${locked.url}/brasserie.git`, 'jeton-ecrans')
          const o = hub.origin
          await openApp(page, hub)
          await expect(page.getByTestId(`sync-badge-${BASE}`)).toHaveAttribute('data-state', 'up-to-date')
          // The diverged base: a commit made here outside the hub, the same file changed on the remote.
          commitOutsideHub(join(hub.basesDir, BASE), 'knowledge/styles.md', '# Styles\n\nÉcrit ici.\n', 'ici')
          pushFromElsewhere(bare, 'knowledge/styles.md', '# Styles\n\nÉcrit ailleurs.\n', 'ailleurs')
          await page.goto(`${o}/#/base/${BASE}/inventory`)
          await page.getByTestId('push-button').click()
          await expect(page.getByTestId('sync-diverged')).toBeVisible()
          await snap(page, info, `${tag}-sync-diverged`)
          await expectAccessible(page, 'sync diverged')
          await page.goto(`${o}/#/base/brasserie/inventory`)
          await page.getByTestId('sync-button').click()
          await expect(page.getByTestId('sync-auth')).toBeVisible()
          await snap(page, info, `${tag}-sync-auth`)
          await expectAccessible(page, 'sync token form')
          await page.getByTestId('sync-token').fill('jeton-ecrans')
          await page.getByTestId('sync-token-save').click()
          await expect(page.getByTestId('sync-result')).toBeVisible()
          await snap(page, info, `${tag}-sync-done`)
          await expectAccessible(page, 'sync done')
          await visit(page, info, o, `${tag}-overview-sync`, '#/', `sync-badge-brasserie`)
        } finally {
          await server.close()
          await locked.close()
          removeDir(root)
        }
      })

      test(`empty states (${tag})`, async ({ page, hub }, info) => {
        await openApp(page, hub)
        await visit(page, info, hub.origin, `${tag}-trash-empty`, '#/trash', 'trash-empty')
        await visit(
          page,
          info,
          hub.origin,
          `${tag}-inventory-empty`,
          `#/base/${FEEDBACK}/inventory`,
          'inventory-empty'
        )
        await visit(page, info, hub.origin, `${tag}-plan-empty`, `#/base/${FEEDBACK}/plan`, 'plan-empty')
        await visit(
          page,
          info,
          hub.origin,
          `${tag}-corpus-none-chosen`,
          `#/base/${FEEDBACK}/corpus`,
          `corpus-node-index.md`
        )
        const empty = await startHub({ defaultBases: false })
        try {
          await openApp(page, empty)
          await visit(page, info, empty.origin, `${tag}-overview-empty`, '#/', 'bases-empty')
        } finally {
          await empty.stop()
        }
      })
    })
  }
}

test('a base’s name is never broken across lines in its header (it broke as « react- / fr » beside a long sync line)', async ({
  page,
  hub
}) => {
  await openApp(page, hub, `#/base/${GUIDE}/inventory`)
  const name = page.locator('.base-heading .muted > code')
  await expect(name).toHaveText(GUIDE)
  // Breaking needs a hyphenated name beside a sync explanation long enough to squeeze it: what
  // prevents it is asserted, as the browser computes it.
  expect(await name.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap')
  expect(await name.evaluate((el) => getComputedStyle(el).flexShrink)).toBe('0')
})

test('two documents of a folder under one title show their file names in the corpus tree', async ({
  page,
  hub
}, info) => {
  const corpus = join(hub.basesDir, GUIDE, 'knowledge')
  writeFileSync(join(corpus, 'faq-2025.md'), '# Questions fréquentes\n\nVersion 2025.\n')
  writeFileSync(join(corpus, 'faq-2026.md'), '# Questions fréquentes\n\nVersion 2026.\n')
  await openApp(page, hub, `#/base/${GUIDE}/corpus`)
  await expect(page.getByTestId('corpus-node-name-faq-2025.md')).toHaveText('faq-2025.md')
  await expect(page.getByTestId('corpus-node-name-faq-2026.md')).toHaveText('faq-2026.md')
  // A title of its own needs no file name beside it.
  await expect(page.getByTestId('corpus-node-name-proposer.md')).toHaveCount(0)
  await snap(page, info, 'corpus-same-titles')
})
