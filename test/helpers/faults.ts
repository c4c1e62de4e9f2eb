import { createHash } from 'node:crypto'
import { execFileSync, spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { buildSync } from 'esbuild'
import { git, makeBundle, writeFiles } from './fixtures'
import { memoryHubLog } from '../../src/engine/hublog'
import { Registry } from '../../src/engine/registry/registry'
import type { Base } from '../../src/engine/registry/base'
import type { StepHook } from '../../src/engine/steps'
import { fileProposal } from '../../src/engine/proposals/propose'
import type { ProposalFields } from '../../src/engine/proposals/rules'
import { renderProposalFile } from '../../src/engine/proposals/format'
import { resolvePlan } from '../../src/engine/review/resolve'
import { reconcile } from '../../src/engine/review/reconcile'
import { editConfigFile } from '../../src/engine/registration/config-file'
import { setEntry } from '../../src/engine/registration/jsonc-edit'
import { SettingsStore } from '../../src/engine/hub/settings'
import { installDefaultBases } from '../../src/engine/bootstrap/default-bases'
import { BaseImporter } from '../../src/engine/bases/import'
import { MemoryCredentialStore } from '../../src/engine/sync/credentials'
import { SyncStateStore } from '../../src/engine/sync/state'
import { syncBase } from '../../src/engine/sync/sync'
import { setAsideDiverged } from '../../src/engine/sync/set-aside'
import { startGitHttpServer, type GitHttpServer } from './git-http'

/**
 * Fault injection over the write paths (issue 13 item 5): one case directory per run, the same
 * operation run in the test process (steps recorded, or a throw at step N) or in a child process
 * that SIGKILLs itself at step N (`fault-child.ts`), and what git and the file system show after.
 */

export const log = memoryHubLog()

export const FIELDS: ProposalFields = {
  type: 'correction',
  concerns: 'procédure de reconnexion SSO déplacée',
  content: 'Le bouton « réauthentifier » est désormais dans le menu profil.',
  sources: ['incident #4521'],
  confidence: 'high',
  submittedBy: 'session-a'
}
export const FILED_AT = new Date('2026-08-30T09:12:00Z')
export const PENDING_ID = 'prop-2026-08-30-a3f2'
/** The id `propose` files in a fresh case (its suffix is fixed). */
export const NEW_ID = 'prop-2026-09-01-b7c4'
/** An orphan pending file (a submission whose commit never happened), for reconcile. */
export const ORPHAN_ID = 'prop-2026-08-31-cafe'

const SSO = '# Procédure SSO\n\nPréambule.\n\n## Reconnexion\n\nAncien texte.\n\n## Déconnexion\n\nQuitter.\n'

export type OpName =
  | 'propose'
  | 'resolve'
  | 'reconcile'
  | 'settings'
  | 'config'
  | 'default-bases'
  | 'import'
  | 'sync'
  | 'sync-push'
  | 'set-aside'

export const basesOf = (dir: string): string => join(dir, 'bases')
export const rootOf = (dir: string): string => join(dir, 'bases', 'alpha')

export function baseIn(dir: string): Base {
  const registry = new Registry(basesOf(dir), log)
  registry.rescan()
  return registry.get('alpha')
}

export const RESOLVE_PLAN = {
  summary: 'reconnexion SSO',
  reviewed_by: 'human:morva',
  resolutions: [
    {
      id: PENDING_ID,
      resolution: 'accepted',
      integrated_into: ['procedures/sso.md', 'incidents/2026/janvier.md']
    }
  ],
  edits: [
    { path: 'procedures/sso.md', section: 'Reconnexion', content: '## Reconnexion\n\nMenu profil.' },
    { path: 'incidents/2026/janvier.md', content: '# Janvier\n\nIncident SSO.\n' }
  ]
}

/** Runs one operation of one write path over the case directory `dir`. */
export async function runOp(op: OpName, dir: string, onStep?: StepHook): Promise<void> {
  switch (op) {
    case 'propose':
      await fileProposal(baseIn(dir), FIELDS, {
        log,
        now: () => new Date('2026-09-01T10:00:00Z'),
        drawSuffix: () => 'b7c4',
        onStep
      })
      return
    case 'resolve':
      await resolvePlan(baseIn(dir), RESOLVE_PLAN, {
        log,
        now: () => new Date('2026-09-16T08:00:00Z'),
        faults: onStep ? { onStep } : undefined
      })
      return
    case 'reconcile':
      await reconcile(baseIn(dir), { apply: true, log, onStep })
      return
    case 'settings':
      await new SettingsStore(join(dir, 'userdata'), log, onStep).update({ reviewer: 'human:morva' })
      return
    case 'config': {
      const file = join(dir, 'host', 'config.json')
      await editConfigFile(file, (t) => setEntry(t, file, 'mcpServers', 'okf-hub', { command: 'node' }), {
        create: true,
        backups: { dir: join(dir, 'backups') },
        log,
        onStep
      })
      return
    }
    case 'default-bases':
      await installDefaultBases(basesOf(dir), log, join(process.cwd(), 'resources'), onStep)
      return
    case 'import': {
      const importer = new BaseImporter({ basesDir: basesOf(dir), log, emit: () => undefined, onStep })
      await importer.importBase({ jobId: 'job1', source: join(dir, 'source'), name: 'beta' })
      await importer.confirm('job1')
      return
    }
    case 'set-aside':
      // The template is built by the test with the engine (a resolution that clashes with the remote).
      await setAsideDiverged(baseIn(dir), { log, now: () => new Date('2026-09-20T10:00:00Z'), onStep })
      return
    case 'sync':
    case 'sync-push': {
      // 'sync': fast-forward only (the remote, shared by every case, is never written).
      // 'sync-push': replay and push to the case's own remote, then the branch's move.
      const state = new SyncStateStore(join(dir, 'userdata', 'sync-state.json'), log, onStep)
      const status = await syncBase(
        baseIn(dir),
        { push: op === 'sync-push' },
        { log, credentials: new MemoryCredentialStore({}), state, timeoutMs: 10_000, onStep }
      )
      await state.flush()
      if (status.state !== 'up-to-date') throw new Error(`sync ${status.state} : ${status.message}`)
      return
    }
  }
}

/** What the remote's second commit changes: one file edited, one added in a new folder, one removed with its folder. */
export const SYNC_CHANGES: Record<string, string | null> = {
  'knowledge/procedures/sso.md': SSO.replace('Ancien texte.', 'Nouveau texte, venu du dépôt distant.'),
  'knowledge/nouveau/page.md': '# Page\n\nArrivée avec la synchronisation.\n',
  'knowledge/vieux/ancien.md': null
}

/**
 * Serves the sync template's remote (`remote/base.git`) over smart HTTP and points the template's
 * clone at it: every case copied from the template then fetches from this one server.
 */
export async function serveSyncRemote(template: string): Promise<GitHttpServer> {
  const server = await startGitHttpServer(join(template, 'remote'))
  git(rootOf(template), 'remote', 'set-url', 'origin', `${server.url}/base.git`)
  return server
}

/** Commits `files` in the template's seed clone and pushes them to its remote; returns the new tip. */
export function pushToSyncRemote(
  template: string,
  files: Record<string, string | null>,
  message: string
): string {
  const seed = join(template, 'seed', 'alpha')
  for (const [rel, text] of Object.entries(files)) {
    if (text === null) git(seed, 'rm', '-q', rel)
    else {
      writeFiles(seed, { [rel]: text })
      git(seed, 'add', rel)
    }
  }
  git(seed, 'commit', '-qm', message)
  git(seed, 'push', '-q', join(template, 'remote', 'base.git'), 'main')
  return git(seed, 'rev-parse', 'HEAD').trim()
}

/** The proposal the 'sync-push' template filed and rejected locally, not yet pushed. */
export const PUSH_ID = 'prop-2026-09-02-d00d'

/** git as the hub commits (its identity on both lines, fixed dates): commits sync will replay. */
function hubGit(cwd: string, date: string, ...args: string[]): void {
  execFileSync('git', args, {
    cwd,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'okf-hub',
      GIT_AUTHOR_EMAIL: 'hub@local',
      GIT_COMMITTER_NAME: 'okf-hub',
      GIT_COMMITTER_EMAIL: 'hub@local',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date
    }
  })
}

