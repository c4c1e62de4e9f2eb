import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { isScalar, parse, parseDocument } from 'yaml'
import { describeError, HubError, invalidInput, ioError } from '../errors'
import type { HubLog } from '../hublog'
import { resourcesDir } from '../bootstrap/default-bases'
import { initRepositoryWithFiles } from '../git/init'
import { checkBundleDir } from '../registry/discovery'
import { MANIFEST_FILE, NAME_PATTERN } from '../registry/manifest'
import { checkDirFree, checkDirName, nameTaken, printable } from './names'

/** Where the template lives under `resources/` (packaged and source layouts alike): French, the default. */
export const TEMPLATE_DIR = join('templates', 'okf-bundle')
/** The same template in English: a base created from an English UI gets English rules. */
export const TEMPLATE_DIR_EN = join('templates', 'okf-bundle-en')

export type TemplateLanguage = 'fr' | 'en'

/** The hidden build folder of a new base: invisible to discovery, removed on any failure. */
export const NEW_BASE_PREFIX = '.okf-new-'

/**
 * The template's `.gitignore` is stored as `gitignore`: npm, electron-builder and `mcpb pack` all
 * drop a file named `.gitignore` from what they ship, and the template must survive every one.
 */
const GITIGNORE_SOURCE = 'gitignore'

/** SPEC §3.3: a title is one line of at most 100 characters; a description is capped at 500. */
export const TITLE_MAX = 100
export const DESCRIPTION_MAX = 500

/** C0 and C1 controls (tab and newlines included), DEL, and the Unicode line/paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u

export interface NewBaseInput {
  name: string
  title: string
  description: string
  /** The template's language (its rules, guide and example); French when absent. */
  language?: TemplateLanguage
}

export interface NewBaseCreated {
  /** Manifest name, which is also the directory name. */
  name: string
  /** The published bundle directory. */
  dir: string
  /** The first commit. */
  head: string
}

export interface NewBaseOptions {
  log: HubLog
  /** `resources/` (tests); default: `resourcesDir()`. */
  resources?: string | null
  now?: Date
}

export function checkText(field: 'title' | 'description', raw: unknown, max: number): string {
  const label = field === 'title' ? 'le titre' : 'la description'
  const refuse = (message: string, reason: 'empty' | 'control' | 'too-long'): HubError =>
    invalidInput(message, { kind: 'new-base-text-invalid', params: { field, reason, max } })
  if (typeof raw !== 'string') throw refuse(`${label} doit être une chaîne de caractères`, 'empty')
  if (CONTROL.test(raw))
    throw refuse(
      `${label} contient un retour à la ligne ou un caractère de contrôle : le texte doit tenir sur une seule ligne, sans tabulation`,
      'control'
    )
  const text = raw.trim()
  if (text === '') throw refuse(`${label} est obligatoire (reçu un texte vide)`, 'empty')
  const length = [...text].length
  if (length > max)
    throw refuse(`${label} dépasse ${max} caractères (${length}) : raccourcissez-le`, 'too-long')
  return text
}

/** The checks made before anything is written: a refusal leaves the bases dir untouched. */
export function checkNewBaseInput(basesDir: string, req: NewBaseInput): NewBaseInput {
  const name = req.name
  if (typeof name !== 'string' || !NAME_PATTERN.test(name))
    throw invalidInput(
      `nom de base '${printable(String(name))}' refusé : lettres minuscules non accentuées, chiffres et tirets uniquement (motif [a-z0-9-]+) ; il sert à la fois de nom de dossier et de name du manifeste`,
      { kind: 'new-base-name-invalid', params: { name: printable(String(name)) } }
    )
  checkDirName(name, 'choisissez un autre nom de base')
  const title = checkText('title', req.title, TITLE_MAX)
  const description = checkText('description', req.description, DESCRIPTION_MAX)
  const language = req.language ?? 'fr'
  if (language !== 'fr' && language !== 'en')
    throw invalidInput(`langue du modèle '${printable(String(language))}' inconnue : fr ou en`)
  checkDirFree(basesDir, name)
  const taken = nameTaken(basesDir, name)
  if (taken) throw taken
  return { name, title, description, language }
}

function templateRoot(resources: string | null, language: TemplateLanguage): string {
  const dir = language === 'en' ? TEMPLATE_DIR_EN : TEMPLATE_DIR
  const root = resources === null ? null : join(resources, dir)
  if (root === null || !existsSync(join(root, MANIFEST_FILE)))
    throw ioError(
      `modèle de base introuvable (${root ?? `resources/${dir}`}) : l'installation d'OKF Hub est incomplète, réinstallez-la`,
      { kind: 'install-incomplete' }
    )
  return root
}

/**
 * The manifest with name, title and description set through the YAML library: the template's
 * comments and layout are kept, and a value is never spliced into YAML text. Re-parsed to prove it.
 */
