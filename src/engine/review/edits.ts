import { lstatSync, realpathSync } from 'node:fs'
import { join } from 'node:path'
import type { Base } from '../registry/base'
import { invalidInput, notFound } from '../errors'
import { isEscapeAttempt, isExcluded, isStrictlyInside, toPosixRelative } from '../corpus/paths'
import { findSection, parseHeadings } from '../corpus/markdown'
import type { ErrorKind } from '../../shared/error-kinds'

type EditPathKind = Extract<ErrorKind, `edit-path-${string}`>

/**
 * Edit semantics of a resolution plan (seed 000, behaviours §14.5), as pure text functions, and the
 * confinement of edit paths. Nothing here writes.
 */

export interface ConfinedPath {
  /** Clean corpus path (`/`, no `.` segments). */
  rel: string
  /** Absolute path under corpus-dir (no symlink on the way). */
  abs: string
  /** Path relative to the bundle root — what the commit names. */
  repoPath: string
  exists: boolean
}

/**
 * Confines a corpus path for writing. Refusals (INVALID_INPUT), with `label` naming the plan field:
 *  - absolute, `..`, backslash, NUL → `chemin d'édition refusé : {path}`;
 *  - a symlink on the way that leads out of corpus-dir → `chemin d'édition hors du corpus : {path}`;
 *  - excluded names (GOVERNANCE.md, proposals/…) → `chemin d'édition exclu du corpus : {path}`;
 *  - a symlink inside the corpus, a non-`.md` file, a file used as a directory → `chemin d'édition
 *    refusé : {path} ({why})` — writing through a link would replace the link, not its target.
 */
export function confineEditPath(base: Base, path: string, label = ''): ConfinedPath {
  const refuse = (kind: EditPathKind, why?: string) =>
    invalidInput(`${label}chemin d'édition refusé : ${path}${why ? ` (${why})` : ''}`, {
      kind,
      params: { path }
    })
  if (isEscapeAttempt(path)) throw refuse('edit-path-invalid')
  const segs = path.split('/').filter((s) => s !== '' && s !== '.')
  if (segs.length === 0) throw refuse('edit-path-invalid')
  const rel = segs.join('/')
  if (isExcluded(rel))
    throw invalidInput(`${label}chemin d'édition exclu du corpus : ${path}`, {
      kind: 'edit-path-excluded',
      params: { path }
    })
  let cur = base.corpusDir
  let exists = true
  for (let i = 0; i < segs.length; i++) {
    const next = join(cur, segs[i])
    let st
    try {
      st = lstatSync(next)
    } catch {
      exists = false
      break
    }
    if (st.isSymbolicLink()) {
      let real: string | null
      try {
        real = realpathSync(next)
      } catch {
        real = null
      }
      if (real === null || !isStrictlyInside(base.corpusDir, real))
        throw invalidInput(`${label}chemin d'édition hors du corpus : ${path}`, {
          kind: 'edit-path-link',
          params: { path }
        })
      throw refuse('edit-path-link', 'lien symbolique')
    }
    const last = i === segs.length - 1
    if (!last && !st.isDirectory())
      throw refuse('edit-path-not-markdown', `${segs.slice(0, i + 1).join('/')} n'est pas un répertoire`)
    if (last && !st.isFile()) throw refuse('edit-path-not-markdown', "ce n'est pas un fichier")
    cur = next
  }
  if (!rel.endsWith('.md')) throw refuse('edit-path-not-markdown', 'seuls les documents .md sont éditables')
  const abs = join(base.corpusDir, ...segs)
  return { rel, abs, repoPath: toPosixRelative(base.root, abs), exists }
}

/** The document's line ending: CRLF when its first line ends with it. */
export function eolOf(text: string): string {
  const nl = text.indexOf('\n')
  return nl > 0 && text[nl - 1] === '\r' ? '\r\n' : '\n'
}

function withEol(s: string, eol: string): string {
  const lf = s.replace(/\r\n/g, '\n')
  return eol === '\n' ? lf : lf.replace(/\n/g, eol)
}

/** Offsets where each `\n`-terminated line starts (a last entry = text.length when the text ends with `\n`). */
function lineStarts(text: string): number[] {
  const starts = [0]
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return starts
}

/** `content` alone: the whole file; the result always ends with a newline. */
export function replaceWhole(content: string): string {
  return content.endsWith('\n') ? content : content + '\n'
}

/** Separator rule of behaviours §14.5, then `add` right-trimmed and one newline. */
export function appendText(text: string, add: string): string {
  const eol = text === '' ? '\n' : eolOf(text)
  let sep: string
  if (text === '' || text.endsWith('\n\n') || text.endsWith('\r\n\r\n')) sep = ''
  else if (text.endsWith('\n')) sep = eol
  else sep = eol + eol
  return text + sep + withEol(add.trimEnd(), eol) + eol
}

export interface SectionReplacement {
  text: string
  /** Other sections carrying the same title (only the first is replaced). */
  duplicates: number
}

/**
 * Replaces the first section titled `section` — its heading line through its last non-blank line
 * before the next heading of the same or a higher level — by `content` (leading blank lines dropped,
 * right-trimmed, the document's line endings). Everything before and after, the blank lines that
 * separate it from the next section included, stays byte-identical. `content` must open with a
 * heading of the replaced heading's level (it may rename it).
 */
export function replaceSection(
  text: string,
  section: string,
  content: string,
  where: string,
  path: string
): SectionReplacement {
  const headings = parseHeadings(text)
  const found = findSection(text, headings, section)
  if (!found) {
    const available = headings.length
      ? headings.map((h) => `${'#'.repeat(h.level)} ${h.raw}`).join(' | ')
      : '(aucun heading)'
    throw notFound(`section '${section}' introuvable dans ${path} — headings disponibles : ${available}`, {
      kind: 'section-not-found',
      params: { path, section, headings: headings.map((h) => `${'#'.repeat(h.level)} ${h.raw}`) }
    })
  }
  const body = content.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd()
  const first = parseHeadings(body + '\n')[0]
  const level = found.heading.level
  if (!first || first.line !== 1 || first.level !== level) {
    const hashes = '#'.repeat(level)
    throw invalidInput(
      `${where}.content doit commencer par un heading de niveau ${level} (${hashes} …) : il remplace la section « ${found.heading.raw} » de ${path}`,
      { kind: 'section-content-heading', params: { path, section: found.heading.raw, level, hashes } }
    )
  }
  const eol = eolOf(text)
  const starts = lineStarts(text)
  const from = starts[found.startLine - 1]
  const to = found.endLine < starts.length ? starts[found.endLine] : text.length
  return {
    text: text.slice(0, from) + withEol(body, eol) + eol + text.slice(to),
    duplicates: found.duplicates
  }
}
