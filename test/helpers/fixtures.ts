import { execFileSync } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Base } from '../../src/engine/registry/base'
import type { HubConfig } from '../../src/engine/config'
import type { ProposalFields } from '../../src/engine/proposals/rules'

/** The proposal the engine's tests file unless they say otherwise: an agent's correction of the SSO procedure. */
export const SSO_CORRECTION: ProposalFields = {
  type: 'correction',
  concerns: 'reconnexion SSO',
  content: 'Le bouton est dans le menu profil.',
  sources: ['incident #1'],
  confidence: 'high',
  submittedBy: 'agent:test'
}

export function tempDir(prefix = 'okf-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

let lastPast = 0

/**
 * A moment a minute back, later than any this returned before: what a test dates with it is settled
 * for the racy rule (fingerprint.ts), and two datings never give one mtime. The mtime-keyed caches
 * rightly take an equal mtime for « unchanged »: two datings of one folder within one millisecond,
 * a file added in between, made count.test.ts miss the file (a fresh-clone run on a fast machine).
 */
export function pastMoment(): Date {
  lastPast = Math.max(Date.now() - 60_000, lastPast + 1)
  return new Date(lastPast)
}

/**
 * Dates `path` and everything under it a minute back: settled for the racy rule (fingerprint.ts),
 * as a user's files are between two sessions, without waiting 2 s for files just written.
 */
export function dateBack(path: string): void {
  const past = pastMoment()
  if (statSync(path).isDirectory()) for (const n of readdirSync(path)) dateBack(join(path, n))
  utimesSync(path, past, past)
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.test',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.test'
    }
  })
}

export interface BundleSpec {
  name?: string
  title?: string
  description?: string
  /** Raw manifest text; overrides the generated one. */
  manifest?: string
  extraManifest?: string
  governance?: string
  schema?: string
  /** Files relative to the bundle root. */
  files?: Record<string, string>
  /** Make it a git repository with one commit (default true). */
  git?: boolean
}

/**
 * A lock file as a killed git leaves it: empty, its time `ageSeconds` before `now` (ms), so that
 * its staleness depends on no clock but the one given.
 */
export function leaveStaleLock(path: string, ageSeconds = 3_600, now = Date.now()): string {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, '')
  const t = now / 1000 - ageSeconds
  utimesSync(path, t, t)
  return path
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const abs = join(root, rel)
    mkdirSync(dirname(abs), { recursive: true })
    writeFileSync(abs, text)
  }
}

/** A bundle under `basesDir/dir`: manifest, GOVERNANCE.md, corpus; a real git repo by default. */
export function makeBundle(basesDir: string, dir: string, spec: BundleSpec = {}): string {
  const root = join(basesDir, dir)
  mkdirSync(join(root, 'knowledge'), { recursive: true })
  const name = spec.name ?? dir
  const manifest =
    spec.manifest ??
    [
      `bundle-spec: "0.1"`,
      `name: ${name}`,
      `title: ${JSON.stringify(spec.title ?? `Base ${name}`)}`,
      `description: ${JSON.stringify(spec.description ?? `Base de test ${name}.`)}`,
      `version: "1.0.0"`,
      'governance:',
      '  rules: GOVERNANCE.md',
      ...(spec.schema !== undefined ? ['  frontmatter-schema: schema.yaml'] : []),
      spec.extraManifest ?? ''
    ].join('\n') + '\n'
  writeFileSync(join(root, 'okf-bundle.yaml'), manifest)
  writeFileSync(join(root, 'GOVERNANCE.md'), spec.governance ?? '# Gouvernance\n\nRègles de test.\n')
  if (spec.schema !== undefined) writeFileSync(join(root, 'schema.yaml'), spec.schema)
  writeFiles(root, spec.files ?? { 'knowledge/exemple.md': '# Exemple\n\nUn document exemple.\n' })
  if (spec.git !== false) {
    git(root, 'init', '-q', '-b', 'main')
    git(root, 'add', '-A')
    git(root, 'commit', '-qm', 'init')
  }
  return root
}

/**
 * A `Base` over a temp folder whose corpus is `<root>/knowledge` holding `files` (corpus-relative
 * path → text): no manifest, no git — for engine tests that only need a corpus. The caller removes
 * `base.root`.
 */
export function makeCorpusBase(files: Record<string, string>, name = 'test-base'): Base {
  const root = realpathSync(tempDir('okf-corpus-'))
  writeFiles(join(root, 'knowledge'), files)
  mkdirSync(join(root, 'knowledge'), { recursive: true })
  return {
    name,
    dirName: name,
    root,
    corpusDir: join(root, 'knowledge'),
    corpusRel: 'knowledge',
    title: name,
    description: '',
    bundleSpec: '0.1',
    governancePath: join(root, 'GOVERNANCE.md'),
    governanceRel: 'GOVERNANCE.md'
  }
}

/**
 * Awaits a condition the test cannot be told about by an event (a file, a log line, a counter fed
 * by notifications): polled every 20 ms with no deadline of its own, so a loaded machine makes the
 * test slower, never red. The test's own timeout (vitest.config.ts) bounds a condition that never
 * comes.
 */
export async function waitFor(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 20))
}

/**
 * A hub configuration as the tests run one: the given folders, the contract's table-of-contents
 * threshold, no log file, no default bases, no config file; `over` sets anything else.
 */
export function hubConfig(basesDir: string, userDataDir: string, over: Partial<HubConfig> = {}): HubConfig {
  return {
    basesDir,
    readTocThreshold: 8192,
    logFile: null,
    defaultBases: false,
    configFile: null,
    userDataDir,
    ...over
  }
}
