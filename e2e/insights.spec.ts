import { join } from 'node:path'
import { expect, GUIDE, test } from './helpers/fixtures'
import { connectAgent } from './helpers/mcp'
import { git } from '../test/helpers/fixtures'
import { expectAccessible, openApp, snap } from './helpers/page'

// Issue 29 §3, through the real MCP server and the real `okf-hub ui` over the same bases: agents
// search for what the guide does not hold, the manager sees the gap in the Insights tab, writes a
// document from it (its queries beside the editor), resolves, and watches the gap close.

const QUERY = 'ticket kerberos'
const HOSTILE = '[annuaire ldap](javascript:alert(1)) <img src=x onerror=alert(2)> **ldap**'

test('a gap agents hit is written, resolved and closes by itself', async ({ page, hub, agent }, info) => {
  await hub.api('updateSettings', { language: 'en' })
  // Two sessions miss the same question, one of them with a query a renderer could misread.
  await agent.tool('kb_search', { base: GUIDE, query: QUERY })
  await agent.tool('kb_search', { base: GUIDE, query: 'renouveler ticket kerberos' })
  const other = await connectAgent(hub)
  try {
    await other.tool('kb_search', { base: GUIDE, query: QUERY })
    await other.tool('kb_search', { base: GUIDE, query: HOSTILE })
  } finally {
    await other.close()
  }
  const id = await agent.propose({
    base: GUIDE,
    type: 'addition',
    concerns: 'Tickets Kerberos : rien dans le guide',
    content: 'Renouveler un ticket kerberos avec kinit.',
    sources: ['session de support'],
    confidence: 'medium',
    submitted_by: 'claude-code/2.1'
  })

  await openApp(page, hub, `#/base/${GUIDE}/insights`)
  const gap = page.getByTestId('gap').filter({ hasText: QUERY })
  await expect(gap).toBeVisible({ timeout: 30_000 })
  await expect(gap).toContainText('2 sessions')
  await expect(gap.getByTestId('gap-query')).toContainText([QUERY])
  // The hostile query is text: no link, no image, the asterisks kept.
  const hostile = page.getByTestId('gap-query').filter({ hasText: 'javascript:' })
  await expect(hostile).toHaveText(HOSTILE)
  await expect(page.locator('.insights a[href^="javascript"], .insights img')).toHaveCount(0)
  await snap(page, info, 'insights-gaps')
  await expectAccessible(page, 'insights tab')

  // Write it: a new document in the plan, the gap's queries beside the editor.
  await gap.getByTestId('gap-write').click()
  await expect(page).toHaveURL(/#\/base\/okf-hub-guide\/plan/)
  const beside = page.getByTestId('edit-gap')
  await expect(beside).toBeVisible()
  await expect(beside.getByTestId('edit-gap-query')).toContainText([QUERY])
  const path = await page.getByTestId('edit-path').inputValue()
  expect(path).toBe('ticket-kerberos.md')
  await page.locator('[data-testid=edit-content] .cm-content').click()
  await page.keyboard.insertText('# Tickets Kerberos\n\nRenouveler un ticket kerberos : lancer `kinit`.\n')

  // The agent's proposal is the one the document answers.
  await page.goto(`${hub.origin}/#/base/${GUIDE}/inventory`)
  await page.getByTestId(`plan-toggle-${id}`).click()
  await page.getByTestId('plan-link').click()
  const integrated = page.getByTestId(`integrated-${path}`)
  if (!(await integrated.isChecked())) await integrated.check()
  await page.getByTestId('plan-summary').fill('Tickets Kerberos')
  await page.getByTestId('plan-reviewer').fill('human:e2e')
  await expect(page.getByTestId('draft-state')).toHaveText(/saved/i)
  await snap(page, info, 'insights-write-it-plan')
  await page.getByTestId('preview-button').click()
  await expect(page.getByTestId(`diff-file-knowledge/${path}`)).toBeVisible()
  await page.getByTestId('resolve-button').click()
  await expect(page.getByTestId('resolve-result')).toBeVisible({ timeout: 20_000 })
  const head = git(join(hub.basesDir, GUIDE), 'rev-parse', 'HEAD').trim()

  // The gap closes by itself, credited to the resolution.
  await page.goto(`${hub.origin}/#/base/${GUIDE}/insights`)
  const closed = page.getByTestId('gap-closed').filter({ hasText: QUERY })
  await expect(closed).toBeVisible({ timeout: 30_000 })
  await expect(closed.getByTestId('gap-closed-by')).toHaveText(head.slice(0, 10))
  await expect(page.getByTestId('gap').filter({ hasText: QUERY })).toHaveCount(0)
  await snap(page, info, 'insights-gap-closed')

  // "Not for this base", and back.
  const left = page.getByTestId('gap').filter({ hasText: 'javascript:' })
  await left.getByTestId('gap-dismiss').click()
  const dismissed = page.getByTestId('gap-dismissed').filter({ hasText: 'javascript:' })
  await expect(dismissed).toBeVisible()
  await page.reload()
  await expect(dismissed).toBeVisible({ timeout: 30_000 })
  await dismissed.getByTestId('gap-restore').click()
  await expect(page.getByTestId('gap').filter({ hasText: 'javascript:' })).toBeVisible()
})

test('the Insights tab in French', async ({ page, hub, agent }, info) => {
  await hub.api('updateSettings', { language: 'fr' })
  await agent.tool('kb_search', { base: GUIDE, query: QUERY })
  await agent.tool('kb_search', { base: GUIDE, query: 'proposer' })
  await agent.tool('kb_read', { base: GUIDE, path: 'proposer.md' })
  await openApp(page, hub, `#/base/${GUIDE}/insights`)
  await expect(page.getByTestId('tab-insights')).toHaveText('Analyses')
  await expect(page.getByTestId('gap').filter({ hasText: QUERY })).toContainText('1 session', {
    timeout: 30_000
  })
  await expect(page.getByRole('button', { name: 'Rédiger' })).toBeVisible()
  await expect(page.getByTestId('most-read')).toContainText('proposer.md')
  await snap(page, info, 'insights-fr')
  await expectAccessible(page, 'onglet Analyses')
})

test('before any search, the tab does not claim agents found what they looked for', async ({
  page,
  hub
}, info) => {
  await hub.api('updateSettings', { language: 'en' })
  await openApp(page, hub, `#/base/${GUIDE}/insights`)
  await expect(page.getByTestId('insights-no-gap')).toContainText(
    'No gap to show yet: gaps appear once agents have searched this base.'
  )
  await expect(page.getByText('agents found what they searched for')).toHaveCount(0)
  await snap(page, info, 'insights-no-search-en')
})
