import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, GUIDE, test } from './helpers/fixtures'
import { expectAccessible, openApp, snap } from './helpers/page'

// Issue 25 §8, against the real `okf-hub ui` on a fresh installation (the two shipped bases only):
// the overview lists three first steps, each a link to its screen, each ticked by what the manager
// actually did; put away in one click and brought back from the settings.

for (const locale of ['en-US', 'fr-FR'] as const) {
  const fr = locale === 'fr-FR'
  const tag = fr ? 'fr' : 'en'

  test.describe(`first steps (${locale})`, () => {
    test.use({ locale })

    test('a fresh install says what to do next, and each step ticks itself when done', async ({
      page,
      hub,
      agent
    }, info) => {
      await hub.api('updateSettings', { language: fr ? 'fr' : 'en' })
      await openApp(page, hub)
      const steps = page.getByTestId('first-steps')
      await expect(steps).toContainText(fr ? '0 sur 3 faits' : '0 of 3 done', { timeout: 30_000 })
      for (const id of ['ai-app', 'base', 'review'])
        await expect(page.getByTestId(`first-step-${id}`)).toHaveAttribute('data-done', 'false')
      await snap(page, info, `${tag}-first-steps`)
      await expectAccessible(page, 'first steps')

      // Each step is a link to its screen.
      await page
        .getByTestId('first-step-ai-app')
        .getByRole('link', { name: fr ? 'Connecter une application d’IA' : 'Connect an AI app' })
        .click()
      await expect(page).toHaveURL(/#\/hosts$/)
      // Claude Code is "installed" in this hub's own home; registered from its screen.
      mkdirSync(join(hub.userData, 'home', '.claude'), { recursive: true })
      await page.reload()
      await page.getByTestId('host-register-claude-code').click()
      await expect(page.getByTestId('host-done-claude-code')).toBeVisible()

      await openApp(page, hub)
      await expect(page.getByTestId('first-step-ai-app')).toHaveAttribute('data-done', 'true')
      await page
        .getByTestId('first-step-base')
        .getByRole('link', { name: fr ? 'Importer une base' : 'Import a base' })
        .click()
      await expect(page).toHaveURL(/#\/import$/)
      await hub.api('newBase', {
        name: 'support-n2',
        title: 'Support N2',
        description: 'Procédures.',
        language: tag
      })

      // An agent files a proposal in the guide: the review step points at it.
      const id = await agent.propose({
        base: GUIDE,
        type: 'correction',
        concerns: 'Chercher et lire : la séquence',
        content: 'Précision.',
        sources: ['session 9'],
        confidence: 'medium',
        submitted_by: 'claude-code/2.1'
      })
      await openApp(page, hub)
      await expect(steps).toContainText(fr ? '2 sur 3 faits' : '2 of 3 done')
      await expect(page.getByTestId('first-step-review')).toContainText(GUIDE)
      await snap(page, info, `${tag}-first-steps-two-done`)
      await page
        .getByTestId('first-step-review')
        .getByRole('link', { name: fr ? 'Examiner la première proposition' : 'Review the first proposal' })
        .click()
      await expect(page).toHaveURL(new RegExp(`#/base/${GUIDE}/inventory$`))
      await expect(page.getByTestId(`proposal-row-${id}`)).toBeVisible()

      // Put away: gone, and remembered; brought back from the settings.
      await openApp(page, hub)
      await page.getByTestId('first-steps-hide').click()
      await expect(steps).toHaveCount(0)
      await page.reload()
      await expect(page.getByTestId('bases-empty').or(page.locator('.card-grid'))).toBeVisible()
      await expect(steps).toHaveCount(0)
      await openApp(page, hub, '#/settings')
      await expect(page.getByTestId('settings-first-steps')).not.toBeChecked()
      await page.getByTestId('settings-first-steps').click()
      await expect(page.getByTestId('settings-first-steps')).toBeChecked()
      await openApp(page, hub)
      await expect(steps).toContainText(fr ? '2 sur 3 faits' : '2 of 3 done')
    })
  })
}
