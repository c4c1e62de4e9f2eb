import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { TOO_DEEP, yamlTooDeep } from '../yaml-depth'
import { join, posix } from 'node:path'
import { parse } from 'yaml'
import type { Base } from './base'
import { isStrictlyInside, toPosixRelative } from '../corpus/paths'
import { jsonType } from '../jsontype'
import { statMark } from '../fingerprint'
import type { BundleProblem } from '../../shared/bundle-problems'
import { MANIFEST_FILE } from './bundle-names'

export { MANIFEST_FILE }
export const SUPPORTED_BUNDLE_SPEC = '0.1'
/** What a manifest `name` may be (SPEC §3.3). */
export const NAME_PATTERN = /^[a-z0-9-]+$/

export type ManifestResult =
  | { ok: true; base: Base; warnings: string[] }
  /**
   * `reason`: the first of `reasons` (what discovery reports); `reasons`: every check that failed;
   * `problems`: the same checks as data, one for one.
   */
  | { ok: false; reason: string; reasons: string[]; problems: BundleProblem[] }

/**
 * Parsed manifests, kept while the file's stat fingerprint (mtime, size, inode) stands: every
 * kb_list rescans the bases dir, and with tens of bases the YAML parse is most of the scan. The
 * checks against the file system (corpus-dir, governance files) are still made at every scan.
 */
type Parsed = { ok: true; data: unknown } | { ok: false; reason: string; problem: BundleProblem }
// A refused parse is kept too: a YAML bomb (10,000 nested brackets) costs close to a second to
// refuse, and discovery runs again at every kb_list and every live refresh.
// `settled`: the racy verdict taken when the entry was recorded (fingerprint.ts) — a parse made
// while the mtime was still racy is never trusted, however long ago that was.
const parsedCache = new Map<string, { key: string; parsed: Parsed; settled: boolean }>()
/** How many manifests were parsed and how many were answered from the cache, since start. */
export const manifestParseCounts = { parsed: 0, reused: 0 }

function parsedManifest(path: string): Parsed {
  let text: string
  // Taken before the stat: the racy verdict must not be younger than what the stat saw.
  const mark = statMark(path, Date.now())
  const hit = parsedCache.get(path)
  if (mark.key !== '-' && hit && hit.key === mark.key && hit.settled) {
    manifestParseCounts.reused++
    return hit.parsed
  }
  try {
    text = readFileSync(path, 'utf8')
  } catch (e) {
    return {
      ok: false,
      reason: `okf-bundle.yaml illisible : ${(e as Error).message}`,
      problem: { code: 'unreadable' }
    }
  }
  let parsed: Parsed
  manifestParseCounts.parsed++
  try {
    if (yamlTooDeep(text)) throw new Error(TOO_DEEP)
    parsed = { ok: true, data: parse(text, { schema: 'core' }) }
  } catch (e) {
    parsed = {
      ok: false,
      reason: `okf-bundle.yaml non parseable : ${(e as Error).message.split('\n')[0]}`,
      problem: { code: 'unparseable' }
    }
  }
  parsedCache.set(path, { key: mark.key, parsed, settled: mark.settled })
  return parsed
}

class Invalid extends Error {
  constructor(
    message: string,
    readonly problem: BundleProblem
  ) {
    super(message)
  }
}
const invalid = (reason: string, problem: BundleProblem): ManifestResult => ({
  ok: false,
  reason,
  reasons: [reason],
  problems: [problem]
})
const fail = (reason: string, code: BundleProblem['code'], values?: BundleProblem['values']): never => {
  throw new Invalid(reason, values ? { code, values } : { code })
}

function requiredString(m: Record<string, unknown>, key: string): string {
  if (!(key in m) || m[key] === null || m[key] === undefined)
    fail(`champ obligatoire manquant : ${key}`, 'field-missing', { field: key })
  const v = m[key]
  if (typeof v !== 'string')
    fail(
      `champ ${key} doit être une chaîne (reçu ${jsonType(v)} : ${JSON.stringify(v)}) — pensez aux guillemets en YAML`,
      'field-not-string',
      { field: key, got: jsonType(v) }
    )
  if ((v as string).trim() === '') fail(`champ obligatoire vide : ${key}`, 'field-empty', { field: key })
  return v as string
}

/**
 * Every line break git or a terminal may honour: a title is shown on one line of every tool
 * description, so U+2028 or NEL count as much as `\n` (the predecessor's Python saw them too).
 */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/u
/** C0 and C1 controls (NUL, ESC and its terminal sequences…), tab excepted. */
const CONTROL = /[\p{Cc}]/u

function controlIn(text: string): string | null {
  for (const ch of text) {
    if (ch !== '\t' && CONTROL.test(ch))
      return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
  }
  return null
}

