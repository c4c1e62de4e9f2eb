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
import { expect } from 'vitest'
import { makeBundle, removeDir, tempDir } from './fixtures'
import { CLI_JS, assertBuilt, hubEnv } from './mcp'
import { memoryHubLog } from '../../src/engine/hublog'
import { LOCK_EXCLUDE_LINE } from '../../src/engine/lock'
import { Registry } from '../../src/engine/registry/registry'
import type { Base } from '../../src/engine/registry/base'
import { fileProposal } from '../../src/engine/proposals/propose'
import type { ProposalFields } from '../../src/engine/proposals/rules'

/**
 * The repository shapes a manager may hand the hub, shared by test/git-shapes.test.ts (propose and
 * resolve on each) and test/git-matrix.test.ts (every write path on each): the template base, a
 * fresh copy per case, the shapes git accepts and those the engine refuses, and git's own view
 * of the result.
 */

export const run = promisify(execFile)
export const log = memoryHubLog()

/** git with no system or global configuration: the machine's settings play no part. */
export const gitEnv: NodeJS.ProcessEnv = (() => {
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

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

export const SSO = [
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
export const NEW_SECTION = '## Reconnexion\n\nCliquer sur « réauthentifier » dans le menu profil.\n'

export const FIELDS: ProposalFields = {
  type: 'correction',
  concerns: 'procédure de reconnexion SSO déplacée',
  content: 'Le bouton « réauthentifier » est désormais dans le menu profil.',
  sources: ['incident #4521'],
  confidence: 'high',
  submittedBy: 'session-a'
}

export const dirs: string[] = []
let template = ''

export const templateDir = (): string => template

/** The template every case copies (call once, before the cases); `cli` cases need the build. */
export function setupShapeLab(opts: { cli?: boolean } = {}): void {
  if (opts.cli !== false) assertBuilt()
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
}
export function cleanupShapeLab(): void {
  for (const d of dirs) removeDir(d)
}

export interface Case {
  dir: string
  basesDir: string
  /** The base: a worktree of the repository. */
  root: string
  /** Where the branch lives when it is not `root` (linked worktree): the main worktree. */
  mainRoot: string
}

/** A fresh copy of the template as `<dir>/bases/alpha`. */
export function newCase(): Case {
  const dir = tempDir('okf-shapes-')
  dirs.push(dir)
  const basesDir = join(dir, 'bases')
  const root = join(basesDir, 'alpha')
  cpSync(template, root, { recursive: true })
  // The copy changed every file's stat data: let git record it, as any git command would.
  git(root, 'update-index', '-q', '--refresh')
  return { dir, basesDir, root, mainRoot: root }
}

export function baseOf(c: Case): Base {
  const registry = new Registry(c.basesDir, log)
  registry.rescan()
  return registry.get('alpha')
}

/** Everything under `dir`, `.git` included: equal means nothing was written. */
export function fingerprint(dir: string): string {
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

export const status = (root: string): string => git(root, 'status', '--porcelain')

export function expectFsckClean(root: string): void {
  const r = execFileSync('git', ['fsck', '--strict', '--no-progress'], {
    cwd: root,
    env: gitEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe']
  })
  expect(r).not.toMatch(/missing|invalid|broken|error/i)
}

/** The user's own staged changes, made before the hub writes: a modification and an addition. */
export function stageUserChanges(root: string): string {
  writeFileSync(join(root, 'todo.txt'), 'à faire, indexé par un humain\n')
  writeFileSync(join(root, 'user-notes.md'), 'notes indexées\n')
  git(root, 'add', 'todo.txt', 'user-notes.md')
  return git(root, 'ls-files', '-s', '--', 'todo.txt', 'user-notes.md')
}
export const USER_STATUS = 'M  todo.txt\nA  user-notes.md\n'
export const INTENT_STATUS = ' A intent.md\n'

export async function proposeVia(c: Case, via: 'engine' | 'cli', suffix: string): Promise<string> {
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

export function plan(id: string): unknown {
  return {
    summary: 'reconnexion SSO',
    reviewed_by: 'human:morva',
    resolutions: [{ id, resolution: 'accepted', integrated_into: ['procedures/sso.md'] }],
    edits: [{ path: 'procedures/sso.md', section: 'Reconnexion', content: NEW_SECTION }]
  }
}

/** git's view after a hub write: HEAD plus the user's staged changes, exactly as staged. */
export function expectGitSeesHeadPlusUser(root: string, staged: string, extra = ''): void {
  expect(status(root)).toBe(extra + USER_STATUS)
  expect(git(root, 'ls-files', '-s', '--', 'todo.txt', 'user-notes.md')).toBe(staged)
  // Nothing differs between the index and the worktree but the user's intent-to-add entries.
  expect(git(root, 'diff-files', '--name-only')).toBe(extra === INTENT_STATUS ? 'intent.md\n' : '')
  expectFsckClean(root)
}

export interface Shape {
  name: string
  /** Turns the fresh copy into the shape. */
  setup?: (c: Case) => void | Promise<void>
  via?: 'engine' | 'cli'
  /** The user's own changes `git status` shows besides USER_STATUS (sorted before it). */
  extraStatus?: string
  /** Extra checks once everything is done. */
  after?: (c: Case, id: string) => void
}

export const SHAPES: Shape[] = [
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

/** Rewrites the index with `edit` applied to its bytes, and a valid checksum. */
export function craftIndex(root: string, edit: (body: Buffer) => Buffer): void {
  const p = join(root, '.git/index')
  const body = edit(readFileSync(p).subarray(0, -20))
  writeFileSync(p, Buffer.concat([body, createHash('sha1').update(body).digest()]))
}

export interface Refusal {
  name: string
  setup: (c: Case) => void | Promise<void>
  message: RegExp
  /** The sync's own sentence, when it refuses the shape before the write path's check. */
  syncMessage?: RegExp
}

export const REFUSALS: Refusal[] = [
  {
    // A commit here would be on no branch, gone from sight once the branch is checked out again.
    name: 'detached HEAD',
    setup: (c) => void git(c.root, 'checkout', '-q', '--detach'),
    message:
      /^HEAD détaché dans .*alpha \(aucune branche courante, commit [0-9a-f]{10}\) : un commit ici ne serait sur aucune branche\. Revenez sur la branche de la base \(git switch <branche>\), puis réessayez ; rien n'a été écrit$/,
    syncMessage: /^HEAD est détaché \(aucune branche courante\) : revenez sur une branche pour synchroniser$/
  },
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
