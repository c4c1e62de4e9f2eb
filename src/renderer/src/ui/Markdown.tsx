import { useMemo } from 'react'
import { useNavigate } from 'react-router'
import { renderMarkdown } from '../lib/markdown'
import { linkTarget } from '../lib/paths'
import { useBases } from '../stores/bases'
import { useUi } from '../stores/ui'
import { corpusPath } from '../app/routes'

interface Props {
  source: string
  /** The base the text belongs to: relative `.md` links open its documents. */
  base?: string
  /** The corpus path of the document shown, to resolve relative links. */
  docPath?: string | null
  /** Overrides where an internal document link opens (e.g. the side panel). */
  onOpenDocument?: (base: string, path: string) => void
  className?: string
}

/**
 * Untrusted markdown, rendered sanitised. Links do nothing until clicked; a click on a web link
 * asks first (showing the real URL), a link to a document of a base opens it in the app.
 */
export function Markdown({
  source,
  base,
  docPath = null,
  onOpenDocument,
  className
}: Props): React.JSX.Element {
  const html = useMemo(() => renderMarkdown(source), [source])
  const navigate = useNavigate()
  const setPendingLink = useUi((s) => s.setPendingLink)
  const bases = useBases((s) => s.overview?.bases)

  const follow = (href: string): void => {
    const target = linkTarget(
      href,
      docPath,
      (bases ?? []).map((b) => b.name)
    )
    if (target.kind === 'document' && (target.base ?? base)) {
      const b = (target.base ?? base) as string
      if (onOpenDocument) onOpenDocument(b, target.path)
      else navigate(corpusPath(b, target.path))
      return
    }
    setPendingLink(target.kind === 'document' ? href : target.url)
  }

  const linkOf = (e: React.SyntheticEvent): string | null => {
    const a = (e.target as HTMLElement).closest('a[data-href]')
    return a ? (a.getAttribute('data-href') ?? '') : null
  }

  return (
    <div
      className={`markdown ${className ?? ''}`}
      onClick={(e) => {
        const href = linkOf(e)
        if (href === null) return
        e.preventDefault()
        follow(href)
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return
        const href = linkOf(e)
        if (href === null) return
        e.preventDefault()
        follow(href)
      }}
      // DOMPurify output only (lib/markdown.ts): raw HTML is off and the result is sanitised.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
