import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, GUIDE, test } from './helpers/fixtures'
import { expectAccessible, openApp, snap } from './helpers/page'

// Issue 29 §1, through the real MCP server and the real `okf-hub ui`: what an agent searched shows
// in Settings as events counted, the switch stops the recording, and the purge empties the journal
// after a confirmation.

for (const locale of ['en-US', 'fr-FR'] as const) {
  const fr = locale === 'fr-FR'
  const tag = fr ? 'fr' : 'en'

  test.describe(`usage journal (${locale})`, () => {
    test.use({ locale })

    test('shows what agents did, turns off, and purges in one click', async ({ page, hub, agent }, info) => {
      await hub.api('updateSettings', { language: fr ? 'fr' : 'en' })
      await agent.tool('kb_search', { base: GUIDE, query: 'proposition' })
      await agent.tool('kb_search', { base: GUIDE, query: 'introuvable-zzz' })
      await openApp(page, hub, '#/settings')
      const summary = page.getByTestId('settings-journal-summary')
      await expect(summary).toContainText(fr ? '2 événements enregistrés' : '2 events recorded', {
        timeout: 30_000
      })
      await snap(page, info, `${tag}-settings-journal`)
      await expectAccessible(page, 'settings with the usage journal')

      // Off: the agent's next search is not recorded.
      const toggle = page.getByTestId('settings-journal-toggle')
      await expect(toggle).toBeChecked()
      await toggle.click()
      await expect(toggle).not.toBeChecked()
      await agent.tool('kb_search', { base: GUIDE, query: 'lire' })
      await page.reload()
      await expect(summary).toContainText(fr ? '2 événements' : '2 events')
      await expect(page.getByTestId('settings-journal-toggle')).not.toBeChecked()

      // Purge, confirmed: nothing left on disk.
      await page.getByTestId('settings-journal-purge').click()
      const dialog = page.getByTestId('settings-journal-purge-dialog')
      await expect(dialog).toContainText(fr ? '2 événements' : '2 events')
      await expect(dialog).toContainText(fr ? 'Hors sujet pour cette base' : 'Not for this base')
      await snap(page, info, `${tag}-journal-purge-dialog`)
      await page.getByTestId('settings-journal-purge-dialog-confirm').click()
      await expect(summary).toHaveText(fr ? 'Le journal est vide.' : 'The journal is empty.')
      const dir = join(hub.userData, 'journal')
      expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([])
    })
  })
}
