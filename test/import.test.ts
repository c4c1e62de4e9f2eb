import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile, execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { git, hubConfig, makeBundle, removeDir, tempDir, waitFor, writeFiles } from './helpers/fixtures'
import { startGitHttpServer, type GitHttpServer } from './helpers/git-http'
import { openHubLog, type HubLog } from '../src/engine/hublog'
import { HubService } from '../src/engine/hub/service'
import type { HubConfig } from '../src/engine/config'
import type { HubEvent, ImportProgress } from '../src/shared/hub-api'

const run = promisify(execFile)
const TOKEN = 'tok-S3cr3t-9f8e7d6c5b4a'

/** Every byte of every file under `dir`, `.git` included. */
function filesUnder(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.isFile()) out.push(p)
    }
  }
  if (existsSync(dir)) walk(dir)
  return out
}

function grepBytes(dirs: string[], needle: string): string[] {
  const n = Buffer.from(needle)
  return dirs.flatMap(filesUnder).filter((f) => readFileSync(f).includes(n))
}

const stagingLeft = (basesDir: string): string[] =>
  existsSync(basesDir) ? readdirSync(basesDir).filter((n) => n.startsWith('.okf-import-')) : []

let serverRoot: string
let work: string
let open: GitHttpServer
let locked: GitHttpServer
const cleanup: string[] = []
const stops: (() => void)[] = []

/** A bundle repository (built by makeBundle + extra commits), served bare as `<name>.git`. */
async function serve(name: string, make: (dir: string) => string): Promise<void> {
  const root = make(work)
  await run('git', ['clone', '-q', '--bare', root, join(serverRoot, `${name}.git`)])
}

function commitMore(root: string, n: number): void {
  for (let i = 0; i < n; i++) {
    writeFileSync(join(root, 'knowledge', `note-${i}.md`), `# Note ${i}\n\nTexte ${i}.\n`)
    git(root, 'add', '-A')
    git(root, 'commit', '-qm', `note ${i}`)
  }
}

beforeAll(async () => {
  serverRoot = tempDir('okf-imp-srv-')
  work = tempDir('okf-imp-work-')
  cleanup.push(serverRoot, work)
  await serve('guide', (w) => {
    const r = makeBundle(w, 'guide', {
      files: {
        'knowledge/a.md': '# A\n\nAlpha.\n',
        'knowledge/sub/b.md': '# B\n\nBeta.\n',
        'CLAUDE.md': '# Pour Claude\n'
      }
    })
    commitMore(r, 4)
    git(r, 'branch', 'autre')
    return r
  })
  await serve('plain', (w) => {
    const r = join(w, 'plain')
    mkdirSync(r)
    writeFiles(r, { 'README.md': '# Pas une base\n' })
    git(r, 'init', '-q', '-b', 'main')
    git(r, 'add', '-A')
    git(r, 'commit', '-qm', 'init')
    return r
  })
  await serve('broken', (w) =>
    makeBundle(w, 'broken', {
      manifest:
        'bundle-spec: "0.1"\nname: Pas_Valide\ndescription: "d"\ncorpus-dir: absent\ngovernance:\n  rules: GOVERNANCE.md\n'
    })
  )
  await serve('twin', (w) => makeBundle(w, 'twin', { name: 'guide' }))
  await serve('big', (w) => {
    const files: Record<string, string> = {}
    for (let i = 0; i < 300; i++)
      files[`knowledge/d${i % 10}/doc-${i}.md`] = `# Doc ${i}\n\n${'contenu '.repeat(200)}${i}\n`
    return makeBundle(w, 'big', { files })
  })
  open = await startGitHttpServer(serverRoot)
  locked = await startGitHttpServer(serverRoot, { token: TOKEN })
})

afterAll(async () => {
  for (const stop of stops) stop()
  await open.close()
  await locked.close()
  for (const d of cleanup) removeDir(d)
})

