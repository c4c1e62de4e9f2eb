import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, GUIDE, test } from './helpers/fixtures'
import { git } from '../test/helpers/fixtures'
import { addEditFor, expectAccessible, openApp, snap } from './helpers/page'
import { commitOutsideHub } from './helpers/sync'

// Issue 25 §1, the preview keeps its word: a colleague commits a change to the document a plan
// edits between the preview and the press on Resolve. The resolve refuses with nothing written,
// says which file and which commit, and "Preview again" shows the colleague's line; that preview
// then resolves in exactly one commit that keeps it.

const DOC = 'knowledge/chercher-et-lire.md'
const SECTION = '## Le mode regex'
const NEW_LINE = 'Le mode regex accepte les classes de caractères, par exemple `[ée]`.'
const COLLEAGUE = 'Ligne ajoutée par une collègue, hors du hub.'

for (const locale of ['en-US', 'fr-FR'] as const) {
  const tag = locale === 'fr-FR' ? 'fr' : 'en'
  test.describe(`stale preview (${locale})`, () => {
    test.use({ locale })

    test('a colleague’s commit between preview and resolve: refused, nothing written, then one commit', async ({
      page,
      hub,
      agent
    }, info) => {
      const root = join(hub.basesDir, GUIDE)
      const id = await agent.propose({
        base: GUIDE,
        type: 'correction',
        concerns: 'Chercher et lire : le mode regex',
        content: 'Le mode regex accepte les classes de caractères comme `[ée]`.',
        sources: ['https://example.org/ripgrep-syntax'],
        confidence: 'high',
        submitted_by: 'claude-code/2.1'
      })
      await openApp(page, hub, `#/base/${GUIDE}/inventory`)
      await page.getByTestId(`plan-toggle-${id}`).click()
      await page.getByTestId('plan-link').click()
      await addEditFor(page, id)
      await page.getByTestId('edit-path').fill('chercher-et-lire.md')
      await page.getByTestId('edit-mode').selectOption('section')
      await page.getByTestId('edit-section').selectOption({ label: SECTION })
      await page.locator('[data-testid=edit-content] .cm-content').click()
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.insertText(`${SECTION}\n\n${NEW_LINE}`)
      const integrated = page.getByTestId('integrated-chercher-et-lire.md')
      if (!(await integrated.isChecked())) await integrated.check()
      await page.getByTestId('plan-summary').fill('Mode regex')
      await page.getByTestId('plan-reviewer').fill('human:e2e')
      await page.getByTestId('preview-button').click()
      const file = page.getByTestId(`diff-file-${DOC}`)
      await expect(file).toBeVisible()
      await expect(file).not.toContainText(COLLEAGUE)

      // The colleague, with git, outside the hub: a line at the end of the same document.
      const doc = join(root, DOC)
      commitOutsideHub(root, DOC, `${readFileSync(doc, 'utf8')}\n${COLLEAGUE}\n`, 'note de la collègue')
      const head = git(root, 'rev-parse', 'HEAD').trim()
      const docBytes = readFileSync(doc, 'utf8')

      await page.getByTestId('resolve-button').click()
      const stale = page.getByTestId('stale-preview')
      await expect(stale).toBeVisible()
      await expect(page.getByTestId('stale-preview-paths')).toContainText(DOC)
      await expect(page.getByTestId('stale-preview-commits')).toContainText('note de la collègue')
      await expect(page.getByTestId('resolve-button')).toBeDisabled()
      await expect(stale).toContainText(
        tag === 'en' ? 'The base changed after this preview' : 'La base a changé depuis cet aperçu'
      )
      // Nothing written: the same HEAD, the same document, a clean worktree.
      expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(head)
      expect(readFileSync(doc, 'utf8')).toBe(docBytes)
      expect(git(root, 'status', '--porcelain')).toBe('')
      await snap(page, info, `stale-preview-${tag}`)
      await expectAccessible(page, 'stale preview')

      // Preview again: computed on the document as the colleague left it (their line is outside
      // the edited section, so the diff does not show it), and Resolve is offered again.
      await page.getByTestId('stale-preview-again').click()
      await expect(page.getByTestId('stale-preview')).toHaveCount(0)
      await expect(page.getByTestId('resolve-button')).toBeEnabled()
      await page.getByTestId('resolve-button').click()
      await expect(page.getByTestId('resolve-result')).toBeVisible()
      expect(git(root, 'rev-list', '--count', `${head}..HEAD`).trim()).toBe('1')
      const written = readFileSync(doc, 'utf8')
      expect(written).toContain(COLLEAGUE)
      expect(written).toContain(NEW_LINE)
      expect(git(root, 'status', '--porcelain')).toBe('')
    })
  })
}
