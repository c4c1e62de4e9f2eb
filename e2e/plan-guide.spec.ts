import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, GUIDE, test } from './helpers/fixtures'
import type { Agent } from './helpers/mcp'
import { addEditFor, expectAccessible, openApp, snap } from './helpers/page'
import { commitOutsideHub } from './helpers/sync'

// Issue 25, items 4 and 6, against the real `okf-hub ui` over real repositories: a plan's card
// resolved in another window leaves this window's plan (marked with who and when, one click, or
// by itself when untouched); switching a section edit to the whole document keeps the document;
// a section renamed since the edit was written is named with today's headings.

const DOC = 'chercher-et-lire.md'
const SECTION = '## Le mode regex'
const NEW_LINE = 'Le mode regex accepte les classes de caractères, par exemple `[ée]`.'

async function propose(agent: Agent, concerns: string, by: string): Promise<string> {
  return agent.propose({
    base: GUIDE,
    type: 'correction',
    concerns,
    content: `À propos de : ${concerns}. Voir la documentation de ripgrep.`,
    sources: ['https://example.org/ripgrep-syntax', 'session 7'],
    confidence: 'medium',
    submitted_by: by
  })
}

/** The editor's whole text replaced as a person would: select all, type. */
async function typeInEditor(page: Page, text: string): Promise<void> {
  await page.locator('[data-testid=edit-content] .cm-content').click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(text)
}

