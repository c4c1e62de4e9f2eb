import { describe, expect, it } from 'vitest'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { git, makeBundle, removeDir, tempDir, waitFor } from './helpers/fixtures'
import { CLI_JS, hubEnv } from './helpers/mcp'

function lock(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [CLI_JS, 'lock', ...args], { env, encoding: 'utf8' })
}

describe('okf-hub lock', () => {
  it('runs the command under the lock by manifest name and passes its exit code through', () => {
    const dir = tempDir()
    const root = makeBundle(dir, 'clone-renomme', { name: 'ma-base' })
    const h = hubEnv(dir)
    try {
      const r = lock(
        [
          'ma-base',
          '--',
          'sh',
          '-c',
          'test -d .okf-hub.lock.d || test -d "$0"; exit 7',
          join(root, '.okf-hub.lock.d')
        ],
        h.env
      )
      expect(r.status).toBe(7)
      const seq = lock(
        [
          'ma-base',
          '--',
          'sh',
          '-c',
          `printf 'ajout\\n' >> '${root}/knowledge/exemple.md' && git -C '${root}' add knowledge && git -C '${root}' -c user.name=t -c user.email=t@t commit -qm 'integrate: essai'`
        ],
        h.env
      )
      expect(seq.status).toBe(0)
      expect(git(root, 'log', '-1', '--format=%s').trim()).toBe('integrate: essai')
      expect(git(root, 'status', '--porcelain')).toBe('')
      expect(readFileSync(join(root, '.git/info/exclude'), 'utf8')).toContain('.okf-hub.lock*')
      expect(existsSync(join(root, '.okf-hub.lock.d'))).toBe(false)
    } finally {
      removeDir(dir)
    }
  })

  it('exit 64 on bad usage, 3 on an unknown base (command not run)', () => {
    const dir = tempDir()
    makeBundle(dir, 'ma-base')
    const h = hubEnv(dir)
    try {
      const u = lock(['ma-base', 'echo', 'x'], h.env)
      expect(u.status).toBe(64)
      expect(u.stderr).toContain('usage: okf-hub lock <base> -- <commande...>')
      expect(lock([], h.env).status).toBe(64)
      const f = lock(['fantome', '--', 'touch', join(dir, 'ne-doit-pas-exister')], h.env)
      expect(f.status).toBe(3)
      expect(f.stderr).toContain("base 'fantome' inconnue. Bases disponibles : ma-base")
      expect(existsSync(join(dir, 'ne-doit-pas-exister'))).toBe(false)
    } finally {
      removeDir(dir)
    }
  })

  it('exit 75 when the lock stays busy past OKF_LOCK_TIMEOUT (command not run)', async () => {
    const dir = tempDir()
    const root = makeBundle(dir, 'ma-base')
    const h = hubEnv(dir)
    const holder = spawn(process.execPath, [CLI_JS, 'lock', 'ma-base', '--', 'sleep', '10'], {
      env: h.env,
      stdio: 'ignore'
    })
    try {
      await waitFor(() => existsSync(join(root, '.okf-hub.lock.d')))
      const r = lock(['ma-base', '--', 'touch', join(dir, 'pas-execute')], {
        ...h.env,
        OKF_LOCK_TIMEOUT: '1'
      })
      expect(r.status).toBe(75)
      expect(existsSync(join(dir, 'pas-execute'))).toBe(false)
    } finally {
      holder.kill('SIGTERM')
      removeDir(dir)
    }
  })

  it('forwards SIGTERM to the command and releases the lock', async () => {
    const dir = tempDir()
    const root = makeBundle(dir, 'ma-base')
    const h = hubEnv(dir)
    // The shell says when its trap is installed: a TERM before that would end it with 143.
    const trapped = join(dir, 'trap-installed')
    const child = spawn(
      process.execPath,
      [CLI_JS, 'lock', 'ma-base', '--', 'sh', '-c', `trap "exit 42" TERM; : > '${trapped}'; sleep 20 & wait`],
      {
        env: h.env,
        stdio: 'ignore'
      }
    )
    try {
      await waitFor(() => existsSync(join(root, '.okf-hub.lock.d')) && existsSync(trapped))
      const code = await new Promise<number | null>((resolve) => {
        child.on('exit', (c) => resolve(c))
        child.kill('SIGTERM')
      })
      expect(code).toBe(42)
      expect(existsSync(join(root, '.okf-hub.lock.d'))).toBe(false)
    } finally {
      child.kill('SIGKILL')
      removeDir(dir)
    }
  })

  it('a SIGTERM reaches the whole command, not only its shell: nothing it started outlives the lock (found by exploratory QA)', async () => {
    const dir = tempDir()
    makeBundle(dir, 'ma-base')
    const h = hubEnv(dir)
    const pidFile = join(dir, 'enfant.pid')
    const child = spawn(
      process.execPath,
      [CLI_JS, 'lock', 'ma-base', '--', 'sh', '-c', `sleep 60 & echo $! > '${pidFile}'; wait`],
      { env: h.env, stdio: 'ignore' }
    )
    /** Running, as /proc says (a zombie waiting to be reaped has ended). */
    const running = (pid: number): boolean => {
      try {
        return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
      } catch {
        return false
      }
    }
    try {
      await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n'))
      const grandchild = Number(readFileSync(pidFile, 'utf8').trim())
      expect(running(grandchild)).toBe(true)
      await new Promise<void>((resolve) => {
        child.on('exit', () => resolve())
        child.kill('SIGTERM')
      })
      // Ends within the test's own timeout, or the test fails: sleep 60 outlives any budget.
      await waitFor(() => !running(grandchild))
    } finally {
      child.kill('SIGKILL')
      removeDir(dir)
    }
  }, 20_000)
})
