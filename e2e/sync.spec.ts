import { execFile } from 'node:child_process'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import { expect, test } from './helpers/fixtures'
import { CLI_JS, startHub, type Hub } from './helpers/hub'
import { connectAgent } from './helpers/mcp'
import { expectAccessible, openApp, snap } from './helpers/page'
import { BASE, makeRemote } from './helpers/remote'
import { commitOutsideHub, importFrom, pushFromElsewhere } from './helpers/sync'
import { git, leaveStaleLock, removeDir, tempDir } from '../test/helpers/fixtures'
import { startGitHttpServer, type GitHttpServer } from '../test/helpers/git-http'
import { hubEnv } from '../test/helpers/mcp'

// Team sync from the app (issue 12): a base imported from git's own smart-HTTP backend on
// 127.0.0.1, the remote moved by git itself, a proposal filed through the real MCP server and
// pushed, the server gone. Every check of the remote is made with git on the bare repository.

const badge = (page: Page, name?: string) =>
  page.getByTestId(name ? `sync-badge-${name}-label` : 'sync-badge-label')

/** One proposal filed by an agent through the real MCP server; its id. */
async function proposeThroughMcp(hub: Hub): Promise<string> {
  const agent = await connectAgent(hub)
  try {
    return await agent.propose({
      base: BASE,
      type: 'addition',
      concerns: 'Styles : la saison',
      content: 'La saison est un style de ferme.',
      sources: ['session 1'],
      confidence: 'medium',
      submitted_by: 'claude-code/2.1'
    })
  } finally {
    await agent.close()
  }
}