/** Whitespace and control-character runs → one space, trimmed; over 500 characters, cut with `…`. */
export function normaliseDescription(raw: string): { text: string; warning: string | null } {
  const text = raw.replace(/[\s\p{Cc}]+/gu, ' ').trim()
  const chars = [...text]
  if (chars.length <= 500) return { text, warning: null }
  return {
    text: chars.slice(0, 500).join('').trimEnd() + '…',
    warning: `description tronquée à 500 caractères (longueur d'origine : ${chars.length})`
  }
}

/** Resolves a bundle-relative path; refuses absolute paths and escapes. */
function bundlePath(root: string, label: string, rel: string): { abs: string; rel: string } {
  if (rel.startsWith('/') || /^[a-zA-Z]:/.test(rel) || rel.includes('\\'))
    fail(`${label} doit être un chemin relatif au bundle (reçu '${rel}')`, 'path-not-relative', {
      field: label,
      path: rel
    })
  const abs = join(root, ...rel.split('/'))
  let real: string
  try {
    real = realpathSync(abs)
  } catch {
    return { abs, rel }
  }
  if (real !== root && !isStrictlyInside(root, real))
    fail(`${label} '${rel}' sort du bundle`, 'path-escapes', { field: label, path: rel })
  return { abs: real, rel }
}

/**
 * Validates `okf-bundle.yaml` exactly as SPEC §3.3 says. Reasons and warnings
 * are the predecessor's texts (behaviours §5.3), checked in the same order.
 */
