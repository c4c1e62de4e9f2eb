import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, GUIDE, test } from './helpers/fixtures'
import { git } from '../test/helpers/fixtures'
import { expectAccessible, openApp, snap } from './helpers/page'

// Issue 25, item 5, against the real `okf-hub ui` over a real repository: the reviewer typed as a
// plain name (the `human:` prefix added), the decision worded in the manager's language with its
// proposals as links, the decision's diff opened from the history (the same diff view as the
// preview), and each proposal's outcome on its audit trail.

const DOC = 'chercher-et-lire.md'
const LINE = 'Essayez aussi le mode regex quand rien ne sort.'

for (const locale of ['en-US', 'fr-FR'] as const) {
  const fr = locale === 'fr-FR'
  const tag = fr ? 'fr' : 'en'

  test.describe(`history of decisions (${locale})`, () => {
    test.use({ locale })

    test('a decision in words, its diff opened from the history, each outcome on its audit trail', async ({
      page,
      hub,
      agent
    }, info) => {
      const root = join(hub.basesDir, GUIDE)
      await hub.api('updateSettings', { language: fr ? 'fr' : 'en', reviewer: null })
      const filed = (concerns: string): Promise<string> =>
        agent.propose({
          base: GUIDE,
          type: 'addition',
          concerns,
          content: LINE,
          sources: ['session 3'],
          confidence: 'medium',
          submitted_by: 'claude-code/2.1'
        })
      const a = await filed('Chercher et lire : quand rien ne sort')
      const b = await filed('Chercher et lire : un doublon')
      // The plan as the manager left it, without a reviewer yet.
      await hub.api('saveDraft', GUIDE, {
        summary: 'quand rien ne sort',
        reviewed_by: '',
        resolutions: [
          { id: a, resolution: 'accepted', integrated_into: [DOC] },
          { id: b, resolution: 'rejected', reason: `doublon de ${a}` }
        ],
        edits: [{ path: DOC, append: LINE }]
      })

      // The reviewer is a plain name; the recorded trailer gets its `human:` prefix.
      await openApp(page, hub, `#/base/${GUIDE}/plan`)
      // The first screen of a fresh hub: beside two other workers on two cores it takes its time.
      await expect(page.getByTestId('plan-reviewer')).toHaveAttribute('placeholder', 'alice', {
        timeout: 30_000
      })
      await page.getByTestId('plan-reviewer').fill('Morgane Le Goff')
      await expect(page.getByTestId('plan-reviewer')).toHaveValue('Morgane Le Goff')
      await page.getByTestId('preview-button').click()
      await expect(page.getByTestId('commit-message')).toContainText('Reviewed-By: human:Morgane Le Goff')
      const previewed = await page
        .getByTestId(`diff-file-knowledge/${DOC}`)
        .locator('td.diff-code-insert')
        .allInnerTexts()
      await page.getByTestId('resolve-button').click()
      await expect(page.getByTestId('resolve-result')).toBeVisible()
      const head = git(root, 'rev-parse', 'HEAD').trim()
      expect(git(root, 'log', '-1', '--format=%(trailers:key=Reviewed-By,valueonly)').trim()).toBe(
        'human:Morgane Le Goff'
      )

      // The history says it in words, with the proposals as links to their trails.
      await openApp(page, hub, `#/base/${GUIDE}/history`)
      const entry = page.getByTestId(`history-entry-${head}`)
      await expect(entry.getByTestId('history-headline')).toHaveText(
        fr
          ? 'Morgane Le Goff a intégré 1 proposition et a rejeté 1 proposition'
          : 'Morgane Le Goff integrated 1 proposal and rejected 1 proposal'
      )
      await expect(entry).toContainText(fr ? 'Résumé : quand rien ne sort' : 'Summary: quand rien ne sort')
      await expect(
        entry.getByRole('link', { name: fr ? `${a}, intégrée` : `${a}, integrated` })
      ).toBeVisible()
      await expect(entry.getByRole('link', { name: fr ? `${b}, rejetée` : `${b}, rejected` })).toBeVisible()
      await expect(entry).toContainText(fr ? 'Relue par' : 'Reviewed by')
      await expect(entry).not.toContainText('Reviewed-By')
      const submission = page.locator('.history-submission').first()
      await expect(submission.getByTestId('history-headline')).toHaveText(
        fr
          ? 'claude-code/2.1 a déposé une proposition : Chercher et lire : un doublon'
          : 'claude-code/2.1 filed a proposal: Chercher et lire : un doublon'
      )
      // Who acted is the submitter, not the hub that made the commit for them.
      await expect(submission.locator('.history-meta')).toContainText('claude-code/2.1')
      // The hub's own first commit, in words too (its subject is the engine's French).
      await expect(page.locator('.history-other').last().getByTestId('history-headline')).toHaveText(
        fr
          ? `OKF Hub a installé ${GUIDE} (livrée avec l’application)`
          : `OKF Hub installed ${GUIDE} (shipped with the app)`
      )
      await expect(page.locator('.history-other').last().locator('.history-kind')).toHaveText(
        fr ? 'Début de la base' : 'Beginning of the base'
      )
      await snap(page, info, `${tag}-history-words`)
      await expectAccessible(page, 'history')

      // A click opens what the decision changed: the same lines the preview showed, its message.
      await entry.getByTestId('history-headline').getByRole('link').click()
      await expect(page.getByTestId('commit-detail')).toBeVisible()
      const file = page.getByTestId(`commit-file-knowledge/${DOC}`)
      await expect(file).toBeVisible()
      expect(await file.locator('td.diff-code-insert').allInnerTexts()).toEqual(previewed)
      expect((await page.getByTestId('commit-message').innerText()).trim()).toBe(
        git(root, 'log', '-1', '--format=%B').trim()
      )
      await expect(page.getByTestId('commit-detail')).toContainText(
        fr ? '4 fichiers de proposition' : '4 proposal files'
      )
      await snap(page, info, `${tag}-history-decision-diff`)
      await expectAccessible(page, 'decision diff')
      // The proposal files, folded under the document: built when unfolded.
      const folded = page.getByTestId('commit-detail').locator('.moves-diffs')
      const proposalFiles = folded.locator('[data-testid^="commit-file-proposals/"]')
      await expect(proposalFiles).toHaveCount(0)
      await folded.locator('summary').click()
      await expect(proposalFiles).toHaveCount(4)
      await expect(
        proposalFiles.first().locator('.diff-code-insert, .diff-code-delete').first()
      ).toBeVisible()

      // The audit trails: integrated into which document, or rejected and why; both commits.
      await openApp(page, hub, `#/base/${GUIDE}/proposal/${b}/trail`)
      await expect(page.getByTestId('audit-outcome')).toContainText(
        fr ? `Rejetée — doublon de ${a}` : `Rejected — doublon de ${a}`
      )
      await openApp(page, hub, `#/base/${GUIDE}/proposal/${a}/trail`)
      await expect(page.getByTestId('audit-outcome')).toContainText(
        fr ? `Intégrée dans ${DOC}` : `Integrated into ${DOC}`
      )
      await snap(page, info, `${tag}-history-audit-outcome`)
      await page.getByTestId('audit-open-decision').click()
      await expect(page.getByTestId(`commit-file-knowledge/${DOC}`)).toBeVisible()
      expect(readFileSync(join(root, 'knowledge', DOC), 'utf8')).toContain(LINE)

      // A colleague reverts the decision with git: the trail keeps the decision and says the
      // proposal is pending again.
      git(root, 'revert', '--no-edit', 'HEAD')
      await openApp(page, hub, `#/base/${GUIDE}/proposal/${b}/trail`)
      await expect(page.getByTestId('audit-contradiction')).toContainText(
        fr ? 'elle est maintenant en attente' : 'it is pending now'
      )
      await expect(page.getByTestId('audit-outcome')).toBeVisible()
      await snap(page, info, `${tag}-history-audit-reverted`)
    })
  })
}
