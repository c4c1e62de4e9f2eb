import { ErrorCode, ProtocolError } from './protocol-error'
import { HubError } from '../engine/errors'
import { readCorpusDocument } from '../engine/corpus/browse'
import { splitFrontmatter } from '../engine/corpus/frontmatter'
import type { HubContext } from './tool'
import { completeBase, type Completion } from './resources'

/**
 * The two playbooks of a session as MCP prompts: consuming (search → read the section → cite) and
 * contributing (rules → duplicates → propose with sources). Their body is the default guide base's
 * own procedure, read from the served guide at every prompts/get, so a prompt cannot drift from the
 * guide: only the short framing that places the caller's arguments is written here.
 */

/** The default base whose documents the prompts serve (bootstrap/default-bases.ts installs it). */
export const GUIDE_BASE = 'okf-hub-guide'
/** Prompt arguments are a question or a subject, not documents. */
export const PROMPT_ARGUMENT_MAX = 2000

interface PromptArgument {
  name: string
  description: string
  required: boolean
}

interface PromptDefinition {
  name: string
  title: string
  description: string
  arguments: PromptArgument[]
  /** The guide document (corpus-relative) this prompt serves. */
  guide: string
  frame(args: Record<string, string | undefined>): string
}

const BASE_ARG = (required: boolean): PromptArgument => ({
  name: 'base',
  description: required
    ? 'Nom de la base (champ name du manifeste, tel que kb_list l’affiche).'
    : 'Nom de la base à interroger ; sans lui, choisissez d’après la description des outils ou cherchez dans "*".',
  required
})

export const PROMPTS: readonly PromptDefinition[] = [
  {
    name: 'consulter',
    title: 'Répondre à une question depuis les bases',
    description:
      "Le mode d'emploi consommateur : chercher avec kb_search, lire la section utile avec kb_read, répondre en citant la base, le chemin et la section. Texte tiré de okf-hub-guide:/chercher-et-lire.md.",
    arguments: [
      { name: 'question', description: 'La question à laquelle répondre.', required: true },
      BASE_ARG(false)
    ],
    guide: 'chercher-et-lire.md',
    frame: ({ question, base }) =>
      [
        `Question : ${question}`,
        base
          ? `Base : ${base}`
          : 'Base : à choisir (la description de kb_search liste les bases ; base="*" pour toutes).',
        '',
        `Répondez à cette question depuis les bases de ce hub, en suivant le mode d'emploi ci-dessous : cherchez avec kb_search${base ? ` (base: "${base}")` : ''}, lisez la section utile avec kb_read en recopiant le libellé qui suit « § », puis répondez en citant chaque source sous la forme <base>:/<chemin> § <section>. Si les bases ne contiennent pas la réponse, dites-le au lieu de la supposer.`
      ].join('\n')
  },
  {
    name: 'contribuer',
    title: 'Proposer une contribution à une base',
    description:
      "Le mode d'emploi contributeur : lire les règles avec kb_governance, vérifier les doublons (kb_list include_pending_concerns, kb_proposal_status), déposer avec kb_propose en citant ses sources. Texte tiré de okf-hub-guide:/proposer.md.",
    arguments: [
      BASE_ARG(true),
      {
        name: 'sujet',
        description: 'Ce que vous voulez apporter ou corriger, en une phrase.',
        required: true
      }
    ],
    guide: 'proposer.md',
    frame: ({ base, sujet }) =>
      [
        `Sujet : ${sujet}`,
        `Base : ${base}`,
        '',
        `Contribuez ce sujet à la base « ${base} » en suivant le mode d'emploi ci-dessous : lisez d'abord ses règles (kb_governance(base: "${base}")), vérifiez qu'il n'est pas déjà en attente (kb_list avec include_pending_concerns: true) ni déjà déposé par vous (kb_proposal_status(base: "${base}", submitted_by: <votre identité>)), lisez ce que dit le corpus (kb_search puis kb_read), puis déposez avec kb_propose en citant des sources vérifiables. Le corpus n'est jamais modifié directement : donnez à l'utilisateur l'id retourné et dites que la proposition attend la revue.`
      ].join('\n')
  }
]

