import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, GUIDE, test } from './helpers/fixtures'
import { git } from '../test/helpers/fixtures'
import { addEditFor, openApp, snap } from './helpers/page'

test('the preview warns when a document the plan edits changed after the proposal was submitted', async ({
  page,
  hub,
  agent
}, info) => {
  const root = join(hub.basesDir, GUIDE)
  const id = await agent.propose({
    base: GUIDE,
    type: 'addition',
    concerns: 'Chercher et lire : quand rien ne sort',
    content: 'Essayer aussi le mode regex.',
    sources: ['session 3'],
    confidence: 'medium',
    submitted_by: 'claude-code/2.1'
  })
  // Someone edits the document after the submission (a commit the proposal never saw).
  appendFileSync(join(root, 'knowledge/chercher-et-lire.md'), '\nUne ligne ajoutée après la proposition.\n')
  git(root, 'add', 'knowledge/chercher-et-lire.md')
  git(root, 'commit', '-q', '-m', 'édition manuelle après la proposition')

  await openApp(page, hub, `#/base/${GUIDE}/proposal/${id}`)
  await page.getByTestId('detail-accept').click()
  await page.getByTestId('detail-open-plan').click()
  await addEditFor(page, id)
  await page.getByTestId('edit-path').fill('chercher-et-lire.md')
  await page.getByTestId('edit-mode').selectOption('append')
  await page.locator('[data-testid=edit-content] .cm-content').click()
  await page.keyboard.insertText('Essayez aussi le mode regex.')
  await page.getByTestId('plan-summary').fill('quand rien ne sort')
  await page.getByTestId('plan-reviewer').fill('human:e2e')
  await page.getByTestId('preview-button').click()
  const warning = page.getByTestId('staleness-warning')
  await expect(warning).toBeVisible()
  await expect(warning).toContainText('chercher-et-lire.md')
  await expect(warning).toContainText('édition manuelle après la proposition')
  await expect(warning).toContainText(id)
  await warning.scrollIntoViewIfNeeded()
  await snap(page, info, 'staleness-warning')
})
