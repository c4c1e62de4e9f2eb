import type { PlanEdit } from '../../../../shared/review'
import { headingsOf, splitFrontmatter, type Heading } from '../../lib/markdown'
import { editMode, type EditMode } from './plan'
import { keepOwner, type DraftEdit } from './plan-guide'

/**
 * A change's text against the document it edits: the section it names, the document as the engine
 * would write it, and a switch of kind that never loses the manager's text. Apart from plan-guide
 * because it parses markdown: the plan's store (on the app's first screen) needs plan-guide, and
 * markdown-it belongs with the plan editor's chunk, not in the first script.
 */

const fold = (s: string): string =>
  s
    .replace(/^#+\s*/, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()

/** The heading a `section` names: as written, else as the engine compares (case, accents, `#`). */
export function findHeading(headings: readonly Heading[], section: string): Heading | undefined {
  return headings.find((h) => h.text === section) ?? headings.find((h) => fold(h.text) === fold(section))
}

/** A document split into its frontmatter block (fences included) and its body. */
function splitDocument(text: string): { head: string; body: string } {
  const { body } = splitFrontmatter(text)
  return { head: text.slice(0, text.length - body.length), body }
}

/**
 * The whole document with one section replaced, as the engine would write it: the heading line
 * through the section's last non-blank line becomes `content` (right-trimmed); the blank lines
 * before the next heading and everything else stay. Null when the document has no such section.
 */
export function applySectionEdit(text: string, section: string, content: string): string | null {
  const { head, body } = splitDocument(text)
  const h = findHeading(headingsOf(body), section)
  if (!h) return null
  const lines = body.split('\n')
  let last = h.end - 1
  while (last > h.line && lines[last].trim() === '') last--
  const replacement = content.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd()
  return head + [...lines.slice(0, h.line), replacement, ...lines.slice(last + 1)].join('\n')
}

/** The document with text appended, by the engine's separator rule (one blank line between). */
export function applyAppend(text: string, add: string): string {
  const sep = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n'
  return `${text}${sep}${add.trimEnd()}\n`
}

/**
 * The same edit as another kind of change, never losing the manager's text. `current` is the
 * document as it is now (null when it does not exist or is not loaded yet):
 *  - to the whole document, from a section or an append: the whole current document with that
 *    edit applied (a section's text alone would otherwise replace the whole file);
 *  - from the whole document, unchanged: nothing to carry; changed: the text stays as typed
 *    (an append keeps only what was added at the end);
 *  - to frontmatter only: the text is set aside in the draft and given back on the way out.
 */
export function switchMode(e: PlanEdit, mode: EditMode, current: string | null): PlanEdit {
  const from = editMode(e)
  if (from === mode) return e
  const kept = (e as DraftEdit).kept
  if (from === 'frontmatter' && kept) {
    const back: DraftEdit = { path: e.path, ...keepOwner(e), ...kept }
    if (Object.keys(e.frontmatter ?? {}).length > 0) back.frontmatter = e.frontmatter
    return switchMode(back, mode, current)
  }
  const text = from === 'append' ? (e.append ?? '') : (e.content ?? '')
  const out: DraftEdit = { path: e.path, ...keepOwner(e) }
  // An empty frontmatter is only the frontmatter kind's own field: it goes with it.
  if (e.frontmatter !== undefined && (from !== 'frontmatter' || Object.keys(e.frontmatter).length > 0))
    out.frontmatter = e.frontmatter
  switch (mode) {
    case 'whole': {
      let whole = text
      if (current !== null && from === 'section' && (e.section ?? '').trim() !== '' && text.trim() !== '')
        whole = applySectionEdit(current, e.section ?? '', text) ?? text
      else if (current !== null && from === 'append')
        whole = text.trim() === '' ? current : applyAppend(current, text)
      else if (current !== null && text.trim() === '') whole = current
      return { ...out, content: whole }
    }
    case 'section': {
      const carried = from === 'whole' && current !== null && text === current ? '' : text
      return { ...out, section: from === 'whole' ? '' : (e.section ?? ''), content: carried }
    }
    case 'append': {
      let carried = text
      if (from === 'whole' && current !== null && text.startsWith(current))
        carried = text.slice(current.length).replace(/^\n+/, '')
      return { ...out, append: carried }
    }
    case 'frontmatter': {
      const aside: DraftEdit['kept'] =
        from === 'section'
          ? { section: e.section ?? '', content: text }
          : from === 'append'
            ? { append: text }
            : { content: text }
      return { ...out, frontmatter: e.frontmatter ?? {}, ...(text !== '' ? { kept: aside } : {}) }
    }
  }
}
