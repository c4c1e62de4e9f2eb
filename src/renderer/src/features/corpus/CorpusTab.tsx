import { BookOpen } from 'lucide-react'
import { useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { hub } from '../../api/hub'
import { CorpusTree } from './CorpusTree'
import { DocumentReader } from '../../ui/DocumentReader'
import { EmptyState } from '../../ui/EmptyState'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Skeleton } from '../../ui/Skeleton'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { useHubQuery } from '../../hooks/useHubQuery'
import { useBaseRevision } from '../../stores/live'

/** The corpus tree and the document chosen in it (the path is in the URL). */
export function CorpusTab(): React.JSX.Element {
  const { t } = useTranslation()
  const params = useParams()
  const base = params.base ?? ''
  const path = params['*'] ? params['*'] : null
  useDocumentTitle(`${path ?? t('tabs.corpus')} · ${base}`)
  const rev = useBaseRevision(base)
  const tree = useHubQuery(() => hub().corpusTree(base), [base, rev], base)

  return (
    <div className="corpus">
      <div className="corpus-side">
        {tree.error ? (
          <ErrorNotice error={tree.error} context={t('corpus.loading')} onRetry={tree.reload} compact />
        ) : null}
        {!tree.data && !tree.error ? <Skeleton lines={8} /> : null}
        {tree.data && tree.data.length === 0 ? <p className="muted">{t('corpus.empty')}</p> : null}
        {tree.data && tree.data.length > 0 ? (
          <CorpusTree base={base} nodes={tree.data} selected={path} />
        ) : null}
      </div>
      <div className="corpus-reader">
        {path ? (
          <DocumentReader base={base} path={path} />
        ) : (
          <EmptyState icon={<BookOpen size={40} />} title={t('corpus.chooseTitle')}>
            <p>{t('corpus.chooseBody')}</p>
          </EmptyState>
        )}
      </div>
    </div>
  )
}
