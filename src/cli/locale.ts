import { HubError } from '../engine/errors'
import type { ErrorDetail, ErrorParams } from '../shared/error-kinds'
import type { SyncAlert } from '../shared/hub-api'
import { sharedEn } from '../shared/words/en'
import { sharedFr } from '../shared/words/fr'
import { en, type CliMessages } from './messages/en'
import { fr } from './messages/fr'

/**
 * The CLI's language: the POSIX order (LC_ALL, then LC_MESSAGES, then LANG; the first one set
 * decides), French when it starts with `fr`, English otherwise and when none is set. Only the
 * CLI's own messages follow it: `okf-hub review` and `okf-hub tool` print the contract's French.
 */
export type CliLang = 'en' | 'fr'

export function cliLang(env: NodeJS.ProcessEnv = process.env): CliLang {
  for (const key of ['LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const v = env[key]
    if (v !== undefined && v !== '') return /^fr([_.@-]|$)/i.test(v) ? 'fr' : 'en'
  }
  return 'en'
}

export function cliMessages(lang: CliLang = cliLang()): CliMessages {
  return lang === 'fr' ? fr : en
}

type Tree = { [k: string]: string | Tree }

/** The UI's vocabulary for the engine's data, under the UI's own keys (`$t(…)` nesting resolves). */
const asTree = (w: typeof sharedEn): Tree =>
  ({
    errorKinds: w.errorKinds,
    errorReasons: w.errorReasons,
    hosts: { afterRegister: w.afterRegister },
    syncTeam: { alerts: w.syncAlerts }
  }) as unknown as Tree
const uiEn = asTree(sharedEn)
const uiFr = asTree(sharedFr)

function lookup(tree: Tree, path: string): string | null {
  let at: string | Tree | undefined = tree
  for (const part of path.split('.')) {
    if (typeof at !== 'object') return null
    at = at[part]
  }
  return typeof at === 'string' ? at : null
}

/** `{{p}}` filled from the parameters (lists joined), then `$t(key)` nested, as i18next does. */
function fill(template: string, params: ErrorParams | undefined, tree: Tree): string {
  const filled = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const v = params?.[name]
    return v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v)
  })
  return filled.replace(/\$t\(([\w.-]+)\)/g, (whole, key: string) => lookup(tree, key) ?? whole)
}

/**
 * An engine failure as the CLI prints it. In French, the engine's own sentence (it names the CLI's
 * options and is what the CLI has always printed); in English, the error's kind worded with the
 * same vocabulary as the UI (`errorKinds`), the sentence only when the failure has no kind.
 */
export function errorText(e: HubError, lang: CliLang = cliLang()): string {
  if (lang === 'fr' || !e.kind) return e.message
  return detailText({ kind: e.kind, params: e.params }, lang) ?? e.message
}

/** An error as data worded in English from the UI's vocabulary; null when the kind has no words. */
export function detailText(d: ErrorDetail, lang: CliLang = cliLang()): string | null {
  const tree = lang === 'en' ? uiEn : uiFr
  const entry = lookup(tree, `errorKinds.${d.kind}.title`)
  const action = lookup(tree, `errorKinds.${d.kind}.action`)
  if (entry === null || action === null) return null
  return `${fill(entry, d.params, tree)} ${fill(action, d.params, tree)}`
}

/** One plain sentence of the UI's vocabulary in the CLI's language (no parameters). */
export function uiWords(key: string, lang: CliLang = cliLang()): string | null {
  return lookup(lang === 'en' ? uiEn : uiFr, key)
}

/**
 * A sync alert as the CLI prints it: worded from its kind with the UI's vocabulary in English,
 * the engine's sentence in French (as for errors).
 */
export function alertText(a: SyncAlert, branch: string, lang: CliLang = cliLang()): string {
  if (lang === 'fr') return a.message
  const tree = uiEn
  const title = lookup(tree, `syncTeam.alerts.${a.kind}.title`)
  const action = lookup(tree, `syncTeam.alerts.${a.kind}.action`)
  if (title === null || action === null) return a.message
  const params = { branch, inbox: '', ...a.params } as ErrorParams
  return `${fill(title, params, tree)} ${fill(action, params, tree)}`
}
