import { HubError } from '../engine/errors'
import { Registry } from '../engine/registry/registry'
import { runCommandLocked } from '../engine/lock'
import { openHubConfig, takeHubOptions } from './options'
import { cliMessages, errorText } from './locale'

/** The `okf-lock` of the spec: a command run under the base's write lock. */
export async function runLock(argv: string[]): Promise<number> {
  const m = cliMessages().lock
  const o = takeHubOptions(argv)
  if (o.rest.length === 1 && (o.rest[0] === '--help' || o.rest[0] === '-h')) {
    process.stdout.write(m.usage)
    return 0
  }
  const [base, sep, command, ...args] = o.rest
  if (o.error || !base || sep !== '--' || !command) {
    process.stderr.write(m.usage)
    return 64
  }
  const timeoutRaw = process.env.OKF_LOCK_TIMEOUT
  const timeoutS = timeoutRaw === undefined || timeoutRaw === '' ? 15 : Number(timeoutRaw)
  if (!Number.isFinite(timeoutS) || timeoutS < 0) {
    process.stderr.write(`${m.badTimeout(timeoutRaw ?? '')}\n`)
    return 64
  }
  const opened = openHubConfig(o)
  if (typeof opened === 'number') return opened
  const { config, log } = opened
  const registry = new Registry(config.basesDir, log)
  registry.rescan()
  if (!registry.has(base)) {
    process.stderr.write(`${m.unknownBase(base, registry.names())}\n`)
    return 3
  }
  try {
    return await runCommandLocked(registry.get(base).root, command, args, { timeoutMs: timeoutS * 1000, log })
  } catch (e) {
    if (e instanceof HubError && e.code === 'BASE_BUSY') {
      process.stderr.write(`${m.busy(errorText(e), timeoutS)}\n`)
      return 75
    }
    throw e
  } finally {
    log.close()
  }
}