/** A bare remote under `dir/remote/base.git` from a seed bundle, cloned into the case's bases. */
export function seedRemote(dir: string, files: Record<string, string>): void {
  const seed = makeBundle(join(dir, 'seed'), 'alpha', { files })
  git(seed, 'branch', '-M', 'main')
  git(dir, 'init', '-q', '--bare', '-b', 'main', join(dir, 'remote', 'base.git'))
  git(seed, 'push', '-q', join(dir, 'remote', 'base.git'), 'main')
  git(dir, 'clone', '-q', join(dir, 'remote', 'base.git'), join(dir, 'bases', 'alpha'))
}

/** What a fresh case holds before `op` runs (built once per test file, then copied). */
export function buildTemplate(op: OpName, dir: string): void {
  const bases = basesOf(dir)
  switch (op) {
    case 'propose':
    case 'resolve':
    case 'reconcile': {
      const root = makeBundle(bases, 'alpha', {
        files: { 'knowledge/procedures/sso.md': SSO, 'knowledge/index.md': '# Index\n\nSommaire.\n' }
      })
      if (op === 'propose') return
      writeFiles(root, {
        [`proposals/pending/${PENDING_ID}.md`]: renderProposalFile(PENDING_ID, FIELDS, FILED_AT),
        'proposals/accepted/.gitkeep': '',
        'proposals/rejected/.gitkeep': '',
        'proposals/pending/.gitkeep': ''
      })
      git(root, 'add', '-A')
      git(root, 'commit', '-qm', `proposal: ${PENDING_ID}`)
      if (op === 'resolve') return
      // Reconcile's work: an orphan submission to recover, a status field to correct, a temp file.
      writeFiles(root, {
        [`proposals/pending/${ORPHAN_ID}.md`]: renderProposalFile(
          ORPHAN_ID,
          { ...FIELDS, submittedBy: 'session-orpheline' },
          new Date('2026-08-31T10:00:00Z')
        ),
        'proposals/pending/.okf-tmp-0123456789ab-x.md': 'demi-écrit'
      })
      const pending = join(root, 'proposals/pending', `${PENDING_ID}.md`)
      writeFileSync(pending, readFileSync(pending, 'utf8').replace('status: pending', 'status: accepted'))
      git(root, 'commit', '-qam', 'statut faux')
      return
    }
    case 'settings':
      writeFiles(dir, { 'userdata/ui-settings.json': '{\n  "reviewer": null,\n  "language": "fr"\n}\n' })
      return
    case 'config':
      writeFiles(dir, {
        'host/config.json':
          '{\n  // mes serveurs\n  "mcpServers": {\n    "autre": { "command": "x" }\n  }\n}\n'
      })
      return
    case 'default-bases':
      writeFiles(dir, { 'bases/.keep': '' })
      return
    case 'import':
      writeFiles(dir, { 'bases/.keep': '' })
      makeBundle(dir, 'source', { name: 'beta' })
      return
    case 'sync': {
      // A remote one commit ahead of the base's clone (served by `serveSyncRemote`).
      seedRemote(dir, {
        'knowledge/procedures/sso.md': SSO,
        'knowledge/index.md': '# Index\n\nSommaire.\n',
        'knowledge/vieux/ancien.md': '# Ancien\n\nÀ retirer.\n'
      })
      pushToSyncRemote(dir, SYNC_CHANGES, 'mise à jour distante')
      return
    }
    case 'set-aside':
      throw new Error('the set-aside template is built by its test (faults-set-aside.test.ts)')
    case 'sync-push': {
      // The base filed a proposal and rejected it (two hub commits, not pushed); meanwhile a
      // colleague pushed an unrelated edit: the sync replays both commits on it and pushes.
      seedRemote(dir, { 'knowledge/procedures/sso.md': SSO, 'knowledge/index.md': '# Index\n\nSommaire.\n' })
      const root = rootOf(dir)
      const pending = `proposals/pending/${PUSH_ID}.md`
      const rejected = `proposals/rejected/${PUSH_ID}.md`
      const filed = new Date('2026-09-02T08:00:00Z')
      writeFiles(root, {
        [pending]: renderProposalFile(PUSH_ID, FIELDS, filed),
        'proposals/pending/.gitkeep': '',
        'proposals/accepted/.gitkeep': '',
        'proposals/rejected/.gitkeep': ''
      })
      git(root, 'add', '-A')
      hubGit(root, '2026-09-02T08:00:00Z', 'commit', '-qm', `proposal: ${PUSH_ID}\n\nProposal: ${PUSH_ID}`)
      git(root, 'mv', pending, rejected)
      const file = join(root, ...rejected.split('/'))
      writeFileSync(file, readFileSync(file, 'utf8').replace('status: pending', 'status: rejected'))
      git(root, 'add', '-A')
      hubGit(
        root,
        '2026-09-03T08:00:00Z',
        'commit',
        '-qm',
        `reject: doublon\n\nProposal: ${PUSH_ID}\nReviewed-By: human:morva`
      )
      pushToSyncRemote(dir, { 'knowledge/index.md': '# Index\n\nSommaire, revu ailleurs.\n' }, 'index revu')
      return
    }
  }
}

