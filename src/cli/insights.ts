// `okf-hub insights <base>` — the knowledge gaps and reading figures of one base (issue 29 §3).
// Parses argv, loads the configuration and the registry, asks the engine, prints text in the CLI's
// language or the DTO as JSON. No behaviour lives here.
import { HubError } from '../engine/errors'
import { Registry } from '../engine/registry/registry'
import { computeInsights } from '../engine/insights/insights'
import { journalDir } from '../engine/journal/writer'
import type { Insights } from '../shared/insights'
import { openHubConfig, takeHubOptions } from './options'
import { cliLang, cliMessages, errorText } from './locale'
import { formatDuration } from '../shared/duration'
import { shownQuery } from '../shared/query-shown'

/** `okf-hub insights --help`, in the CLI's language. */
export const insightsUsage = (): string => cliMessages().insights.usage

/**
 * An agent's query is untrusted text: quoted as a JSON string, so that no control character (an
 * ANSI escape, a carriage return rewriting the line) reaches the terminal as itself; C1 controls,
 * which JSON leaves as they are, are escaped too.
 */
export function quoted(s: string): string {
  return JSON.stringify(s).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}

const OPEN_SHOWN = 20

/** The first `n` of a gap's queries, each cut to what a manager is shown and quoted. */
const queriesText = (queries: string[], n: number): string =>
  queries
    .slice(0, n)
    .map((q) => quoted(shownQuery(q)))
    .join(' · ')

export function renderInsights(i: Insights): string {
  const m = cliMessages().insights
  const out: string[] = [m.title(i.base, i.journal.events, i.journal.since), '']
  if (i.journal.events === 0) out.push(m.noJournal, '')
  const open = i.gaps.filter((g) => g.status === 'open')
  const closed = i.gaps.filter((g) => g.status === 'closed')
  const dismissed = i.gaps.filter((g) => g.status === 'dismissed')
  if (open.length === 0) out.push(m.noOpen)
  else {
    out.push(m.openHeading(open.length))
    open.slice(0, OPEN_SHOWN).forEach((g, n) => {
      out.push(m.gapLine(n + 1, g.id, g.sessions, g.count, g.lastSeen))
      out.push(`     ${m.queries}: ${queriesText(g.queries, 5)}`)
      if (g.documents.length) out.push(`     ${m.shown}: ${g.documents.slice(0, 3).map(quoted).join(' · ')}`)
    })
    if (open.length > OPEN_SHOWN) out.push(m.more(open.length - OPEN_SHOWN))
  }
  if (closed.length) {
    out.push('', m.closedHeading(closed.length))
    for (const g of closed) {
      out.push(m.closedLine(g.id, g.closedBy?.commit ?? null, g.closedBy?.at ?? g.lastSeen))
      out.push(`     ${m.queries}: ${queriesText(g.queries, 3)}`)
    }
  }
  if (dismissed.length) {
    out.push('', m.dismissedHeading(dismissed.length))
    for (const g of dismissed) out.push(`  ${g.id}  ${queriesText(g.queries, 3)}`)
  }
  out.push('', m.mostRead)
  if (i.mostRead.length === 0) out.push(m.nothingRead)
  for (const r of i.mostRead) out.push(m.readLine(quoted(r.path), r.reads, r.sessions))
  if (i.mostReadSections.length) {
    out.push(m.mostReadSections)
    for (const r of i.mostReadSections) out.push(m.sectionLine(quoted(r.path), quoted(r.section), r.reads))
  }
  out.push('', m.unread(i.unread.total, i.unread.days))
  for (const p of i.unread.paths.slice(0, 10)) out.push(`  ${quoted(p)}`)
  if (i.unread.total > 10) out.push(m.more(i.unread.total - 10))
  if (i.proposalsBySubmitter.length) {
    out.push('', m.submitters)
    for (const s of i.proposalsBySubmitter)
      out.push(m.submitterLine(quoted(s.submitter), s.pending, s.accepted, s.rejected))
  }
  const { decided, medianHours, meanHours } = i.decisionTime
  const lang = cliLang()
  out.push(
    '',
    m.decision(decided, formatDuration(medianHours ?? 0, lang), formatDuration(meanHours ?? 0, lang))
  )
  return out.join('\n') + '\n'
}

export async function runInsights(argv: string[]): Promise<number> {
  const o = takeHubOptions(argv)
  const m = cliMessages().insights
  const usage = (why: string): number => {
    process.stderr.write(`${cliMessages().main.usageLine('insights', why)}\n${m.usage}`)
    return 64
  }
  if (o.error) return usage(o.error)
  let json = false
  const names: string[] = []
  for (const a of o.rest) {
    if (a === '--json') json = true
    else if (a === '--help' || a === '-h') {
      process.stdout.write(m.usage)
      return 0
    } else if (a.startsWith('-')) return usage(m.unknownOption(a))
    else names.push(a)
  }
  if (names.length !== 1) return usage(m.oneBase)
  const opened = openHubConfig(o, json)
  if (typeof opened === 'number') return opened
  const { config, log } = opened
  try {
    const registry = new Registry(config.basesDir, log)
    registry.rescan()
    let insights: Insights
    try {
      insights = await computeInsights(registry.get(names[0]), {
        userDataDir: config.userDataDir,
        journalDir: journalDir(config),
        log
      })
    } catch (e) {
      if (!(e instanceof HubError)) throw e
      if (json)
        process.stdout.write(JSON.stringify({ error: { code: e.code, message: e.message } }, null, 2) + '\n')
      else process.stderr.write(`ERROR: ${e.code}: ${errorText(e)}\n`)
      return e.code === 'UNKNOWN_BASE' ? 3 : 1
    }
    process.stdout.write(json ? JSON.stringify(insights, null, 2) + '\n' : renderInsights(insights))
    return 0
  } finally {
    log.close()
  }
}
