import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { HubError } from './errors'
import { memoryHubLog } from './hublog'
import { ensureLockExcluded, LOCK_DIR_NAME, runCommandLocked, withBaseLock } from './lock'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const gitEnv: NodeJS.ProcessEnv = (() => {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v
  return { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' }
})()

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

function makeRepo(): string {
  const root = mkdtempSync(join(tmpdir(), 'okf-lock-'))
  dirs.push(root)
  git(root, 'init', '-q', '-b', 'main')
  writeFileSync(join(root, 'README.md'), '# Base\n')
  git(root, 'add', '-A')
  git(root, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'initial')
  return root
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

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
    const body = (name: string, ms: number) => async () => {
      inside++
      expect(inside).toBe(1)
      events.push(`${name}+`)
      await sleep(ms)
      events.push(`${name}-`)
      inside--
      return name
    }
    const first = withBaseLock(root, body('a', 300))
    await sleep(30)
    const t0 = Date.now()
    const second = withBaseLock(root, body('b', 10))
    expect(await Promise.all([first, second])).toEqual(['a', 'b'])
    expect(events).toEqual(['a+', 'a-', 'b+', 'b-'])
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250)
    expect(existsSync(join(root, LOCK_DIR_NAME))).toBe(false)
  })

  it('gives BASE_BUSY after timeoutMs while another acquisition holds the lock, and logs it', async () => {
    const root = makeRepo()
    const log = memoryHubLog()
    let releaseFirst!: () => void
    const held = new Promise<void>((r) => (releaseFirst = r))
    const first = withBaseLock(root, () => held)
    await sleep(30)
    const t0 = Date.now()
    const e = await rejection(withBaseLock(root, async () => 'never', { timeoutMs: 500, log }))
    const elapsed = Date.now() - t0
    expect(e.code).toBe('BASE_BUSY')
    expect(e.message).toBe('base occupée par une autre écriture, réessayez')
    expect(elapsed).toBeGreaterThanOrEqual(450)
    expect(elapsed).toBeLessThan(1000)
    const warning = log.lines.find((l) => l.includes('WARNING'))
    expect(warning).toContain(`BASE_BUSY : verrou ${join(root, LOCK_DIR_NAME)} non acquis en 0.5 s`)
    releaseFirst()
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

    const t0 = Date.now()
    const result = await withBaseLock(root, async (lock) => {
      lock.assertHeld()
      return 'taken over'
    })
    const elapsed = Date.now() - t0
    expect(result).toBe('taken over')
    expect(elapsed).toBeLessThan(15_000)
    expect(existsSync(lockDir)).toBe(false)
    console.log(`stale takeover after SIGKILL: ${elapsed} ms`)
  }, 30_000)
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

  it('makes a second locked command wait then fail with BASE_BUSY, without running it', async () => {
    const root = makeRepo()
    const marker = join(root, 'ran')
    const first = runCommandLocked(root, 'sh', ['-c', 'sleep 1'], { timeoutMs: 1000 })
    await sleep(150)
    const t0 = Date.now()
    const e = await rejection(runCommandLocked(root, 'touch', [marker], { timeoutMs: 500 }))
    expect(e.code).toBe('BASE_BUSY')
    expect(Date.now() - t0).toBeLessThan(1000)
    expect(existsSync(marker)).toBe(false)
    expect(await first).toBe(0)
    // And the server side sees the wrapper's lock the same way.
    const held = runCommandLocked(root, 'sh', ['-c', 'sleep 1'], { timeoutMs: 1000 })
    await sleep(150)
    expect((await rejection(withBaseLock(root, async () => 0, { timeoutMs: 300 }))).code).toBe('BASE_BUSY')
    expect(await held).toBe(0)
  })

  it('forwards SIGTERM received by this process to the command', async () => {
    const root = makeRepo()
    const before = new Set(process.listeners('SIGTERM'))
    const run = runCommandLocked(root, 'sh', ['-c', 'trap "exit 42" TERM; sleep 5 & wait'], {
      timeoutMs: 1000
    })
    let added: ((sig: NodeJS.Signals) => void) | undefined
    for (let i = 0; i < 100 && !added; i++) {
      await sleep(20)
      added = process.listeners('SIGTERM').find((l) => !before.has(l)) as typeof added
    }
    expect(added).toBeDefined()
    await sleep(300) // let the shell install its trap
    const t0 = Date.now()
    added!('SIGTERM') // what Node does when the signal arrives
    expect(await run).toBe(42)
    expect(Date.now() - t0).toBeLessThan(2000)
    expect(process.listeners('SIGTERM').filter((l) => !before.has(l))).toEqual([])
    expect(existsSync(join(root, LOCK_DIR_NAME))).toBe(false)
  })
})
