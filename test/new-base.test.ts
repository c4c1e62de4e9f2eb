import { afterEach, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseYaml } from 'yaml'
import { git, hubConfig, makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { CLI_JS, ROOT, assertBuilt, hubEnv } from './helpers/mcp'
import { memoryHubLog } from '../src/engine/hublog'
import { HubService } from '../src/engine/hub/service'
import { dispatch } from '../src/engine/hub/dispatch'
import { createBaseFromTemplate, TEMPLATE_DIR, TEMPLATE_DIR_EN } from '../src/engine/bases/new-base'
import { checkBundleDir } from '../src/engine/registry/discovery'
import { HUB_AUTHOR } from '../src/engine/git/identity'
import type { HubConfig } from '../src/engine/config'
import type { HubEvent } from '../src/shared/hub-api'

const dirs: string[] = []
afterEach(() => {
  while (dirs.length) removeDir(dirs.pop() as string)
})

function basesDir(): string {
  const d = tempDir('okf-new-')
  dirs.push(d)
  return d
}

function cli(args: string[], env: Record<string, string>) {
  assertBuilt()
  return spawnSync(process.execPath, [CLI_JS, ...args], { env, encoding: 'utf8', cwd: '/' })
}

/** Every entry under `dir`, hidden ones included, `.git` contents excluded. */
function tree(dir: string): string[] {
  const out: string[] = []
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name
      out.push(r)
      if (e.isDirectory() && e.name !== '.git') walk(r)
    }
  }
  walk('')
  return out.sort()
}

const RESOURCES = join(ROOT, 'resources')
const TITLE = 'Support N2 : « procédures » #1'
const DESCRIPTION = 'Procédures du support de niveau 2 : incidents connus, contournements, escalades.'

