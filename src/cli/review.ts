// `okf-hub review …` — the manager's door to the review engine (issue 4). Parses argv, loads the
// configuration and the registry, calls the engine, prints its DTO as text or JSON, and maps
// errors to exit codes once. No behaviour lives here. Its help and usage errors follow the locale;
// the engine's reports and errors are the contract's French (seed 000).
import { readFileSync } from 'node:fs'
import { resolve as resolvePath } from 'node:path'
import { HubError } from '../engine/errors'
import type { HubLog } from '../engine/hublog'
import { Registry } from '../engine/registry/registry'
import { reconcile } from '../engine/review/reconcile'
import { reviewContext } from '../engine/review/context'
import { inventory } from '../engine/review/inventory'
import { previewPlan, resolvePlan } from '../engine/review/resolve'
import {
  renderContext,
  renderInventory,
  renderPreview,
  renderReconcile,
  renderResolved
} from '../engine/review/render'
import { failWith, prepareCommand, takeHubOptions } from './options'
import { cliMessages } from './locale'
import { inert } from './inert'

const SUBCOMMANDS = ['reconcile', 'context', 'inventory', 'resolve'] as const
type Sub = (typeof SUBCOMMANDS)[number]

interface Parsed {
  sub: Sub
  base: string
  apply: boolean
  full: boolean
  dryRun: boolean
  json: boolean
  plan?: string
  basis?: string
  bases?: string
  config?: string
}

/** An input/output failure of the door itself (plan file unreadable, plan not JSON): exit 5. */
class DoorIoError extends Error {
  constructor(
    readonly label: string,
    message: string
  ) {
    super(message)
  }
}

function parseArgs(argv: string[]): { parsed?: Parsed; error?: string; help?: boolean; json: boolean } {
  const m = cliMessages().review
  const o = takeHubOptions(argv)
  const json = o.rest.includes('--json')
  if (o.error) return { error: o.error, json }
  const flags = { apply: false, full: false, dryRun: false, json: false }
  let plan: string | undefined
  let basis: string | undefined
  const positional: string[] = []
  for (let i = 0; i < o.rest.length; i++) {
    const a = o.rest[i]
    if (a === '--apply') flags.apply = true
    else if (a === '--full') flags.full = true
    else if (a === '--dry-run') flags.dryRun = true
    else if (a === '--json') flags.json = true
    else if (a === '--help' || a === '-h') return { help: true, json }
    else if (a === '--plan' || a.startsWith('--plan=')) {
      const v = a === '--plan' ? o.rest[++i] : a.slice('--plan='.length)
      if (v === undefined || v === '') return { error: m.planNeedsFile, json }
      if (plan !== undefined) return { error: m.onePlan, json }
      plan = v
    } else if (a === '--basis' || a.startsWith('--basis=')) {
      const v = a === '--basis' ? o.rest[++i] : a.slice('--basis='.length)
      if (v === undefined || v === '') return { error: m.basisNeedsValue, json }
      basis = v
    } else if (a.startsWith('-')) return { error: m.unknownOption(a), json }
    else positional.push(a)
  }
  const [sub, base, ...extra] = positional
  if (sub === undefined) return { error: m.missingSub, json }
  if (!(SUBCOMMANDS as readonly string[]).includes(sub)) return { error: m.unknownSub(sub), json }
  if (base === undefined) return { error: m.needsBase(sub), json }
  if (extra.length > 0) return { error: m.extra(extra.join(' ')), json }
  if (flags.apply && sub !== 'reconcile') return { error: m.applyOnly, json }
  if (flags.full && sub !== 'inventory') return { error: m.fullOnly, json }
  if ((flags.dryRun || plan !== undefined) && sub !== 'resolve') return { error: m.planOnly, json }
  if (sub === 'resolve' && plan === undefined) return { error: m.resolveNeedsPlan, json }
  if (basis !== undefined && (sub !== 'resolve' || flags.dryRun)) return { error: m.basisOnly, json }
  return { parsed: { sub: sub as Sub, base, plan, basis, ...flags, bases: o.bases, config: o.config }, json }
}

function readPlan(file: string): unknown {
  let text: string
  try {
    text = file === '-' ? readFileSync(0, 'utf8') : readFileSync(resolvePath(file), 'utf8')
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    // The contract's code at this door, as for any I/O failure; the system's own is in the message.
    throw new DoorIoError('IO_ERROR', cliMessages().review.planUnreadable(file, err.message))
  }
  try {
    return JSON.parse(text) as unknown
  } catch (e) {
    throw new DoorIoError('IO_ERROR', cliMessages().review.planNotJson(file, (e as Error).message))
  }
}

async function runParsed(
  p: Parsed,
  log: HubLog,
  registry: Registry
): Promise<{ text: string; data: unknown }> {
  const base = registry.get(p.base)
  switch (p.sub) {
    case 'reconcile': {
      const r = await reconcile(base, { apply: p.apply, log })
      return { text: renderReconcile(r), data: r }
    }
    case 'context': {
      const c = reviewContext(base, { log })
      return { text: renderContext(c), data: c }
    }
    case 'inventory': {
      const inv = await inventory(base, { full: p.full, log })
      return { text: renderInventory(inv), data: inv }
    }
    case 'resolve': {
      const plan = readPlan(p.plan as string)
      if (p.dryRun) {
        const preview = await previewPlan(base, plan)
        return { text: renderPreview(preview), data: preview }
      }
      const result = await resolvePlan(base, plan, { log, basis: p.basis })
      return { text: renderResolved(result), data: result }
    }
  }
}

export async function runReview(argv: string[]): Promise<number> {
  const ready = prepareCommand('review', cliMessages().review.usage, parseArgs(argv))
  if (typeof ready === 'number') return ready
  const { p, config, log } = ready
  try {
    const registry = new Registry(config.basesDir, log)
    registry.rescan()
    const out = await runParsed(p, log, registry)
    // Proposals' fields are agents' words: their control characters are shown, never obeyed.
    process.stdout.write(p.json ? JSON.stringify(out.data, null, 2) + '\n' : inert(out.text))
    return 0
  } catch (e) {
    if (e instanceof HubError) return failWith(p.json, e.code, e.message, 4)
    if (e instanceof DoorIoError) return failWith(p.json, e.label, e.message, 5)
    const err = e instanceof Error ? e : new Error(String(e))
    log.error(`okf-hub review ${p.sub} : ${err.stack ?? err.message}`)
    return failWith(p.json, (err as NodeJS.ErrnoException).code ?? err.name, err.message, 5)
  } finally {
    log.close()
  }
}
