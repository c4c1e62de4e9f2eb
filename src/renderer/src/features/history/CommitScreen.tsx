import { ArrowLeft, FileText, GitCommitHorizontal } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { CommitFileChange } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { HistoryEntryView } from './HistoryEntryView'
import { Skeleton } from '../../ui/Skeleton'
import { DiffModeToggle } from '../../ui/DiffModeToggle'
import { DiffFileSection, FileDiff } from '../../ui/FileDiff'
import { Folded } from '../../ui/Folded'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { useHubQuery } from '../../hooks/useHubQuery'
import { historyPath } from '../../app/routes'
import { useUi } from '../../stores/ui'

/**
 * A past commit opened from the history: the sentence of the list, the message as recorded, and
 * the diff of every file in the same view as the preview — a decision reads as it was approved.
 */
export function CommitScreen(): React.JSX.Element {
  const { t } = useTranslation()
  const params = useParams()
  const base = params.base ?? ''
  const commit = params.commit ?? ''
  useDocumentTitle(`${t('commit.title')} · ${commit.slice(0, 10)}`)
  // A commit never changes: no live reload.
  const q = useHubQuery(() => hub().commitDetail(base, commit), [base, commit], `${base}/${commit}`)
  const detail = q.data && q.data.entry.commit === commit ? q.data : null
  const documents = detail?.files.filter((f) => !f.path.startsWith('proposals/')) ?? []
  const proposals = detail?.files.filter((f) => f.path.startsWith('proposals/')) ?? []
  return (
    <section className="commit-detail" data-testid="commit-detail" aria-labelledby="commit-heading">
      <p className="breadcrumb">
        <Link to={historyPath(base)}>
          <ArrowLeft aria-hidden="true" size={14} /> {t('commit.back')}
        </Link>
      </p>
      <h2 id="commit-heading" className="section-title">
        {t('commit.title')}
      </h2>
      {q.error && !detail ? (
        <ErrorNotice error={q.error} context={t('commit.loading')} onRetry={q.reload} />
      ) : null}
      {!detail && !q.error ? <Skeleton lines={8} /> : null}
      {detail ? (
        <>
          <HistoryEntryView base={base} entry={detail.entry} as="div" openLink={false} />
          <div className="commit-box">
            <h3>
              <GitCommitHorizontal aria-hidden="true" size={16} /> {t('commit.message')}
            </h3>
            <pre className="code-block commit-message" data-testid="commit-message">
              {detail.entry.message}
            </pre>
          </div>
          <div className="diff-toolbar">
            <h3>{t('commit.files', { count: detail.files.length + detail.omitted })}</h3>
            <DiffModeToggle />
          </div>
          {detail.files.length === 0 ? <p className="muted">{t('commit.noFiles')}</p> : null}
          {documents.length > 0 && proposals.length > 0 ? (
            <h4 className="diff-group">
              <FileText aria-hidden="true" size={14} /> {t('commit.documents', { count: documents.length })}
            </h4>
          ) : null}
          {documents.map((f) => (
            <CommitFile key={f.path} file={f} />
          ))}
          {proposals.length > 0 ? (
            <Folded
              className="moves-diffs"
              open={documents.length === 0}
              summary={t('commit.proposalFiles', { count: proposals.length })}
            >
              {() => proposals.map((f) => <CommitFile key={f.path} file={f} />)}
            </Folded>
          ) : null}
          {detail.omitted > 0 ? (
            <p className="muted">{t('commit.omitted', { count: detail.omitted })}</p>
          ) : null}
        </>
      ) : null}
    </section>
  )
}

function CommitFile({ file }: { file: CommitFileChange }): React.JSX.Element {
  const { t } = useTranslation()
  const mode = useUi((s) => s.diffMode)
  return (
    <DiffFileSection
      testId={`commit-file-${file.path}`}
      label={file.path}
      header={
        <>
          <code>{file.path}</code>
          {file.change === 'added' ? <span className="badge badge-success">{t('commit.added')}</span> : null}
          {file.change === 'deleted' ? (
            <span className="badge badge-danger">{t('commit.deleted')}</span>
          ) : null}
        </>
      }
    >
      {file.diff !== null ? (
        <FileDiff diff={file.diff} created={file.change === 'added'} mode={mode} />
      ) : (
        <p className="muted">{file.binary ? t('commit.binary') : t('commit.tooLarge')}</p>
      )}
    </DiffFileSection>
  )
}
