// `okf-hub import <url-git|dossier>` — the import engine (src/engine/bases/import.ts) on a
// terminal: progress on stderr, the "before first use" read (SPEC §8) on stdout, the question,
// then publish or discard. The token comes from OKF_HUB_GIT_TOKEN or a hidden prompt, never argv.
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { inert } from './inert'
import { HubError } from '../engine/errors'
import { BaseImporter } from '../engine/bases/import'
import { parseSource } from '../engine/bases/source'
import { SyncStateStore } from '../engine/sync/state'
import { envToken } from '../engine/git/auth'
import type { HubEvent, ImportPhase, ImportResult } from '../shared/hub-api'
import { failWith, prepareCommand, takeHubOptions } from './options'
import { cliMessages, errorText } from './locale'

/** `okf-hub import --help`, in the CLI's language. */
export const importUsage = (): string => cliMessages().import.usage()

interface Parsed {
  source: string
  name?: string
  branch?: string
  yes: boolean
  json: boolean
  bases?: string
  config?: string
}

function parseArgs(argv: string[]): { parsed?: Parsed; error?: string; help?: boolean; json: boolean } {
  const o = takeHubOptions(argv)
  const m = cliMessages().import
  const json = o.rest.includes('--json')
  if (o.error) return { error: o.error, json }
  const p: Partial<Parsed> & { yes: boolean; json: boolean } = { yes: false, json: false }
  const positional: string[] = []
  for (let i = 0; i < o.rest.length; i++) {
    const a = o.rest[i]
    const f = /^--(name|branch)(?:=(.*))?$/.exec(a)
    if (f) {
      const v = f[2] !== undefined ? f[2] : o.rest[++i]
      if (v === undefined || v === '') return { error: m.needsValue(f[1]), json }
      p[f[1] as 'name' | 'branch'] = v
    } else if (a === '--token' || a.startsWith('--token=') || a === '-t')
      return { error: m.tokenInArgv, json }
    else if (a === '--yes' || a === '-y') p.yes = true
    else if (a === '--json') p.json = true
    else if (a === '--help' || a === '-h') return { help: true, json }
    else if (a.startsWith('-')) return { error: m.unknownOption(a), json }
    else positional.push(a)
  }
  if (positional.length === 0) return { error: m.missingSource, json }
  if (positional.length > 1) return { error: m.extraArgument(positional.slice(1).join(' ')), json }
  return {
    parsed: { ...p, source: fromHere(positional[0]), bases: o.bases, config: o.config } as Parsed,
    json
  }
}

/**
 * A relative path to a folder that exists, taken from the current directory as a shell user means it
 * (`okf-hub import ./docs`), as `--bases` is. What the engine reads otherwise (an address, an absolute
 * path) or refuses otherwise (a typo) goes to it as typed, whose refusal says what it expected.
 */
function fromHere(source: string): string {
  try {
    parseSource(source)
    return source
  } catch (e) {
    if (!(e instanceof HubError && e.kind === 'import-path-relative')) return source
  }
  const abs = resolve(source)
  return existsSync(abs) ? abs : source
}

/** One updating line on a terminal; a line per phase otherwise (logs, CI). */
function progressPrinter(tty: boolean): { onEvent(e: HubEvent): void; end(): void } {
  const label = cliMessages().import.phases
  let lastPhase: ImportPhase | null = null
  let open = false
  return {
    onEvent(e) {
      if (e.type !== 'import-progress') return
      const p = e.progress
      const figures = p.total
        ? ` ${p.percent ?? 0} % (${p.loaded}/${p.total})`
        : p.loaded
          ? ` ${p.loaded}`
          : ''
      if (tty) {
        process.stderr.write(`\r\x1b[2K${label[p.phase]}${figures}`)
        open = true
      } else if (p.phase !== lastPhase) {
        process.stderr.write(`${label[p.phase]}…\n`)
      }
      lastPhase = p.phase
    },
    end() {
      if (open) process.stderr.write('\r\x1b[2K')
      open = false
    }
  }
}

function firstUseText(r: ImportResult): string {
  const m = cliMessages().import
  const rule = '─'.repeat(72)
  const block = (title: string, text: string | null): string =>
    `${rule}\n${title}\n${rule}\n${text === null ? `${m.absent}\n` : inert(text.endsWith('\n') ? text : `${text}\n`)}`
  return [
    m.ready(r.base, r.dirName),
    m.source(r.source, r.branch),
    m.figures(r.commits, r.documents, r.head),
    ...r.warnings.map((w) => `  ${m.warning} : ${inert(w)}`),
    '',
    m.beforeFirstUse,
    m.readThem,
    '',
    block('okf-bundle.yaml', r.manifest),
    block('GOVERNANCE.md', r.governance),
    block('CLAUDE.md', r.claude),
    rule,
    ''
  ].join('\n')
}

/** Typed ahead of a question (a paste holding the token and the answer): kept for the next one. */
let typedAhead = ''

