// `okf-hub new <nom> --title … --description …` — argv → the engine's new-base path → text or JSON.
// Nothing here decides behaviour: the checks, the template and the publication live in
// src/engine/bases/new-base.ts, shared with the desktop app's form (HubApi newBase).
import { HubError } from '../engine/errors'
import { createBaseFromTemplate } from '../engine/bases/new-base'
import { failWith, prepareCommand, takeHubOptions } from './options'

export const NEW_USAGE = `usage: okf-hub new <nom> --title "…" --description "…" [--lang fr|en] [--bases DIR] [--config FILE] [--json]

  Crée une base à partir du modèle d'OKF Hub, dans le dossier des bases : son propre dépôt git,
  un premier commit, une gouvernance en brouillon (status: draft) à valider, et INSTANTIATE.md,
  la liste des étapes pour en faire une vraie base.

  <nom>           nom du dossier et champ name du manifeste : [a-z0-9-]+
  --title         titre lisible, une ligne, 100 caractères au plus
  --description   une à trois phrases sur une ligne, 500 caractères au plus
  --lang          langue du modèle (règles, guide, exemple) : fr ou en ; par défaut celle
                  de l'environnement (LC_ALL, LC_MESSAGES, LANG : fr… → fr, sinon en)
  --json          sortie JSON ; en erreur : {"error":{"code":…,"message":…}}

Codes de sortie : 0 base créée, 4 refus (nom pris ou invalide, titre ou description refusés),
5 erreur d'entrée/sortie, 2 configuration invalide, 64 usage incorrect.
`

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
      if (v === undefined) return { error: `--${key} attend une valeur`, json }
      if (values[key] !== undefined) return { error: `--${key} donné deux fois`, json }
      values[key] = v
    } else if (a === '--json') continue
    else if (a === '--help' || a === '-h') return { help: true, json }
    else if (a.startsWith('-')) return { error: `option inconnue : ${a}`, json }
    else positional.push(a)
  }
  const [name, ...extra] = positional
  if (name === undefined) return { error: 'nom de la base manquant', json }
  if (extra.length > 0) return { error: `argument en trop : ${extra.join(' ')}`, json }
  if (values.title === undefined) return { error: '--title est obligatoire', json }
  if (values.description === undefined) return { error: '--description est obligatoire', json }
  const language = values.lang ?? envLanguage(process.env)
  if (language !== 'fr' && language !== 'en')
    return { error: `--lang attend fr ou en (reçu ${language})`, json }
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
  const ready = prepareCommand('new', NEW_USAGE, parseArgs(argv))
  if (typeof ready === 'number') return ready
  const { p, config, log } = ready
  try {
    const created = await createBaseFromTemplate(config.basesDir, p, { log })
    if (p.json)
      process.stdout.write(
        JSON.stringify({ name: created.name, dir: created.dir, head: created.head, draft: true }, null, 2) +
          '\n'
      )
    else
      process.stdout.write(
        `Base '${created.name}' créée dans ${created.dir} (premier commit ${created.head.slice(0, 7)}).\n` +
          `Sa gouvernance est un brouillon (status: draft) : suivez INSTANTIATE.md pour en faire une vraie base.\n` +
          `Les serveurs MCP déjà lancés la voient dès leur prochaine requête.\n`
      )
    return 0
  } catch (e) {
    if (e instanceof HubError) return failWith(p.json, e.code, e.message, e.code === 'IO_ERROR' ? 5 : 4)
    const err = e instanceof Error ? e : new Error(String(e))
    log.error(`okf-hub new : ${err.stack ?? err.message}`)
    return failWith(p.json, (err as NodeJS.ErrnoException).code ?? err.name, err.message, 5)
  } finally {
    log.close()
  }
}
