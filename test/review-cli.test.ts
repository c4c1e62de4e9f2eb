import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { lstatSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { CLI_JS, assertBuilt, hubEnv, type HubEnv } from './helpers/mcp'
import { memoryHubLog } from '../src/engine/hublog'
import { Registry } from '../src/engine/registry/registry'
import { fileProposal } from '../src/engine/proposals/propose'
import { renderProposalFile } from '../src/engine/proposals/format'
import type {
  Inventory,
  PlanPreview,
  ReconcileReport,
  ReviewContext,
  ReviewErrorDto
} from '../src/shared/review'

// The real CLI, built (`npx electron-vite build`), spawned as a manager's shell would.

const log = memoryHubLog()
const dirs: string[] = []
afterEach(() => {
  while (dirs.length) removeDir(dirs.pop() as string)
})
beforeAll(() => assertBuilt())

const SSO =
  '---\ntitle: Procédure SSO\ntags: [sso]\n---\n\n# Procédure SSO\n\n## Reconnexion\n\nAncien.\n\n## Déconnexion\n\nQuitter.\n'

interface World {
  dir: string
  root: string
  h: HubEnv
  ids: string[]
}

async function world(): Promise<World> {
  const dir = tempDir('okf-review-cli-')
  dirs.push(dir)
  const root = makeBundle(dir, 'alpha', {
    files: { 'knowledge/procedures/sso.md': SSO, 'knowledge/index.md': '# Index\n' },
    governance: '---\nstatus: draft\n---\n# Gouvernance\n\nSources exigées.\n'
  })
  const h = hubEnv(dir)
  dirs.push(h.userData)
  const registry = new Registry(dir, log)
  registry.rescan()
  const base = registry.get('alpha')
  const ids: string[] = []
  for (const [suffix, by, at] of [
    ['a3f2', 'session-a', '2026-08-30T09:00:00Z'],
    ['b81c', 'session-b', '2026-08-30T10:00:00Z'],
    ['c0de', 'session-c', '2026-08-30T11:00:00Z']
  ]) {
    const filed = await fileProposal(
      base,
      {
        type: 'correction',
        concerns: 'procédure de reconnexion SSO déplacée',
        content: `Constat de ${by}.`,
        sources: ['incident #4521'],
        confidence: 'high',
        submittedBy: by
      },
      { log, now: () => new Date(at), drawSuffix: () => suffix }
    )
    ids.push(filed.id)
  }
  return { dir, root, h, ids }
}

function review(w: World, args: string[], input?: string) {
  return spawnSync(process.execPath, [CLI_JS, 'review', ...args, '--bases', w.dir], {
    env: w.h.env,
    encoding: 'utf8',
    cwd: '/',
    input
  })
}

function planFile(w: World, plan: unknown): string {
  const file = join(w.h.userData, `plan-${Math.random().toString(16).slice(2)}.json`)
  writeFileSync(file, JSON.stringify(plan))
  return file
}

function snapshot(root: string): string {
  const h = createHash('sha256')
  const walk = (dir: string, rel: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (rel === '' && e.name === '.git') continue
      const abs = join(dir, e.name)
      const r = rel ? `${rel}/${e.name}` : e.name
      const st = lstatSync(abs)
      if (st.isDirectory()) {
        h.update(`D ${r}\n`)
        walk(abs, r)
      } else if (st.isSymbolicLink()) h.update(`L ${r} ${readlinkSync(abs)}\n`)
      else
        h.update(`F ${r} ${st.mode.toString(8)} `)
          .update(readFileSync(abs))
          .update('\n')
    }
  }
  walk(root, '')
  h.update(git(root, 'rev-parse', 'HEAD')).update(git(root, 'for-each-ref'))
  h.update(git(root, 'status', '--porcelain', '--untracked-files=all'))
  return h.digest('hex')
}

const count = (root: string, ...grep: string[]): number =>
  git(root, 'log', '--format=%H', ...grep)
    .split('\n')
    .filter((l) => l !== '').length

function batchPlan(ids: string[]) {
  return {
    summary: 'reconnexion SSO — doublon fusionné',
    reviewed_by: 'human:morva',
    resolutions: [
      { id: ids[0], resolution: 'accepted', integrated_into: ['procedures/sso.md'] },
      { id: ids[1], resolution: 'accepted', integrated_into: ['procedures/sso.md'] },
      { id: ids[2], resolution: 'rejected', reason: `doublon de ${ids[0]}` }
    ],
    edits: [{ path: 'procedures/sso.md', section: 'Reconnexion', content: '## Reconnexion\n\nMenu profil.' }]
  }
}