test.describe('team sync', () => {
  let root: string
  let bare: string
  let server: GitHttpServer
  test.beforeEach(async () => {
    root = tempDir('okf-e2e-git-')
    bare = makeRemote(root, BASE, { blobs: 2 })
    server = await startGitHttpServer(root)
  })
  test.afterEach(async () => {
    await server.close()
    removeDir(root)
  })

  test('imported base up to date; a commit pushed by git is fetched by Sync and in the corpus', async ({
    page,
    hub
  }) => {
    await importFrom(hub, `${server.url}/${BASE}.git`)
    await openApp(page, hub)
    await expect(badge(page, BASE)).toHaveText('À jour')
    // A base without a remote (the bundled ones) shows nothing.
    await expect(page.getByTestId('sync-badge-okf-hub-feedback')).toHaveCount(0)

    pushFromElsewhere(bare, 'knowledge/houblon.md', '# Houblon\n\nLe houblon donne l’amertume.\n', 'houblon')
    await page.getByTestId(`base-card-${BASE}`).getByRole('link').click()
    await expect(badge(page)).toHaveText('À jour')
    await page.getByTestId('sync-button').click()
    await expect(page.getByTestId('sync-result')).toHaveText(
      /1 commit récupéré de origin\/main : la base est à jour\./
    )
    await expect(badge(page)).toHaveText('À jour')
    await expect(page.getByTestId('sync-badge')).toContainText('synchronisée')
    await expect(page.getByTestId('sync-badge').locator('time')).toHaveCount(1)
    await expectAccessible(page, 'base view after a sync')

    await page.goto(`${hub.origin}/#/base/${BASE}/corpus/houblon.md`)
    await expect(page.getByTestId('document-view')).toContainText('Le houblon donne l’amertume.')
    await page.getByTestId('sidebar-overview').click()
    await expect(badge(page, BASE)).toHaveText('À jour')
    expect(git(join(hub.basesDir, BASE), 'rev-parse', 'HEAD').trim()).toBe(
      git(bare, 'rev-parse', 'HEAD').trim()
    )
    git(join(hub.basesDir, BASE), 'fsck', '--strict')
  })

  test('a sync stopped by a git lock left by an interrupted command says so, and the lock is removed from there', async ({
    page,
    hub
  }, info) => {
    await importFrom(hub, `${server.url}/${BASE}.git`)
    const local = join(hub.basesDir, BASE)
    pushFromElsewhere(bare, 'knowledge/houblon.md', '# Houblon\n\nLe houblon donne l’amertume.\n', 'houblon')
    const lock = leaveStaleLock(join(local, '.git', 'index.lock'))
    await openApp(page, hub, `#/base/${BASE}/inventory`)
    await page.getByTestId('sync-button').click()
    const error = page.getByTestId('sync-error')
    await expect(error).toContainText('Une commande git interrompue a laissé cette base verrouillée')
    await snap(page, info, 'sync-git-lock')
    await error.getByTestId('stale-lock-remove').click()
    await expect(error.getByTestId('stale-lock-removed')).toBeVisible()
    expect(existsSync(lock)).toBe(false)
    await page.getByTestId('sync-button').click()
    await expect(page.getByTestId('sync-result')).toHaveText(
      /1 commit récupéré de origin\/main : la base est à jour\./
    )
    expect(git(local, 'rev-parse', 'HEAD').trim()).toBe(git(bare, 'rev-parse', 'HEAD').trim())
    git(local, 'fsck', '--strict')
  })

  test('a proposal filed through the MCP server is « 1 à envoyer », then Push puts it on the remote', async ({
    page,
    hub
  }) => {
    await importFrom(hub, `${server.url}/${BASE}.git`)
    await openApp(page, hub, `#/base/${BASE}/inventory`)
    await expect(badge(page)).toHaveText('À jour')
    const id = await proposeThroughMcp(hub)
    // Live: the commit's event refreshes the status without a reload.
    await expect(badge(page)).toHaveText('1 à envoyer')
    // What will leave and why, in words, beside the badge.
    await expect(page.getByTestId('sync-badge-explain')).toHaveText(
      'Pas encore sur le dépôt de l’équipe : 1 proposition déposée ici. « Envoyer » l’y dépose.'
    )
    await expect(page.getByTestId('push-button')).toHaveClass(/button-primary/)
    const before = git(bare, 'rev-parse', 'HEAD').trim()
    await page.getByTestId('push-button').click()
    await expect(page.getByTestId('sync-result')).toHaveText('1 commit envoyé sur origin/main.')
    await expect(badge(page)).toHaveText('À jour')
    const log = git(bare, 'log', '--format=%H %s', `${before}..HEAD`).trim().split('\n')
    expect(log).toHaveLength(1)
    expect(git(bare, 'log', '-1', '--format=%B').includes(id)).toBe(true)
    expect(git(bare, 'ls-tree', '-r', '--name-only', 'HEAD').split('\n')).toContain(
      `proposals/pending/${id}.md`
    )
    git(bare, 'fsck', '--strict')
    await page.getByTestId('sidebar-overview').click()
    await expect(badge(page, BASE)).toHaveText('À jour')
  })

  test('main protected by the remote: Push moves the hub to its inbox, says so on the panel and the card', async ({
    page,
    hub
  }, info) => {
    await importFrom(hub, `${server.url}/${BASE}.git`)
    // What a hosting's branch protection does: main refused, inbox branches welcome.
    const hook = join(bare, 'hooks', 'pre-receive')
    writeFileSync(
      hook,
      '#!/bin/sh\nwhile read old new ref; do\n  case "$ref" in refs/heads/okf-hub/inbox/*) ;; *) echo "protected branch hook declined" >&2; exit 1 ;; esac\ndone\n'
    )
    chmodSync(hook, 0o755)
    await openApp(page, hub, `#/base/${BASE}/inventory`)
    const id = await proposeThroughMcp(hub)
    await expect(badge(page)).toHaveText('1 à envoyer')
    const before = git(bare, 'rev-parse', 'HEAD').trim()
    await page.getByTestId('push-button').click()
    await expect(page.getByTestId('sync-alert-moved-to-inbox')).toContainText(
      'main est protégée : ce hub dépose désormais dans sa boîte'
    )
    await expect(page.getByTestId('sync-mode')).toHaveAttribute('data-mode', 'inbox')
    await expect(page.getByTestId('sync-mode')).toContainText('1 proposition attend le gestionnaire.')
    await snap(page, info, 'sync-inbox-moved')
    expect(git(bare, 'rev-parse', 'HEAD').trim()).toBe(before)
    const inbox = git(bare, 'for-each-ref', '--format=%(refname)', 'refs/heads/okf-hub/inbox/').trim()
    expect(git(bare, 'ls-tree', '-r', '--name-only', inbox).split('\n')).toContain(
      `proposals/pending/${id}.md`
    )
    await page.getByTestId('sidebar-overview').click()
    await expect(page.getByTestId(`sync-alerts-${BASE}`)).toContainText('main est protégée')
    await snap(page, info, 'sync-inbox-card')
  })

  test('manager mode: Sync brings in a contributor hub’s inbox, and the inventory says which hub each came from', async ({
    page
  }, info) => {
    // The contributor: another hub, run from the command line, filing on its inbox.
    const contributorBases = tempDir('okf-e2e-contrib-')
    const contributor = hubEnv(contributorBases, {
      extraConfig: `bases:\n  ${BASE}:\n    sync-mode: inbox\n`
    })
    // Asynchronous: the git server answering these runs in this very process.
    const run = async (cmd: string, args: string[], cwd?: string): Promise<string> =>
      (await promisify(execFile)(cmd, args, { env: contributor.env, encoding: 'utf8', cwd })).stdout
    const cli = (...args: string[]): Promise<string> => run(process.execPath, [CLI_JS, ...args])
    await run('git', ['clone', '-q', `${server.url}/${BASE}.git`, BASE], contributorBases)
    const filed = await cli(
      'tool',
      'kb_propose',
      JSON.stringify({
        base: BASE,
        type: 'addition',
        concerns: 'Styles : la bière de garde',
        content: 'La bière de garde vient du Nord.',
        sources: ['session 7'],
        confidence: 'medium',
        submitted_by: 'claude-code/2.1'
      })
    )
    const id = /prop-\d{4}-\d{2}-\d{2}-[0-9a-f]{4}/.exec(filed)?.[0] ?? ''
    expect(id, filed).not.toBe('')
    await cli('sync', BASE, '--push')
    const inbox = git(
      bare,
      'for-each-ref',
      '--format=%(refname:lstrip=2)',
      'refs/heads/okf-hub/inbox/'
    ).trim()
    const hubId = inbox.slice('okf-hub/inbox/'.length)
    expect(hubId).toMatch(/^[0-9a-z-]+$/)
    const mainBefore = git(bare, 'rev-parse', 'main').trim()

    const manager = await startHub({
      defaultBases: false,
      extraConfig: `bases:\n  ${BASE}:\n    sync-mode: manager\n`
    })
    try {
      await importFrom(manager, `${server.url}/${BASE}.git`)
      await openApp(page, manager, `#/base/${BASE}/inventory`)
      await expect(page.getByTestId(`origin-${id}`)).toHaveCount(0)
      await page.getByTestId('sync-button').click()
      await expect(page.getByTestId(`origin-${id}`)).toHaveText(`Du hub ${hubId}`)
      await expect(page.getByTestId(`origin-${id}`)).toHaveAttribute('title', new RegExp(inbox))
      await snap(page, info, 'sync-manager-origin')
      await page.getByTestId('push-button').click()
      await expect(badge(page)).toHaveText('À jour')
      // On the remote: main carries the submission, replayed on top of what it had.
      expect(git(bare, 'ls-tree', '-r', '--name-only', 'main').split('\n')).toContain(
        `proposals/pending/${id}.md`
      )
      expect(git(bare, 'rev-list', '--count', `${mainBefore}..main`).trim()).toBe('1')
      // The proposal's own page says it too, and the mark survives a restart of the view.
      await page.reload()
      await expect(page.getByTestId(`origin-${id}`)).toHaveText(`Du hub ${hubId}`)
    } finally {
      await manager.stop()
      removeDir(contributorBases)
      removeDir(contributor.userData)
    }
  })

  test('the server gone: « Distant injoignable » in words, with what to do, nothing lost', async ({
    page,
    hub
  }) => {
    await importFrom(hub, `${server.url}/${BASE}.git`)
    const head = git(join(hub.basesDir, BASE), 'rev-parse', 'HEAD').trim()
    await server.close()
    await openApp(page, hub, `#/base/${BASE}/inventory`)
    await page.getByTestId('sync-button').click()
    await expect(badge(page)).toHaveText('Distant injoignable')
    await expect(page.getByTestId('sync-unreachable')).toContainText('Le dépôt distant ne répond pas')
    await expect(page.getByTestId('sync-unreachable')).toContainText(`${server.url}/${BASE}.git`)
    await expect(page.getByTestId('sync-unreachable')).toContainText('Rien n’a été perdu')
    await expect(page.getByTestId('sync-button')).toBeEnabled()
    await expectAccessible(page, 'base view, remote unreachable')
    await page.getByTestId('sidebar-overview').click()
    await expect(badge(page, BASE)).toHaveText('Distant injoignable')
    expect(git(join(hub.basesDir, BASE), 'rev-parse', 'HEAD').trim()).toBe(head)
    // A fresh server for afterEach to close.
    server = await startGitHttpServer(root)
  })

  test('local changes in the way of a fast-forward: listed, nothing written', async ({ page, hub }) => {
    await importFrom(hub, `${server.url}/${BASE}.git`)
    const local = join(hub.basesDir, BASE)
    const head = git(local, 'rev-parse', 'HEAD').trim()
    writeFileSync(join(local, 'knowledge/styles.md'), '# Styles\n\nEn cours ici.\n')
    pushFromElsewhere(bare, 'knowledge/styles.md', '# Styles\n\nÉcrit ailleurs.\n', 'ailleurs')
    await openApp(page, hub, `#/base/${BASE}/inventory`)
    await page.getByTestId('sync-button').click()
    await expect(badge(page)).toHaveText('1 en retard')
    const notice = page.getByTestId('sync-dirty')
    await expect(notice).toContainText(
      '1 commit à récupérer, mais des fichiers modifiés ici sont dans le chemin'
    )
    await expect(notice).toContainText('knowledge/styles.md')
    await expectAccessible(page, 'base view, local changes in the way')
    expect(git(local, 'rev-parse', 'HEAD').trim()).toBe(head)
    expect(readFileSync(join(local, 'knowledge/styles.md'), 'utf8')).toContain('En cours ici.')

    // The way forward is in the app (issue 25 §3): set the change aside, then the sync proceeds.
    await page.getByTestId('sync-dirty-open').click()
    await expect(page.getByTestId('local-change-knowledge/styles.md')).toContainText('En cours ici.')
    await page.getByTestId('local-changes-aside').click()
    await page.getByTestId('aside-confirm').click()
    await expect(page.getByTestId('local-changes-done')).toBeVisible()
    expect(git(local, 'status', '--porcelain')).toBe('')
    await page.getByTestId('sync-button').click()
    await expect(badge(page)).toHaveText('À jour')
    expect(readFileSync(join(local, 'knowledge/styles.md'), 'utf8')).toContain('Écrit ailleurs.')
  })

  test('a commit made outside the hub on a file the remote changed: diverged, explained, nothing sent', async ({
    page,
    hub
  }) => {
    await importFrom(hub, `${server.url}/${BASE}.git`)
    const local = join(hub.basesDir, BASE)
    commitOutsideHub(local, 'knowledge/styles.md', '# Styles\n\nÉcrit ici.\n', 'ici')
    pushFromElsewhere(bare, 'knowledge/styles.md', '# Styles\n\nÉcrit ailleurs.\n', 'ailleurs')
    const remoteHead = git(bare, 'rev-parse', 'HEAD').trim()
    await openApp(page, hub, `#/base/${BASE}/inventory`)
    await page.getByTestId('push-button').click()
    await expect(badge(page)).toHaveText('Divergée')
    const panel = page.getByTestId('sync-diverged')
    await expect(panel).toContainText('ont divergé')
    await expect(page.getByTestId('sync-conflicts')).toHaveText('knowledge/styles.md')
    await expect(panel).toContainText('la personne qui a modifié ce fichier')
    // Someone else's commit is never rewritten: said in words (no git command), no set-aside.
    await expect(panel).toContainText('avec un autre outil')
    await expect(panel.locator('details.error-detail')).not.toHaveAttribute('open', '')
    await expect(page.getByTestId('sync-set-aside')).toHaveCount(0)
    await expectAccessible(page, 'base view, diverged')
    expect(git(bare, 'rev-parse', 'HEAD').trim()).toBe(remoteHead)
    expect(git(local, 'log', '-1', '--format=%s').trim()).toBe('ici')
  })

  test('a resolution whose document changed on the remote: set aside, planned again on the new tip, resolved and pushed', async ({
    page,
    hub
  }, info) => {
    await importFrom(hub, `${server.url}/${BASE}.git`)
    const local = join(hub.basesDir, BASE)
    const id = await proposeThroughMcp(hub)
    await hub.api('sync', BASE, { push: true })
    await hub.api('resolvePlan', BASE, {
      summary: 'la saison',
      reviewed_by: 'human:gestionnaire',
      resolutions: [{ id, resolution: 'accepted', integrated_into: ['styles.md'] }],
      edits: [{ path: 'styles.md', append: '## Saison\n\nUn style de ferme.\n' }]
    })
    const mine = git(local, 'rev-parse', 'HEAD').trim()
    pushFromElsewhere(bare, 'knowledge/styles.md', '# Styles\n\nRevu par un collègue.\n', 'collègue')
    const remoteHead = git(bare, 'rev-parse', 'HEAD').trim()

    await openApp(page, hub, `#/base/${BASE}/inventory`)
    await page.getByTestId('push-button').click()
    await expect(badge(page)).toHaveText('Divergée')
    await expect(page.getByTestId('sync-conflicts')).toHaveText('knowledge/styles.md')
    await snap(page, info, 'sync-diverged-replannable')
    await page.getByTestId('sync-set-aside').click()

    await expect(page).toHaveURL(new RegExp(`#/base/${BASE}/plan$`))
    const notice = page.getByTestId('plan-set-aside')
    await expect(notice).toContainText('mise de côté')
    await expect(notice).toContainText('okf-hub/set-aside/')
    await expect(page.getByTestId('plan-summary')).toHaveValue('la saison')
    await expectAccessible(page, 'plan after a set-aside')
    // The old work is kept; the base follows the remote; the proposal is pending again.
    const kept = git(local, 'for-each-ref', '--format=%(refname:short) %(objectname)', 'refs/heads/okf-hub/')
    expect(kept.trim()).toMatch(new RegExp(`^okf-hub/set-aside/\\d{8}-\\d{6} ${mine}$`))
    expect(git(local, 'rev-parse', 'HEAD').trim()).toBe(remoteHead)
    expect(git(local, 'status', '--porcelain')).toBe('')

    // Previewing shows the colleague's line the rebuilt edit would undo; the manager keeps both.
    await page.getByTestId('preview-button').click()
    await expect(page.getByTestId('plan-preview')).toContainText('Revu par un collègue.')
    await snap(page, info, 'plan-after-set-aside')
    await hub.api('saveDraft', BASE, {
      summary: 'la saison',
      reviewed_by: 'human:gestionnaire',
      resolutions: [{ id, resolution: 'accepted', integrated_into: ['styles.md'] }],
      edits: [{ path: 'styles.md', append: '## Saison\n\nUn style de ferme.\n' }]
    })
    await page.reload()
    await page.getByTestId('preview-button').click()
    await page.getByTestId('resolve-button').click()
    await expect(page.getByTestId('resolve-result')).toBeVisible()
    await page.goto(`${hub.origin}/#/base/${BASE}/inventory`)
    // The resolution is the one commit to send: wait for the status to say so, then for the push's
    // own result — a badge still « À jour » from before the resolution would pass at once.
    await expect(badge(page)).toHaveText('1 à envoyer')
    await page.getByTestId('push-button').click()
    await expect(page.getByTestId('sync-result')).toHaveText('1 commit envoyé sur origin/main.')
    await expect(badge(page)).toHaveText('À jour')

    const trail = git(bare, 'log', '-i', '--format=%s', '--grep', `proposal: ${id}`, 'HEAD')
      .trim()
      .split('\n')
    expect(trail).toHaveLength(2)
    expect(git(bare, 'show', 'HEAD:knowledge/styles.md')).toMatch(
      /Revu par un collègue\.[\s\S]*Un style de ferme\./
    )
    expect(git(bare, 'rev-list', '--merges', 'HEAD').trim()).toBe('')
    git(bare, 'fsck', '--strict')
  })
})

