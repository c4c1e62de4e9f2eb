import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import type { Page, TestInfo } from '@playwright/test'
import { expect, GUIDE, test } from './helpers/fixtures'
import { BASE, makeRemote } from './helpers/remote'
import { git, leaveStaleLock, removeDir, tempDir, writeFiles } from '../test/helpers/fixtures'
import { startGitHttpServer } from '../test/helpers/git-http'
import { linesInOtherLanguage, type Lang } from './helpers/language'
import { openApp, snap } from './helpers/page'
import { CLI_JS, type Hub } from './helpers/hub'
import type { Agent } from './helpers/mcp'

// Issue 25 item 2: every error path a manager can reach shows in the UI's language. Each screen's
// failure is provoked against the real engine (a closed port on 127.0.0.1, an SSH address, an
// unknown base, hosts that are not installed in the hub's temp home), in English and in French;
// the visible text must hold no line of the other language. The engine's own sentence is only in
// a folded technical detail marked lang="fr", which is left out (as is code).

/** A new base in the walk's language (what a manager creating one in the app gets). */
function supportBase(lang: Lang): { name: string; title: string; description: string; language: Lang } {
  return {
    name: 'support',
    title: lang === 'en' ? 'Support desk' : 'Support',
    description: lang === 'en' ? 'How the support desk works.' : 'Comment le support fonctionne.',
    language: lang
  }
}

/**
 * The support base in the walk's language, one proposal filed by an agent, and a saved plan that
 * accepts it into the base's first document with one appended line. Returns that document's name.
 */
async function planOnSupport(hub: Hub, agent: Agent, lang: Lang): Promise<string> {
  await hub.api('newBase', supportBase(lang))
  const id = await agent.propose({
    base: 'support',
    type: 'addition',
    concerns: lang === 'en' ? 'Opening hours' : 'Horaires d’ouverture',
    content: lang === 'en' ? 'Open at nine.' : 'Ouvert à neuf heures.',
    sources: ['ticket 3'],
    confidence: 'high',
    submitted_by: 'claude-code/2.1'
  })
  const corpus = readdirSync(join(hub.basesDir, 'support', 'knowledge')).find((f) =>
    f.endsWith('.md')
  ) as string
  await hub.api('saveDraft', 'support', {
    summary: lang === 'en' ? 'opening hours' : 'horaires',
    reviewed_by: 'human:Alice',
    resolutions: [{ id, resolution: 'accepted', integrated_into: [corpus] }],
    edits: [{ path: corpus, append: lang === 'en' ? 'Open at nine.' : 'Ouvert à neuf heures.' }]
  })
  return corpus
}

/** On the Plan screen: preview, resolve, and wait for the refusal of `kind` (nothing written). */
async function resolveRefused(page: Page, kind: string, timeout: number): Promise<void> {
  await page.getByTestId('preview-button').click()
  await expect(page.getByTestId('resolve-button')).toBeEnabled({ timeout: 30_000 })
  await page.getByTestId('resolve-button').click()
  await expect(page.locator('[data-error-kind]').first()).toHaveAttribute('data-error-kind', kind, {
    timeout
  })
}

/** The page's visible text, without code, folded details, and what is marked as another language. */
async function visibleText(page: Page, lang: Lang, scope = 'body'): Promise<string> {
  return page.evaluate(
    ([lng, sel]) => {
      const hidden: HTMLElement[] = []
      for (const el of document.querySelectorAll<HTMLElement>('code, [lang]:not(html)')) {
        if (el.tagName === 'CODE' || el.getAttribute('lang') !== lng) {
          hidden.push(el)
          el.dataset.prevDisplay = el.style.display
          el.style.display = 'none'
        }
      }
      const text = [...document.querySelectorAll<HTMLElement>(sel)].map((el) => el.innerText).join('\n')
      for (const el of hidden) el.style.display = el.dataset.prevDisplay ?? ''
      return text
    },
    [lang, scope] as const
  )
}

