import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Inventory } from '../../src/shared/review'
import { ROOT } from '../lib'

/**
 * The browser's floor for the inventory's page load (issue 30 §5): a static HTML page holding the
 * same first rows the app paints, with the app's own stylesheet, served by the same `okf-hub ui`
 * bridge from the built renderer folder. Loading and painting it is what Chromium needs to show
 * that content at all — no script, no boot, no API call — so the app's page load is compared with
 * something our own code cannot move.
 *
 * The page is written into `out/renderer/` (the only folder the bridge serves) for the bench's
 * run and removed after it; a leftover from a killed run is removed by the next one.
 */
const RENDERER = join(ROOT, 'out/renderer')
export const FLOOR_FILE = 'bench-floor.html'
/** What the app renders before its first paint: a screen of rows plus the virtualiser's overscan. */
const FLOOR_ROWS = 20

const escape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The app's stylesheets, as its index.html links them. */
function stylesheets(): string[] {
  const html = readFileSync(join(RENDERER, 'index.html'), 'utf8')
  return [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1])
}

/** The inventory's first rows as the app lays them out: group headers, then their proposals. */
export function floorHtml(inv: Inventory): string {
  const rows: string[] = []
  for (const g of inv.groups) {
    if (rows.length >= FLOOR_ROWS) break
    rows.push(
      `<div role="listitem" class="inv-item"><div class="inv-group"><h3 class="inv-group-title">Sujet ${g.index} — ${escape(g.subject)} <span class="muted">(${g.proposals.length} propositions)</span></h3>${g.reasons.map((r) => `<p class="inv-group-reason">${escape(r)}</p>`).join('')}</div></div>`
    )
    for (const p of g.proposals) {
      if (rows.length >= FLOOR_ROWS) break
      rows.push(
        `<div role="listitem" class="inv-item"><div class="inv-row" data-testid="proposal-row-${escape(p.id)}" data-row-id="${escape(p.id)}">` +
          `<button type="button" class="plan-toggle">+</button><div class="inv-main">` +
          `<a class="inv-title" href="#/base/${escape(inv.base)}/proposal/${escape(p.id)}">${escape(p.concerns ?? p.id)}</a>` +
          `<div class="inv-meta"><code class="inv-id">${escape(p.id)}</code>` +
          `<span class="badge">${escape(p.type ?? '')}</span><span class="badge">${escape(p.confidence ?? '')}</span>` +
          `<span class="inv-submitter">${escape(p.submittedBy ?? '')}</span>` +
          `<span class="inv-age">il y a ${p.ageDays ?? 0} jours</span>` +
          `<span class="inv-docs">${escape(p.likelyDocuments[0] ?? '')}</span></div></div></div></div>`
      )
    }
  }
  const css = stylesheets()
    .map((href) => `<link rel="stylesheet" href="${escape(href)}">`)
    .join('')
  return `<!doctype html><html lang="fr"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>OKF Hub</title>${css}</head><body><main class="inventory"><div class="inv-scroller"><div role="list" class="inv-canvas">${rows.join('')}</div></div></main></body></html>`
}

/** Writes the floor page for this inventory; returns its path on the bridge and how to remove it. */
export function writeFloor(inv: Inventory): { path: string; remove(): void } {
  const file = join(RENDERER, FLOOR_FILE)
  writeFileSync(file, floorHtml(inv))
  const remove = (): void => rmSync(file, { force: true })
  process.once('exit', remove)
  return { path: `/${FLOOR_FILE}`, remove }
}

/** A floor page left by a run that was killed. */
export function removeStaleFloor(): void {
  const file = join(RENDERER, FLOOR_FILE)
  if (existsSync(file)) rmSync(file)
}
