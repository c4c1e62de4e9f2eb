import { spawn, spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  rmdirSync,
  unlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isolatedGit, isolatedGitEnv } from '../../test/helpers/isolated-git'
import { HubError } from './errors'
import { memoryHubLog } from './hublog'
import { waitFor } from '../../test/helpers/fixtures'
import { ensureLockExcluded, localLockWaiters, LOCK_DIR_NAME, runCommandLocked, withBaseLock } from './lock'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const git = isolatedGit
const gitEnv = isolatedGitEnv

function makeRepo(): string {
  const root = mkdtempSync(join(tmpdir(), 'okf-lock-'))
  dirs.push(root)
  git(root, 'init', '-q', '-b', 'main')
  writeFileSync(join(root, 'README.md'), '# Base\n')
  git(root, 'add', '-A')
  git(root, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'initial')
  return root
}

/** A promise and the hand that resolves it: the tests' events. */
function opened<T>(): { promise: Promise<T>; open: (v: T) => void } {
  let open!: (v: T) => void
  const promise = new Promise<T>((r) => (open = r))
  return { promise, open }
}

async function rejection(p: Promise<unknown>): Promise<HubError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  )
  expect(e).toBeInstanceOf(HubError)
  return e as HubError
}

describe('withBaseLock', () => {
  it('excludes a second acquisition in the same process: it waits for the first', async () => {
    const root = makeRepo()
    const events: string[] = []
    let inside = 0
    const held = opened<void>()
    const release = opened<void>()
    const body = (name: string, until: Promise<void>) => async () => {
      inside++
      expect(inside).toBe(1)
      events.push(`${name}+`)
      held.open()
      await until
      events.push(`${name}-`)
      inside--
      return name
    }
    const first = withBaseLock(root, body('a', release.promise))
    await held.promise
    const second = withBaseLock(root, body('b', Promise.resolve()))
    await waitFor(() => localLockWaiters(root) > 0) // the second is queued behind the first
    expect(events).toEqual(['a+'])
    release.open()
    expect(await Promise.all([first, second])).toEqual(['a', 'b'])
    expect(events).toEqual(['a+', 'a-', 'b+', 'b-'])
    expect(existsSync(join(root, LOCK_DIR_NAME))).toBe(false)
  })

  // The lower bound is the lock's own promise (it waits at least timeoutMs); no upper bound: a
  // loaded machine may answer late, never early.
  it('gives BASE_BUSY after timeoutMs while another acquisition holds the lock, and logs it', async () => {
    const root = makeRepo()
    const log = memoryHubLog()
    const release = opened<void>()
    const holding = opened<void>()
    const first = withBaseLock(root, () => {
      holding.open()
      return release.promise
    })
    await holding.promise
    const t0 = Date.now()
    const e = await rejection(withBaseLock(root, async () => 'never', { timeoutMs: 500, log }))
    const elapsed = Date.now() - t0
    expect(e.code).toBe('BASE_BUSY')
    expect(e.message).toBe('base occupée par une autre écriture, réessayez')
    expect(elapsed).toBeGreaterThanOrEqual(450)
    const warning = log.lines.find((l) => l.includes('WARNING'))
    expect(warning).toContain(`BASE_BUSY : verrou ${join(root, LOCK_DIR_NAME)} non acquis en 0.5 s`)
    release.open()
    await first
    expect(await withBaseLock(root, async () => 'ok', { timeoutMs: 100 })).toBe('ok')
  })

  it('releases the lock when fn throws, and rethrows fn’s error', async () => {
    const root = makeRepo()
    await expect(
      withBaseLock(root, async () => {
        throw new Error('boom')
      })
    ).rejects.toThrow('boom')
    expect(existsSync(join(root, LOCK_DIR_NAME))).toBe(false)
  })

  it('exposes the deadline and detects a takeover: assertHeld throws and the new holder keeps its lock', async () => {
    const root = makeRepo()
    const lockDir = join(root, LOCK_DIR_NAME)
    const log = memoryHubLog()
    const t0 = Date.now()
    await withBaseLock(
      root,
      async (lock) => {
        expect(lock.deadline).toBeGreaterThanOrEqual(t0 + 2000)
        expect(lock.deadline).toBeLessThanOrEqual(Date.now() + 2000)
        lock.assertHeld()
        // Someone else judged the lock stale and took it over.
        rmdirSync(lockDir)
        mkdirSync(lockDir)
        let err: unknown = null
        try {
          lock.assertHeld()
        } catch (e) {
          err = e
        }
        expect(err).toBeInstanceOf(HubError)
        expect((err as HubError).code).toBe('IO_ERROR')
      },
      { timeoutMs: 2000, log }
    )
    expect(existsSync(lockDir)).toBe(true) // not released from under the new holder
    expect(log.lines.some((l) => l.includes('WARNING') && l.includes('non libéré'))).toBe(true)
    rmdirSync(lockDir)
  })

  it('takes over the stale lock of a SIGKILLed holder within the wait', async () => {
    const root = makeRepo()
    const lockDir = join(root, LOCK_DIR_NAME)
    const script = `
        const lf = require('proper-lockfile')
        lf.lock(${JSON.stringify(root)}, { lockfilePath: ${JSON.stringify(lockDir)}, stale: 10000, update: 2000, realpath: false })
          .then(() => { process.stdout.write('locked\\n'); setInterval(() => {}, 1000) })
          .catch((e) => { process.stderr.write(String(e)); process.exit(2) })
      `
    const child = spawn(process.execPath, ['-e', script], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'inherit']
    })
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve())
      child.on('exit', (code) => reject(new Error(`holder exited ${code}`)))
    })
    child.removeAllListeners('exit')
    expect((await rejection(withBaseLock(root, async () => 0, { timeoutMs: 200 }))).code).toBe('BASE_BUSY')
    const exited = new Promise((r) => child.on('exit', r))
    child.kill('SIGKILL')
    await exited
    expect(existsSync(lockDir)).toBe(true) // a killed holder leaves its directory behind

    // Taken over within the default wait (15 s), or this would be BASE_BUSY: no clock of ours.
    const t0 = Date.now()
    const result = await withBaseLock(root, async (lock) => {
      lock.assertHeld()
      return 'taken over'
    })
    const elapsed = Date.now() - t0
    expect(result).toBe('taken over')
    expect(existsSync(lockDir)).toBe(false)
    console.log(`stale takeover after SIGKILL: ${elapsed} ms`)
  })
})

