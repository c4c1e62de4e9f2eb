import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile, execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  unlinkSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { makeBundle, removeDir, tempDir } from './helpers/fixtures'
import { CLI_JS, assertBuilt, hubEnv } from './helpers/mcp'
import { HubError } from '../src/engine/errors'
import { memoryHubLog } from '../src/engine/hublog'
import { LOCK_EXCLUDE_LINE } from '../src/engine/lock'
import { Registry } from '../src/engine/registry/registry'
import type { Base } from '../src/engine/registry/base'
import { fileProposal } from '../src/engine/proposals/propose'
import type { ProposalFields } from '../src/engine/proposals/rules'
import { resolvePlan } from '../src/engine/review/resolve'
import { reconcile } from '../src/engine/review/reconcile'

/**
 * Every repository shape a manager may hand the hub, with real git: after a proposal and a
 * resolution, git sees exactly HEAD plus the user's own staged changes (nothing of the hub's
 * staged or missing), fsck is clean, and git's own next commit keeps every hub file. Shapes the
 * engine does not write are refused with nothing written.
 */

const run = promisify(execFile)
const log = memoryHubLog()

/** git with no system or global configuration: the machine's settings play no part. */
const gitEnv: NodeJS.ProcessEnv = (() => {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    LC_ALL: 'C',
    GIT_AUTHOR_NAME: 'Humain',
    GIT_AUTHOR_EMAIL: 'humain@example.org',
    GIT_COMMITTER_NAME: 'Humain',
    GIT_COMMITTER_EMAIL: 'humain@example.org'
  }
})()

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

const SSO = [
  '---',
  'title: "Procédure SSO"',
  '---',
  '',
  '# Procédure SSO',
  '',
  '## Reconnexion',
  '',
  'Ancien texte de reconnexion.',
  '',
  '## Déconnexion',
  '',
  'Cliquer sur « quitter ».',
  ''
].join('\n')
const NEW_SECTION = '## Reconnexion\n\nCliquer sur « réauthentifier » dans le menu profil.\n'

const FIELDS: ProposalFields = {
  type: 'correction',
  concerns: 'procédure de reconnexion SSO déplacée',
  content: 'Le bouton « réauthentifier » est désormais dans le menu profil.',
  sources: ['incident #4521'],
  confidence: 'high',
  submittedBy: 'session-a'
}

const dirs: string[] = []
let template = ''

beforeAll(() => {
  assertBuilt()
  const dir = tempDir('okf-shapes-template-')
  dirs.push(dir)
  template = makeBundle(dir, 'alpha', {
    files: {
      'knowledge/procedures/sso.md': SSO,
      'knowledge/index.md': '# Index\n\nSommaire.\n',
      'archive/ancien.md': '# Ancien\n',
      'todo.txt': 'à faire\n'
    }
  })
  // A second commit, so that a shallow clone really cuts history.
  writeFileSync(join(template, 'knowledge/index.md'), '# Index\n\nSommaire, v2.\n')
  git(template, 'commit', '-qam', 'v2')
  // Every base the hub has written to once has its lock excluded.
  appendFileSync(join(template, '.git/info/exclude'), `${LOCK_EXCLUDE_LINE}\n`)
})
afterAll(() => {
  for (const d of dirs) removeDir(d)
})

interface Case {
  dir: string
  basesDir: string
  /** The base: a worktree of the repository. */
  root: string
  /** Where the branch lives when it is not `root` (linked worktree): the main worktree. */
  mainRoot: string
}

/** A fresh copy of the template as `<dir>/bases/alpha`. */
function newCase(): Case {
  const dir = tempDir('okf-shapes-')
  dirs.push(dir)
  const basesDir = join(dir, 'bases')
  const root = join(basesDir, 'alpha')
  cpSync(template, root, { recursive: true })
  // The copy changed every file's stat data: let git record it, as any git command would.
  git(root, 'update-index', '-q', '--refresh')
  return { dir, basesDir, root, mainRoot: root }
}

function baseOf(c: Case): Base {
  const registry = new Registry(c.basesDir, log)
  registry.rescan()
  return registry.get('alpha')
}