export function copyCase(template: string, dir: string): void {
  cpSync(template, dir, { recursive: true, verbatimSymlinks: true })
}

// ---------------------------------------------------------------------------------------------
// What is left

/** Every file under `dir` (`.git` included when asked): path, mode and bytes. */
export function treeHash(dir: string, opts: { skip?: (rel: string) => boolean } = {}): string {
  const h = createHash('sha256')
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name
      if (opts.skip?.(r)) continue
      const abs = join(dir, r)
      const st = lstatSync(abs)
      if (st.isDirectory()) {
        h.update(`D ${r}\n`)
        walk(r)
      } else if (st.isSymbolicLink()) h.update(`L ${r} ${readlinkSync(abs)}\n`)
      else
        h.update(`F ${r} ${(st.mode & 0o777).toString(8)} `)
          .update(readFileSync(abs))
          .update('\n')
    }
  }
  walk('')
  return h.digest('hex')
}

export interface RepoState {
  head: string
  refs: string
  /** The index's bytes (stat data included: an untouched index is byte-identical). */
  index: string
  worktree: string
  status: string
}

export function repoState(root: string): RepoState {
  return {
    head: git(root, 'rev-parse', 'HEAD').trim(),
    refs: git(root, 'for-each-ref', '--format=%(refname) %(objectname)'),
    index: createHash('sha256')
      .update(readFileSync(join(root, '.git', 'index')))
      .digest('hex'),
    worktree: treeHash(root, { skip: (r) => r === '.git' || r === '.okf-hub.lock.d' }),
    status: git(root, 'status', '--porcelain', '--untracked-files=all')
  }
}

