import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, GUIDE, test } from './helpers/fixtures'
import type { Hub } from './helpers/hub'
import type { Agent } from './helpers/mcp'
import { git } from '../test/helpers/fixtures'
import { expectAccessible, openApp, snap } from './helpers/page'

// Issue 25 §3, "No step needs git": against the real `okf-hub ui` over real repositories, a plan
// that stops on uncommitted changes leads to the app's own panel — kept in one commit authored by
// the manager, or set aside in the trash and restored — and governance goes from draft to stable
// in one commit, in English and in French.

const DOC = 'knowledge/chercher-et-lire.md'

/** A proposal accepted into the guide's document by an append: the draft the plan screen opens on. */
async function planOnGuide(hub: Hub, agent: Agent): Promise<string> {
  const id = await agent.propose({
    base: GUIDE,
    type: 'addition',
    concerns: 'Chercher et lire : quand rien ne sort',
    content: 'Essayer aussi le mode regex.',
    sources: ['session 3'],
    confidence: 'medium',
    submitted_by: 'claude-code/2.1'
  })
  await hub.api('saveDraft', GUIDE, {
    summary: 'quand rien ne sort',
    reviewed_by: 'human:Alice Martin',
    resolutions: [{ id, resolution: 'accepted', integrated_into: ['chercher-et-lire.md'] }],
    edits: [{ path: 'chercher-et-lire.md', append: 'Essayez aussi le mode regex.' }]
  })
  return id
}

const porcelain = (root: string): string => git(root, 'status', '--porcelain', '-uall')