/** Everything under `dir`, `.git` included: equal means nothing was written. */
function fingerprint(dir: string): string {
  const h = createHash('sha256')
  const walk = (abs: string, rel: string): void => {
    for (const e of readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(abs, e.name)
      const r = `${rel}/${e.name}`
      const st = lstatSync(p)
      if (st.isDirectory()) {
        h.update(`D ${r}\n`)
        walk(p, r)
      } else if (st.isSymbolicLink()) h.update(`L ${r} ${readlinkSync(p)}\n`)
      else
        h.update(`F ${r} ${st.mode.toString(8)} `)
          .update(readFileSync(p))
          .update('\n')
    }
  }
  walk(dir, '')
  return h.digest('hex')
}

const status = (root: string): string => git(root, 'status', '--porcelain')

function expectFsckClean(root: string): void {
  const r = execFileSync('git', ['fsck', '--strict', '--no-progress'], {
    cwd: root,
    env: gitEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe']
  })
  expect(r).not.toMatch(/missing|invalid|broken|error/i)
}

/** The user's own staged changes, made before the hub writes: a modification and an addition. */
function stageUserChanges(root: string): string {
  writeFileSync(join(root, 'todo.txt'), 'à faire, indexé par un humain\n')
  writeFileSync(join(root, 'user-notes.md'), 'notes indexées\n')
  git(root, 'add', 'todo.txt', 'user-notes.md')
  return git(root, 'ls-files', '-s', '--', 'todo.txt', 'user-notes.md')
}
const USER_STATUS = 'M  todo.txt\nA  user-notes.md\n'
const INTENT_STATUS = ' A intent.md\n'

async function proposeVia(c: Case, via: 'engine' | 'cli', suffix: string): Promise<string> {
  if (via === 'engine') {
    const filed = await fileProposal(baseOf(c), FIELDS, {
      log,
      now: () => new Date('2026-08-30T09:12:00Z'),
      drawSuffix: () => suffix
    })
    return filed.id
  }
  const h = hubEnv(c.basesDir)
  dirs.push(h.userData)
  const args = {
    base: 'alpha',
    type: FIELDS.type,
    concerns: FIELDS.concerns,
    content: FIELDS.content,
    sources: FIELDS.sources,
    confidence: FIELDS.confidence,
    submitted_by: FIELDS.submittedBy
  }
  const r = await run(process.execPath, [CLI_JS, 'tool', 'kb_propose', JSON.stringify(args)], {
    env: h.env,
    cwd: '/'
  })
  expect(r.stdout.split('\n')[0]).toBe('Proposition déposée.')
  return (/id : (prop-\S+)/.exec(r.stdout) as RegExpExecArray)[1]
}

function plan(id: string): unknown {
  return {
    summary: 'reconnexion SSO',
    reviewed_by: 'human:morva',
    resolutions: [{ id, resolution: 'accepted', integrated_into: ['procedures/sso.md'] }],
    edits: [{ path: 'procedures/sso.md', section: 'Reconnexion', content: NEW_SECTION }]
  }
}

/** git's view after a hub write: HEAD plus the user's staged changes, exactly as staged. */
function expectGitSeesHeadPlusUser(root: string, staged: string, extra = ''): void {
  expect(status(root)).toBe(extra + USER_STATUS)
  expect(git(root, 'ls-files', '-s', '--', 'todo.txt', 'user-notes.md')).toBe(staged)
  // Nothing differs between the index and the worktree but the user's intent-to-add entries.
  expect(git(root, 'diff-files', '--name-only')).toBe(extra === INTENT_STATUS ? 'intent.md\n' : '')
  expectFsckClean(root)
}

interface Shape {
  name: string
  /** Turns the fresh copy into the shape. */
  setup?: (c: Case) => void | Promise<void>
  via?: 'engine' | 'cli'
  /** The user's own changes `git status` shows besides USER_STATUS (sorted before it). */
  extraStatus?: string
  /** Extra checks once everything is done. */
  after?: (c: Case, id: string) => void
}

