import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { Base } from '../registry/base'
import { notFound } from '../errors'
import { entersDirectory, isDocumentEntry, isExcluded } from './document-rule'
import { spellingKey } from './spelling'

// The rule itself lives in document-rule.ts; re-exported for the doors that confine paths here.
export { EXCLUDED_DIR_NAMES, EXCLUDED_FILE_NAMES, isExcluded } from './document-rule'

/** Path of `abs` relative to `root`, with `/` separators. */
export function toPosixRelative(root: string, abs: string): string {
  return relative(root, abs).split(sep).join('/')
}

/** True when `abs` is strictly inside `dir` (both canonical). */
export function isStrictlyInside(dir: string, abs: string): boolean {
  const rel = relative(dir, abs)
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel)
}

/**
 * Syntactic refusal of paths that can only be escape attempts: absolute paths,
 * backslashes (never a separator in our contract) and `..` segments. The
 * message stays opaque, as the contract asks for escapes.
 */
export function isEscapeAttempt(rel: string): boolean {
  if (rel.startsWith('/') || /^[a-zA-Z]:/.test(rel) || rel.includes('\\') || rel.includes('\0')) return true
  return rel.split('/').some((p) => p === '..')
}

export interface ResolvedDocument {
  /** Canonical absolute path of the file. */
  abs: string
  /** Path relative to the corpus, `/` separators, as the caller gave it (normalised). */
  rel: string
}

/**
 * The names on disk of the path `segs` under `dir`, when a name differs from the one asked for only
 * by its Unicode normalisation or the spelling of its apostrophes (`spellingKey`); null when a
 * segment matches no entry, or more than one. macOS tools
 * write file names decomposed (« e\u0301 »), kb_search prints them as they are, and an agent copying
 * one back types it composed: without this, a path the hub itself printed would not read back.
 */
function spelledOnDisk(dir: string, segs: readonly string[]): string[] | null {
  const out: string[] = []
  let cur = dir
  for (const seg of segs) {
    let name = seg
    if (!existsSync(join(cur, seg))) {
      let entries: string[]
      try {
        entries = readdirSync(cur)
      } catch {
        return null
      }
      const wanted = spellingKey(seg)
      const same = entries.filter((e) => spellingKey(e) === wanted)
      if (same.length !== 1) return null
      name = same[0]
    }
    out.push(name)
    cur = join(cur, name)
  }
  return out
}

/** Most documents a missing path's refusal names. */
const NAMESAKES_MAX = 5

/**
 * The documents a missing path most likely meant, as the refusal's end (` — documents de ce nom :
 * a, b`), or '': the same path or file name in another case or folder, or with `.md` left off. An
 * agent that dropped a folder or guessed the case then needs one more call, not a new search — as
 * the section refusal lists the headings. Only ever called for a path inside the corpus.
 */
function namesakes(base: Base, clean: string): string {
  const key = (p: string): string => spellingKey(p).toLowerCase()
  const asked = [key(clean), `${key(clean)}.md`]
  const name = (p: string): string => p.slice(p.lastIndexOf('/') + 1)
  const askedNames = asked.map(name)
  const found: string[] = []
  walkDocuments(
    base,
    () => true,
    (rel) => {
      const k = key(rel)
      if (asked.includes(k) || askedNames.includes(name(k))) found.push(rel)
      return found.length < NAMESAKES_MAX
    }
  )
  return found.length === 0 ? '' : ` — documents de ce nom : ${found.join(', ')}`
}

/**
 * Resolves a corpus-relative document path, refusing every escape: canonical
 * resolution (symlinks followed) must land strictly inside corpus-dir, on a
 * regular `.md`-or-other file that is not excluded.
 */
export function resolveDocument(base: Base, rawRel: string): ResolvedDocument {
  const rel = rawRel.trim()
  // Every refusal names the path as data (`document-not-found`); the sentence is the contract's.
  const missing = { kind: 'document-not-found', params: { path: rel } } as const
  if (rel === '') throw notFound('chemin vide', missing)
  if (rel.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(rel))
    throw notFound(`chemin absolu refusé : '${rel}' (chemin relatif à corpus-dir attendu)`, missing)
  const outside = notFound(`chemin '${rel}' hors du corpus de la base '${base.name}'`, missing)
  if (isEscapeAttempt(rel)) throw outside
  let clean = rel
    .split('/')
    .filter((p) => p !== '' && p !== '.')
    .join('/')
  if (clean === '') throw outside
  let candidate = join(base.corpusDir, ...clean.split('/'))
  if (!existsSync(candidate)) {
    const onDisk = spelledOnDisk(base.corpusDir, clean.split('/'))
    if (onDisk !== null) {
      clean = onDisk.join('/')
      candidate = join(base.corpusDir, ...onDisk)
    }
  }
  let abs: string
  try {
    abs = realpathSync(candidate)
  } catch {
    // Missing: say so, and say when the same path exists relative to the bundle
    // root (a bundle-relative field copied as is). Never for escapes: handled above.
    const atRoot = join(base.root, ...clean.split('/'))
    if (existsSync(atRoot)) {
      try {
        const real = realpathSync(atRoot)
        if (isStrictlyInside(base.root, real) && statSync(real).isFile()) {
          throw notFound(
            `document '${clean}' introuvable dans le corpus de la base '${base.name}' — ce chemin existe à la racine du bundle, hors de corpus-dir ('${base.corpusRel}') : les chemins de kb_read sont relatifs à corpus-dir, et les fichiers hors corpus ne sont pas lisibles par kb_read`,
            missing
          )
        }
      } catch (e) {
        if ((e as { code?: string }).code === 'NOT_FOUND') throw e
      }
    }
    throw notFound(
      `document '${clean}' introuvable dans la base '${base.name}'${namesakes(base, clean)}`,
      missing
    )
  }
  if (!isStrictlyInside(base.corpusDir, abs)) throw outside
  if (isExcluded(clean) || isExcluded(toPosixRelative(base.corpusDir, abs)))
    throw notFound(`chemin '${clean}' exclu du corpus`, missing)
  let isFile: boolean
  try {
    isFile = statSync(abs).isFile()
  } catch {
    isFile = false
  }
  if (!isFile) throw notFound(`document '${clean}' introuvable dans la base '${base.name}'`, missing)
  return { abs, rel: clean }
}

/**
 * Depth-first walk of the corpus's documents (document-rule.ts) in code-point order, without
 * following directory symlinks; `enter(relDir)` may prune a directory, `visit(rel)` returns false
 * to stop the whole walk.
 */
export function walkDocuments(
  base: Base,
  enter: (relDir: string) => boolean,
  visit: (rel: string) => boolean
): void {
  let stopped = false
  const go = (absDir: string, relDir: string): void => {
    let entries
    try {
      entries = readdirSync(absDir, { withFileTypes: true })
    } catch {
      return
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const e of entries) {
      if (stopped) return
      const rel = relDir ? `${relDir}/${e.name}` : e.name
      if (e.isDirectory()) {
        if (entersDirectory(e.name) && enter(rel)) go(join(absDir, e.name), rel)
      } else if (isDocumentEntry(e) && !visit(rel)) stopped = true
    }
  }
  go(base.corpusDir, '')
}

/** Every document of the corpus, sorted. Returns corpus-relative `/` paths. */
export function listDocuments(base: Base): string[] {
  const out: string[] = []
  walkDocuments(
    base,
    () => true,
    (rel) => {
      out.push(rel)
      return true
    }
  )
  return out
}