/** A line typed on the terminal; hidden echoes nothing (the token). Null on Ctrl-C / Ctrl-D. */
function ask(question: string, hidden: boolean): Promise<string | null> {
  return new Promise((resolve) => {
    const stdin = process.stdin
    process.stderr.write(question)
    let buf = ''
    let finished = false
    const wasRaw = stdin.isRaw
    stdin.setRawMode?.(true)
    stdin.setEncoding('utf8')
    const done = (v: string | null, rest: string): void => {
      finished = true
      typedAhead = rest
      stdin.removeListener('data', onData)
      stdin.removeListener('end', onEnd)
      stdin.setRawMode?.(wasRaw)
      stdin.pause()
      process.stderr.write('\n')
      resolve(v)
    }
    const onData = (chunk: string): void => {
      const chars = [...chunk]
      for (let i = 0; i < chars.length; i++) {
        const c = chars[i]
        const rest = (): string =>
          chars
            .slice(i + 1)
            .join('')
            .replace(/^\n/, '')
        if (c === '\r' || c === '\n') return done(buf, rest())
        if (c === '\u0003' || c === '\u0004') return done(null, '')
        if (c === '\u007f' || c === '\b') {
          if (buf.length > 0) {
            buf = buf.slice(0, -1)
            if (!hidden) process.stderr.write('\b \b')
          }
          continue
        }
        if (c < ' ') continue
        buf += c
        if (!hidden) process.stderr.write(c)
      }
    }
    const onEnd = (): void => done(null, '')
    stdin.on('data', onData)
    stdin.on('end', onEnd)
    const ahead = typedAhead
    typedAhead = ''
    if (ahead !== '') onData(ahead)
    if (!finished) stdin.resume()
  })
}

export async function runImport(argv: string[]): Promise<number> {
  const ready = prepareCommand('import', importUsage(), parseArgs(argv))
  const m = cliMessages().import
  if (typeof ready === 'number') return ready
  const { p, config, log } = ready
  const terminal = process.stdin.isTTY === true
  const printer = progressPrinter(process.stderr.isTTY === true)
  const importer = new BaseImporter({
    basesDir: config.basesDir,
    log,
    emit: (e) => printer.onEvent(e),
    syncState: SyncStateStore.inUserData(config.userDataDir, log)
  })
  importer.sweep()
  const jobId = randomUUID()
  let interrupted = false
  const onSigint = (): void => {
    interrupted = true
    void importer.cancel(jobId)
  }
  process.on('SIGINT', onSigint)
  process.on('SIGTERM', onSigint)
  try {
    const token = envToken()
    let result: ImportResult
    try {
      result = await importer.importBase(
        { jobId, source: p.source, name: p.name, branch: p.branch, token: token ?? undefined },
        {
          askToken:
            token === null && terminal
              ? async () => {
                  printer.end()
                  const t = await ask(m.askToken, true)
                  return t === null || t.trim() === '' ? null : t.trim()
                }
              : undefined
        }
      )
    } finally {
      printer.end()
    }
    if (interrupted) {
      await importer.discard(jobId)
      return failWith(p.json, 'IO_ERROR', m.interrupted, 130)
    }
    if (p.json) process.stderr.write(firstUseText(result))
    else process.stdout.write(firstUseText(result))
    let serve = p.yes
    if (!serve) {
      if (!terminal) {
        await importer.discard(jobId)
        const message = m.noTerminal(result.base)
        return failWith(p.json, 'NOT_CONFIRMED', message, 1)
      }
      const answer = await ask(m.question, false)
      serve = answer !== null && m.yes.test(answer.trim())
      if (!serve) {
        await importer.discard(jobId)
        process.stderr.write(`${m.refused(result.base)}\n`)
        if (p.json)
          process.stdout.write(
            JSON.stringify({ error: { code: 'NOT_CONFIRMED', message: m.refusedJson } }, null, 2) + '\n'
          )
        return 1
      }
    }
    const published = await importer.confirm(jobId)
    if (p.json) process.stdout.write(JSON.stringify({ ...result, served: true }, null, 2) + '\n')
    else process.stdout.write(`${m.served(published.name, `${config.basesDir}/${published.dirName}`)}\n`)
    return 0
  } catch (e) {
    if (interrupted) return failWith(p.json, 'IO_ERROR', m.interrupted, 130)
    if (e instanceof HubError)
      return failWith(p.json, e.code, p.json ? e.message : errorText(e), e.code === 'IO_ERROR' ? 5 : 4)
    const err = e instanceof Error ? e : new Error(String(e))
    log.error(`okf-hub import : ${err.stack ?? err.message}`)
    return failWith(p.json, 'IO_ERROR', err.message, 5)
  } finally {
    // A staged import that was not published (refusal at confirm, error) is never left behind.
    await importer.discard(jobId)
    process.removeListener('SIGINT', onSigint)
    process.removeListener('SIGTERM', onSigint)
    log.close()
  }
}