for (const locale of ['en-US', 'fr-FR'] as const) {
  const fr = locale === 'fr-FR'
  const tag = fr ? 'fr' : 'en'

  test.describe(`plan guide (${locale})`, () => {
    test.use({ locale })

    test('a second window shares the plan; what it resolves leaves the first window’s plan', async ({
      page,
      hub,
      agent
    }, info) => {
      const a = await propose(agent, 'Chercher et lire : le mode regex', 'claude-code/2.1')
      const b = await propose(agent, 'Proposer : un doublon', 'cursor/1.2')
      const c = await propose(agent, 'Chercher et lire : la séquence', 'human:bob')

      // Window 1: three proposals in the plan; b rejected with a reason (work of the manager's).
      await openApp(page, hub, `#/base/${GUIDE}/inventory`)
      for (const id of [a, b, c]) await page.getByTestId(`plan-toggle-${id}`).click()
      await page.getByTestId('plan-link').click()
      await expect(page.getByTestId(`plan-resolution-${b}`)).toBeVisible({ timeout: 30_000 })
      // The plan's keys: j twice to b's card, r rejects it and puts the cursor in its reason.
      await page.keyboard.press('j')
      await page.keyboard.press('j')
      await expect(page.getByTestId(`plan-resolution-${b}`)).toHaveAttribute('aria-current', 'true')
      await page.keyboard.press('r')
      await expect(page.getByTestId(`plan-reject-${b}`)).toHaveAttribute('aria-pressed', 'true')
      await expect(page.getByTestId(`reject-reason-${b}`)).toBeFocused()
      await page.keyboard.insertText(`doublon de ${a}`)
      await expect(page.getByTestId('draft-state')).toHaveText(/saved|enregistré/i)

      // Window 2, same hub: the same draft; it resolves a and b, not c. Window 1 hears it live.
      await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live')
      const other = await page.context().newPage()
      await openApp(other, hub, `#/base/${GUIDE}/plan`)
      // A second window's first load: over 10 s beside two other workers on two cores (seen twice).
      await expect(other.getByTestId(`plan-resolution-${b}`)).toBeVisible({ timeout: 30_000 })
      await other.getByRole('button', { name: new RegExp(c) }).click()
      await expect(other.getByTestId(`plan-resolution-${c}`)).toHaveCount(0)
      // One draft per base: window 1, left as it was, follows.
      await expect(page.getByTestId(`plan-resolution-${c}`)).toHaveCount(0)
      await other.getByTestId('plan-summary').fill('doublon et regex')
      await other.getByTestId('plan-reviewer').fill('human:colleague')
      await other.getByTestId('preview-button').click()
      await other.getByTestId('resolve-button').click()
      await expect(other.getByTestId('resolve-result')).toBeVisible()

      // Window 1, through the live events alone: a (untouched) left by itself, said so with who;
      // b (a reason typed) is marked resolved, with who and when, and blocks the preview.
      await expect(page.getByTestId(`plan-resolution-${a}`)).toHaveCount(0)
      await expect(page.getByTestId(`plan-departed-${a}`)).toContainText(
        fr ? 'Déjà acceptée par colleague' : 'Already accepted by colleague'
      )
      const stale = page.getByTestId(`plan-stale-${b}`)
      await expect(stale).toContainText(fr ? 'Déjà rejetée par colleague' : 'Already rejected by colleague')
      await expect(stale).toContainText(fr ? /il y a|à l’instant|maintenant/ : /ago|now/)
      await expect(page.getByTestId('preview-button')).toBeDisabled()
      await expect(page.getByTestId('plan-issues')).toContainText(b)
      await snap(page, info, `plan-guide-${tag}-stale`)
      await expectAccessible(page, 'plan: stale')

      // One click takes it out; c goes back in from the inventory, and the plan previews.
      await page.getByTestId(`plan-stale-remove-${b}`).click()
      await expect(page.getByTestId(`plan-resolution-${b}`)).toHaveCount(0)
      await page.goto(`${hub.origin}/#/base/${GUIDE}/inventory`)
      await page.getByTestId(`plan-toggle-${c}`).click()
      await page.getByTestId('plan-link').click()
      await expect(page.getByTestId(`plan-resolution-${c}`)).toBeVisible()
      await page.getByTestId('plan-summary').fill('séquence')
      await page.getByTestId('plan-reviewer').fill('human:e2e')
      // p previews (once the cursor has left the field).
      await page.getByTestId('plan-reviewer').blur()
      await page.keyboard.press('p')
      await expect(page.getByTestId('commit-message')).toContainText(`integrate: ${c}`)
      await other.close()
    })

    test('section → whole document keeps the document; a path that does not exist is a creation', async ({
      page,
      hub,
      agent
    }, info) => {
      const original = readFileSync(join(hub.basesDir, GUIDE, 'knowledge', DOC), 'utf8')
      const a = await propose(agent, 'Chercher et lire : le mode regex', 'claude-code/2.1')
      await openApp(page, hub, `#/base/${GUIDE}/proposal/${a}`)
      await page.getByTestId('detail-accept').click()
      await page.getByTestId('detail-open-plan').click()

      // A new path defaults to creating the document.
      await page.getByTestId('edit-add').click()
      // A path copied from the repository's root, or one leaving the corpus: said as it is typed.
      const pathField = page.locator('[data-testid=edit-path]')
      await pathField.fill(`knowledge/${DOC}`)
      await expect(page.getByText(fr ? `vouliez-vous dire ${DOC} ?` : `did you mean ${DOC}?`)).toBeVisible()
      await pathField.fill('../../dehors.md')
      await expect(
        page.getByText(fr ? 'Ce chemin n’est pas dans le corpus' : 'This path is not inside the corpus')
      ).toBeVisible()
      await expect(page.getByTestId('plan-issues')).toContainText(fr ? 'Modification 1' : 'Change 1')
      await page.getByTestId('edit-path').fill('nouveau/guide.md')
      await expect(page.getByTestId('edit-mode')).toHaveValue('whole')
      await expect(page.getByTestId('edit-mode').locator('option:checked')).toHaveText(
        fr ? 'Créer le document' : 'Create the document'
      )
      await page.getByRole('button', { name: fr ? 'Supprimer la modification 1' : 'Remove change 1' }).click()

      // The proposal's change, beside its text and sources.
      await addEditFor(page, a)
      await expect(page.getByTestId('edit-proposal')).toContainText('le mode regex')
      await expect(page.getByTestId('edit-proposal')).toContainText('https://example.org/ripgrep-syntax')
      await page.getByTestId('edit-path').fill(DOC)
      await expect(page.getByTestId('edit-mode')).toHaveValue('section')
      await page.getByTestId('edit-section').selectOption({ label: SECTION })
      await expect(page.locator('[data-testid=edit-content] .cm-content')).toContainText('Le mode regex')
      await typeInEditor(page, `${SECTION}\n\n${NEW_LINE}`)
      await page.getByTestId('edit-mode').selectOption('whole')
      await expect(page.getByTestId('edit-mode')).toHaveValue('whole')
      // The editor shows the whole document (its title first), the section's edit in it.
      await expect(page.locator('[data-testid=edit-content] .cm-content')).toContainText(
        '# Chercher et lire sans gaspiller de contexte'
      )
      await snap(page, info, `plan-guide-${tag}-whole`)
      await expectAccessible(page, 'plan: whole')

      // The whole document with the section applied: the preview changes exactly that section.
      await page.getByTestId('plan-summary').fill('regex')
      await page.getByTestId('plan-reviewer').fill('human:e2e')
      await page.getByTestId('preview-button').click()
      const file = page.getByTestId(`diff-file-knowledge/${DOC}`)
      await expect(file).toBeVisible()
      await page.getByTestId('diff-mode-unified').click()
      const texts = async (cls: string): Promise<string[]> =>
        (await file.locator(`td.${cls}`).allInnerTexts()).map((s) => s.trim()).filter(Boolean)
      const lines = original.split('\n')
      const start = lines.indexOf(SECTION)
      const end = lines.findIndex((l, i) => i > start && l.startsWith('## '))
      const oldBody = lines
        .slice(start + 1, end)
        .map((l) => l.trim())
        .filter(Boolean)
      const today = new Date().toISOString().slice(0, 10)
      expect(await texts('diff-code-insert')).toEqual([`last-verified: ${today}`, NEW_LINE])
      expect(await texts('diff-code-delete')).toEqual([
        lines.find((l) => l.startsWith('last-verified:')) ?? '',
        ...oldBody
      ])
    })

    test('a section renamed since the edit was written is named, with today’s headings', async ({
      page,
      hub,
      agent
    }, info) => {
      const root = join(hub.basesDir, GUIDE)
      const a = await propose(agent, 'Chercher et lire : le mode regex', 'claude-code/2.1')
      await openApp(page, hub, `#/base/${GUIDE}/proposal/${a}`)
      await page.getByTestId('detail-accept').click()
      await page.getByTestId('detail-open-plan').click()
      await addEditFor(page, a)
      await page.getByTestId('edit-path').fill(DOC)
      await page.getByTestId('edit-section').selectOption({ label: SECTION })
      await typeInEditor(page, `${SECTION}\n\n${NEW_LINE}`)
      await page.getByTestId('plan-summary').fill('regex')
      await page.getByTestId('plan-reviewer').fill('human:e2e')
      await expect(page.getByTestId('edit-section-missing')).toHaveCount(0)

      // Someone renames the section in the repository, outside the hub.
      const path = join(root, 'knowledge', DOC)
      commitOutsideHub(
        root,
        `knowledge/${DOC}`,
        readFileSync(path, 'utf8').replace(SECTION, '## Les expressions régulières'),
        'renommage'
      )
      const missing = page.getByTestId('edit-section-missing')
      await expect(missing).toContainText(
        fr
          ? 'La section « Le mode regex » n’est plus dans chercher-et-lire.md'
          : 'The section “Le mode regex” is no longer in chercher-et-lire.md'
      )
      await expect(missing.getByTestId('edit-section-choice')).toContainText([
        '# Chercher et lire sans gaspiller de contexte',
        '## La séquence'
      ])
      await expect(missing).toContainText('## Les expressions régulières')

      // The engine says the same, worded from its kind (never its French sentence in English).
      await page.getByTestId('preview-button').click()
      const alert = page.getByRole('alert').filter({ hasText: 'Le mode regex' })
      await expect(alert).toContainText(fr ? 'Ses titres aujourd’hui' : 'Its headings now')
      await expect(alert).toContainText('## Les expressions régulières')
      await snap(page, info, `plan-guide-${tag}-renamed`)
      await expectAccessible(page, 'plan: renamed')

      // Choosing today's heading mends the edit.
      await missing.getByRole('button', { name: '## Les expressions régulières' }).click()
      await expect(page.getByTestId('edit-section-missing')).toHaveCount(0)
      await page.getByTestId('preview-button').click()
      await expect(page.getByTestId(`diff-file-knowledge/${DOC}`)).toBeVisible()
    })
  })
}
