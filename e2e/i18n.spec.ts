import { expect, test } from './helpers/fixtures'
import { openApp, snap } from './helpers/page'

test.use({ locale: 'en-US' })

test('the language follows the OS until chosen, switches FR/EN, and is remembered', async ({
  page,
  hub
}, info) => {
  await openApp(page, hub)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge bases')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.getByTestId('language-select').selectOption('fr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bases de connaissance')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await snap(page, info, 'i18n-fr')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bases de connaissance')
  await expect(page.getByTestId('language-select')).toHaveValue('fr')
  await page.getByTestId('language-select').selectOption('en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge bases')
  await page.getByTestId('language-select').selectOption('system')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge bases')
  await expect(page.getByTestId('language-select')).toHaveValue('system')
})