const SHAPES: Shape[] = [
  { name: 'index v2', setup: (c) => void git(c.root, 'update-index', '--index-version', '2'), via: 'cli' },
  {
    name: 'index v3 (intent-to-add entry)',
    setup: (c) => {
      writeFileSync(join(c.root, 'intent.md'), 'plus tard\n')
      git(c.root, 'add', '-N', 'intent.md')
      git(c.root, 'update-index', '--index-version', '3')
      expect(readFileSync(join(c.root, '.git/index')).readUInt32BE(4)).toBe(3)
    },
    extraStatus: INTENT_STATUS,
    after: (c) => {
      expect(git(c.root, 'ls-files', '--', 'intent.md')).toBe('intent.md\n')
    }
  },
  {
    name: 'index v3 (skip-worktree entry)',
    setup: (c) => {
      git(c.root, 'update-index', '--skip-worktree', 'archive/ancien.md')
      expect(readFileSync(join(c.root, '.git/index')).readUInt32BE(4)).toBe(3)
    },
    after: (c) => {
      expect(git(c.root, 'ls-files', '-v', '--', 'archive/ancien.md')).toBe('S archive/ancien.md\n')
    }
  },
  { name: 'index v4', setup: (c) => void git(c.root, 'update-index', '--index-version', '4') },
  {
    name: 'untracked cache',
    setup: (c) => {
      git(c.root, 'config', 'core.untrackedCache', 'true')
      git(c.root, 'update-index', '--untracked-cache')
      git(c.root, 'status', '--porcelain')
    }
  },
  {
    name: 'packed refs and objects after git gc',
    setup: (c) => {
      git(c.root, 'gc', '-q', '--prune=now')
      expect(existsSync(join(c.root, '.git/refs/heads/main'))).toBe(false)
    }
  },
  {
    name: 'detached HEAD',
    setup: (c) => void git(c.root, 'checkout', '-q', '--detach'),
    after: (c) => {
      expect(git(c.root, 'rev-parse', 'main').trim()).toBe(git(c.root, 'rev-parse', 'HEAD~3').trim())
    }
  },
  {
    name: 'core.autocrlf=true (worktree checked out with CRLF)',
    setup: (c) => {
      git(c.root, 'config', 'core.autocrlf', 'true')
      for (const f of git(c.root, 'ls-files').split('\n').filter(Boolean)) unlinkSync(join(c.root, f))
      git(c.root, 'checkout', '--', '.')
      expect(readFileSync(join(c.root, 'knowledge/index.md'), 'utf8')).toContain('\r\n')
    },
    after: (c) => {
      // History holds LF, as git itself would have stored it.
      expect(git(c.root, 'show', 'HEAD:knowledge/procedures/sso.md')).not.toContain('\r')
      expect(git(c.root, 'ls-files', '--eol', '--', 'knowledge/procedures/sso.md')).toMatch(/^i\/lf /)
    }
  },
  {
    name: 'sparse checkout (cone: knowledge and proposals in, archive out)',
    setup: (c) => {
      git(c.root, 'sparse-checkout', 'set', '--cone', 'knowledge', 'proposals')
      expect(existsSync(join(c.root, 'archive'))).toBe(false)
    },
    via: 'cli',
    after: (c) => {
      expect(git(c.root, 'ls-files', '-v', '--', 'archive/ancien.md')).toBe('S archive/ancien.md\n')
      expect(existsSync(join(c.root, 'archive'))).toBe(false)
    }
  },
  {
    name: 'shallow clone',
    setup: async (c) => {
      rmSync(c.root, { recursive: true })
      await run('git', ['clone', '-q', '--depth', '1', `file://${template}`, c.root], { env: gitEnv })
      appendFileSync(join(c.root, '.git/info/exclude'), `${LOCK_EXCLUDE_LINE}\n`)
      expect(git(c.root, 'rev-list', '--count', 'HEAD').trim()).toBe('1')
    }
  },
  {
    name: 'core.splitIndex',
    setup: (c) => {
      git(c.root, 'config', 'core.splitIndex', 'true')
      git(c.root, 'update-index', '--split-index')
      expect(readdirSync(join(c.root, '.git')).some((f) => f.startsWith('sharedindex.'))).toBe(true)
    },
    via: 'cli'
  },
  {
    name: 'linked worktree',
    setup: (c) => {
      // The base is a linked worktree on branch `feature`; the main worktree stays on main.
      const main = join(c.dir, 'main-repo')
      rmSync(c.root, { recursive: true })
      cpSync(template, main, { recursive: true })
      git(main, 'worktree', 'add', '-q', '-b', 'feature', c.root)
      // git reads info/exclude from the common dir: the hub's lock line must land there.
      writeFileSync(join(main, '.git/info/exclude'), '')
      c.mainRoot = main
      expect(readFileSync(join(c.root, '.git'), 'utf8')).toMatch(/^gitdir: .*worktrees/)
    },
    via: 'cli',
    after: (c, id) => {
      const subjects = git(c.mainRoot, 'log', '--format=%s', 'feature')
      expect(subjects).toContain(`proposal: ${id}`)
      expect(subjects).toContain('integrate:')
      expect(git(c.mainRoot, 'rev-parse', 'feature')).toBe(git(c.root, 'rev-parse', 'HEAD'))
      expect(readdirSync(join(c.mainRoot, '.git/worktrees/alpha'))).not.toContain('objects')
      expect(readFileSync(join(c.mainRoot, '.git/info/exclude'), 'utf8')).toBe(`${LOCK_EXCLUDE_LINE}\n`)
      expect(git(c.mainRoot, 'reflog', 'feature', '--format=%gs')).toContain('integrate:')
      expect(git(c.root, 'reflog', 'HEAD', '--format=%gs')).toContain('integrate:')
      // The main worktree saw nothing of it.
      expect(git(c.mainRoot, 'status', '--porcelain')).toBe('')
      expect(git(c.mainRoot, 'log', '-1', '--format=%s', 'main').trim()).toBe('v2')
    }
  },
  {
    name: 'non-main default branch',
    setup: (c) => void git(c.root, 'branch', '-m', 'main', 'trunk'),
    after: (c) => {
      expect(git(c.root, 'symbolic-ref', 'HEAD').trim()).toBe('refs/heads/trunk')
      expect(git(c.root, 'branch', '--list', 'main')).toBe('')
    }
  },
  {
    name: 'executable files (the edited document is 100755)',
    setup: (c) => {
      chmodSync(join(c.root, 'knowledge/procedures/sso.md'), 0o755)
      git(c.root, 'commit', '-qam', 'exécutable')
    },
    after: (c) => {
      expect(git(c.root, 'ls-tree', 'HEAD', 'knowledge/procedures/sso.md')).toMatch(/^100755 /)
    }
  },
  {
    name: 'core.fsmonitor hook',
    setup: (c) => {
      // A hook speaking protocol 2 that reports "everything may have changed".
      const hook = join(c.dir, 'fsmonitor-hook.sh')
      writeFileSync(hook, "#!/bin/sh\nprintf 'token\\0/\\0'\n")
      chmodSync(hook, 0o755)
      git(c.root, 'config', 'core.fsmonitor', hook)
      git(c.root, 'status', '--porcelain')
    }
  }
]