test.describe('team sync with a token', () => {
  const TOKEN = 'jeton-e2e-7f3a'
  let root: string
  let server: GitHttpServer
  test.beforeEach(async () => {
    root = tempDir('okf-e2e-git-')
    makeRemote(root, BASE, { blobs: 2 })
    server = await startGitHttpServer(root, { token: TOKEN })
  })
  test.afterEach(async () => {
    await server.close()
    removeDir(root)
  })

  test('auth required: the token form stores it (memory only in the browser), retries, and forgets', async ({
    page,
    hub
  }) => {
    await importFrom(hub, `${server.url}/${BASE}.git`, TOKEN)
    await openApp(page, hub, `#/base/${BASE}/inventory`)
    await page.getByTestId('sync-button').click()
    await expect(badge(page)).toHaveText('Authentification requise')
    const form = page.getByTestId('sync-auth')
    await expect(form).toContainText(`127.0.0.1:${new URL(server.url).port}`)
    await expect(form).toContainText('reste en mémoire jusqu’à l’arrêt du hub')
    await expect(page.getByTestId('sync-token')).toHaveAttribute('type', 'password')
    await expectAccessible(page, 'base view, token form')
    await page.getByTestId('sync-token-save').click()
    await expect(form).toContainText('Collez d’abord le jeton.')
    await page.getByTestId('sync-token').fill(TOKEN)
    await page.getByTestId('sync-token-save').click()
    await expect(badge(page)).toHaveText('À jour')
    await expect(page.getByTestId('sync-result')).toHaveText('Déjà à jour avec origin/main.')
    await expect(page.getByTestId('sync-auth')).toHaveCount(0)
    await expect(page.getByTestId('sync-stored-token')).toContainText('gardé en mémoire')
    const hosts = await hub.api<{ hosts: string[]; persistent: boolean }>('credentialHosts')
    expect(hosts).toMatchObject({ hosts: [`127.0.0.1:${new URL(server.url).port}`], persistent: false })
    await page.getByTestId('sync-forget-token').click()
    await expect(page.getByTestId('sync-stored-token')).toHaveCount(0)
    expect((await hub.api<{ hosts: string[] }>('credentialHosts')).hosts).toEqual([])
    await page.getByTestId('sync-button').click()
    await expect(badge(page)).toHaveText('Authentification requise')
  })
})