describe('okf-hub review (exit 0)', () => {
  it('reconcile, context, inventory, dry-run then resolve: the manager loop through the real CLI', async () => {
    const w = await world()
    const orphan = 'prop-2026-01-02-cafe'
    writeFileSync(
      join(w.root, 'proposals/pending', `${orphan}.md`),
      renderProposalFile(
        orphan,
        {
          type: 'observation',
          concerns: 'reconnexion SSO déplacée',
          content: 'Constat orphelin.',
          sources: ['terrain'],
          confidence: 'medium',
          submittedBy: 'session-orpheline'
        },
        new Date('2026-01-02T10:00:00Z')
      )
    )

    const rec = review(w, ['reconcile', 'alpha'])
    expect(rec.status).toBe(0)
    expect(rec.stdout).toContain(`À récupérer : 1 — ${orphan}`)
    const applied = review(w, ['reconcile', 'alpha', '--apply', '--json'])
    expect(applied.status).toBe(0)
    const report = JSON.parse(applied.stdout) as ReconcileReport
    expect(report.recovered.map((r) => r.id)).toEqual([orphan])
    expect(git(w.root, 'log', '-1', '--format=%s')).toContain('(recovered)')
    expect(review(w, ['reconcile', 'alpha']).stdout.toLowerCase()).toContain('à récupérer : 0')

    const ctx = review(w, ['context', 'alpha'])
    expect(ctx.status).toBe(0)
    expect(ctx.stdout).toContain('# Contexte de revue — alpha (Base alpha)')
    expect(ctx.stdout).toContain('les règles appliquées dans cette revue ne sont pas validées')
    expect(ctx.stdout).toContain('procedures/sso.md — Procédure SSO')
    const ctxJson = JSON.parse(review(w, ['context', 'alpha', '--json']).stdout) as ReviewContext
    expect(ctxJson.counts).toEqual({ documents: 2, pending: 4, accepted: 0, rejected: 0 })

    const inv = review(w, ['inventory', 'alpha', '--full'])
    expect(inv.status).toBe(0)
    expect(inv.stdout).toContain('# 4 proposition(s) en attente — alpha')
    expect(inv.stdout).toContain('Constat de session-b.')
    const invJson = JSON.parse(review(w, ['inventory', 'alpha', '--json']).stdout) as Inventory
    expect(invJson.groups[0].proposals.map((p) => p.id)).toEqual([orphan, ...w.ids])
    expect(invJson.groups[0].proposals[1].likelyDocuments).toContain('procedures/sso.md')

    const plan = planFile(w, batchPlan(w.ids))
    const before = snapshot(w.root)
    const dry = review(w, ['resolve', 'alpha', '--plan', plan, '--dry-run'])
    expect(dry.status).toBe(0)
    expect(dry.stdout).toContain(
      'Plan valide. Sujet du commit :\n  resolve: 3 proposals (2 integrated, 1 rejected)'
    )
    expect(dry.stdout).toContain('+++ b/knowledge/procedures/sso.md')
    const preview = JSON.parse(
      review(w, ['resolve', 'alpha', '--plan', plan, '--dry-run', '--json']).stdout
    ) as PlanPreview
    expect(snapshot(w.root)).toBe(before)

    const real = review(w, ['resolve', 'alpha', '--plan', plan])
    expect(real.status).toBe(0)
    const head = git(w.root, 'rev-parse', 'HEAD').trim()
    expect(real.stdout.split('\n')[0]).toBe(`Résolution commitée : ${head}`)
    expect(git(w.root, 'log', '-1', '--format=%B')).toBe(preview.commitMessage + '\n')
    for (const f of preview.files) expect(git(w.root, 'show', `HEAD:${f.path}`)).toBe(f.after)
    // the preview ran a few seconds earlier: only the resolution instant may differ
    const instant = (t: string) => t.replace(/^resolved-at: .*$/m, 'resolved-at: <instant>')
    for (const m of preview.moves) expect(instant(git(w.root, 'show', `HEAD:${m.to}`))).toBe(instant(m.after))
    expect(git(w.root, 'status', '--porcelain', '--untracked-files=all')).toBe('')
    for (const id of w.ids) {
      expect(count(w.root, '-i', '--grep', `proposal: ${id}`)).toBe(2)
      expect(count(w.root, '--grep', `Proposal: ${id}`)).toBe(1)
    }
    expect(git(w.root, 'log', '-1', '--format=%B').match(/^Proposal: /gm)).toHaveLength(3)
  })

  it('reads the plan from stdin with --plan -', async () => {
    const w = await world()
    const plan = {
      summary: 'hors sujet',
      reviewed_by: 'human:morva',
      resolutions: [{ id: w.ids[0], resolution: 'rejected', reason: 'hors périmètre' }]
    }
    const r = review(w, ['resolve', 'alpha', '--plan', '-'], JSON.stringify(plan))
    expect(r.status).toBe(0)
    expect(git(w.root, 'log', '-1', '--format=%s').trim()).toBe(`reject: ${w.ids[0]} — hors sujet`)
  })
})