/** Leftovers a writer may leave: git's lock files, the hub's lock, temp files (ours and git's objects'). */
export function leftovers(dir: string): string[] {
  const out: string[] = []
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel))) {
      const r = rel ? `${rel}/${name}` : name
      if (
        name.endsWith('.lock') ||
        name === '.okf-hub.lock.d' ||
        name.startsWith('.okf-tmp-') ||
        name.startsWith('tmp_obj_') ||
        name.startsWith('.okf-deploy-') ||
        name.startsWith('.okf-import-')
      )
        out.push(r)
      else if (lstatSync(join(dir, r)).isDirectory()) walk(r)
    }
  }
  walk('')
  return out.sort()
}

/** `git fsck --strict` exits 0 and reports nothing but dangling objects. */
export function fsckProblems(root: string): string {
  try {
    const out = execFileSync('git', ['fsck', '--strict', '--no-dangling', '--no-progress'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe']
    })
    return out.trim()
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; status?: number }
    return `exit ${err.status}: ${err.stdout ?? ''}${err.stderr ?? ''}`.trim()
  }
}

/** Commits whose message names the proposal (the audit trail: its submission and its resolution). */
export function auditCommits(root: string, id: string): string[] {
  return git(root, 'log', '-i', '--format=%H %s', '--grep', `proposal: ${id}`)
    .split('\n')
    .filter((l) => l !== '')
}

export function existsIn(root: string, rel: string): boolean {
  return existsSync(join(root, ...rel.split('/')))
}

// ---------------------------------------------------------------------------------------------
// Running with faults

/** The steps `op` goes through on a clean run, in order (the run itself completes). */
export async function recordSteps(op: OpName, dir: string): Promise<string[]> {
  const steps: string[] = []
  await runOp(op, dir, (s) => void steps.push(s))
  return steps
}