describe('accepted shapes: propose, resolve, then git commits on top', () => {
  it.each(SHAPES.map((s) => [s.name, s] as const))('%s', async (_name, shape) => {
    const c = newCase()
    await shape.setup?.(c)
    const root = c.root
    const staged = stageUserChanges(root)

    const id = await proposeVia(c, shape.via ?? 'engine', 'a3f2')
    const pending = `proposals/pending/${id}.md`
    expect(git(root, 'ls-tree', '-r', '--name-only', 'HEAD')).toContain(pending)
    expectGitSeesHeadPlusUser(root, staged, shape.extraStatus)

    await resolvePlan(baseOf(c), plan(id), { log, now: () => new Date('2026-09-16T08:00:00Z') })
    const accepted = `proposals/accepted/${id}.md`
    expectGitSeesHeadPlusUser(root, staged, shape.extraStatus)
    const sso = git(root, 'show', 'HEAD:knowledge/procedures/sso.md')
    expect(sso).toContain('« réauthentifier »')

    // git's own next commit keeps every hub file.
    writeFileSync(join(root, 'other.txt'), 'autre\n')
    git(root, 'add', 'other.txt')
    git(root, 'commit', '-qm', 'x')
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toEqual([
      'other.txt',
      'todo.txt',
      'user-notes.md'
    ])
    const tree = git(root, 'ls-tree', '-r', '--name-only', 'HEAD').split('\n')
    expect(tree).toContain(accepted)
    expect(tree).not.toContain(pending)
    expect(tree).toContain('knowledge/procedures/sso.md')
    expect(git(root, 'show', 'HEAD:knowledge/procedures/sso.md')).toBe(sso)
    expect(status(root)).toBe(shape.extraStatus ?? '')
    expectFsckClean(root)
    shape.after?.(c, id)
  })
})

