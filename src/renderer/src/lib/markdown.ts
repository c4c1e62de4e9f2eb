import MarkdownIt from 'markdown-it'
import DOMPurify from 'dompurify'

/**
 * Untrusted markdown → sanitised HTML. Raw HTML is never parsed (`html: false`), the output goes
 * through DOMPurify all the same, links are inert (the target sits in `data-href`, never in an
 * `href` the browser could follow) and images are never loaded: a placeholder shows their alt text.
 */

const md = new MarkdownIt({ html: false, linkify: false, typographer: false })

const escape = (s: string): string => md.utils.escapeHtml(s)

md.renderer.rules.link_open = (tokens, idx) => {
  const href = String(tokens[idx].attrGet('href') ?? '')
  return `<a class="md-link" role="link" tabindex="0" data-href="${escape(href)}" title="${escape(href)}">`
}

md.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx]
  const alt = token.children ? md.renderer.renderInlineAsText(token.children, md.options, {}) : token.content
  const src = String(token.attrGet('src') ?? '')
  return `<span class="md-image" data-src="${escape(src)}" title="${escape(src)}">${escape(alt || src)}</span>`
}

// Built on first use: the headings helpers below also serve code without a DOM (unit tests).
let purifier: ReturnType<typeof DOMPurify> | null = null
function sanitiser(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier
  purifier = DOMPurify(window)
  // Code blocks and tables may scroll sideways: they take the keyboard focus so they can be scrolled.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'PRE' || node.tagName === 'TABLE') node.setAttribute('tabindex', '0')
  })
  return purifier
}

export function renderMarkdown(source: string): string {
  return sanitiser().sanitize(md.render(source), {
    FORBID_TAGS: ['img', 'style', 'form', 'input', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style', 'href', 'src', 'srcset', 'action', 'formaction'],
    ALLOW_DATA_ATTR: true
  })
}

/** A document's frontmatter split from its body (GOVERNANCE.md arrives whole). */
export function splitFrontmatter(text: string): { frontmatter: string | null; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text)
  if (!m) return { frontmatter: null, body: text }
  return { frontmatter: m[1], body: text.slice(m[0].length) }
}

export interface Heading {
  level: number
  /** The heading's text as written (inline markdown kept): what a plan's `section` names. */
  text: string
  /** 0-based line of the heading in the parsed text. */
  line: number
  /** 0-based line after the heading's section (next heading of the same or a higher level). */
  end: number
}

/** Headings of a markdown text (block parse only), with the extent of their sections. */
export function headingsOf(text: string): Heading[] {
  const tokens = md.parse(text, {})
  const found: { level: number; text: string; line: number }[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t.type !== 'heading_open' || !t.map || t.level !== 0) continue
    found.push({ level: Number(t.tag.slice(1)), text: tokens[i + 1]?.content ?? '', line: t.map[0] })
  }
  const total = text.split('\n').length
  return found.map((h, i) => {
    const next = found.slice(i + 1).find((o) => o.level <= h.level)
    return { ...h, end: next ? next.line : total }
  })
}

/** The current text of a section: its heading line through its last non-blank line. */
export function sectionText(text: string, h: Heading): string {
  const lines = text.split('\n').slice(h.line, h.end)
  while (lines.length > 1 && lines[lines.length - 1].trim() === '') lines.pop()
  return lines.join('\n')
}
