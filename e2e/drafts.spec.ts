import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, GUIDE, test } from './helpers/fixtures'
import type { Agent } from './helpers/mcp'
import { expectAccessible, openApp, snap } from './helpers/page'

// One plan draft per base, however many windows show it: a tab left open follows what another
// tab of the same hub saves, and a change that crossed another window's save (the desktop app and
// `okf-hub ui` are two processes: no event reaches across) is refused with a choice — nothing of
// either is lost without the manager choosing.

async function propose(agent: Agent, concerns: string): Promise<string> {
  return agent.propose({
    base: GUIDE,
    type: 'correction',
    concerns,
    content: `À propos de : ${concerns}.`,
    sources: ['session 9'],
    confidence: 'medium',
    submitted_by: 'claude-code/2.1'
  })
}

interface Draft {
  plan: { summary: string; resolutions: { id: string }[] } | null
  revision: string
}

for (const locale of ['en-US', 'fr-FR'] as const) {
  const fr = locale === 'fr-FR'
  test.describe(`plan drafts across windows (${locale})`, () => {
    test.use({ locale })

    test('a tab left open follows the other tab’s plan; a save that crossed another window’s is refused with a choice', async ({
      page,
      hub,
      agent
    }, info) => {
      const a = await propose(agent, 'Chercher et lire : le mode regex')
      const b = await propose(agent, 'Proposer : un doublon')

      // Tab B opened first, then left on the inventory.
      const tabB = await page.context().newPage()
      await openApp(tabB, hub, `#/base/${GUIDE}/inventory`)
      await expect(tabB.getByTestId(`plan-toggle-${b}`)).toBeVisible({ timeout: 30_000 })
      // Its event stream open: what another tab saves from now on reaches it.
      await expect(tabB.getByTestId('live-status')).toHaveAttribute('data-status', 'live')

      // Tab A puts a in the plan and writes a summary.
      await openApp(page, hub, `#/base/${GUIDE}/inventory`)
      await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live')
      await page.getByTestId(`plan-toggle-${a}`).click()
      await page.getByTestId('plan-link').click()
      await expect(page.getByTestId(`plan-resolution-${a}`)).toBeVisible({ timeout: 30_000 })
      await page.getByTestId('plan-summary').fill('Résumé de l’onglet A')
      await expect(page.getByTestId('draft-state')).toHaveText(fr ? /enregistré/i : /saved/i)

      // Tab B adds b: to A's plan, which it took when A saved — A's work stays.
      await tabB.getByTestId(`plan-toggle-${b}`).click()
      await tabB.getByTestId('plan-link').click()
      await expect(tabB.getByTestId(`plan-resolution-${a}`)).toBeVisible({ timeout: 30_000 })
      await expect(tabB.getByTestId(`plan-resolution-${b}`)).toBeVisible()
      await expect(tabB.getByTestId('plan-summary')).toHaveValue('Résumé de l’onglet A')
      await expect(tabB.getByTestId('draft-state')).toHaveText(fr ? /enregistré/i : /saved/i)
      const both = await hub.api<Draft>('loadDraft', GUIDE)
      expect(both.plan?.resolutions.map((r) => r.id).sort()).toEqual([a, b].sort())
      expect(both.plan?.summary).toBe('Résumé de l’onglet A')
      // And tab A follows tab B in turn.
      await expect(page.getByTestId(`plan-resolution-${b}`)).toBeVisible()

      // The desktop app (another process, no event) saves the draft meanwhile.
      const file = join(hub.userData, 'drafts', `${GUIDE}.json`)
      const desktop = (summary: string): void =>
        writeFileSync(file, JSON.stringify({ ...both.plan, summary }, null, 2) + '\n')
      desktop('Résumé de l’application')
      await tabB.getByTestId('plan-summary').fill('Résumé de l’onglet B')
      const refused = tabB.locator('[data-error-kind="draft-changed"]')
      await expect(refused).toBeVisible()
      await expect(refused).toContainText(
        fr ? 'Ce plan a été modifié dans une autre fenêtre' : 'This plan was changed in another window'
      )
      await expect(tabB.getByTestId('plan-summary')).toHaveValue('Résumé de l’onglet B')
      await snap(tabB, info, `drafts-${fr ? 'fr' : 'en'}-changed-elsewhere`)
      await expectAccessible(tabB, 'plan: draft changed elsewhere')

      // Keep mine: B's copy replaces the other.
      await tabB.getByTestId('draft-keep-mine').click()
      await expect(refused).toHaveCount(0)
      await expect(tabB.getByTestId('draft-state')).toHaveText(fr ? /enregistré/i : /saved/i)
      expect((await hub.api<Draft>('loadDraft', GUIDE)).plan?.summary).toBe('Résumé de l’onglet B')

      // Once more, and this time take the other window's version.
      desktop('Résumé de l’application, encore')
      await tabB.getByTestId('plan-summary').fill('Encore B')
      await expect(refused).toBeVisible()
      await tabB.getByTestId('draft-take-other').click()
      await expect(refused).toHaveCount(0)
      await expect(tabB.getByTestId('plan-summary')).toHaveValue('Résumé de l’application, encore')
      expect((await hub.api<Draft>('loadDraft', GUIDE)).plan?.summary).toBe('Résumé de l’application, encore')
      await tabB.close()
    })
  })
}