test.describe('in English', () => {
  test.use({ locale: 'en-US' })

  test('uncommitted changes stop the plan; kept from the app in one commit by the manager, then the resolve proceeds', async ({
    page,
    hub,
    agent
  }, info) => {
    const root = join(hub.basesDir, GUIDE)
    await hub.api('updateSettings', { language: 'en', reviewer: 'human:Alice Martin' })
    const id = await planOnGuide(hub, agent)
    // The manager fixed a typo with an editor, and left a note: neither committed.
    const original = readFileSync(join(root, DOC), 'utf8')
    writeFileSync(join(root, DOC), original.replace(/\n$/, '\nA line fixed by hand.\n'))
    writeFileSync(join(root, 'knowledge/note.md'), '# Note\n\nWritten by hand.\n')
    const head = git(root, 'rev-parse', 'HEAD').trim()

    await openApp(page, hub, `#/base/${GUIDE}/plan`)
    await page.getByTestId('preview-button').click()
    // The refusal in words, with the way forward in the app (no git command).
    const link = page.getByTestId('local-changes-link')
    await expect(link).toBeVisible()
    await expect(page.getByRole('alert').first()).toContainText('changed outside the hub and not committed')
    await expect(page.getByRole('alert').first()).not.toContainText('git -C', { useInnerText: true })
    await snap(page, info, 'nogit-plan-blocked-en')
    await link.getByRole('link').click()

    const screen = page.getByTestId('local-changes')
    await expect(page.getByTestId('local-changes-count')).toHaveText('2 files changed')
    await expect(page.getByTestId(`local-change-${DOC}`)).toHaveAttribute('data-change', 'modified')
    await expect(page.getByTestId(`local-change-${DOC}`)).toContainText('A line fixed by hand.')
    await expect(page.getByTestId('local-change-knowledge/note.md')).toHaveAttribute(
      'data-change',
      'untracked'
    )
    await snap(page, info, 'nogit-local-changes-en')
    await expectAccessible(page, 'uncommitted changes')

    // Keep them: previewed first (files, author), then one commit.
    await page.getByTestId('local-changes-keep').click()
    const keep = page.getByTestId('keep-preview')
    await expect(keep).toContainText('authored by Alice Martin')
    await expect(keep).toContainText('knowledge/note.md')
    await page.getByTestId('keep-confirm').click()
    await expect(keep).toContainText('Write the message first.')
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(head)
    await page.getByTestId('keep-message').fill('Typo fixed by hand, and a note\n\nBefore the review.')
    await snap(page, info, 'nogit-keep-preview-en')
    await page.getByTestId('keep-confirm').click()
    await expect(page.getByTestId('local-changes-done')).toContainText('Kept: commit')
    await expect(screen.getByTestId('local-changes-count')).toHaveCount(0)

    // One commit, authored by the manager with their message; nothing left uncommitted.
    expect(git(root, 'rev-list', '--count', `${head}..HEAD`).trim()).toBe('1')
    expect(git(root, 'log', '-1', '--format=%an|%B').trim()).toBe(
      'Alice Martin|Typo fixed by hand, and a note\n\nBefore the review.'
    )
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      DOC,
      'knowledge/note.md'
    ])
    expect(porcelain(root)).toBe('')

    // Then the resolve proceeds.
    await page.getByTestId('back-to-plan').click()
    await page.getByTestId('preview-button').click()
    await expect(page.getByTestId('plan-preview')).toBeVisible()
    await page.getByTestId('resolve-button').click()
    await expect(page.getByTestId('resolve-result')).toBeVisible()
    expect(git(root, 'log', '-1', '--format=%s').trim()).toBe(`integrate: ${id} — quand rien ne sort`)
    expect(git(root, 'rev-list', '--count', `${head}..HEAD`).trim()).toBe('2')
    const doc = readFileSync(join(root, DOC), 'utf8')
    expect(doc).toContain('A line fixed by hand.')
    expect(doc).toContain('Essayez aussi le mode regex.')
    expect(porcelain(root)).toBe('')
  })

  test('a base created in the app gets English draft rules; Governance takes them to stable in one commit', async ({
    page,
    hub
  }, info) => {
    await hub.api('updateSettings', { language: 'en', reviewer: 'human:Alice Martin' })
    await openApp(page, hub, '#/new')
    await page.getByTestId('new-base-title').fill('Support handbook')
    await page.getByTestId('new-base-name').fill('support-handbook')
    await page.getByTestId('new-base-description').fill('Known incidents and their workarounds.')
    await page.getByTestId('new-base-create').click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support handbook')
    const root = join(hub.basesDir, 'support-handbook')
    const rules = readFileSync(join(root, 'GOVERNANCE.md'), 'utf8')
    expect(rules).toContain('# Governance — Support handbook')
    expect(rules).toMatch(/\nstatus: draft\n/)
    await expect(page.locator('.base-heading')).toContainText('Draft rules')
    const head = git(root, 'rev-parse', 'HEAD').trim()

    await page.goto(`${hub.origin}/#/base/support-handbook/governance`)
    await expect(page.getByTestId('governance-draft')).toBeVisible()
    await page.getByTestId('governance-edit').click()
    await expect(page.getByTestId('governance-rules-editor')).toContainText('Governance — Support handbook')
    await expect(page.getByTestId('governance-reviewer')).toHaveValue('Alice Martin')
    await page.getByTestId('governance-status-stable').check()
    await page.getByTestId('governance-title').fill('Support handbook (level 2)')
    await snap(page, info, 'nogit-governance-edit-en')
    await page.getByTestId('governance-preview').click()
    const preview = page.getByTestId('governance-edit-preview')
    await expect(page.getByTestId('governance-commit-message')).toHaveText(
      'governance: rules marked stable, title and description edited\n\nReviewed-By: human:Alice Martin\n'
    )
    await expect(page.getByTestId('governance-diff-GOVERNANCE.md')).toContainText('status: stable')
    await expect(page.getByTestId('governance-diff-okf-bundle.yaml')).toContainText(
      'Support handbook (level 2)'
    )
    await preview.scrollIntoViewIfNeeded()
    await snap(page, info, 'nogit-governance-preview-en')
    await expectAccessible(page, 'governance editor preview')
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(head)
    await page.getByTestId('governance-commit').click()
    await expect(page.getByTestId('governance-committed')).toBeVisible()

    // One commit with the trailer; the status changed; the draft badge and notice are gone.
    expect(git(root, 'rev-list', '--count', `${head}..HEAD`).trim()).toBe('1')
    expect(git(root, 'log', '-1', '--format=%B').trim()).toBe(
      'governance: rules marked stable, title and description edited\n\nReviewed-By: human:Alice Martin'
    )
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      'GOVERNANCE.md',
      'okf-bundle.yaml'
    ])
    expect(readFileSync(join(root, 'GOVERNANCE.md'), 'utf8')).toMatch(/\nstatus: stable\n/)
    expect(porcelain(root)).toBe('')
    await expect(page.getByTestId('governance-draft')).toHaveCount(0)
    await expect(page.locator('.base-heading')).not.toContainText('Draft rules')
    await expect(page.locator('.base-heading h1')).toHaveText('Support handbook (level 2)')
    await snap(page, info, 'nogit-governance-done-en')
  })

  test('a colleague’s commit while the rules are open is kept: the preview says so, the commit holds both', async ({
    page,
    hub
  }, info) => {
    await hub.api('updateSettings', { language: 'en', reviewer: 'human:Alice Martin' })
    await hub.api('newBase', {
      name: 'support-n3',
      title: 'Support N3',
      description: 'Escalations.',
      language: 'en'
    })
    const root = join(hub.basesDir, 'support-n3')
    const file = join(root, 'GOVERNANCE.md')
    await openApp(page, hub, '#/base/support-n3/governance')
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live')
    await page.getByTestId('governance-edit').click()
    const editor = page.locator('[data-testid=governance-rules-editor] .cm-content')
    await editor.click()
    await page.keyboard.press('ControlOrMeta+End')
    await page.keyboard.insertText('\nEscalate after two hours without an answer.\n')
    // A colleague changes the title line of the rules and commits, while the editor is open.
    const before = readFileSync(file, 'utf8')
    writeFileSync(file, before.replace('# Governance — Support N3', '# Governance — Support N3 (team)'))
    git(root, 'commit', '-qam', 'colleague: title')
    const theirs = git(root, 'rev-parse', 'HEAD').trim()
    // The tab follows the base (the commit is announced) without losing what was typed.
    await expect(editor).toContainText('Escalate after two hours')
    await page.getByTestId('governance-preview').click()
    await expect(page.getByTestId('governance-merged')).toContainText(
      'GOVERNANCE.md changed since you opened the editor'
    )
    const diff = page.getByTestId('governance-diff-GOVERNANCE.md')
    await expect(diff).toContainText('Escalate after two hours without an answer.')
    await expect(diff).not.toContainText('(team)')
    await page.getByTestId('governance-merged').scrollIntoViewIfNeeded()
    await snap(page, info, 'nogit-governance-merged-en')
    await page.getByTestId('governance-commit').click()
    await expect(page.getByTestId('governance-committed')).toBeVisible()
    const after = readFileSync(file, 'utf8')
    expect(after).toContain('# Governance — Support N3 (team)')
    expect(after).toContain('Escalate after two hours without an answer.')
    expect(git(root, 'rev-parse', 'HEAD^').trim()).toBe(theirs)
    expect(porcelain(root)).toBe('')
  })
})