export function listPrompts(): {
  prompts: { name: string; title: string; description: string; arguments: PromptArgument[] }[]
} {
  return {
    prompts: PROMPTS.map((p) => ({
      name: p.name,
      title: p.title,
      description: p.description,
      arguments: p.arguments
    }))
  }
}

function promptArgs(
  p: PromptDefinition,
  raw: Record<string, unknown> | undefined
): Record<string, string | undefined> {
  const given = raw ?? {}
  const out: Record<string, string | undefined> = {}
  for (const a of p.arguments) {
    const v = given[a.name]
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
      if (a.required)
        throw new ProtocolError(
          ErrorCode.InvalidParams,
          `prompt '${p.name}' : argument '${a.name}' requis (chaîne non vide)`
        )
      out[a.name] = undefined
      continue
    }
    if (typeof v !== 'string')
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `prompt '${p.name}' : argument '${a.name}' doit être une chaîne`
      )
    if ([...v].length > PROMPT_ARGUMENT_MAX)
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `prompt '${p.name}' : argument '${a.name}' trop long (plus de ${PROMPT_ARGUMENT_MAX} caractères)`
      )
    out[a.name] = v.trim()
  }
  const unknown = Object.keys(given).filter((k) => !p.arguments.some((a) => a.name === k))
  if (unknown.length > 0)
    throw new ProtocolError(
      ErrorCode.InvalidParams,
      `prompt '${p.name}' : argument(s) inconnu(s) : ${unknown.join(', ')} (attendus : ${p.arguments.map((a) => a.name).join(', ')})`
    )
  return out
}

export function getPrompt(
  ctx: HubContext,
  name: string,
  raw: Record<string, unknown> | undefined
): { description: string; messages: { role: 'user'; content: { type: 'text'; text: string } }[] } {
  const p = PROMPTS.find((x) => x.name === name)
  if (!p)
    throw new ProtocolError(
      ErrorCode.InvalidParams,
      `prompt inconnu : ${name} (prompts disponibles : ${PROMPTS.map((x) => x.name).join(', ')})`
    )
  const args = promptArgs(p, raw)
  if (args.base !== undefined) {
    try {
      ctx.registry.get(args.base)
    } catch (e) {
      if (e instanceof HubError) throw new ProtocolError(ErrorCode.InvalidParams, `${e.code}: ${e.message}`)
      throw e
    }
  }
  if (!ctx.registry.has(GUIDE_BASE))
    throw new ProtocolError(
      ErrorCode.InternalError,
      `prompt '${p.name}' indisponible : son texte vient de la base ${GUIDE_BASE} (le mode d'emploi installé avec le hub), qui n'est pas servie ici. Réactivez default-bases dans hub-config.yaml (ou réimportez la base), puis réessayez.`
    )
  let body: string
  try {
    body = splitFrontmatter(readCorpusDocument(ctx.registry.get(GUIDE_BASE), p.guide).text).body.trim()
  } catch (e) {
    const why = e instanceof HubError ? e.message : String(e)
    throw new ProtocolError(
      ErrorCode.InternalError,
      `prompt '${p.name}' indisponible : le document ${GUIDE_BASE}:/${p.guide} dont il reprend le texte est illisible (${why}). Réinstallez la base ${GUIDE_BASE}.`
    )
  }
  return {
    description: p.title,
    messages: [
      {
        role: 'user',
        content: { type: 'text', text: `${p.frame(args)}\n\n--- ${GUIDE_BASE}:/${p.guide} ---\n\n${body}\n` }
      }
    ]
  }
}

/** Completion of a prompt's `base` argument; other arguments are free text. */
export function completePromptArgument(
  ctx: HubContext,
  prompt: string,
  argument: string,
  value: string
): Completion {
  const p = PROMPTS.find((x) => x.name === prompt)
  if (!p || argument !== 'base' || !p.arguments.some((a) => a.name === 'base'))
    return { values: [], hasMore: false }
  return completeBase(ctx, value)
}
