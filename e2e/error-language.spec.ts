import type { Page, TestInfo } from '@playwright/test'
import { expect, test } from './helpers/fixtures'
import { linesInOtherLanguage, type Lang } from './helpers/language'
import { openApp, snap } from './helpers/page'

// Issue 25 item 2: every error path a manager can reach shows in the UI's language. Each screen's
// failure is provoked against the real engine (a closed port on 127.0.0.1, an SSH address, an
// unknown base, hosts that are not installed in the hub's temp home), in English and in French;
// the visible text must hold no line of the other language. The engine's own sentence is only in
// a folded technical detail marked lang="fr", which is left out (as is code).

/** The page's visible text, without code, folded details, and what is marked as another language. */
async function visibleText(page: Page, lang: Lang): Promise<string> {
  return page.evaluate((lng) => {
    const hidden: HTMLElement[] = []
    for (const el of document.querySelectorAll<HTMLElement>('code, [lang]:not(html)')) {
      if (el.tagName === 'CODE' || el.getAttribute('lang') !== lng) {
        hidden.push(el)
        el.dataset.prevDisplay = el.style.display
        el.style.display = 'none'
      }
    }
    const text = document.body.innerText
    for (const el of hidden) el.style.display = el.dataset.prevDisplay ?? ''
    return text
  }, lang)
}

async function expectOnly(page: Page, lang: Lang, where: string): Promise<void> {
  const other = linesInOtherLanguage(await visibleText(page, lang), lang)
  expect(other, `${where}: lines in the other language`).toEqual([])
}

for (const [lang, locale] of [
  ['en', 'en-US'],
  ['fr', 'fr-FR']
] as const) {
  test.describe(`error paths in ${lang}`, () => {
    test.use({ locale })

    test(`import: SSH address, unreachable host; the failed step is marked (${lang})`, async ({
      page,
      hub
    }, info: TestInfo) => {
      await openApp(page, hub, '#/import')
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      // an SSH address is refused by the form itself, in the page's language
      await page.getByTestId('import-url').fill('git@example.org:org/guide.git')
      await page.getByTestId('import-start').click()
      await expect(page.getByTestId('import-url')).toHaveAttribute('aria-invalid', 'true')
      await expectOnly(page, lang, 'import ssh')
      await snap(page, info, `error-language-import-ssh-${lang}`)

      const refused = page.getByTestId('import-refused')
      await page.getByTestId('import-url').fill('http://127.0.0.1:9/org/guide.git')
      await page.getByTestId('import-start').click()
      await expect(refused).toHaveAttribute('data-error-kind', 'import-unreachable', { timeout: 60_000 })
      // the copy failed: it is the step marked, not ticked as done
      await expect(page.locator('.wizard-step').nth(1)).toHaveAttribute('data-state', 'failed')
      await expect(page.locator('.wizard-step').nth(0)).toHaveAttribute('data-state', 'done')
      await expect(refused).toContainText(lang === 'en' ? 'connection refused' : 'connexion refusée')
      await expectOnly(page, lang, 'import unreachable')
      await snap(page, info, `error-language-import-unreachable-${lang}`)
    })

    test(`AI apps: hosts not installed (${lang})`, async ({ page, hub }, info: TestInfo) => {
      await openApp(page, hub, '#/hosts')
      await expect(page.getByTestId('host-problem-claude-desktop')).toBeVisible({ timeout: 30_000 })
      await expect(
        page.getByTestId('host-problem-claude-desktop').locator('[data-kind]').first()
      ).toHaveAttribute('data-kind', 'host-not-installed')
      await expectOnly(page, lang, 'hosts')
      await snap(page, info, `error-language-hosts-${lang}`)
    })

    test(`unknown base (${lang})`, async ({ page, hub }, info: TestInfo) => {
      await openApp(page, hub, '#/base/no-such-base/inventory')
      await expect(page.locator('main h2', { hasText: 'no-such-base' })).toBeVisible({ timeout: 30_000 })
      await expectOnly(page, lang, 'unknown base')
      await snap(page, info, `error-language-unknown-base-${lang}`)
    })
  })
}
