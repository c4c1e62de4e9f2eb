import { readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, GUIDE, test } from './helpers/fixtures'
import { openApp, snap } from './helpers/page'

/** Every file under `dir` dated in the past: the corpus then holds nothing the racy-mtime rule distrusts. */
function agePast(dir: string, at: Date): void {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) agePast(p, at)
    else utimesSync(p, at, at)
  }
}

// The inventory answers from the corpus as it was last checked, then checks it (locate-cache.ts):
// a document edited outside the hub, not committed, must still show in the suggestions by itself.
test('a document edited outside the hub: the inventory’s suggestion follows without a reload', async ({
  page,
  hub,
  agent
}, info) => {
  const root = join(hub.basesDir, GUIDE)
  const doc = join(root, 'knowledge/chercher-et-lire.md')
  agePast(join(root, 'knowledge'), new Date('2026-01-02T03:04:05Z'))
  const first = await agent.propose({
    base: GUIDE,
    type: 'correction',
    concerns: 'chercher-et-lire.md — quand la recherche ne trouve rien',
    content: 'Essayer aussi le mode regex.',
    sources: ['session 3'],
    confidence: 'medium',
    submitted_by: 'claude-code/2.1'
  })
  await openApp(page, hub, `#/base/${GUIDE}/inventory`)
  const row = page.getByTestId(`proposal-row-${first}`)
  await expect(row.locator('.inv-docs')).toContainText('chercher-et-lire.md')

  // Rewritten in an editor, not committed: none of the concerns' words left.
  writeFileSync(doc, '# Notes\n\nTexte sans rapport avec la question posée.\n')
  const later = new Date('2026-01-03T03:04:05Z')
  utimesSync(doc, later, later)
  // Anything that makes the screen read again (here another filing) shows the kept suggestion
  // first; the check after it finds the edit, and the screen reads once more on its own.
  const second = await agent.propose({
    base: GUIDE,
    type: 'addition',
    concerns: 'Installer le hub sur un poste neuf',
    content: 'Préciser les prérequis.',
    sources: ['session 4'],
    confidence: 'low',
    submitted_by: 'claude-code/2.1'
  })
  await expect(page.getByTestId(`proposal-row-${second}`)).toBeVisible()
  // The concerns name the file too: only the suggestion (its text and its full list) is looked at.
  const docs = row.locator('.inv-docs')
  await expect(docs).not.toContainText('chercher-et-lire.md')
  await expect(docs).not.toHaveAttribute('title', /chercher-et-lire\.md/)
  await snap(page, info, 'inventory-suggestion-followed')
})

// A path is the agents' or a colleague's to name: one unbroken word of any length wraps inside its
// row and its button instead of running past the card and the page.
test('a document with a very long name: its path stays inside the inventory row and the proposal page', async ({
  page,
  hub,
  agent
}, info) => {
  const root = join(hub.basesDir, GUIDE)
  const name = `${'x'.repeat(180)}.md`
  writeFileSync(join(root, 'knowledge', name), '# Long\n\nLe zeppelinographe est décrit ici.\n')
  agePast(join(root, 'knowledge'), new Date('2026-01-02T03:04:05Z'))
  const id = await agent.propose({
    base: GUIDE,
    type: 'question',
    concerns: 'zeppelinographe',
    content: 'Où est le zeppelinographe ?',
    sources: ['session 5'],
    confidence: 'low',
    submitted_by: 'claude-code/2.1'
  })
  await openApp(page, hub, `#/base/${GUIDE}/inventory`)
  const row = page.getByTestId(`proposal-row-${id}`)
  const docs = row.locator('.inv-docs')
  await expect(docs).toContainText(name)
  const right = async (l: ReturnType<typeof page.locator>): Promise<number> => {
    const b = await l.boundingBox()
    return b ? b.x + b.width : Number.POSITIVE_INFINITY
  }
  expect(await right(docs)).toBeLessThanOrEqual(await right(row))
  await snap(page, info, 'inventory-long-path')

  await row.getByRole('link').first().click()
  const button = page.getByTestId(`likely-doc-${name}`)
  await expect(button).toBeVisible()
  const viewport = page.viewportSize()?.width ?? 0
  expect(await right(button)).toBeLessThanOrEqual(viewport)
  await button.click()
  const meta = page.locator('.document-meta')
  await expect(meta).toContainText(name)
  expect(await right(meta)).toBeLessThanOrEqual(viewport)
  await snap(page, info, 'proposal-long-path')
})