export function loadManifest(bundleDir: string, dirName: string): ManifestResult {
  try {
    let root: string
    try {
      root = realpathSync(bundleDir)
    } catch (e) {
      return invalid(`erreur d'entrée/sortie : ${(e as Error).message}`, { code: 'io' })
    }
    const parsed = parsedManifest(join(root, MANIFEST_FILE))
    if (!parsed.ok) return invalid(parsed.reason, parsed.problem)
    const data = parsed.data
    if (data === null || typeof data !== 'object' || Array.isArray(data))
      fail('okf-bundle.yaml : la racine doit être une correspondance YAML', 'root-not-map')
    const m = data as Record<string, unknown>
    const warnings: string[] = []
    // Every independent check runs, so an import can list every reason; discovery reports the
    // first, which is the one the fail-fast order of the predecessor gave.
    const reasons: string[] = []
    const problems: BundleProblem[] = []
    const attempt = <T>(check: () => T): T | undefined => {
      try {
        return check()
      } catch (e) {
        if (!(e instanceof Invalid)) throw e
        reasons.push(e.message)
        problems.push(e.problem)
        return undefined
      }
    }

    const bundleSpec = attempt(() => requiredString(m, 'bundle-spec'))
    const name = attempt(() => requiredString(m, 'name'))
    const title = attempt(() => requiredString(m, 'title'))
    const descriptionRaw = attempt(() => requiredString(m, 'description'))
    const g = attempt(() => {
      const gov = m.governance
      if (gov === null || typeof gov !== 'object' || Array.isArray(gov))
        fail('champ obligatoire manquant ou mal typé : governance', 'field-missing', { field: 'governance' })
      return gov as Record<string, unknown>
    })
    const rulesRel = attempt(() => {
      if (!g) return undefined
      if (typeof g.rules !== 'string' || g.rules.trim() === '')
        fail('champ obligatoire manquant : governance.rules', 'field-missing', { field: 'governance.rules' })
      return (g.rules as string).trim()
    })

    if (name !== undefined)
      attempt(() => {
        if (!NAME_PATTERN.test(name))
          fail(`name '${name}' non conforme au motif [a-z0-9-]+`, 'name-pattern', { name })
      })
    if (title !== undefined) {
      attempt(() => {
        if (LINE_BREAK.test(title)) fail('title contient un retour à la ligne', 'title-newline')
        const control = controlIn(title)
        if (control)
          fail(`title contient un caractère de contrôle (${control})`, 'title-control', { char: control })
      })
      attempt(() => {
        const titleLen = [...title].length
        if (titleLen > 100)
          fail(`title dépasse 100 caractères (${titleLen})`, 'title-too-long', { length: titleLen })
      })
    }
    const desc = descriptionRaw === undefined ? undefined : normaliseDescription(descriptionRaw)
    if (desc?.warning) warnings.push(desc.warning)

    // corpus-dir: strictly inside the bundle, not its root, never proposals/.
    const corpus = attempt(() => {
      const corpusRaw = 'corpus-dir' in m ? m['corpus-dir'] : 'knowledge'
      if (typeof corpusRaw !== 'string' || corpusRaw.trim() === '')
        fail('corpus-dir doit être une chaîne non vide', 'field-empty', { field: 'corpus-dir' })
      const corpusRel = (corpusRaw as string).trim().replace(/\/+$/, '') || '.'
      const resolved = bundlePath(root, 'corpus-dir', corpusRel)
      const lexical = posix.normalize(corpusRel)
      if (lexical === '..' || lexical.startsWith('../'))
        fail(`corpus-dir '${corpusRel}' sort du bundle`, 'path-escapes', {
          field: 'corpus-dir',
          path: corpusRel
        })
      if (resolved.abs === root || lexical === '.')
        fail('corpus-dir ne peut pas être la racine du bundle', 'corpus-root')
      const parts = (existsSync(resolved.abs) ? toPosixRelative(root, resolved.abs) : lexical).split('/')
      if (parts[0] === 'proposals' && parts.length > 1)
        fail(`corpus-dir '${corpusRel}' est situé à l'intérieur de proposals/`, 'corpus-in-proposals', {
          path: corpusRel
        })
      if (parts[0] === 'proposals')
        fail(`corpus-dir '${corpusRel}' est ou contient le répertoire proposals/`, 'corpus-in-proposals', {
          path: corpusRel
        })
      let corpusIsDir: boolean
      try {
        corpusIsDir = statSync(resolved.abs).isDirectory()
      } catch {
        corpusIsDir = false
      }
      if (!corpusIsDir)
        fail(`corpus-dir '${corpusRel}' n'existe pas ou n'est pas un répertoire`, 'corpus-missing', {
          path: corpusRel
        })
      if (isStrictlyInside(resolved.abs, join(root, 'proposals')))
        fail(`corpus-dir '${corpusRel}' est ou contient le répertoire proposals/`, 'corpus-in-proposals', {
          path: corpusRel
        })
      return { abs: resolved.abs, rel: corpusRel }
    })

    const rules = attempt(() => {
      if (rulesRel === undefined) return undefined
      const resolved = bundlePath(root, 'governance.rules', rulesRel)
      let rulesOk: boolean
      try {
        rulesOk = statSync(resolved.abs).isFile()
      } catch {
        rulesOk = false
      }
      if (!rulesOk) fail(`governance.rules '${rulesRel}' introuvable`, 'rules-missing', { path: rulesRel })
      return resolved
    })

    if (
      reasons.length > 0 ||
      bundleSpec === undefined ||
      name === undefined ||
      title === undefined ||
      desc === undefined ||
      g === undefined ||
      rulesRel === undefined ||
      corpus === undefined ||
      rules === undefined
    )
      return { ok: false, reason: reasons[0] ?? 'manifeste invalide', reasons, problems }

    let schemaPath: string | undefined
    let schemaRel: string | undefined
    const schemaRaw = g['frontmatter-schema']
    if (typeof schemaRaw === 'string' && schemaRaw.trim() !== '') {
      const sr = schemaRaw.trim()
      try {
        const s = bundlePath(root, 'governance.frontmatter-schema', sr)
        if (statSync(s.abs).isFile()) {
          schemaPath = s.abs
          schemaRel = sr
        } else warnings.push(`governance.frontmatter-schema '${sr}' introuvable — ignoré`)
      } catch (e) {
        if (e instanceof Invalid) warnings.push(`${e.message} — ignoré`)
        else warnings.push(`governance.frontmatter-schema '${sr}' introuvable — ignoré`)
      }
    }
    // `version` is printed on its own line of kb_list: it must not be able to forge another one.
    let version = typeof m.version === 'string' ? m.version : undefined
    if (version !== undefined && (LINE_BREAK.test(version) || controlIn(version))) {
      warnings.push('version ignorée : elle contient un retour à la ligne ou un caractère de contrôle')
      version = undefined
    } else if (version !== undefined && [...version].length > 100) {
      warnings.push(`version ignorée : plus de 100 caractères (${[...version].length})`)
      version = undefined
    }
    const review = g.review
    if (review !== undefined && review !== null && review !== 'human')
      warnings.push(`governance.review='${String(review)}' non supporté en v0 — traité comme 'human'`)
    if (bundleSpec !== SUPPORTED_BUNDLE_SPEC)
      warnings.push(
        `bundle-spec '${bundleSpec}' différent de la version supportée '${SUPPORTED_BUNDLE_SPEC}' — chargement tenté et réussi`
      )

    const base: Base = {
      name,
      dirName,
      root,
      corpusDir: corpus.abs,
      corpusRel: corpus.rel,
      title,
      description: desc.text,
      version,
      bundleSpec,
      governancePath: rules.abs,
      governanceRel: rulesRel,
      schemaPath,
      schemaRel
    }
    return { ok: true, base, warnings }
  } catch (e) {
    if (e instanceof Invalid) return invalid(e.message, e.problem)
    return invalid(`erreur d'entrée/sortie : ${(e as Error).message}`, { code: 'io' })
  }
}