/** `scope`: a selector when the page also shows the bases' own content (their titles are theirs). */
async function expectOnly(page: Page, lang: Lang, where: string, scope?: string): Promise<void> {
  const other = linesInOtherLanguage(await visibleText(page, lang, scope), lang)
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

    test(`import: a private repository asks for a token, then refuses a wrong one (${lang})`, async ({
      page,
      hub
    }, info: TestInfo) => {
      const root = tempDir('okf-e2e-git-')
      makeRemote(root, BASE, { blobs: 1 })
      const server = await startGitHttpServer(root, { token: 'le-bon-jeton' })
      try {
        const refused = page.getByTestId('import-refused')
        await openApp(page, hub, '#/import')
        await page.getByTestId('import-url').fill(`${server.url}/${BASE}.git`)
        await page.getByTestId('import-start').click()
        await expect(refused).toHaveAttribute('data-error-kind', 'import-auth-required', { timeout: 60_000 })
        await expectOnly(page, lang, 'import auth required')
        await snap(page, info, `error-language-import-auth-${lang}`)

        await openApp(page, hub, '#/import')
        await page.reload()
        await page.getByTestId('import-url').fill(`${server.url}/${BASE}.git`)
        await page.getByTestId('import-token').fill('un-mauvais-jeton')
        await page.getByTestId('import-start').click()
        await expect(refused).toHaveAttribute('data-error-kind', 'import-token-refused', { timeout: 60_000 })
        await expectOnly(page, lang, 'import token refused')
        await snap(page, info, `error-language-import-token-refused-${lang}`)
      } finally {
        await server.close()
        removeDir(root)
      }
    })

    test(`new base: the folder is taken by something that is not a base (${lang})`, async ({
      page,
      hub
    }, info: TestInfo) => {
      mkdirSync(join(hub.basesDir, 'notes'))
      writeFileSync(join(hub.basesDir, 'notes', 'a-lire.txt'), 'pas une base\n')
      await openApp(page, hub, '#/new')
      await page.getByTestId('new-base-title').fill('Notes')
      await page.getByTestId('new-base-name').fill('notes')
      await page
        .getByTestId('new-base-description')
        .fill(lang === 'en' ? 'Team notes.' : 'Les notes de l’équipe.')
      await page.getByTestId('new-base-create').click()
      const notice = page.locator('[data-error-kind]').first()
      await expect(notice).toHaveAttribute('data-error-kind', /dir-taken|base-name-taken/, {
        timeout: 30_000
      })
      await expectOnly(page, lang, 'new base taken')
      await snap(page, info, `error-language-new-base-taken-${lang}`)
    })

    test(`plan: the preview's warnings in words (${lang})`, async ({ page, hub, agent }, info: TestInfo) => {
      // A base of the manager's language (the shipped ones are French content, not UI text).
      const base = 'support'
      await hub.api('newBase', {
        name: base,
        title: lang === 'en' ? 'Support desk' : 'Support',
        description: lang === 'en' ? 'How the support desk works.' : 'Comment le support fonctionne.',
        language: lang
      })
      const id = await agent.propose({
        base,
        type: 'addition',
        concerns:
          lang === 'en' ? 'Resetting two-factor authentication' : 'Réinitialiser la double authentification',
        content: lang === 'en' ? 'The reset steps.' : 'Les étapes de réinitialisation.',
        sources: ['ticket 12'],
        confidence: 'medium',
        submitted_by: 'claude-code/2.1'
      })
      await hub.api('updateSettings', { reviewer: 'human:Alice' })
      await hub.api('saveDraft', base, {
        summary: lang === 'en' ? 'two-factor reset' : 'double authentification',
        reviewed_by: 'human:Alice',
        resolutions: [{ id, resolution: 'accepted', integrated_into: [] }],
        edits: [
          {
            path: 'two-factor-reset.md',
            content:
              lang === 'en'
                ? '# Two-factor reset\n\nThe steps.\n'
                : '# Double authentification\n\nLes étapes.\n'
          }
        ]
      })
      await openApp(page, hub, `#/base/${base}/plan`)
      await page.getByTestId('preview-button').click()
      const warnings = page.getByTestId('preview-warnings')
      await expect(warnings).toContainText(
        lang === 'en'
          ? 'Change 1: two-factor-reset.md does not exist yet; it will be created.'
          : 'Modification 1 : two-factor-reset.md n’existe pas encore ; le document sera créé.'
      )
      await expect(warnings).not.toContainText('edits[0]')
      await expectOnly(page, lang, 'plan preview warnings')
      await snap(page, info, `error-language-plan-warnings-${lang}`)
    })

    test(`plan: a section's new text without its heading, then a link among the documents (${lang})`, async ({
      page,
      hub,
      agent
    }, info: TestInfo) => {
      const corpus = await planOnSupport(hub, agent, lang)
      const section = lang === 'en' ? 'What a section is for' : 'À quoi sert une section'
      // The saved plan, its one change replaced (what the manager would have typed).
      const draft = async (edit: Record<string, unknown>): Promise<void> => {
        const { plan } = await hub.api<{ plan: Record<string, unknown> }>('loadDraft', 'support')
        await hub.api('saveDraft', 'support', { ...plan, edits: [edit] })
      }
      await draft({
        path: corpus,
        section,
        content: lang === 'en' ? 'A text with no heading.' : 'Un texte sans titre.'
      })
      await openApp(page, hub, '#/base/support/plan')
      await page.getByTestId('preview-button').click()
      const refusal = page.locator('[data-error-kind="section-content-heading"]')
      await expect(refusal).toContainText(
        lang === 'en'
          ? `The new text of the section “${section}” of ${corpus} does not start with its heading.`
          : `Le nouveau texte de la section « ${section} » de ${corpus} ne commence pas par son titre.`
      )
      await expect(refusal).toContainText(lang === 'en' ? 'level-2 heading' : 'titre de niveau 2')
      await expectOnly(page, lang, 'plan section without heading')
      await snap(page, info, `error-language-plan-section-heading-${lang}`)

      // A link among the documents: the app cannot tell it from a document, the engine refuses it.
      const knowledge = join(hub.basesDir, 'support', 'knowledge')
      symlinkSync(join(knowledge, corpus), join(knowledge, 'alias.md'))
      await draft({ path: 'alias.md', append: 'x' })
      await page.reload()
      await page.getByTestId('preview-button').click()
      await expect(page.locator('[data-error-kind="edit-path-link"]')).toContainText(
        lang === 'en'
          ? 'alias.md is a link to another file, or passes through one: the hub does not write through links.'
          : 'alias.md est un lien vers un autre fichier, ou passe par un lien : le hub n’écrit pas à travers les liens.'
      )
      await expectOnly(page, lang, 'plan path through a link')
    })

    test(`trash: a base restored under a name now taken (${lang})`, async ({ page, hub }, info: TestInfo) => {
      const made = {
        name: 'support',
        title: lang === 'en' ? 'Support desk' : 'Support',
        description: lang === 'en' ? 'How the support desk works.' : 'Comment le support fonctionne.',
        language: lang
      }
      await hub.api('newBase', made)
      await hub.api('removeBase', 'support')
      // Meanwhile a new base took its name.
      await hub.api('newBase', made)
      await openApp(page, hub, '#/trash')
      await page.getByTestId('trash-restore-support').click()
      await expect(page.locator('[data-error-kind]').first()).toHaveAttribute(
        'data-error-kind',
        /dir-taken|base-name-taken/,
        { timeout: 30_000 }
      )
      await expectOnly(page, lang, 'trash restore taken')
      await snap(page, info, `error-language-trash-taken-${lang}`)
    })

    test(`plan: a resolve stopped by uncommitted changes (${lang})`, async ({
      page,
      hub,
      agent
    }, info: TestInfo) => {
      const corpus = await planOnSupport(hub, agent, lang)
      const root = join(hub.basesDir, 'support')
      // Someone edited the document with an editor and did not commit.
      appendFileSync(join(root, 'knowledge', corpus), lang === 'en' ? '\nA note.\n' : '\nUne note.\n')
      await openApp(page, hub, '#/base/support/plan')
      await page.getByTestId('preview-button').click()
      await expect(page.locator('[data-error-kind]').first()).toHaveAttribute(
        'data-error-kind',
        'local-changes',
        {
          timeout: 30_000
        }
      )
      await expectOnly(page, lang, 'plan local changes')
      await snap(page, info, `error-language-plan-local-changes-${lang}`)
    })

    test(`sync: a remote the hub cannot sync, an SSH address (${lang})`, async ({
      page,
      hub
    }, info: TestInfo) => {
      await hub.api('newBase', supportBase(lang))
      const root = join(hub.basesDir, 'support')
      git(root, 'remote', 'add', 'origin', 'git@example.org:org/support.git')
      git(root, 'config', 'branch.main.remote', 'origin')
      git(root, 'config', 'branch.main.merge', 'refs/heads/main')
      await openApp(page, hub, '#/base/support/inventory')
      const notice = page.getByTestId('sync-error')
      await expect(notice).toBeVisible({ timeout: 30_000 })
      // worded from the problem's kind, with the remote's address; the engine's sentence folded away
      await expect(notice).toContainText('git@example.org:org/support.git')
      await expect(notice).toContainText(
        lang === 'en' ? 'only http(s) addresses' : 'que les adresses http(s)'
      )
      await expectOnly(page, lang, 'sync not http')
      await snap(page, info, `error-language-sync-ssh-${lang}`)
    })

    test(`overview: folders that are not valid bases (${lang})`, async ({ page, hub }, info: TestInfo) => {
      writeFiles(join(hub.basesDir, 'broken'), {
        'okf-bundle.yaml':
          'bundle-spec: "0.1"\nname: Bad_Name\ndescription: x\ngovernance:\n  rules: GOVERNANCE.md\n',
        'GOVERNANCE.md': '# Rules\n'
      })
      writeFiles(join(hub.basesDir, 'not-yaml'), { 'okf-bundle.yaml': 'name: [unclosed\n' })
      await openApp(page, hub, '#/')
      const list = page.getByTestId('invalid-bundles')
      await expect(list).toBeVisible({ timeout: 30_000 })
      await expect(list.locator('li')).toHaveCount(2)
      await expect(list).toContainText(
        lang === 'en' ? 'The field title is missing.' : 'Le champ title manque.'
      )
      // The shipped bases' cards show their own (French) titles: base content, not the UI's words.
      await expectOnly(page, lang, 'overview invalid bases', 'section:has([data-testid="invalid-bundles"])')
      await snap(page, info, `error-language-overview-invalid-${lang}`)
    })

    test(`a base whose okf-bundle.yaml breaks while its page is open (${lang})`, async ({
      page,
      hub
    }, info: TestInfo) => {
      await openApp(page, hub, `#/base/${GUIDE}/inventory`)
      await expect(page.getByTestId('plan-link')).toBeVisible({ timeout: 30_000 })
      // Live: the hub watches the bases for this page from here on (a change made before the page's
      // event stream opened would be the watcher's starting point, not a change).
      await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live')
      const manifest = join(hub.basesDir, GUIDE, 'okf-bundle.yaml')
      const before = readFileSync(manifest, 'utf8')
      writeFileSync(manifest, 'name: [unclosed\n')
      const said = page.getByTestId('base-broken')
      await expect(said).toBeVisible({ timeout: 30_000 })
      await expect(said).toContainText(
        lang === 'en' ? 'okf-bundle.yaml is not valid YAML' : 'okf-bundle.yaml n’est pas du YAML valide'
      )
      await expectOnly(page, lang, 'base broken')
      await snap(page, info, `error-language-base-broken-${lang}`)
      // Fixed: the base comes back by itself.
      writeFileSync(manifest, before)
      await expect(page.getByTestId('plan-link')).toBeVisible({ timeout: 30_000 })
    })

    test(`reconcile: pending files that cannot be recorded (${lang})`, async ({
      page,
      hub
    }, info: TestInfo) => {
      await hub.api('newBase', supportBase(lang))
      const root = join(hub.basesDir, 'support')
      writeFiles(root, {
        'proposals/pending/draft.md': 'no header here\n',
        'proposals/pending/prop-2026-01-04-0001.md':
          '---\nid: prop-2026-01-04-0002\nsubmitted-by: human:x\ntype: observation\nconcerns: c\nconfidence: high\n---\n\nx\n'
      })
      await openApp(page, hub, '#/base/support/inventory')
      const banner = page.getByTestId('reconcile-banner')
      await expect(banner).toBeVisible({ timeout: 30_000 })
      await expect(banner).toContainText(
        lang === 'en'
          ? 'its id prop-2026-01-04-0002 is not the file’s name'
          : 'son identifiant prop-2026-01-04-0002'
      )
      await expectOnly(page, lang, 'reconcile malformed')
      await snap(page, info, `error-language-reconcile-${lang}`)
    })

    test(`governance: a schema that is not YAML is refused (${lang})`, async ({
      page,
      hub
    }, info: TestInfo) => {
      await hub.api('newBase', supportBase(lang))
      await hub.api('updateSettings', { reviewer: 'human:Alice Martin' })
      await openApp(page, hub, '#/base/support/governance')
      await page.getByTestId('governance-edit').click()
      await page.getByTestId('governance-schema').fill('fields: [unclosed\n')
      await page.getByTestId('governance-preview').click()
      await expect(page.locator('[data-error-kind]').first()).toHaveAttribute(
        'data-error-kind',
        'governance-invalid-yaml',
        { timeout: 30_000 }
      )
      await expectOnly(page, lang, 'governance invalid yaml')
      await snap(page, info, `error-language-governance-yaml-${lang}`)
    })

    test(`plan: the base is busy with another write (${lang})`, async ({
      page,
      hub,
      agent
    }, info: TestInfo) => {
      await planOnSupport(hub, agent, lang)
      // Another program holds the base's write lock (okf-hub lock, as a script of the team would).
      const holder = spawn(
        process.execPath,
        [CLI_JS, 'lock', 'support', '--', 'sh', '-c', 'echo held; read x'],
        {
          env: hub.env,
          stdio: ['pipe', 'pipe', 'pipe']
        }
      )
      try {
        await new Promise<void>((resolve, reject) => {
          holder.stdout.on('data', (d: Buffer) => {
            if (d.toString().includes('held')) resolve()
          })
          holder.once('exit', (code) => reject(new Error(`okf-hub lock exited ${code}`)))
        })
        await openApp(page, hub, '#/base/support/plan')
        // The hub waits for the lock (15 s), then says the base is busy: nothing was written.
        await resolveRefused(page, 'base-busy', 60_000)
        await expectOnly(page, lang, 'plan base busy')
        await snap(page, info, `error-language-plan-busy-${lang}`)
      } finally {
        holder.stdin.end('\n')
        holder.kill()
      }
    })

    test(`plan: a git lock left by an interrupted command, removed from the refusal (${lang})`, async ({
      page,
      hub,
      agent
    }, info: TestInfo) => {
      await planOnSupport(hub, agent, lang)
      const root = join(hub.basesDir, 'support')
      const head = git(root, 'rev-parse', 'HEAD').trim()
      // A git killed while it held the index's lock, an hour ago: git never removes that file.
      const lock = leaveStaleLock(join(root, '.git', 'index.lock'))
      await openApp(page, hub, '#/base/support/plan')
      await resolveRefused(page, 'git-lock-stale', 30_000)
      expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(head)
      await expectOnly(page, lang, 'plan stale git lock')
      await snap(page, info, `error-language-plan-git-lock-${lang}`)
      await page.getByTestId('stale-lock-remove').click()
      await expect(page.getByTestId('stale-lock-removed')).toBeVisible()
      expect(existsSync(lock)).toBe(false)
      await expectOnly(page, lang, 'plan stale git lock removed')
      await snap(page, info, `error-language-plan-git-lock-removed-${lang}`)
      await page.getByTestId('resolve-button').click()
      await expect(page.getByTestId('resolve-result')).toBeVisible({ timeout: 30_000 })
      expect(git(root, 'rev-parse', 'HEAD').trim()).not.toBe(head)
    })

    test(`a base not on a branch: said on its page, the preview and an agent's proposal refused, then back (${lang})`, async ({
      page,
      hub,
      agent
    }, info: TestInfo) => {
      await planOnSupport(hub, agent, lang)
      const root = join(hub.basesDir, 'support')
      const branch = git(root, 'symbolic-ref', '--short', 'HEAD').trim()
      const head = git(root, 'rev-parse', 'HEAD').trim()
      await openApp(page, hub, '#/base/support/plan')
      await expect(page.getByTestId('preview-button')).toBeEnabled()
      // Someone looks at an older version with git: the commit stays, the branch is gone from HEAD.
      git(root, 'checkout', '-q', '--detach')
      const banner = page.getByTestId('base-detached')
      await expect(banner).toBeVisible()
      await expect(banner).toContainText(head.slice(0, 10))
      // A base with no remote was never going to sync: no « Sync failed » beside the banner.
      await expect(page.getByTestId('sync-badge')).toHaveCount(0)
      await expectOnly(page, lang, 'base not on a branch, its banner')
      await snap(page, info, `base-detached-banner-${lang}`)
      await page.getByTestId('preview-button').click()
      await expect(page.locator('[data-error-kind]').first()).toHaveAttribute(
        'data-error-kind',
        'detached-head'
      )
      await expectOnly(page, lang, 'base not on a branch')
      await snap(page, info, `error-language-detached-head-${lang}`)
      const refused = await agent.tool('kb_propose', {
        base: 'support',
        type: 'addition',
        concerns: 'Horaires du samedi',
        content: 'Fermé le samedi.',
        sources: ['ticket 4'],
        confidence: 'high',
        submitted_by: 'claude-code/2.1'
      })
      expect(refused.isError).toBe(true)
      expect(refused.text).toMatch(/^ERROR: IO_ERROR: HEAD détaché dans .*support \(aucune branche courante/)
      expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(head)
      expect(git(root, 'status', '--porcelain')).toBe('')
      // Back on its branch: the page says so by itself, and the preview works again.
      git(root, 'checkout', '-q', branch)
      await expect(banner).toHaveCount(0)
      await page.getByTestId('preview-button').click()
      await expect(page.getByTestId('resolve-button')).toBeEnabled()
    })

    test(`settings: a change that cannot be saved (${lang})`, async ({ page, hub }, info: TestInfo) => {
      await openApp(page, hub, '#/settings')
      await expect(page.getByTestId('settings-reviewer')).toBeVisible({ timeout: 30_000 })
      // The settings file's place is taken by a folder: the write fails, as on a full or read-only disk.
      const file = join(hub.userData, 'ui-settings.json')
      rmSync(file, { force: true })
      mkdirSync(join(file, 'in-the-way'), { recursive: true })
      await page.getByTestId('settings-reviewer').fill('Alice Martin')
      await page.getByTestId('settings-reviewer').press('Enter')
      await expect(page.locator('[data-error-kind]').first()).toHaveAttribute(
        'data-error-kind',
        'settings-not-saved',
        {
          timeout: 30_000
        }
      )
      await expect(page.locator('[data-error-kind]').first()).toContainText(
        lang === 'en' ? 'Your change was not saved' : 'Votre modification n’a pas été enregistrée'
      )
      await expectOnly(page, lang, 'settings not saved')
      await snap(page, info, `error-language-settings-${lang}`)
    })

    test(`links to what does not exist: a proposal, a commit, a document (${lang})`, async ({
      page,
      hub
    }, info: TestInfo) => {
      await hub.api('newBase', supportBase(lang))
      // Each page, once its answer is in: a notice, or (the trail) the steps that found nothing.
      const pages: [string, string, string][] = [
        ['#/base/support/proposal/prop-2026-01-01-dead', 'proposal', '.notice-error'],
        [
          '#/base/support/proposal/prop-2026-01-01-dead/trail',
          'trail',
          '[data-testid="audit-trail"] .audit-step'
        ],
        ['#/base/support/history/0123456789abcdef0123456789abcdef01234567', 'commit', '.notice-error'],
        ['#/base/support/corpus/no-such-document.md', 'document', '[data-error-kind="document-not-found"]']
      ]
      for (const [hash, what, settled] of pages) {
        await openApp(page, hub, hash)
        await expect(page.locator(settled).first()).toBeVisible({ timeout: 30_000 })
        await expectOnly(page, lang, `missing ${what}`)
        await snap(page, info, `error-language-missing-${what}-${lang}`)
      }
    })

    test(`unknown base (${lang})`, async ({ page, hub }, info: TestInfo) => {
      await openApp(page, hub, '#/base/no-such-base/inventory')
      await expect(page.locator('main h2', { hasText: 'no-such-base' })).toBeVisible({ timeout: 30_000 })
      await expectOnly(page, lang, 'unknown base')
      await snap(page, info, `error-language-unknown-base-${lang}`)
    })
  })
}
