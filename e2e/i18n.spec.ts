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

/** The language chunks the page asked for (each language's words are a script of their own). */
function wordChunks(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (r) => {
    const m = /\/assets\/(en|fr)-[\w-]+\.js$/.exec(r.url())
    if (m) seen.push(m[1])
  })
  return seen
}

test('only the language shown is loaded; the other is fetched when chosen', async ({ page, hub }) => {
  const seen = wordChunks(page)
  await openApp(page, hub)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge bases')
  expect(seen).toEqual(['en'])
  await choose(page, 'fr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bases de connaissance')
  expect(seen).toEqual(['en', 'fr'])
  // The next start begins in the language last shown: French at once, and English never fetched.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bases de connaissance')
  await expect(page.getByTestId('language-select')).toHaveValue('fr')
  expect(seen).toEqual(['en', 'fr', 'fr'])
  await choose(page, 'system')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge bases')
})

test('a language whose words cannot be loaded: the app says so and stays in its language', async ({
  page,
  hub
}, info) => {
  await page.route(/\/assets\/fr-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }))
  await openApp(page, hub)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge bases')
  await choose(page, 'fr')
  await expect(page.getByTestId('language-failed')).toContainText(
    'Français could not be loaded: this installation of OKF Hub is incomplete. Reinstall it'
  )
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge bases')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await snap(page, info, 'i18n-words-failed')
  // The choice was saved: once the words can be read again (reinstalled), the next start shows it.
  await page.unroute(/\/assets\/fr-[\w-]+\.js$/)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bases de connaissance')
  await expect(page.getByTestId('language-failed')).toHaveCount(0)
  await choose(page, 'system')
})