describe('ensureLockExcluded', () => {
  it('adds .okf-hub.lock* once, keeps existing content, and git never shows the lock', async () => {
    const root = makeRepo()
    const exclude = join(root, '.git/info/exclude')
    writeFileSync(exclude, '# perso\n*.tmp') // no trailing newline
    const log = memoryHubLog()
    await withBaseLock(
      root,
      async () => {
        writeFileSync(join(root, '.okf-hub.lock'), '') // a predecessor's lock file
        expect(existsSync(join(root, LOCK_DIR_NAME))).toBe(true)
        expect(git(root, 'status', '--porcelain', '--untracked-files=all')).toBe('')
        expect(
          spawnSync('git', ['check-ignore', '-q', LOCK_DIR_NAME], { cwd: root, env: gitEnv }).status
        ).toBe(0)
      },
      { log }
    )
    await withBaseLock(root, async () => undefined, { log })
    await ensureLockExcluded(root, log)
    expect(readFileSync(exclude, 'utf8')).toBe('# perso\n*.tmp\n.okf-hub.lock*\n')
    expect(log.lines.filter((l) => l.includes('ajouté à')).length).toBe(1)
    expect(log.lines.find((l) => l.includes('ajouté à'))).toContain(`.okf-hub.lock* ajouté à ${exclude}`)
    expect(git(root, 'status', '--porcelain', '--untracked-files=all')).toBe('')
  })

  it('creates info/exclude when missing and does nothing without a .git directory', async () => {
    const root = makeRepo()
    rmSync(join(root, '.git/info'), { recursive: true, force: true })
    await ensureLockExcluded(root)
    expect(readFileSync(join(root, '.git/info/exclude'), 'utf8')).toBe('.okf-hub.lock*\n')
    const plain = mkdtempSync(join(tmpdir(), 'okf-lock-plain-'))
    dirs.push(plain)
    await ensureLockExcluded(plain)
    expect(existsSync(join(plain, '.git'))).toBe(false)
    expect(await withBaseLock(plain, async () => 'ok')).toBe('ok')
  })
})