function hub(): {
  service: HubService
  basesDir: string
  userData: string
  log: HubLog
  logFile: string
  events: HubEvent[]
} {
  const basesDir = tempDir('okf-imp-bases-')
  const userData = tempDir('okf-imp-ud-')
  cleanup.push(basesDir, userData)
  const logFile = join(userData, 'logs', 'hub.log')
  const log = openHubLog(logFile)
  const config: HubConfig = hubConfig(basesDir, userData)
  const service = new HubService({ config, log, transport: 'web', version: 'test' })
  const events: HubEvent[] = []
  stops.push(service.subscribe((e) => events.push(e)))
  return { service, basesDir, userData, log, logFile, events }
}

let seq = 0
const job = (): string => `job-${process.pid}-${++seq}`

async function refusal(
  p: Promise<unknown>
): Promise<{ code: string; message: string; params?: Record<string, unknown> }> {
  try {
    await p
  } catch (e) {
    const { code, params } = e as { code: string; params?: Record<string, unknown> }
    return { code, message: (e as Error).message, ...(params ? { params } : {}) }
  }
  throw new Error('expected a refusal')
}

describe('import over HTTP', () => {
  it('clones the whole history into hidden staging, validates, and serves only after confirmImport', async () => {
    const h = hub()
    const jobId = job()
    const r = await h.service.importBase({ jobId, source: `${open.url}/guide.git` })
    expect(r).toMatchObject({
      jobId,
      base: 'guide',
      dirName: 'guide',
      branch: 'main',
      commits: 5,
      documents: 6
    })
    expect(r.manifest).toContain('name: guide')
    expect(r.governance).toContain('# Gouvernance')
    expect(r.claude).toBe('# Pour Claude\n')
    // Staged, not served.
    expect(stagingLeft(h.basesDir)).toHaveLength(1)
    expect((await h.service.listBases()).bases.map((b) => b.name)).toEqual([])
    const progress = h.events
      .filter((e) => e.type === 'import-progress')
      .map((e) => (e as { progress: ImportProgress }).progress)
    expect(progress.every((p) => p.jobId === jobId)).toBe(true)
    const phases = new Set(progress.map((p) => p.phase))
    for (const ph of ['preparing', 'receiving', 'checking-out', 'validating', 'done'])
      expect(phases).toContain(ph)
    const beforeConfirm = Date.now()
    const summary = await h.service.confirmImport(jobId)
    expect(summary).toMatchObject({ name: 'guide', dirName: 'guide', documents: 6, head: r.head })
    // The clone was an exchange with the remote: up to date and synced then, not « never synced ».
    expect(summary.sync).toMatchObject({ state: 'up-to-date', ahead: 0 })
    expect(Date.parse(summary.sync?.lastSync ?? '')).toBeLessThanOrEqual(beforeConfirm)
    expect(h.events.some((e) => e.type === 'bases-changed')).toBe(true)
    expect((await h.service.listBases()).bases.map((b) => b.name)).toEqual(['guide'])
    expect(stagingLeft(h.basesDir)).toEqual([])
    const root = join(h.basesDir, 'guide')
    expect(git(root, 'rev-list', '--count', 'HEAD').trim()).toBe('5')
    expect(git(root, 'remote', 'get-url', 'origin').trim()).toBe(`${open.url}/guide.git`)
    expect(git(root, 'status', '--porcelain')).toBe('')
    expect(git(root, 'fsck', '--strict').trim()).toBe('')
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(r.head)
  })

  it('imports the branch asked for; a missing branch is NOT_FOUND naming the ones present', async () => {
    const h = hub()
    const r = await h.service.importBase({
      jobId: job(),
      source: `${open.url}/guide.git`,
      branch: 'autre',
      name: 'guide-autre'
    })
    expect(r.branch).toBe('autre')
    const missing = await refusal(
      h.service.importBase({ jobId: job(), source: `${open.url}/guide.git`, branch: 'nope', name: 'x' })
    )
    expect(missing.code).toBe('NOT_FOUND')
    expect(missing.message).toMatch(/branche 'nope' absente .*branches présentes : autre, main/)
    expect(stagingLeft(h.basesDir)).toHaveLength(1) // only the first, still staged
    await h.service.discardImport(r.jobId)
    expect(stagingLeft(h.basesDir)).toEqual([])
    expect(readdirSync(h.basesDir)).toEqual([])
  })

  it('gives a distinct message for a missing repository, an unreachable host, credentials in the URL', async () => {
    const h = hub()
    const nf = await refusal(h.service.importBase({ jobId: job(), source: `${open.url}/absent.git` }))
    expect(nf.code).toBe('NOT_FOUND')
    expect(nf.message).toMatch(/aucun dépôt git à l'adresse .*HTTP 404/)
    const down = await refusal(h.service.importBase({ jobId: job(), source: 'http://127.0.0.1:1/x.git' }))
    expect(down.code).toBe('IO_ERROR')
    expect(down.message).toMatch(/hôte 127\.0\.0\.1:1 injoignable \(connexion refusée\)/)
    const cred = await refusal(
      h.service.importBase({ jobId: job(), source: `http://u:${TOKEN}@127.0.0.1/x.git` })
    )
    expect(cred.code).toBe('INVALID_INPUT')
    expect(cred.message).toMatch(/identifiant ou un mot de passe.*\.git\/config.*jeton/)
    expect(cred.message).not.toContain(TOKEN)
    expect(readdirSync(h.basesDir)).toEqual([])
  })

  it('refuses a repository that is not a bundle, and an invalid bundle with every reason, keeping nothing', async () => {
    const h = hub()
    const plain = await refusal(h.service.importBase({ jobId: job(), source: `${open.url}/plain.git` }))
    expect(plain.code).toBe('INVALID_INPUT')
    expect(plain.message).toMatch(/n'est pas une base OKF : aucun okf-bundle\.yaml/)
    const broken = await refusal(h.service.importBase({ jobId: job(), source: `${open.url}/broken.git` }))
    expect(broken.code).toBe('INVALID_INPUT')
    const reasons = broken.message.split('\n').slice(1)
    expect(reasons).toEqual([
      '  - champ obligatoire manquant : title',
      "  - name 'Pas_Valide' non conforme au motif [a-z0-9-]+",
      "  - corpus-dir 'absent' n'existe pas ou n'est pas un répertoire"
    ])
    expect(broken.message).toMatch(/^base invalide, rien n'a été gardé — 3 problème\(s\)/)
    // The same three reasons as data, one for one, which the wizard words in the manager's language.
    expect(broken.params?.problems).toEqual([
      { code: 'field-missing', values: { field: 'title' } },
      { code: 'name-pattern', values: { name: 'Pas_Valide' } },
      { code: 'corpus-missing', values: { path: 'absent' } }
    ])
    expect(readdirSync(h.basesDir)).toEqual([])
  })

  it('refuses an existing directory and a bundle name another directory serves, naming it', async () => {
    const h = hub()
    mkdirSync(join(h.basesDir, 'guide'))
    const exists = await refusal(h.service.importBase({ jobId: job(), source: `${open.url}/guide.git` }))
    expect(exists.message).toMatch(/le dossier 'guide' existe déjà/)
    expect(open.requests.length).toBeGreaterThan(0)
    const served = makeBundle(h.basesDir, 'deja-la', { name: 'guide' })
    expect(existsSync(served)).toBe(true)
    const twin = await refusal(h.service.importBase({ jobId: job(), source: `${open.url}/twin.git` }))
    expect(twin.code).toBe('INVALID_INPUT')
    expect(twin.message).toMatch(/la base 'guide' est déjà servie depuis le dossier 'deja-la'/)
    expect(stagingLeft(h.basesDir)).toEqual([])
    const bad = await refusal(
      h.service.importBase({ jobId: job(), source: `${open.url}/guide.git`, name: '.cache' })
    )
    expect(bad.message).toMatch(/commencer par un point/)
  })

  it('cancel stops a clone midway: the call rejects, no staging folder, no base', async () => {
    const h = hub()
    const slow = await startGitHttpServer(serverRoot, { slowMs: 40 })
    try {
      const jobId = job()
      const pending = h.service.importBase({ jobId, source: `${slow.url}/big.git` })
      const failure = refusal(pending)
      await waitFor(() =>
        h.events.some((e) => e.type === 'import-progress' && e.progress.phase === 'receiving')
      )
      expect(stagingLeft(h.basesDir)).toHaveLength(1)
      await h.service.cancelImport(jobId)
      const f = await failure
      expect(f.message).toMatch(/import annulé/)
      // The clone's writes in flight were drained before the folder went, and later ones are refused
      // (WriteGate, its own test): with the server's connections closed, nothing more can arrive.
      await slow.close()
      expect(stagingLeft(h.basesDir)).toEqual([])
      expect(readdirSync(h.basesDir)).toEqual([])
      expect((await h.service.listBases()).bases).toEqual([])
    } finally {
      await slow.close()
    }
  })
})

describe('cancel at every phase', () => {
  // The e2e cancel lands wherever the clone is on a loaded machine: each phase is tried here, the
  // cancel fired from the first progress event of that phase. An aborted clone's writes in flight
  // once re-created the staging folder after its removal, and a refused write must never surface
  // as an unhandled rejection (vitest fails the run on one).
  for (const phase of [
    'counting',
    'compressing',
    'receiving',
    'resolving',
    'checking-out',
    'validating'
  ] as const)
    it(`cancelled while ${phase}: refused as cancelled, nothing left in the bases folder, and it stays so`, async () => {
      const h = hub()
      const jobId = job()
      let fired = false
      let cancelled: Promise<void> | null = null
      stops.push(
        h.service.subscribe((e) => {
          if (
            !fired &&
            e.type === 'import-progress' &&
            e.progress.jobId === jobId &&
            e.progress.phase === phase
          ) {
            fired = true
            cancelled = h.service.cancelImport(jobId)
          }
        })
      )
      const outcome = await h.service.importBase({ jobId, source: `${open.url}/big.git` }).then(
        () => null,
        (e: Error) => e.message
      )
      expect(fired, `a '${phase}' progress event`).toBe(true)
      await cancelled
      expect(outcome).toMatch(/import annulé/)
      // Drained before removal, refused after (WriteGate): the folder stays gone without a watch.
      expect(readdirSync(h.basesDir)).toEqual([])
      expect((await h.service.listBases()).bases).toEqual([])
    })
})

describe('private repository token', () => {
  it('right token imports; wrong and absent ones get their own message; the token is nowhere on disk', async () => {
    const h = hub()
    const none = await refusal(h.service.importBase({ jobId: job(), source: `${locked.url}/guide.git` }))
    expect(none.code).toBe('INVALID_INPUT')
    expect(none.message).toMatch(/demande une authentification/)
    const wrong = await refusal(
      h.service.importBase({ jobId: job(), source: `${locked.url}/guide.git`, token: 'faux-jeton' })
    )
    expect(wrong.message).toMatch(/jeton refusé .*HTTP 401/)
    expect(wrong.message).not.toContain('faux-jeton')
    const jobId = job()
    const r = await h.service.importBase({ jobId, source: `${locked.url}/guide.git`, token: TOKEN })
    expect(r.commits).toBe(5)
    expect(JSON.stringify(r)).not.toContain(TOKEN)
    await h.service.confirmImport(jobId)
    const root = join(h.basesDir, 'guide')
    expect(git(root, 'remote', 'get-url', 'origin').trim()).toBe(`${locked.url}/guide.git`)
    expect(git(root, 'fsck', '--strict').trim()).toBe('')
    expect(statSync(h.logFile).size).toBeGreaterThan(0)
    expect(readFileSync(h.logFile, 'utf8')).toContain('import')
    expect(grepBytes([h.basesDir, h.userData], TOKEN)).toEqual([])
    expect(JSON.stringify(h.events)).not.toContain(TOKEN)
    // The check itself can fail: the token written anywhere is found.
    writeFileSync(join(root, '.git', 'probe'), `x${TOKEN}y`)
    expect(grepBytes([h.basesDir], TOKEN)).toEqual([join(root, '.git', 'probe')])
  })
})

describe('local sources', () => {
  it('a local repository keeps its full history and branches; origin is the source path', async () => {
    const h = hub()
    const src = makeBundle(work, 'local-repo', { name: 'locale' })
    commitMore(src, 6)
    git(src, 'branch', 'brouillon')
    git(src, 'tag', '-a', 'v1', '-m', 'v1')
    git(src, 'gc', '-q')
    writeFileSync(join(src, 'knowledge', 'a.md'), '# non commité\n')
    const jobId = job()
    const r = await h.service.importBase({ jobId, source: src })
    expect(r).toMatchObject({ base: 'locale', dirName: 'local-repo', branch: 'main' })
    expect(r.commits).toBe(Number(git(src, 'rev-list', '--count', 'HEAD').trim()))
    await h.service.confirmImport(jobId)
    const root = join(h.basesDir, 'local-repo')
    expect(git(root, 'rev-list', '--count', 'HEAD').trim()).toBe(
      git(src, 'rev-list', '--count', 'HEAD').trim()
    )
    expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(git(src, 'rev-parse', 'HEAD').trim())
    expect(git(root, 'branch', '--format=%(refname:short)').trim().split('\n').sort()).toEqual([
      'brouillon',
      'main'
    ])
    expect(git(root, 'tag').trim()).toBe('v1')
    expect(git(root, 'remote', 'get-url', 'origin').trim()).toBe(src)
    expect(git(root, 'status', '--porcelain')).toBe('')
    expect(git(root, 'fsck', '--strict').trim()).toBe('')
    expect(existsSync(join(root, 'knowledge', 'a.md'))).toBe(false) // only committed content
  })

  it('the first-use read never follows CLAUDE.md out of the repository, and cuts a huge one (found by exploratory QA: a link to a secret was printed)', async () => {
    const h = hub()
    const secret = join(work, 'secret-hors-base.md')
    writeFileSync(secret, 'SECRET-MARKER\n')
    const src = makeBundle(work, 'claude-link', { name: 'lien-claude', git: false })
    symlinkSync(secret, join(src, 'CLAUDE.md'))
    git(src, 'init', '-q', '-b', 'main')
    git(src, 'add', '-A')
    git(src, 'commit', '-qm', 'init')
    const linked = await h.service.importBase({ jobId: job(), source: src })
    expect(linked.claude).toBeNull()
    expect(JSON.stringify(linked)).not.toContain('SECRET-MARKER')

    const big = makeBundle(work, 'claude-big', {
      name: 'gros-claude',
      files: { 'knowledge/a.md': '# A\n', 'CLAUDE.md': `${'é'.repeat(200_000)}` }
    })
    const r = await h.service.importBase({ jobId: job(), source: big })
    expect(Buffer.byteLength(r.claude ?? '')).toBeLessThanOrEqual(256 * 1024 + 4)
    expect(r.claude).toMatch(/^é+\n…$/)
  })

  it('an import left waiting (its page closed) gives way to the same import started again (found by exploratory QA: blocked until restart)', async () => {
    const h = hub()
    const src = makeBundle(work, 'relance', { name: 'relancee' })
    const first = job()
    await h.service.importBase({ jobId: first, source: src })
    // Same folder name, same base: the first waits for a confirmation no page will give.
    const second = job()
    const r = await h.service.importBase({ jobId: second, source: src })
    expect(r).toMatchObject({ base: 'relancee', dirName: 'relance' })
    expect((await refusal(h.service.confirmImport(first))).code).toBe('NOT_FOUND')
    await h.service.confirmImport(second)
    expect(git(join(h.basesDir, 'relance'), 'status', '--porcelain')).toBe('')
    expect(readdirSync(h.basesDir).filter((n) => n.startsWith('.okf-import-'))).toEqual([])
  })

  it('a linked worktree imports its own branch from the common repository', async () => {
    const h = hub()
    const main = makeBundle(work, 'wt-main', { name: 'arbre' })
    commitMore(main, 2)
    const linked = join(work, 'wt-linked')
    git(main, 'worktree', 'add', '-q', '-b', 'suite', linked)
    writeFileSync(join(linked, 'knowledge', 'suite.md'), '# Suite\n')
    git(linked, 'add', '-A')
    git(linked, 'commit', '-qm', 'suite')
    const r = await h.service.importBase({ jobId: job(), source: linked })
    expect(r).toMatchObject({ branch: 'suite', commits: 4, base: 'arbre' })
    await h.service.confirmImport(r.jobId)
    expect(existsSync(join(h.basesDir, 'wt-linked', 'knowledge', 'suite.md'))).toBe(true)
    expect(git(join(h.basesDir, 'wt-linked'), 'fsck', '--strict').trim()).toBe('')
  })

  it('a plain folder becomes a repository with one commit by the hub identity', async () => {
    const h = hub()
    const src = makeBundle(work, 'dossier-simple', { name: 'simple', git: false })
    const jobId = job()
    const r = await h.service.importBase({ jobId, source: src, name: 'simple' })
    expect(r).toMatchObject({ base: 'simple', commits: 1, documents: 1 })
    await h.service.confirmImport(jobId)
    const root = join(h.basesDir, 'simple')
    expect(git(root, 'log', '--format=%an <%ae>').trim()).toBe('okf-hub <hub@local>')
    expect(git(root, 'status', '--porcelain')).toBe('')
    expect(git(root, 'fsck', '--strict').trim()).toBe('')
    expect(existsSync(join(src, '.git'))).toBe(false) // the source is untouched
  })

  it('a repository whose HEAD names a branch it does not have: said so, with its branches (not « leave the field empty »)', async () => {
    const h = hub()
    const src = makeBundle(work, 'tete-perdue', { name: 'tete-perdue' })
    git(src, 'branch', '-m', 'trunk')
    git(src, 'symbolic-ref', 'HEAD', 'refs/heads/master')
    const r = await refusal(h.service.importBase({ jobId: job(), source: src }))
    expect(r.code).toBe('NOT_FOUND')
    expect(r.message).toContain("désigne 'master' comme branche courante")
    expect(r.params).toMatchObject({ branch: 'master', branches: ['trunk'] })
    expect((await h.service.importBase({ jobId: job(), source: src, branch: 'trunk' })).base).toBe(
      'tete-perdue'
    )
  })

  it(
    'a plain folder that is no base is refused before anything is copied',
    { skip: process.platform === 'win32' },
    async () => {
      const h = hub()
      const src = join(work, 'pas-une-base')
      mkdirSync(join(src, 'docs'), { recursive: true })
      writeFileSync(join(src, 'docs', 'notes.md'), '# Notes\n')
      // A named pipe, which a copy cannot take (ERR_FS_CP_FIFO_PIPE): had the folder been copied
      // first, the import would fail on it instead of saying the folder is no base.
      execFileSync('mkfifo', [join(src, 'tube')])
      const r = await refusal(h.service.importBase({ jobId: job(), source: src }))
      expect(r.code).toBe('INVALID_INPUT')
      expect(r.message).toMatch(/n'est pas une base OKF : aucun okf-bundle\.yaml/)
      expect(readdirSync(h.basesDir)).toEqual([])
    }
  )

  it('refuses a tree holding a path git would never check out (.git, ..), writing nothing', async () => {
    const h = hub()
    const src = makeBundle(work, 'piege', { name: 'piege' })
    const blob = git(src, 'hash-object', '-w', 'GOVERNANCE.md').trim()
    const hooks = execFileSync('git', ['mktree'], { cwd: src, input: `100755 blob ${blob}\tpost-checkout\n` })
      .toString()
      .trim()
    const dotgit = execFileSync('git', ['mktree'], { cwd: src, input: `040000 tree ${hooks}\thooks\n` })
      .toString()
      .trim()
    const head = git(src, 'rev-parse', 'HEAD^{tree}').trim()
    const entries = git(src, 'ls-tree', head).trim().split('\n')
    const tree = execFileSync('git', ['mktree'], {
      cwd: src,
      input: [...entries, `040000 tree ${dotgit}\t.GIT`].join('\n') + '\n'
    })
      .toString()
      .trim()
    const commit = git(src, 'commit-tree', tree, '-p', 'HEAD', '-m', 'piège').trim()
    git(src, 'update-ref', 'refs/heads/main', commit)
    const r = await refusal(h.service.importBase({ jobId: job(), source: src }))
    expect(r.code).toBe('INVALID_INPUT')
    expect(r.message).toMatch(/chemin que git refuse d'extraire \('\.GIT\/hooks\/post-checkout'\)/)
    expect(readdirSync(h.basesDir)).toEqual([])
  })

  it('refuses a relative path and a folder inside the bases dir', async () => {
    const h = hub()
    expect(
      (await refusal(h.service.importBase({ jobId: job(), source: 'relatif/dossier' }))).message
    ).toMatch(/chemin relatif/)
    makeBundle(h.basesDir, 'dedans')
    const inside = await refusal(
      h.service.importBase({ jobId: job(), source: join(h.basesDir, 'dedans'), name: 'autre' })
    )
    expect(inside.message).toMatch(/dans le dossier des bases/)
  })
})

describe('staging leftovers and trash', () => {
  it('removes staging folders of dead processes at start, keeps a live one', () => {
    const basesDir = tempDir('okf-imp-sweep-')
    cleanup.push(basesDir)
    mkdirSync(join(basesDir, '.okf-import-999999999-crash', '.git'), { recursive: true })
    mkdirSync(join(basesDir, `.okf-import-${process.ppid}-vivant`))
    const logFile = join(basesDir, '..', `sweep-${process.pid}.log`)
    const log = openHubLog(logFile)
    new HubService({
      config: hubConfig(basesDir, basesDir),
      log,
      transport: 'web',
      version: 'test'
    })
    log.close()
    expect(readdirSync(basesDir)).toEqual([`.okf-import-${process.ppid}-vivant`])
    expect(readFileSync(logFile, 'utf8')).toContain('import interrompu nettoyé')
    removeDir(logFile)
  })

  it('remove → trash lists it, not served → restore serves it again; restore refuses a taken name', async () => {
    const h = hub()
    const root = makeBundle(h.basesDir, 'alpha')
    makeBundle(h.basesDir, 'beta')
    const entry = await h.service.removeBase('alpha')
    expect(entry).toMatchObject({ base: 'alpha', dirName: 'alpha' })
    expect(entry.id).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-alpha$/)
    expect(Date.parse(entry.removedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(existsSync(root)).toBe(false)
    const trashed = join(h.basesDir, '.okf-trash', entry.id)
    expect(existsSync(join(trashed, 'okf-bundle.yaml'))).toBe(true)
    expect(existsSync(join(trashed, '.okf-hub.lock.d'))).toBe(false)
    expect((await h.service.listBases()).bases.map((b) => b.name)).toEqual(['beta'])
    expect(await h.service.trash()).toEqual([entry])
    expect(h.events.some((e) => e.type === 'bases-changed')).toBe(true)

    const summary = await h.service.restoreBase(entry.id)
    expect(summary).toMatchObject({ name: 'alpha', dirName: 'alpha' })
    expect(git(root, 'fsck', '--strict').trim()).toBe('')
    expect(await h.service.trash()).toEqual([])

    const again = await h.service.removeBase('alpha')
    mkdirSync(join(h.basesDir, 'alpha'))
    // Said as what to do for a restore, which cannot take another name (found by exploratory QA).
    const taken = await refusal(h.service.restoreBase(again.id))
    expect(taken.message).toMatch(/le dossier 'alpha' existe déjà .* déplacez ou renommez d'abord l'existant/)
    expect(taken.params).toEqual({ name: 'alpha' })
    expect(JSON.stringify(await h.service.restoreBase(again.id).catch((e: unknown) => e))).toContain(
      'restore-dir-taken'
    )
    removeDir(join(h.basesDir, 'alpha'))
    makeBundle(h.basesDir, 'gamma', { name: 'alpha' })
    expect((await refusal(h.service.restoreBase(again.id))).message).toMatch(
      /la base 'alpha' est déjà servie depuis le dossier 'gamma'/
    )
    expect(await h.service.trash()).toHaveLength(1)
    expect((await refusal(h.service.restoreBase('../../etc'))).code).toBe('NOT_FOUND')
  })

  it('removal waits for a write in progress (the base lock)', async () => {
    const h = hub()
    const root = makeBundle(h.basesDir, 'alpha')
    const { withBaseLock, localLockWaiters } = await import('../src/engine/lock')
    let release = (): void => undefined
    let holding = (): void => undefined
    const isHeld = new Promise<void>((r) => (holding = r))
    const held = withBaseLock(root, () => {
      holding()
      return new Promise<void>((r) => (release = r))
    })
    await isHeld
    const removal = h.service.removeBase('alpha')
    await waitFor(() => localLockWaiters(root) > 0) // the removal is queued behind the writer
    expect(existsSync(root)).toBe(true)
    release()
    await held
    await removal
    expect(existsSync(root)).toBe(false)
  })
})