describe('okf-hub new (CLI, built)', () => {
  it('creates a base that the hub serves: one commit by the hub, clean, fsck-clean, lock ignored, draft', () => {
    const dir = basesDir()
    const h = hubEnv(dir)
    const r = cli(
      ['new', 'support-n2', '--title', TITLE, '--description', DESCRIPTION, '--lang', 'fr', '--json'],
      h.env
    )
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    const out = JSON.parse(r.stdout) as { name: string; dir: string; head: string; draft: boolean }
    const root = join(dir, 'support-n2')
    expect(out).toMatchObject({ name: 'support-n2', dir: root, draft: true })

    // Nothing but the base in the bases dir: the hidden build folder is gone.
    expect(readdirSync(dir)).toEqual(['support-n2'])

    // Served: kb_list through the MCP code path lists it with our title and description.
    const list = cli(['tool', 'kb_list'], h.env)
    expect(list.status).toBe(0)
    expect(list.stdout).toContain(`## support-n2 — ${TITLE}`)
    expect(list.stdout).toContain(DESCRIPTION)
    expect(list.stdout).toMatch(/documents : 1 \| propositions en attente : 0/)
    const gov = cli(['tool', 'kb_governance', '{"base":"support-n2"}'], h.env)
    expect(gov.status).toBe(0)
    expect(gov.stdout.startsWith('[GOUVERNANCE EN BROUILLON')).toBe(true)
    const search = cli(['tool', 'kb_search', '{"base":"support-n2","query":"section"}'], h.env)
    expect(search.stdout).toContain('premier-document.md')

    // Its own repository: exactly one commit, by the hub's identity, on main.
    const log = git(root, 'log', '--format=%H|%an|%ae|%cn|%ce|%s').trim().split('\n')
    expect(log).toHaveLength(1)
    const [hash, an, ae, cn, ce] = log[0].split('|')
    expect(hash).toBe(out.head)
    expect([an, ae, cn, ce]).toEqual([HUB_AUTHOR.name, HUB_AUTHOR.email, HUB_AUTHOR.name, HUB_AUTHOR.email])
    expect(git(root, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('main')
    expect(git(root, 'rev-parse', '--show-toplevel').trim()).toBe(root)
    expect(git(root, 'status', '--porcelain', '--ignored')).toBe('')
    expect(git(root, 'fsck', '--strict', '--no-dangling').trim()).toBe('')
    expect(git(root, 'ls-files').trim().split('\n').sort()).toEqual([
      '.gitignore',
      'CLAUDE.md',
      'GOVERNANCE.md',
      'INSTANTIATE.md',
      'knowledge/premier-document.md',
      'okf-bundle.yaml',
      'schema.yaml'
    ])

    // .gitignore covers the hub's lock (the file and the directory forms).
    for (const p of ['.okf-hub.lock', '.okf-hub.lock.d', '.okf-hub.lock.d/x'])
      expect(git(root, 'check-ignore', '--no-index', p).trim()).toBe(p)

    // Governance in draft; placeholders filled; the manifest keeps its comments and parses.
    const governance = readFileSync(join(root, 'GOVERNANCE.md'), 'utf8')
    expect(governance).toMatch(/^---\n(#.*\n)*status: draft\n---\n/)
    expect(governance).toContain(`# Gouvernance — ${TITLE}`)
    for (const f of ['GOVERNANCE.md', 'CLAUDE.md', 'INSTANTIATE.md', 'knowledge/premier-document.md'])
      expect(readFileSync(join(root, f), 'utf8')).not.toMatch(/\{\{/)
    const manifestText = readFileSync(join(root, 'okf-bundle.yaml'), 'utf8')
    expect(manifestText).toMatch(/^# /)
    const manifest = parseYaml(manifestText, { schema: 'core' }) as Record<string, unknown>
    expect(manifest).toMatchObject({ name: 'support-n2', title: TITLE, description: DESCRIPTION })
    const doc = readFileSync(join(root, 'knowledge/premier-document.md'), 'utf8')
    expect(doc).toContain(`last-verified: ${new Date().toISOString().slice(0, 10)}`)
  })

  it('refuses, exit 4, and leaves the bases dir exactly as it was', () => {
    const dir = basesDir()
    makeBundle(dir, 'dossier-alpha', { name: 'alpha' })
    writeFileSync(join(dir, 'fichier'), 'x')
    const h = hubEnv(dir)
    const before = tree(dir)
    const cases: [string[], RegExp][] = [
      [['Majuscules'], /motif \[a-z0-9-\]\+/],
      [['.cachee'], /motif/],
      [['avec espace'], /motif/],
      [['con'], /réservé sous Windows/],
      [['dossier-alpha'], /le dossier 'dossier-alpha' existe déjà/],
      [['fichier'], /le dossier 'fichier' existe déjà/],
      [['alpha'], /déjà servie depuis le dossier 'dossier-alpha'/],
      [['ok', '--title', 'Ligne 1\n# injecté: oui'], /le titre contient un retour à la ligne/],
      [['ok', '--title', 'Titre\r'], /retour à la ligne/],
      [['ok', '--title', 'Avec\ttabulation'], /caractère de contrôle/],
      [['ok', '--title', 'x\u2028y'], /retour à la ligne/],
      [['ok', '--title', 'é'.repeat(101)], /le titre dépasse 100 caractères \(101\)/],
      [['ok', '--description', 'Une.\nDeux.'], /la description contient un retour à la ligne/],
      [['ok', '--description', 'd'.repeat(501)], /la description dépasse 500 caractères \(501\)/],
      [['ok', '--title', '   '], /le titre est obligatoire/]
    ]
    for (const [args, message] of cases) {
      const withDefaults = [...args]
      if (!withDefaults.includes('--title')) withDefaults.push('--title', 'Un titre')
      if (!withDefaults.includes('--description')) withDefaults.push('--description', 'Une description.')
      const r = cli(['new', ...withDefaults], h.env)
      expect({ args, status: r.status }).toEqual({ args, status: 4 })
      expect(r.stderr).toMatch(/^ERROR: INVALID_INPUT: /)
      expect(r.stderr).toMatch(message)
      expect(tree(dir)).toEqual(before)
    }
    // Exactly at the caps is accepted.
    const ok = cli(['new', 'limites', '--title', 'é'.repeat(100), '--description', 'd'.repeat(500)], h.env)
    expect(ok.stderr).toBe('')
    expect(ok.status).toBe(0)
  })

  it('usage errors exit 64; a bad configuration exits 2', () => {
    const dir = basesDir()
    const h = hubEnv(dir)
    expect(cli(['new'], h.env).status).toBe(64)
    expect(cli(['new', 'x', '--title', 'T'], h.env).status).toBe(64)
    expect(cli(['new', 'x', 'y', '--title', 'T', '--description', 'D'], h.env).status).toBe(64)
    expect(cli(['new', 'x', '--title', 'T', '--description', 'D', '--force'], h.env).status).toBe(64)
    const help = cli(['new', '--help'], h.env)
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/^usage: okf-hub new/)
    writeFileSync(h.configFile, 'bases-dir: [1, 2]\n')
    expect(cli(['new', 'x', '--title', 'T', '--description', 'D'], h.env).status).toBe(2)
    expect(readdirSync(dir)).toEqual([])
  })
})

describe('the template in the UI’s language (issue 25 §3)', () => {
  it('--lang en, or an English locale, gives English rules in draft; a French locale French ones', () => {
    const dir = basesDir()
    const h = hubEnv(dir)
    const en = cli(
      ['new', 'handbook', '--title', 'Handbook', '--description', 'The handbook.', '--lang', 'en'],
      h.env
    )
    expect(en.status).toBe(0)
    const rules = readFileSync(join(dir, 'handbook', 'GOVERNANCE.md'), 'utf8')
    expect(rules).toMatch(/^---\n(#.*\n)*status: draft\n---\n/)
    expect(rules).toContain('# Governance — Handbook')
    expect(readdirSync(join(dir, 'handbook', 'knowledge'))).toEqual(['first-document.md'])
    expect(git(join(dir, 'handbook'), 'log', '--format=%s').trim()).toBe(
      'Create the base handbook from the OKF Hub template'
    )
    expect(git(join(dir, 'handbook'), 'status', '--porcelain')).toBe('')

    const byLocale = (name: string, env: Record<string, string>): string => {
      const r = cli(['new', name, '--title', 'T', '--description', 'D.'], { ...h.env, ...env })
      expect(r.status).toBe(0)
      return readFileSync(join(dir, name, 'GOVERNANCE.md'), 'utf8')
    }
    expect(byLocale('fr-locale', { LC_ALL: '', LC_MESSAGES: '', LANG: 'fr_FR.UTF-8' })).toContain(
      '# Gouvernance — T'
    )
    expect(byLocale('en-locale', { LC_ALL: 'en_GB.UTF-8', LANG: 'fr_FR.UTF-8' })).toContain(
      '# Governance — T'
    )
    expect(cli(['new', 'x', '--title', 'T', '--description', 'D', '--lang', 'de'], h.env).status).toBe(64)
  })

  it('the English template is a bundle discovery accepts, with the same files as the French one', async () => {
    const dir = basesDir()
    await createBaseFromTemplate(
      dir,
      { name: 'english', title: 'T', description: 'D', language: 'en' },
      { log: memoryHubLog() }
    )
    const check = checkBundleDir(join(dir, 'english'), 'english')
    expect(check.kind).toBe('valid')
    const fr = readdirSync(join(ROOT, 'resources', TEMPLATE_DIR)).sort()
    const en = readdirSync(join(ROOT, 'resources', TEMPLATE_DIR_EN)).sort()
    expect(en).toEqual(fr)
  })
})

describe('createBaseFromTemplate (engine)', () => {
  it('the shipped template is itself a bundle discovery accepts', () => {
    const check = checkBundleDir(join(RESOURCES, TEMPLATE_DIR), 'okf-bundle')
    expect(check.kind).toBe('valid')
  })

  it('values with YAML syntax are data, never structure', async () => {
    const dir = basesDir()
    const title = `"x": y # z {a: [b]} &anchor *ref !!str ---`
    const description = `description: fausse — 'quotes' "doubles" : # | > - ? ...`
    await createBaseFromTemplate(dir, { name: 'yaml', title, description }, { log: memoryHubLog() })
    const m = parseYaml(readFileSync(join(dir, 'yaml', 'okf-bundle.yaml'), 'utf8'), { schema: 'core' })
    expect(m).toMatchObject({
      name: 'yaml',
      title,
      description,
      'bundle-spec': '0.1',
      'corpus-dir': 'knowledge'
    })
    const check = checkBundleDir(join(dir, 'yaml'), 'yaml')
    expect(check.kind === 'valid' && [check.base.title, check.base.description]).toEqual([title, description])
  })

  it('a template that discovery would refuse is an IO_ERROR and nothing is left behind', async () => {
    const dir = basesDir()
    const resources = tempDir('okf-res-')
    dirs.push(resources)
    cpSync(join(RESOURCES, TEMPLATE_DIR), join(resources, TEMPLATE_DIR), { recursive: true })
    rmSync(join(resources, TEMPLATE_DIR, 'knowledge'), { recursive: true })
    const log = memoryHubLog()
    await expect(
      createBaseFromTemplate(dir, { name: 'cassee', title: 'T', description: 'D' }, { log, resources })
    ).rejects.toMatchObject({ code: 'IO_ERROR', message: expect.stringMatching(/corpus-dir 'knowledge'/) })
    expect(readdirSync(dir)).toEqual([])
    expect(log.lines.join('\n')).toMatch(/création de la base 'cassee'/)
    await expect(
      createBaseFromTemplate(dir, { name: 'absent', title: 'T', description: 'D' }, { log, resources: null })
    ).rejects.toMatchObject({
      code: 'IO_ERROR',
      message: expect.stringMatching(/modèle de base introuvable/)
    })
    expect(readdirSync(dir)).toEqual([])
  })

  it('creates the bases dir when it does not exist yet', async () => {
    const parent = basesDir()
    const dir = join(parent, 'pas', 'encore')
    await createBaseFromTemplate(
      dir,
      { name: 'premiere', title: 'T', description: 'D' },
      { log: memoryHubLog() }
    )
    expect(readdirSync(dir)).toEqual(['premiere'])
  })
})

describe('HubService.newBase', () => {
  it('publishes, rescans, emits bases-changed and returns the summary; refusals over dispatch', async () => {
    const dir = basesDir()
    const userData = tempDir('okf-new-ud-')
    dirs.push(userData)
    mkdirSync(dir, { recursive: true })
    const log = memoryHubLog()
    const config: HubConfig = hubConfig(dir, userData, { logFile: null })
    const service = new HubService({ config, log, transport: 'web', version: '0.0.0-test' })
    const events: HubEvent[] = []
    const unsubscribe = service.subscribe((e) => events.push(e))
    try {
      const summary = await service.newBase({
        name: 'depuis-ui',
        title: 'Depuis l’UI',
        description: 'Créée.'
      })
      expect(summary).toMatchObject({
        name: 'depuis-ui',
        dirName: 'depuis-ui',
        title: 'Depuis l’UI',
        description: 'Créée.',
        draft: true,
        documents: 1,
        pending: 0
      })
      expect(summary.head).toMatch(/^[0-9a-f]{40}$/)
      expect(events).toContainEqual({ type: 'bases-changed' })
      expect((await service.listBases()).bases.map((b) => b.name)).toEqual(['depuis-ui'])
      const refused = await dispatch(
        service,
        'newBase',
        [{ name: 'depuis-ui', title: 'T', description: 'D' }],
        log
      )
      expect(refused).toMatchObject({ error: { code: 'INVALID_INPUT' } })
      const notString = await dispatch(service, 'newBase', [{ name: 'x', title: 42, description: 'D' }], log)
      expect(notString).toMatchObject({ error: { code: 'INVALID_INPUT' } })
      expect(readdirSync(dir)).toEqual(['depuis-ui'])
    } finally {
      unsubscribe()
    }
  })
})