describe('okf-hub review: untrusted text on a terminal', () => {
  it('a proposal committed by hand with terminal escapes: the inventory shows them, never sends them', async () => {
    const w = await world()
    const file = join(w.root, 'proposals', 'pending', `${w.ids[0]}.md`)
    const text = readFileSync(file, 'utf8')
    writeFileSync(
      file,
      text.replace(/^concerns: .*$/m, 'concerns: "Titre \\e[31mROUGE\\e]0;pwned\\a \\r fin \\u202Eesrever"')
    )
    git(w.root, 'commit', '-qam', 'à la main')
    const r = review(w, ['inventory', 'alpha'])
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toContain('Titre \\x1b[31mROUGE\\x1b]0;pwned\\x07 \\x0d fin \\u202eesrever')
    expect(r.stdout).not.toContain('\u202e')
    // eslint-disable-next-line no-control-regex
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
    // The JSON keeps the data as it is, escaped by JSON itself.
    const json = review(w, ['inventory', 'alpha', '--json'])
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('Titre \\u001b[31mROUGE')
  })
})

describe('okf-hub review (exit 4: business errors)', () => {
  it('an unknown id: ERROR: NOT_FOUND on stderr, or the JSON error shape', async () => {
    const w = await world()
    const plan = planFile(w, {
      summary: 's',
      reviewed_by: 'h',
      resolutions: [{ id: 'prop-2026-01-01-ffff', resolution: 'rejected', reason: 'r' }]
    })
    const r = review(w, ['resolve', 'alpha', '--plan', plan])
    expect(r.status).toBe(4)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe('ERROR: NOT_FOUND: propositions absentes de pending/ : prop-2026-01-01-ffff\n')
    const j = review(w, ['resolve', 'alpha', '--plan', plan, '--json'])
    expect(j.status).toBe(4)
    expect(JSON.parse(j.stdout) as ReviewErrorDto).toEqual({
      error: { code: 'NOT_FOUND', message: 'propositions absentes de pending/ : prop-2026-01-01-ffff' }
    })
    const unknown = review(w, ['context', 'fantome'])
    expect(unknown.status).toBe(4)
    expect(unknown.stderr).toMatch(
      /^ERROR: UNKNOWN_BASE: base 'fantome' inconnue\. Bases disponibles : alpha/
    )
  })

  it('one invalid edit among valid ones: exit 4 and the repository byte-identical', async () => {
    const w = await world()
    const valid = batchPlan(w.ids)
    const plan = { ...valid, edits: [...valid.edits, { path: '../GOVERNANCE.md', content: 'pwned' }] }
    const file = planFile(w, plan)
    const before = snapshot(w.root)
    const r = review(w, ['resolve', 'alpha', '--plan', file])
    expect(r.status).toBe(4)
    expect(r.stderr).toBe("ERROR: INVALID_INPUT: edits[1] : chemin d'édition refusé : ../GOVERNANCE.md\n")
    expect(snapshot(w.root)).toBe(before)
    const dry = review(w, ['resolve', 'alpha', '--plan', file, '--dry-run'])
    expect(dry.status).toBe(4)
    expect(snapshot(w.root)).toBe(before)
  })
})

describe('okf-hub review (exit 5, 64, 2)', () => {
  it('an unreadable plan file or unreadable JSON exits 5', async () => {
    const w = await world()
    const before = snapshot(w.root)
    const missing = review(w, ['resolve', 'alpha', '--plan', join(w.h.userData, 'absent.json')])
    expect(missing.status).toBe(5)
    // The contract's code (found by exploratory QA: « ERROR: ENOENT », « ERROR: SyntaxError »).
    expect(missing.stderr).toMatch(/^ERROR: IO_ERROR: plan illisible \(.*absent\.json\) : .*ENOENT/)
    const bad = join(w.h.userData, 'bad.json')
    writeFileSync(bad, '{"summary": "s", ')
    const r = review(w, ['resolve', 'alpha', '--plan', bad])
    expect(r.status).toBe(5)
    expect(r.stderr).toMatch(/^ERROR: IO_ERROR: plan JSON illisible \(.*bad\.json\) : /)
    const j = review(w, ['resolve', 'alpha', '--plan', bad, '--json'])
    expect(j.status).toBe(5)
    expect((JSON.parse(j.stdout) as ReviewErrorDto).error.code).toBe('IO_ERROR')
    expect(snapshot(w.root)).toBe(before)
  })

  it('bad usage exits 64 with the usage text; a bad configuration exits 2', async () => {
    const w = await world()
    for (const args of [
      [],
      ['frob', 'alpha'],
      ['resolve', 'alpha'],
      ['context'],
      ['context', 'alpha', '--apply'],
      ['inventory', 'alpha', '--plan', 'x']
    ]) {
      const r = review(w, args)
      expect(r.status).toBe(64)
      expect(r.stderr).toContain('usage: okf-hub review <sous-commande> <base>')
    }
    const help = review(w, ['--help'])
    expect(help.status).toBe(0)
    expect(help.stdout).toContain('resolve: <n> proposals (<a> integrated, <r> rejected) — <summary>')
    writeFileSync(w.h.configFile, 'default-bases: peut-être\n')
    const cfg = review(w, ['context', 'alpha'])
    expect(cfg.status).toBe(2)
    expect(cfg.stderr).toContain('default-bases doit être un booléen')
  })
})
