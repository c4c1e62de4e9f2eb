import { FileText } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { hub } from '../api/hub'
import { useHubQuery } from '../hooks/useHubQuery'
import { useFormat } from '../i18n/format'
import { useBaseRevision } from '../stores/live'
import { ErrorNotice } from './ErrorNotice'
import { FrontmatterTable } from './FrontmatterTable'
import { Markdown } from './Markdown'
import { Skeleton } from './Skeleton'
import { Spinner } from './Spinner'

/** One corpus document: title, path, frontmatter, body rendered sanitised. */
export function DocumentReader({
  base,
  path,
  onOpenDocument,
  headingLevel = 2
}: {
  base: string
  path: string
  onOpenDocument?: (base: string, path: string) => void
  headingLevel?: 2 | 3
}): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  const rev = useBaseRevision(base)
  const q = useHubQuery(() => hub().readDocument(base, path), [base, path, rev], `${base}/${path}`)
  const H = headingLevel === 2 ? 'h2' : 'h3'
  const doc = q.data && q.data.path === path ? q.data : null
  return (
    <article className="document" data-testid="document-view" aria-busy={q.loading}>
      {q.error && !doc ? (
        <ErrorNotice error={q.error} context={t('document.loading')} onRetry={q.reload} />
      ) : null}
      {!doc && !q.error ? <Skeleton lines={8} /> : null}
      {doc ? (
        <>
          <header className="document-header">
            <H className="document-title">
              <FileText aria-hidden="true" size={18} /> {doc.title ?? doc.path}
            </H>
            <p className="document-meta">
              <code>{doc.path}</code> · {f.bytes(doc.size)}
              {q.loading ? <Spinner inline /> : null}
            </p>
          </header>
          <FrontmatterTable data={doc.frontmatter} raw={doc.frontmatterRaw} error={doc.frontmatterError} />
          <Markdown source={doc.body} base={base} docPath={doc.path} onOpenDocument={onOpenDocument} />
        </>
      ) : null}
    </article>
  )
}
