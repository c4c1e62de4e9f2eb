import { expect, test } from './helpers/fixtures'
import type { Page } from '@playwright/test'
import { HTTP_API_PREFIX } from '../src/shared/hub-api'
import { openApp, snap } from './helpers/page'

/** Choose a language and wait until the hub has saved it: a reload before then
 * would abort the save, as closing a window mid-request would. */
async function choose(page: Page, value: 'fr' | 'en' | 'system'): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith(HTTP_API_PREFIX + 'updateSettings') && r.ok())
  await page.getByTestId('language-select').selectOption(value)
  await saved
}

test.use({ locale: 'en-US' })

test('the language follows the OS until chosen, switches FR/EN, and is remembered', async ({
  page,
  hub
}, info) => {
  await openApp(page, hub)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge bases')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await choose(page, 'fr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bases de connaissance')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await snap(page, info, 'i18n-fr')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bases de connaissance')
  await expect(page.getByTestId('language-select')).toHaveValue('fr')
  await choose(page, 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge bases')
  await choose(page, 'system')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge bases')
  await expect(page.getByTestId('language-select')).toHaveValue('system')
})