test.describe('en français', () => {
  test('des modifications non commitées mises de côté depuis l’application : fichiers revenus à HEAD, restaurables depuis la corbeille', async ({
    page,
    hub,
    agent
  }, info) => {
    const root = join(hub.basesDir, GUIDE)
    await hub.api('updateSettings', { language: 'fr', reviewer: 'human:Alice Martin' })
    await planOnGuide(hub, agent)
    const original = readFileSync(join(root, DOC), 'utf8')
    const mine = original.replace(/\n$/, '\nUne ligne à moi.\n')
    writeFileSync(join(root, DOC), mine)
    writeFileSync(join(root, 'knowledge/brouillon.md'), '# Brouillon\n')
    const head = git(root, 'rev-parse', 'HEAD').trim()

    await openApp(page, hub, `#/base/${GUIDE}/plan`)
    await page.getByTestId('preview-button').click()
    await expect(page.getByTestId('local-changes-link')).toContainText('Voir les modifications non commitées')
    await page.getByTestId('local-changes-link').getByRole('link').click()
    await expect(page.getByTestId('local-changes-count')).toHaveText('2 fichiers modifiés')

    await page.getByTestId('local-changes-aside').click()
    await expect(page.getByTestId('aside-preview')).toContainText(
      'copiés à la corbeille avec la date du jour'
    )
    await snap(page, info, 'nogit-aside-preview-fr')
    expect(readFileSync(join(root, DOC), 'utf8')).toBe(mine)
    await page.getByTestId('aside-confirm').click()
    await expect(page.getByTestId('local-changes-done')).toContainText('Mis de côté')

    // Back to HEAD: nothing uncommitted, HEAD unmoved.
    expect(porcelain(root)).toBe('')
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(head)
    expect(readFileSync(join(root, DOC), 'utf8')).toBe(original)
    expect(existsSync(join(root, 'knowledge/brouillon.md'))).toBe(false)

    // In the trash, dated; restored as they were, uncommitted.
    await page.getByRole('link', { name: 'Ouvrir la corbeille' }).click()
    const entry = page.getByTestId(`set-aside-entry-${GUIDE}`)
    await expect(entry).toContainText('2 fichiers')
    await expect(entry).toContainText(DOC)
    await snap(page, info, 'nogit-trash-fr')
    await expectAccessible(page, 'corbeille avec des modifications mises de côté')
    await page.getByTestId(`set-aside-restore-${GUIDE}`).click()
    await expect(page.getByTestId('set-aside-restored')).toContainText('non commitées')
    expect(readFileSync(join(root, DOC), 'utf8')).toBe(mine)
    expect(readFileSync(join(root, 'knowledge/brouillon.md'), 'utf8')).toBe('# Brouillon\n')
    expect(porcelain(root).split('\n').filter(Boolean).sort()).toEqual([
      ` M ${DOC}`,
      '?? knowledge/brouillon.md'
    ])
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(head)
  })

  test('la gouvernance passe de brouillon à stable en un commit, avec le trailer du relecteur', async ({
    page,
    hub
  }, info) => {
    await hub.api('updateSettings', { language: 'fr', reviewer: 'human:Alice Martin' })
    await hub.api('newBase', {
      name: 'support-n2',
      title: 'Support N2',
      description: 'Les procédures du support.',
      language: 'fr'
    })
    const root = join(hub.basesDir, 'support-n2')
    expect(readFileSync(join(root, 'GOVERNANCE.md'), 'utf8')).toContain('# Gouvernance — Support N2')
    const head = git(root, 'rev-parse', 'HEAD').trim()
    await openApp(page, hub, '#/base/support-n2/governance')
    await expect(page.getByTestId('governance-draft')).toBeVisible()
    await page.getByTestId('governance-edit').click()
    await page.getByTestId('governance-status-stable').check()
    await page.getByTestId('governance-summary').fill('règles validées')
    await page.getByTestId('governance-preview').click()
    await expect(page.getByTestId('governance-commit-message')).toHaveText(
      'governance: règles validées\n\nReviewed-By: human:Alice Martin\n'
    )
    await expect(page.getByTestId('governance-diff-GOVERNANCE.md')).toContainText('status: stable')
    await snap(page, info, 'nogit-governance-preview-fr')
    await page.getByTestId('governance-commit').click()
    await expect(page.getByTestId('governance-committed')).toContainText('Gouvernance commitée')
    expect(git(root, 'rev-list', '--count', `${head}..HEAD`).trim()).toBe('1')
    expect(git(root, 'log', '-1', '--format=%B').trim()).toBe(
      'governance: règles validées\n\nReviewed-By: human:Alice Martin'
    )
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe('GOVERNANCE.md')
    expect(readFileSync(join(root, 'GOVERNANCE.md'), 'utf8')).toMatch(/\nstatus: stable\n/)
    expect(porcelain(root)).toBe('')
    await expect(page.getByTestId('governance-draft')).toHaveCount(0)
  })
})
