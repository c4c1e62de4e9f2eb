import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, GUIDE, test } from './helpers/fixtures'
import { git } from '../test/helpers/fixtures'
import { addEditFor, expectAccessible, openApp, snap } from './helpers/page'

// The manager's whole review, against the real engine: proposals filed by an agent through the MCP
// server appear live, one plan accepts one (section edit) and rejects the other, the preview shows
// exactly the edited lines and the commit message, Resolve writes exactly one commit.

const SECTION = '## Le mode regex'
const NEW_SECTION = `${SECTION}\n\nLe mode regex accepte les classes de caractères, par exemple \`[ée]\`.`
const REVIEWER = 'human:e2e'
const SUMMARY = 'Mode regex : classes de caractères'

test('proposals appear live, one plan accepts one with a section edit and rejects the other, one commit', async ({
  page,
  hub,
  agent
}, info) => {
  const root = join(hub.basesDir, GUIDE)
  const docPath = join(root, 'knowledge/chercher-et-lire.md')
  const original = readFileSync(docPath, 'utf8')

  await openApp(page, hub, `#/base/${GUIDE}/inventory`)
  await expect(page.getByTestId('inventory-empty')).toBeVisible()
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live')
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))

  // Two proposals through the real MCP server, while the manager watches.
  const filedAt = Date.now()
  const a = await agent.propose({
    base: GUIDE,
    type: 'correction',
    concerns: 'Chercher et lire : le mode regex et les classes de caractères',
    content: 'Le mode regex accepte les classes de caractères comme `[ée]`.',
    sources: ['https://example.org/ripgrep-syntax'],
    confidence: 'high',
    submitted_by: 'claude-code/2.1'
  })
  const b = await agent.propose({
    base: GUIDE,
    type: 'addition',
    concerns: 'Proposer : une proposition en double',
    content: 'Même chose que la précédente.',
    sources: ['session 7'],
    confidence: 'low',
    submitted_by: 'cursor/1.2'
  })
  await expect(page.getByTestId(`proposal-row-${a}`)).toBeVisible({ timeout: 5000 })
  await expect(page.getByTestId(`proposal-row-${b}`)).toBeVisible({ timeout: 5000 })
  info.annotations.push({
    type: 'live',
    description: `both rows visible ${Date.now() - filedAt} ms after the first kb_propose started`
  })
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
  await snap(page, info, 'flow-inventory-live')
  await expectAccessible(page, 'inventory')
  const headBefore = git(root, 'rev-parse', 'HEAD').trim()

  // Into the plan with the keyboard's `x` (toggle buttons), then the plan editor.
  await page.getByTestId(`plan-toggle-${a}`).click()
  await page.getByTestId(`plan-toggle-${b}`).click()
  await expect(page.getByTestId('plan-link')).toContainText('2')
  await page.getByTestId('plan-link').click()

  await page.getByTestId(`plan-reject-${b}`).click()
  await expect(page.getByTestId('preview-button')).toBeDisabled()
  await expect(page.getByTestId('plan-issues')).toContainText(b)
  await page.getByTestId(`reject-reason-${b}`).fill(`doublon de ${a}`)

  await addEditFor(page, a)
  await page.getByTestId('edit-path').fill('chercher-et-lire.md')
  await page.getByTestId('edit-mode').selectOption('section')
  await page.getByTestId('edit-section').selectOption({ label: SECTION })
  await expect(page.locator('[data-testid=edit-content] .cm-content')).toContainText('Le mode regex')
  await page.locator('[data-testid=edit-content] .cm-content').click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(NEW_SECTION)
  const integrated = page.getByTestId('integrated-chercher-et-lire.md')
  if (!(await integrated.isChecked())) await integrated.check()
  await page.getByTestId('plan-summary').fill(SUMMARY)
  await page.getByTestId('plan-reviewer').fill(REVIEWER)
  await expect(page.getByTestId('draft-state')).toHaveText(/saved|enregistré/i)
  await snap(page, info, 'flow-plan')
  await expectAccessible(page, 'plan editor')

  // The preview: exactly the edited lines, the moves, the exact commit message. The pointer on
  // the button starts the dry run; the press then shows that one rather than asking again.
  let dryRuns = 0
  page.on('request', (r) => void (r.url().endsWith('/api/previewPlan') && dryRuns++))
  const early = page.waitForRequest((r) => r.url().endsWith('/api/previewPlan'))
  await page.getByTestId('preview-button').hover()
  await early
  await page.getByTestId('preview-button').click()
  const file = page.getByTestId('diff-file-knowledge/chercher-et-lire.md')
  await expect(file).toBeVisible()
  expect(dryRuns).toBe(1)
  await page.getByTestId('diff-mode-unified').click()
  const inserted = (await file.locator('td.diff-code-insert').allInnerTexts())
    .map((s) => s.trim())
    .filter(Boolean)
  const deleted = (await file.locator('td.diff-code-delete').allInnerTexts())
    .map((s) => s.trim())
    .filter(Boolean)
  const today = new Date().toISOString().slice(0, 10)
  expect(inserted).toEqual([
    `last-verified: ${today}`,
    'Le mode regex accepte les classes de caractères, par exemple `[ée]`.'
  ])
  const lines = original.split('\n')
  const start = lines.indexOf(SECTION)
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '))
  const oldBody = lines
    .slice(start + 1, end)
    .map((l) => l.trim())
    .filter(Boolean)
  const oldDate = lines.find((l) => l.startsWith('last-verified:')) ?? ''
  expect(deleted).toEqual([oldDate, ...oldBody])
  const message = await page.getByTestId('commit-message').innerText()
  expect(message.trim()).toBe(
    [
      `resolve: 2 proposals (1 integrated, 1 rejected) — ${SUMMARY}`,
      '',
      `Proposal: ${a}`,
      'Submitted-By: claude-code/2.1',
      `Proposal: ${b}`,
      'Submitted-By: cursor/1.2',
      `Reviewed-By: ${REVIEWER}`
    ].join('\n')
  )
  await expect(page.getByTestId('staleness-warning')).toHaveCount(0)
  await snap(page, info, 'flow-preview')
  await expectAccessible(page, 'preview')
  // The proposal files' moves, folded under the documents' diffs: built when first unfolded, then
  // kept (folded again, they are hidden, not rebuilt).
  const moves = page.locator('[data-testid^="diff-move-"]')
  await expect(page.locator('.moves-diffs > summary')).toContainText('2')
  await expect(moves).toHaveCount(0)
  await page.locator('.moves-diffs > summary').click()
  await expect(moves).toHaveCount(2)
  await expect(moves.first()).toBeVisible()
  await expect(moves.first().locator('.diff-code-insert').first()).toBeVisible()
  await page.locator('.moves-diffs > summary').click()
  await expect(moves.first()).toBeHidden()
  await page.getByTestId('diff-mode-split').click()
  await expect(page.getByTestId('diff-mode-split')).toHaveAttribute('aria-pressed', 'true')

  // Resolve: one commit, with the right trailers; the inventory empties.
  expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(headBefore)
  await expect(page.getByTestId('resolve-button')).toContainText('2')
  await page.getByTestId('resolve-button').click()
  const result = page.getByTestId('resolve-result')
  await expect(result).toBeVisible()
  const head = git(root, 'rev-parse', 'HEAD').trim()
  await expect(page.getByTestId('resolve-commit')).toHaveText(head)
  expect(git(root, 'rev-list', '--count', `${headBefore}..HEAD`).trim()).toBe('1')
  const body = git(root, 'log', '-1', '--format=%B')
  expect(body.trim()).toBe(message.trim())
  expect(existsSync(join(root, 'proposals/accepted', `${a}.md`))).toBe(true)
  expect(existsSync(join(root, 'proposals/rejected', `${b}.md`))).toBe(true)
  expect(readFileSync(docPath, 'utf8')).toContain('par exemple `[ée]`.')
  await snap(page, info, 'flow-resolved')

  await page.getByTestId('resolve-to-inventory').click()
  await expect(page.getByTestId('inventory-empty')).toBeVisible()

  // The history shows the resolution; the audit trail its two commits.
  await page.getByTestId('tab-history').click()
  const entry = page.getByTestId(`history-entry-${head}`)
  await expect(entry.getByTestId('history-headline')).toHaveText(
    'e2e a intégré 1 proposition et a rejeté 1 proposition'
  )
  await expect(entry).toContainText('Relue par')
  await snap(page, info, 'flow-history')
  await page.goto(`${hub.origin}/#/base/${GUIDE}/proposal/${a}/trail`)
  await expect(page.getByTestId('audit-trail')).toContainText(`claude-code/2.1 a déposé une proposition`)
  await expect(page.getByTestId('audit-outcome')).toContainText('Intégrée dans chercher-et-lire.md')
  await expect(page.getByTestId(`history-entry-${head}`)).toBeVisible()
  await snap(page, info, 'flow-audit-trail')
  await expectAccessible(page, 'audit trail')
})