export class InjectedFault extends Error {}

/** Runs `op` throwing at its `n`-th step (1-based); returns the error it ended with, null when it completed. */
export async function runThrowingAt(op: OpName, dir: string, n: number): Promise<unknown> {
  let count = 0
  try {
    await runOp(op, dir, (s) => {
      if (++count === n) throw new InjectedFault(`fault injected at ${s}`)
    })
    return null
  } catch (e) {
    return e
  }
}

let childScript: string | null = null

/**
 * `fault-child.ts` bundled once per test process (esbuild, which tsx itself runs on): a spawn then
 * costs a plain node start (~0.3 s here) instead of tsx's per-process transform (~1 s). It lives
 * under node_modules/.cache so that its package imports resolve as the sources' do.
 */
function childScriptPath(): string {
  if (childScript) return childScript
  const out = join(process.cwd(), 'node_modules', '.cache', 'okf-faults', `child-${process.pid}.cjs`)
  buildSync({
    entryPoints: [join(__dirname, 'fault-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    outfile: out,
    logLevel: 'warning'
  })
  childScript = out
  process.on('exit', () => rmSync(out, { force: true }))
  return out
}

export interface KillResult {
  /** The signal that ended the child: SIGKILL when it was killed at its step. */
  signal: NodeJS.Signals | null
  code: number | null
  /** The last step the child reached (the one it was killed at). */
  lastStep: string | null
  stderr: string
}

/** Runs `op` in a real child process that SIGKILLs itself at its `n`-th step. */
export function runKilledAt(op: OpName, dir: string, n: number): Promise<KillResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScriptPath(), op, dir, String(n)], {
      cwd: process.cwd(),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, OKF_HUB_CONFIG: join(dir, 'no-config.yaml') }
    })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code, signal) => {
      const steps = [...stderr.matchAll(/^STEP (.+)$/gm)].map((m) => m[1])
      resolve({ signal, code, lastStep: steps.at(-1) ?? null, stderr })
    })
  })
}

/** Runs `fn` over `items` with at most `width` at a time (2 cores: children in pairs). */
export async function inPairs<T>(items: T[], fn: (item: T) => Promise<void>, width = 2): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker))
}

/** Makes every leftover of a dead writer look old (proper-lockfile and the unlocked sweeps judge by mtime). */
export function ageLeftovers(dir: string): void {
  const old = new Date(Date.now() - 10 * 60_000)
  for (const rel of leftovers(dir)) utimesSync(join(dir, rel), old, old)
}

/**
 * What a person (or the stale-lock rules) does after a killed writer: its leftovers aged past
 * every staleness threshold, git's own `index.lock` / `<ref>.lock` removed, as after a killed git.
 */
export function clearDeadWriter(dir: string): void {
  ageLeftovers(dir)
  for (const rel of leftovers(dir))
    if (/(^|\/)\.git\/(index|refs\/heads\/[^/]+)\.lock$/.test(rel)) rmSync(join(dir, rel))
}

/**
 * Kills a real child running `op` at each of `steps` in turn (two at a time), each in a fresh case
 * from `newCase`, checks it died there, then hands the case to `check`, which returns what it
 * found in words; the report is printed in step order.
 */
export async function killAtEachStep(
  op: OpName,
  steps: string[],
  newCase: () => string,
  check: (dir: string, label: string) => Promise<string>
): Promise<void> {
  const cases = steps.map((step, i) => ({ n: i + 1, step, dir: newCase() }))
  const report: string[] = []
  await inPairs(cases, async ({ n, step, dir }) => {
    const label = `${op} kill at ${n} ${step}`
    const killed = await runKilledAt(op, dir, n)
    if (killed.signal !== 'SIGKILL' || killed.lastStep !== step)
      throw new Error(
        `${label}: ended by ${killed.signal ?? `exit ${killed.code}`} at ${killed.lastStep}\n${killed.stderr}`
      )
    report.push(`${n} ${step}: ${await check(dir, label)}`)
  })
  console.log(`${op} kills:\n  ${report.sort((a, b) => parseInt(a) - parseInt(b)).join('\n  ')}`)
}
