import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, GUIDE, test } from './helpers/fixtures'
import { git, leaveStaleLock, writeFiles } from '../test/helpers/fixtures'
import { expectAccessible, openApp, snap } from './helpers/page'

const ID = 'prop-2026-01-15-beef'

test('the reconcile banner appears for an untracked pending file and goes away after apply', async ({
  page,
  hub
}, info) => {
  const root = join(hub.basesDir, GUIDE)
  // A proposal copied in by hand (or left by a crash): on disk, in no commit.
  writeFiles(root, {
    [`proposals/pending/${ID}.md`]: [
      '---',
      `id: ${ID}`,
      'submitted-by: human:copied-by-hand',
      "submitted-at: '2026-01-15T10:00:00Z'",
      'type: observation',
      'concerns: "Proposer : une proposition copiée à la main"',
      'sources:',
      '  - session 1',
      'confidence: medium',
      'status: pending',
      '---',
      '',
      'Copiée à la main.',
      ''
    ].join('\n')
  })
  const before = git(root, 'rev-list', '--count', 'HEAD').trim()
  await openApp(page, hub, `#/base/${GUIDE}/inventory`)
  const banner = page.getByTestId('reconcile-banner')
  await expect(banner).toBeVisible()
  await expect(banner).toContainText(ID)
  await snap(page, info, 'reconcile-banner')
  await expectAccessible(page, 'reconcile banner')
  await page.getByTestId('reconcile-apply').click()
  await expect(page.getByTestId('reconcile-result')).toBeVisible()
  await expect(banner).toHaveCount(0)
  await expect(page.getByTestId(`proposal-row-${ID}`)).toBeVisible()
  expect(Number(git(root, 'rev-list', '--count', 'HEAD').trim())).toBe(Number(before) + 1)
  expect(git(root, 'log', '-1', '--format=%s')).toContain('(recovered)')
  await snap(page, info, 'reconcile-applied')
})

test('the reconcile banner lists a git lock left by an interrupted command, and its repair removes it', async ({
  page,
  hub
}, info) => {
  const root = join(hub.basesDir, GUIDE)
  const lock = leaveStaleLock(join(root, '.git', 'index.lock'))
  await openApp(page, hub, `#/base/${GUIDE}/inventory`)
  const banner = page.getByTestId('reconcile-banner')
  await expect(banner).toBeVisible()
  await expect(banner).toContainText('.git/index.lock')
  await snap(page, info, 'reconcile-banner-git-lock')
  await expectAccessible(page, 'reconcile banner with a git lock')
  await page.getByTestId('reconcile-apply').click()
  await expect(page.getByTestId('reconcile-result')).toContainText('.git/index.lock')
  await expect(banner).toHaveCount(0)
  expect(existsSync(lock)).toBe(false)
  expect(git(root, 'status', '--porcelain')).toBe('')
  await snap(page, info, 'reconcile-applied-git-lock')
})
