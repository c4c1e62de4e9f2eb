import { AlertTriangle, ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { AuditTrail } from '../../../../shared/hub-api'
import { hub } from '../../api/hub'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { Notice } from '../../ui/Notice'
import { HistoryEntryView } from './HistoryEntryView'
import { Skeleton } from '../../ui/Skeleton'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { useHubQuery } from '../../hooks/useHubQuery'
import { commitPath, corpusPath, proposalPath } from '../../app/routes'
import { useBaseRevision } from '../../stores/live'

/** Who filed a proposal and who decided it: its submission and resolution commits. */
export function AuditTrailScreen(): React.JSX.Element {
  const { t } = useTranslation()
  const params = useParams()
  const base = params.base ?? ''
  const id = params.id ?? ''
  useDocumentTitle(t('audit.title', { id }))
  const rev = useBaseRevision(base)
  const q = useHubQuery(() => hub().auditTrail(base, id), [base, id, rev], `${base}/${id}`)
  const trail = q.data && q.data.id === id ? q.data : null
  return (
    <section className="audit" data-testid="audit-trail" aria-labelledby="audit-heading">
      <p className="breadcrumb">
        <Link to={proposalPath(base, id)}>
          <ArrowLeft aria-hidden="true" size={14} /> {t('audit.back')}
        </Link>
      </p>
      <h2 id="audit-heading" className="section-title">
        {t('audit.title', { id })}
      </h2>
      <p className="muted">{t('audit.explain')}</p>
      {q.error && !trail ? (
        <ErrorNotice error={q.error} context={t('audit.loading')} onRetry={q.reload} />
      ) : null}
      {!trail && !q.error ? <Skeleton lines={6} /> : null}
      {trail ? <Contradiction trail={trail} /> : null}
      {trail ? (
        <ol className="audit-steps">
          <li className="audit-step">
            <h3>{t('audit.submission')}</h3>
            {trail.submission ? (
              <HistoryEntryView base={base} entry={trail.submission} as="div" trailLinks={false} />
            ) : (
              <p className="muted">{t('audit.noSubmission')}</p>
            )}
          </li>
          <li className="audit-step">
            <h3>{t('audit.resolution')}</h3>
            {trail.resolution ? (
              <HistoryEntryView base={base} entry={trail.resolution} as="div" trailLinks={false} />
            ) : (
              <p className="muted">{t('audit.pending')}</p>
            )}
          </li>
          {trail.outcome ? <OutcomeStep base={base} trail={trail} /> : null}
          {trail.others.length > 0 ? (
            <li className="audit-step">
              <h3>
                <AlertTriangle aria-hidden="true" size={16} />{' '}
                {t('audit.others', { count: trail.others.length })}
              </h3>
              <p className="muted">{t('audit.othersHint')}</p>
              {trail.others.map((e) => (
                <HistoryEntryView key={e.commit} base={base} entry={e} as="div" trailLinks={false} />
              ))}
            </li>
          ) : null}
        </ol>
      ) : null}
    </section>
  )
}

/**
 * When the commits and the proposal's file disagree: a commit that says it decided without moving
 * the file (written by hand), or a decision undone since (a revert). The file is where it stands.
 */
function Contradiction({ trail }: { trail: AuditTrail }): React.JSX.Element | null {
  const { t } = useTranslation()
  if (!trail.resolution) return null
  const status = trail.status === 'missing' ? t('audit.gone') : t(`audit.statusWord.${trail.status}`)
  const key = !trail.outcome
    ? 'audit.notMoved'
    : trail.outcome.resolution !== trail.status
      ? 'audit.movedSince'
      : null
  if (key === null) return null
  return (
    <Notice tone="warning" icon={AlertTriangle} testId="audit-contradiction" title={t(key, { status })} />
  )
}

/** What came of it: the documents it was integrated into, or why it was rejected; the decision's commit. */
function OutcomeStep({ base, trail }: { base: string; trail: AuditTrail }): React.JSX.Element | null {
  const { t } = useTranslation()
  if (!trail.outcome) return null
  return (
    <li className="audit-step" data-testid="audit-outcome">
      <h3>{t('audit.outcome')}</h3>
      {trail.outcome.resolution === 'accepted' ? (
        trail.outcome.integratedInto.length > 0 ? (
          <p>
            {t('audit.integratedInto')}{' '}
            {trail.outcome.integratedInto.map((doc, i) => (
              <span key={doc}>
                {i > 0 ? ', ' : null}
                <Link to={corpusPath(base, doc)}>
                  <code>{doc}</code>
                </Link>
              </span>
            ))}
          </p>
        ) : (
          <p>{t('audit.integratedNowhere')}</p>
        )
      ) : (
        <p>
          <strong>{t('audit.rejected')}</strong>
          {' — '}
          {trail.outcome.rejectionReason ?? <span className="muted">{t('audit.noReason')}</span>}
        </p>
      )}
      {trail.resolution ? (
        <p>
          <Link to={commitPath(base, trail.resolution.commit)} data-testid="audit-open-decision">
            {t('audit.openCommit')}
          </Link>
        </p>
      ) : null}
    </li>
  )
}