describe('runCommandLocked', () => {
  it('passes the command’s exit code through', async () => {
    const root = makeRepo()
    expect(await runCommandLocked(root, 'sh', ['-c', 'exit 7'], { timeoutMs: 1000 })).toBe(7)
    expect(
      await runCommandLocked(root, 'sh', ['-c', `test -d '${join(root, LOCK_DIR_NAME)}'`], {
        timeoutMs: 1000
      })
    ).toBe(0)
    expect(await runCommandLocked(root, 'sh', ['-c', 'kill -KILL $$'], { timeoutMs: 1000 })).toBe(137)
    expect(existsSync(join(root, LOCK_DIR_NAME))).toBe(false)
  })

  it('gives 127 for a command that cannot be found', async () => {
    const root = makeRepo()
    expect(await runCommandLocked(root, 'okf-no-such-command-xyz', [], { timeoutMs: 1000 })).toBe(127)
    expect(existsSync(join(root, LOCK_DIR_NAME))).toBe(false)
  })

  // The commands hold the lock until the test lets them go (a file appears): which one holds it is
  // decided by the test, never by how fast a shell starts.
  it('makes a second locked command wait then fail with BASE_BUSY, without running it', async () => {
    const root = makeRepo()
    const marker = join(root, 'ran')
    const go = join(root, 'go')
    const lockDir = join(root, LOCK_DIR_NAME)
    const waitForGo = ['-c', `while [ ! -e '${go}' ]; do sleep 0.02; done`]
    const first = runCommandLocked(root, 'sh', waitForGo, { timeoutMs: 1000 })
    await waitFor(() => existsSync(lockDir))
    const e = await rejection(runCommandLocked(root, 'touch', [marker], { timeoutMs: 500 }))
    expect(e.code).toBe('BASE_BUSY')
    expect(existsSync(marker)).toBe(false)
    writeFileSync(go, '')
    expect(await first).toBe(0)
    expect(existsSync(lockDir)).toBe(false)
    // And the server side sees the wrapper's lock the same way.
    unlinkSync(go)
    const held = runCommandLocked(root, 'sh', waitForGo, { timeoutMs: 1000 })
    await waitFor(() => existsSync(lockDir))
    expect((await rejection(withBaseLock(root, async () => 0, { timeoutMs: 300 }))).code).toBe('BASE_BUSY')
    writeFileSync(go, '')
    expect(await held).toBe(0)
  })

  it('forwards SIGTERM received by this process to the command', async () => {
    const root = makeRepo()
    const trapped = join(root, 'trapped')
    const before = new Set(process.listeners('SIGTERM'))
    // The shell says when its trap is installed: a TERM before that would end it with 143.
    const run = runCommandLocked(
      root,
      'sh',
      ['-c', `trap "exit 42" TERM; : > '${trapped}'; sleep 5 & wait`],
      {
        timeoutMs: 1000
      }
    )
    const added = (): ((sig: NodeJS.Signals) => void) | undefined =>
      process.listeners('SIGTERM').find((l) => !before.has(l)) as ((sig: NodeJS.Signals) => void) | undefined
    await waitFor(() => added() !== undefined && existsSync(trapped))
    added()!('SIGTERM') // what Node does when the signal arrives
    expect(await run).toBe(42)
    expect(process.listeners('SIGTERM').filter((l) => !before.has(l))).toEqual([])
    expect(existsSync(join(root, LOCK_DIR_NAME))).toBe(false)
  })
})
