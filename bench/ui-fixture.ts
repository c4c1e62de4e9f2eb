/**
 * The UI benchmark's base: a generated corpus (bench/corpus.ts) with pending proposals filed
 * through the engine's own propose path (one commit each, as kb_propose files them), so the
 * inventory, its grouping and the staleness scan see a realistic history. Deterministic (seeded
 * concerns, ids and dates) and cached under bench/.cache/ui while its marker stands.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateBase, rng } from './corpus'
import { CACHE } from './lib'
import { memoryHubLog } from '../src/engine/hublog'
import { loadManifest } from '../src/engine/registry/manifest'
import type { Base } from '../src/engine/registry/base'
import { fileProposal } from '../src/engine/proposals/propose'
import type { ProposalFields } from '../src/engine/proposals/rules'
import { PROPOSAL_TYPES, CONFIDENCES } from '../src/engine/proposals/rules'

export interface UiFixture {
  basesDir: string
  name: string
  root: string
  docs: number
  proposals: number
  base: Base
  /** Corpus paths of the documents the proposals were written about (each with its `##` headings). */
  targets: { path: string; title: string; sections: string[] }[]
}

const AGENTS = ['claude-code/2.1', 'cursor/1.2', 'codex/0.9', 'process:nightly-check', 'continue/1.0']
const FIRST_DAY = Date.parse('2026-09-01T08:00:00Z')

/** Title and `##` headings of a generated document, read back from the file. */
function outline(root: string, path: string): { path: string; title: string; sections: string[] } {
  const text = readFileSync(join(root, 'knowledge', path), 'utf8')
  const title = /^title: (.*)$/m.exec(text)?.[1]
  const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1])
  return { path, title: title ? (JSON.parse(title) as string) : path, sections }
}

function docPath(i: number): string {
  return `d${String(Math.floor(i / 200)).padStart(3, '0')}/doc-${String(i).padStart(5, '0')}.md`
}

/**
 * `proposals` pending proposals over `docs` documents. They concern a pool of documents (about
 * one for three proposals, so several proposals meet on the same document), name the document
 * (its path, as the guide asks, or its title) and one of its sections, and one in five rewords an
 * earlier one (a near-duplicate the grouping must put together); types, confidences, agents and
 * dates (three hours apart) vary.
 */
export async function uiFixture(docs: number, proposals: number): Promise<UiFixture> {
  const name = `ui-${docs}-${proposals}`
  // A bases folder of its own: the overview lists this base alone.
  const basesDir = join(CACHE, 'ui', name)
  const root = join(basesDir, name)
  const marker = join(root, '.git', 'okf-bench-ui-proposals')
  if (existsSync(join(root, '.git', 'okf-bench-complete')) && !existsSync(marker))
    rmSync(root, { recursive: true, force: true }) // an interrupted filing: start over
  generateBase(basesDir, name, docs, 4200 + docs)
  const loaded = loadManifest(root, name)
  if (!loaded.ok) throw new Error(loaded.reason)
  const base = loaded.base
  const r = rng(77 + proposals)
  const poolSize = Math.max(3, Math.ceil(proposals / 3))
  const pool = Array.from({ length: poolSize }, (_, k) =>
    outline(root, docPath(Math.floor((k * docs) / poolSize)))
  )
  if (!existsSync(marker)) {
    const log = memoryHubLog()
    const written: string[] = []
    for (let k = 0; k < proposals; k++) {
      const doc = pool[Math.floor(r() * pool.length)]
      const section = doc.sections.length ? doc.sections[Math.floor(r() * doc.sections.length)] : ''
      // As the guide asks (« nomme le document et le sujet »), or by the document's title.
      let concerns = k % 2 === 0 ? `${doc.path} — ${section || doc.title}` : `${doc.title} : ${section}`
      if (k % 5 === 4 && written.length > 0)
        concerns = `${written[Math.floor(r() * written.length)]} (précision)`
      concerns = concerns.slice(0, 200)
      written.push(concerns)
      const fields: ProposalFields = {
        type: PROPOSAL_TYPES[Math.floor(r() * PROPOSAL_TYPES.length)],
        concerns,
        content: `Proposition ${k} : la section « ${section || doc.title} » de ${doc.path} devrait préciser la procédure de redémarrage et le délai de reconnexion observés en production.`,
        sources: [`session ${1000 + k}`, `https://example.org/ticket/${k}`],
        confidence: CONFIDENCES[Math.floor(r() * CONFIDENCES.length)],
        submittedBy: AGENTS[Math.floor(r() * AGENTS.length)]
      }
      const at = new Date(FIRST_DAY + k * 3 * 3_600_000)
      await fileProposal(base, fields, {
        log,
        now: () => at,
        drawSuffix: () => (k & 0xffff).toString(16).padStart(4, '0')
      })
    }
    writeFileSync(marker, `${proposals}\n`)
  }
  return { basesDir, name, root, docs, proposals, base, targets: pool }
}