async function hubError(p: Promise<unknown>): Promise<HubError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  )
  expect(e).toBeInstanceOf(HubError)
  return e as HubError
}

describe('a held index.lock: BASE_BUSY, nothing committed, nothing left', () => {
  it('through the engine and through the CLI', async () => {
    const cases = [newCase(), newCase()]
    const befores = cases.map((c) => {
      writeFileSync(join(c.root, '.git/index.lock'), '')
      return {
        fp: fingerprint(c.dir),
        head: git(c.root, 'rev-parse', 'HEAD'),
        refs: git(c.root, 'for-each-ref')
      }
    })
    const t0 = Date.now()
    const [engine, cli] = await Promise.all([
      hubError(proposeVia(cases[0], 'engine', 'b0b0')),
      (async () => {
        const h = hubEnv(cases[1].basesDir)
        dirs.push(h.userData)
        const args = {
          base: 'alpha',
          type: 'observation',
          concerns: 'x',
          content: 'y',
          sources: ['z'],
          confidence: 'low',
          submitted_by: 'agent:t'
        }
        return run(process.execPath, [CLI_JS, 'tool', 'kb_propose', JSON.stringify(args)], {
          env: h.env,
          cwd: '/'
        }).then(
          () => '',
          (e: { stdout: string }) => e.stdout
        )
      })()
    ])
    expect(Date.now() - t0).toBeLessThan(8_000)
    expect(engine.code).toBe('BASE_BUSY')
    expect(cli).toBe('ERROR: BASE_BUSY: base occupée par une autre écriture, réessayez\n')
    cases.forEach((c, i) => {
      expect(fingerprint(c.dir)).toBe(befores[i].fp)
      expect(git(c.root, 'rev-parse', 'HEAD')).toBe(befores[i].head)
      expect(git(c.root, 'for-each-ref')).toBe(befores[i].refs)
    })
    // Retry later works.
    const c = cases[0]
    unlinkSync(join(c.root, '.git/index.lock'))
    expectFsckClean(c.root)
    const id = await proposeVia(c, 'engine', 'b0b0')
    expect(git(c.root, 'ls-tree', '-r', '--name-only', 'HEAD')).toContain(`proposals/pending/${id}.md`)
    expect(status(c.root)).toBe('')

    // A resolution meets the same rule: its edits are rolled back, nothing committed.
    writeFileSync(join(c.root, '.git/index.lock'), '')
    const before = fingerprint(c.dir)
    const busy = await hubError(resolvePlan(baseOf(c), plan(id), { log }))
    expect(busy.code).toBe('BASE_BUSY')
    expect(fingerprint(c.dir)).toBe(before)
    unlinkSync(join(c.root, '.git/index.lock'))
    await resolvePlan(baseOf(c), plan(id), { log })
    expect(status(c.root)).toBe('')
    expectFsckClean(c.root)
  })
})

/** Rewrites the index with `edit` applied to its bytes, and a valid checksum. */
function craftIndex(root: string, edit: (body: Buffer) => Buffer): void {
  const p = join(root, '.git/index')
  const body = edit(readFileSync(p).subarray(0, -20))
  writeFileSync(p, Buffer.concat([body, createHash('sha1').update(body).digest()]))
}

interface Refusal {
  name: string
  setup: (c: Case) => void | Promise<void>
  message: RegExp
}

