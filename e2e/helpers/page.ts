import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './hub'

/** Screenshots of every screen, kept with the test results (look at them). */
export const SCREENS_DIR = join(ROOT, 'test-results/e2e-screens')

export async function snap(page: Page, info: TestInfo, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true })
  // Settled by events, not a pause: fonts loaded, and CSS transitions and animations finished
  // by Playwright itself (`animations: 'disabled'` fast-forwards them) before the picture.
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  const path = join(SCREENS_DIR, `${name}.png`)
  await page.screenshot({ path, animations: 'disabled' })
  await info.attach(name, { path, contentType: 'image/png' })
}

/** An axe scan: no serious or critical violation. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const r = await new AxeBuilder({ page }).analyze()
  const bad = r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`
    )
  expect(bad, `accessibility of ${where}`).toEqual([])
}

/** The app's own path (hash route) on the hub's origin, once the token cookie is set. */
export async function openApp(page: Page, hub: { url: string; origin: string }, hash = '#/'): Promise<void> {
  await page.goto(hub.url)
  if (hash !== '#/') await page.goto(`${hub.origin}/${hash}`)
}

/**
 * Presses a plan card's « edit a document for it » once the card has its proposal. The card grows
 * when the inventory answers (badges, suggested documents: ~36 px), and a button that moves between
 * the pointer's down and up is pressed but never clicked — which, with both cores busy, happened.
 */
export async function addEditFor(page: Page, id: string): Promise<void> {
  await expect(page.getByTestId(`plan-resolution-${id}`)).not.toHaveAttribute('aria-busy', 'true')
  await page.getByTestId(`edit-add-${id}`).click()
}
