import { spawn, type ChildProcess } from 'node:child_process'

/**
 * Starts `okf-hub ui` (`node <cli> ui …args`, cwd `/`) and waits for the URL it prints with its
 * token — for the e2e suite and the UI benchmark. Fails with what the process said when it exits
 * first, or (the benchmarks, which have no test timeout) prints nothing within `timeoutMs`; the e2e
 * suite gives none, its test timeout bounds the wait.
 */
export async function spawnUi(
  cli: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs?: number
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [cli, 'ui', ...args], {
    env,
    cwd: '/',
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  let err = ''
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()))
  const url = await new Promise<string>((ok, fail) => {
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            child.kill('SIGKILL')
            fail(new Error(`okf-hub ui printed no URL in ${timeoutMs / 1000} s\n${out}\n${err}`))
          }, timeoutMs)
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /OKF Hub UI: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        ok(m[1])
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`okf-hub ui exited (${code})\n${out}\n${err}`))
    })
  })
  return { child, url }
}