const REFUSALS: Refusal[] = [
  {
    name: 'SHA-256 repository',
    setup: (c) => {
      rmSync(c.root, { recursive: true })
      makeBundle(c.basesDir, 'alpha', { git: false, files: { 'knowledge/procedures/sso.md': SSO } })
      git(c.root, 'init', '-q', '--object-format=sha256', '-b', 'main')
      git(c.root, 'add', '-A')
      git(c.root, 'commit', '-qm', 'init')
    },
    message:
      /^dépôt SHA-256 non pris en charge \(extensions\.objectFormat = sha256\) dans .*alpha : rien n'a été écrit$/
  },
  {
    name: 'unknown core.repositoryformatversion',
    setup: (c) => void git(c.root, 'config', 'core.repositoryformatversion', '2'),
    message:
      /^dépôt au format inconnu non pris en charge \(core\.repositoryformatversion = 2\) dans .* : rien n'a été écrit$/
  },
  {
    name: 'unknown extension',
    setup: (c) => {
      git(c.root, 'config', 'core.repositoryformatversion', '1')
      git(c.root, 'config', 'extensions.frobnicate', 'true')
    },
    message: /^extension de dépôt inconnue non pris en charge \(extensions\.frobnicate = true\)/
  },
  {
    name: 'reftable refs',
    setup: (c) => {
      git(c.root, 'config', 'core.repositoryformatversion', '1')
      git(c.root, 'config', 'extensions.refStorage', 'reftable')
    },
    message: /^dépôt à références reftable non pris en charge \(extensions\.refStorage = reftable\)/
  },
  {
    name: 'sparse index',
    setup: (c) => {
      git(c.root, 'sparse-checkout', 'set', '--cone', '--sparse-index', 'knowledge', 'proposals')
    },
    message: /^index creux \(sparse index\) non pris en charge \(extension d’index « sdir »/
  },
  {
    name: 'unknown mandatory index extension',
    setup: (c) => craftIndex(c.root, (b) => Buffer.concat([b, Buffer.from('zzzz\0\0\0\0', 'latin1')])),
    message: /^extension d’index obligatoire inconnue non pris en charge \(extension « zzzz »\)/
  },
  {
    name: 'index version 5',
    setup: (c) =>
      craftIndex(c.root, (b) => {
        const out = Buffer.from(b)
        out.writeUInt32BE(5, 4)
        return out
      }),
    message: /^index git de version inconnue non pris en charge \(index version 5\)/
  }
]

describe('refused shapes: a message naming the shape, nothing written', () => {
  it.each(REFUSALS.map((r) => [r.name, r] as const))('%s', async (_name, refusal) => {
    const c = newCase()
    await refusal.setup(c)
    const before = fingerprint(c.dir)
    const e = await hubError(proposeVia(c, 'engine', 'c0c0'))
    expect(e.code).toBe('IO_ERROR')
    expect(e.message).toMatch(refusal.message)
    expect(fingerprint(c.dir)).toBe(before)
  })

  it('the CLI says it too', async () => {
    const c = newCase()
    git(c.root, 'config', 'core.repositoryformatversion', '1')
    git(c.root, 'config', 'extensions.objectFormat', 'sha256')
    const before = fingerprint(c.dir)
    const h = hubEnv(c.basesDir)
    dirs.push(h.userData)
    const args = {
      base: 'alpha',
      type: 'observation',
      concerns: 'x',
      content: 'y',
      sources: ['z'],
      confidence: 'low',
      submitted_by: 'agent:t'
    }
    const out = await run(process.execPath, [CLI_JS, 'tool', 'kb_propose', JSON.stringify(args)], {
      env: h.env,
      cwd: '/'
    }).then(
      (r) => r.stdout,
      (err: { stdout: string }) => err.stdout
    )
    expect(out).toMatch(
      /^ERROR: IO_ERROR: dépôt SHA-256 non pris en charge \(extensions\.objectFormat = sha256\) dans .* : rien n'a été écrit\n$/
    )
    expect(fingerprint(c.dir)).toBe(before)
  })

  it('resolve and reconcile refuse too, before writing', async () => {
    const c = newCase()
    const id = await proposeVia(c, 'engine', 'd0d0')
    // A proposal file left uncommitted, for reconcile to recover.
    writeFileSync(
      join(c.root, 'proposals/pending/prop-2026-01-02-cafe.md'),
      readFileSync(join(c.root, 'proposals/pending', `${id}.md`), 'utf8').replaceAll(
        id,
        'prop-2026-01-02-cafe'
      )
    )
    git(c.root, 'config', 'core.repositoryformatversion', '1')
    git(c.root, 'config', 'extensions.frobnicate', 'true')
    const before = fingerprint(c.dir)
    const base = baseOf(c)
    const e = await hubError(resolvePlan(base, plan(id), { log }))
    expect(e.message).toMatch(
      /^extension de dépôt inconnue non pris en charge \(extensions\.frobnicate = true\)/
    )
    const r = await hubError(reconcile(base, { apply: true, log }))
    expect(r.message).toMatch(/^extension de dépôt inconnue non pris en charge/)
    expect(fingerprint(c.dir)).toBe(before)
  })
})
