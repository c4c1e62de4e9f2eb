// `okf-hub new <nom> --title … --description …` — argv → the engine's new-base path → text or JSON.
// Nothing here decides behaviour: the checks, the template and the publication live in
// src/engine/bases/new-base.ts, shared with the desktop app's form (HubApi newBase).
import { HubError } from '../engine/errors'
import { createBaseFromTemplate } from '../engine/bases/new-base'
import { failWith, prepareCommand, takeHubOptions } from './options'
import { cliMessages, errorText } from './locale'

interface Parsed {
  name: string
  title: string
  description: string
  language: 'fr' | 'en'
  json: boolean
  bases?: string
  config?: string
}

function parseArgs(argv: string[]): { parsed?: Parsed; error?: string; help?: boolean; json: boolean } {
  const msg = cliMessages().new
  const o = takeHubOptions(argv)
  const json = o.rest.includes('--json')
  if (o.error) return { error: o.error, json }
  const values: { title?: string; description?: string; lang?: string } = {}
  const positional: string[] = []
  for (let i = 0; i < o.rest.length; i++) {
    const a = o.rest[i]
    const m = /^--(title|description|lang)(?:=([\s\S]*))?$/.exec(a)
    if (m) {
      const key = m[1] as 'title' | 'description' | 'lang'
      const v = m[2] !== undefined ? m[2] : o.rest[++i]
      if (v === undefined) return { error: msg.needsValue(key), json }
      if (values[key] !== undefined) return { error: msg.givenTwice(key), json }
      values[key] = v
    } else if (a === '--json') continue
    else if (a === '--help' || a === '-h') return { help: true, json }
    else if (a.startsWith('-')) return { error: msg.unknownOption(a), json }
    else positional.push(a)
  }
  const [name, ...extra] = positional
  if (name === undefined) return { error: msg.missingName, json }
  if (extra.length > 0) return { error: msg.extraArgument(extra.join(' ')), json }
  if (values.title === undefined) return { error: msg.required('title'), json }
  if (values.description === undefined) return { error: msg.required('description'), json }
  const language = values.lang ?? envLanguage(process.env)
  if (language !== 'fr' && language !== 'en') return { error: msg.badLang(language), json }
  return {
    parsed: {
      name,
      title: values.title,
      description: values.description,
      language,
      json,
      bases: o.bases,
      config: o.config
    },
    json
  }
}

/**
 * The template's language when --lang is absent: the first of LC_ALL, LC_MESSAGES, LANG that is
 * set, French when it starts with `fr`, else English (POSIX's order of precedence).
 */
export function envLanguage(env: NodeJS.ProcessEnv): 'fr' | 'en' {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '') ?? ''
  return locale.toLowerCase().startsWith('fr') ? 'fr' : 'en'
}

export async function runNew(argv: string[]): Promise<number> {
  const ready = prepareCommand('new', cliMessages().new.usage, parseArgs(argv))
  if (typeof ready === 'number') return ready
  const { p, config, log } = ready
  try {
    const created = await createBaseFromTemplate(config.basesDir, p, { log })
    if (p.json)
      process.stdout.write(
        JSON.stringify({ name: created.name, dir: created.dir, head: created.head, draft: true }, null, 2) +
          '\n'
      )
    else process.stdout.write(cliMessages().new.created(created.name, created.dir, created.head.slice(0, 7)))
    return 0
  } catch (e) {
    if (e instanceof HubError)
      return failWith(p.json, e.code, p.json ? e.message : errorText(e), e.code === 'IO_ERROR' ? 5 : 4)
    const err = e instanceof Error ? e : new Error(String(e))
    log.error(`okf-hub new : ${err.stack ?? err.message}`)
    return failWith(p.json, (err as NodeJS.ErrnoException).code ?? err.name, err.message, 5)
  } finally {
    log.close()
  }
}