export function fillManifest(text: string, input: NewBaseInput): string {
  const doc = parseDocument(text)
  if (doc.errors.length > 0)
    throw ioError(`manifeste du modèle illisible : ${doc.errors[0].message}`, { kind: 'install-incomplete' })
  for (const [key, value] of [
    ['name', input.name],
    ['title', input.title],
    ['description', input.description]
  ] as const) {
    const node = doc.get(key, true)
    if (isScalar(node)) node.value = value
    else doc.set(key, value)
  }
  const out = doc.toString()
  const back = parse(out, { schema: 'core' }) as Record<string, unknown>
  if (back.name !== input.name || back.title !== input.title || back.description !== input.description)
    throw ioError('manifeste de la nouvelle base : les valeurs relues ne sont pas celles écrites', {
      kind: 'install-incomplete'
    })
  return out
}

/** `{{nom}}`, `{{titre}}`, `{{date}}` in the template's markdown files (one-line values only). */
function fillMarkdown(dir: string, input: NewBaseInput, now: Date): void {
  const date = now.toISOString().slice(0, 10)
  const values: Record<string, string> = { nom: input.name, titre: input.title, date }
  const walk = (rel: string): void => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const r = rel ? join(rel, e.name) : e.name
      if (e.isDirectory()) walk(r)
      else if (e.isFile() && e.name.endsWith('.md')) {
        const abs = join(dir, r)
        const text = readFileSync(abs, 'utf8')
        const filled = text.replace(/\{\{(nom|titre|date)\}\}/g, (_m, k: string) => values[k])
        if (filled !== text) writeFileSync(abs, filled)
      }
    }
  }
  walk('')
}

/**
 * `okf-hub new` and the UI form: the template copied into a hidden folder of the bases dir, filled,
 * validated exactly as discovery will judge it, made its own repository with one commit by the
 * hub's identity, then published by an atomic rename. Any failure removes the hidden folder;
 * a refusal happens before anything is written.
 */
export async function createBaseFromTemplate(
  basesDir: string,
  req: NewBaseInput,
  opts: NewBaseOptions
): Promise<NewBaseCreated> {
  const input = checkNewBaseInput(basesDir, req)
  const template = templateRoot(
    opts.resources === undefined ? resourcesDir() : opts.resources,
    input.language ?? 'fr'
  )
  const now = opts.now ?? new Date()
  const target = join(basesDir, input.name)
  const build = join(
    basesDir,
    `${NEW_BASE_PREFIX}${input.name}-${process.pid}-${randomBytes(4).toString('hex')}`
  )
  try {
    mkdirSync(basesDir, { recursive: true })
    cpSync(template, build, { recursive: true })
    renameSync(join(build, GITIGNORE_SOURCE), join(build, '.gitignore'))
    const manifest = join(build, MANIFEST_FILE)
    writeFileSync(manifest, fillManifest(readFileSync(manifest, 'utf8'), input))
    fillMarkdown(build, input, now)
    const check = checkBundleDir(build, input.name)
    if (check.kind !== 'valid')
      throw ioError(
        `la base créée depuis le modèle serait refusée par la découverte (${check.kind === 'invalid' ? check.reasons.join(' ; ') : 'manifeste absent'}) : l'installation d'OKF Hub est incomplète, réinstallez-la`,
        { kind: 'install-incomplete' }
      )
    if (check.base.name !== input.name)
      throw ioError('manifeste de la nouvelle base : name inattendu', { kind: 'install-incomplete' })
    const head = await initRepositoryWithFiles(
      build,
      input.language === 'en'
        ? `Create the base ${input.name} from the OKF Hub template`
        : `Création de la base ${input.name} à partir du modèle OKF Hub`,
      now
    )
    if (existsSync(target))
      throw invalidInput(
        `le dossier '${input.name}' vient d'apparaître dans le dossier des bases : choisissez un autre nom`,
        { kind: 'dir-taken', params: { name: input.name, basesDir } }
      )
    try {
      renameSync(build, target)
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'EPERM')
        throw invalidInput(
          `le dossier '${input.name}' vient d'apparaître dans le dossier des bases : choisissez un autre nom`,
          { kind: 'dir-taken', params: { name: input.name, basesDir } }
        )
      throw e
    }
    opts.log.info(`nouvelle base '${input.name}' créée depuis le modèle → ${target}`)
    return { name: input.name, dir: target, head }
  } catch (e) {
    rmSync(build, { recursive: true, force: true })
    if (e instanceof HubError) {
      opts.log.warning(`création de la base '${input.name}' refusée : ${e.message}`)
      throw e
    }
    opts.log.error(`création de la base '${input.name}' impossible : ${describeError(e)}`)
    throw ioError(`création de la base '${input.name}' impossible : ${describeError(e)}`, {
      kind: 'new-base-failed',
      params: { name: input.name }
    })
  }
}