test('an engine refusal is shown in place, in words, with its code', async ({ page, hub, agent }, info) => {
  const a = await agent.propose({
    base: GUIDE,
    type: 'correction',
    concerns: 'Chercher et lire : la séquence',
    content: 'Précision.',
    sources: ['session 9'],
    confidence: 'medium',
    submitted_by: 'claude-code/2.1'
  })
  await openApp(page, hub, `#/base/${GUIDE}/proposal/${a}`)
  await expect(page.getByTestId('proposal-detail')).toContainText('Précision.')
  await page.getByTestId('detail-accept').click()
  await page.getByTestId('detail-open-plan').click()
  await addEditFor(page, a)
  await page.getByTestId('edit-path').fill('chercher-et-lire.md')
  await page.getByTestId('edit-mode').selectOption('section')
  await page.getByTestId('edit-section').selectOption({ label: '## La séquence' })
  await page.locator('[data-testid=edit-content] .cm-content').click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText('Un texte sans titre.')
  await page.getByTestId('plan-summary').fill('séquence')
  await page.getByTestId('plan-reviewer').fill(REVIEWER)
  await page.getByTestId('preview-button').click()
  // In words, with what to do; the engine's sentence and its code stay in the folded details.
  const alert = page.getByRole('alert').filter({ hasText: 'INVALID_INPUT' })
  await expect(alert).toBeVisible()
  await expect(alert).toHaveAttribute('data-error-kind', 'section-content-heading')
  await expect(alert).toContainText(
    'Le nouveau texte de la section « La séquence » de chercher-et-lire.md ne commence pas par son titre.'
  )
  await expect(alert).toContainText('Gardez un titre de niveau 2 en première ligne (## …)')
  await snap(page, info, 'flow-engine-error')
})
