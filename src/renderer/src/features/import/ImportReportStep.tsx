import { ArrowLeft, ArrowRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import type { ImportResult } from '../../../../shared/hub-api'
import type { ImportFailure } from './import-errors'
import { useImport } from './import-store'
import { errorWords } from '../../lib/error-words'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { StepHeading } from './StepHeading'
import { bundleProblemWords } from '../../lib/bundle-problems'
import { DiscardImportButton } from './FirstUseStep'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/**
 * The engine's refusal, in place: what happened and what to do (worded from the error's kind), every
 * reason, the field to fix. The engine's own sentence is only a folded technical detail.
 */
function Refusal({ failure }: { failure: ImportFailure }): React.JSX.Element {
  const { t } = useTranslation()
  const back = useImport((s) => s.back)
  const k = failure.kind
  const words = errorWords(failure.error, t)
  return (
    <>
      <Notice
        tone="error"
        testId="import-refused"
        data={{ 'data-kind': k, 'data-error-kind': failure.error.kind ?? '' }}
        title={words.worded ? words.title : t(`import.failure.${k}.title`)}
      >
        <p>
          {words.worded
            ? words.action
            : k === 'collision' && failure.other
              ? t('import.failure.collision.actionNamed', { other: failure.other })
              : t(`import.failure.${k}.action`)}
        </p>
        {failure.reasons.length > 0 ? (
          <>
            <p className="notice-title">{t('import.failure.reasons', { count: failure.reasons.length })}</p>
            {failure.problems.length === failure.reasons.length ? (
              <ul className="problem-list" data-testid="import-reasons">
                {failure.problems.map((p, i) => (
                  <li key={i}>{bundleProblemWords(t, p)}</li>
                ))}
              </ul>
            ) : (
              // Without their data, the reasons are discovery's French sentences: marked as such.
              <ul className="problem-list" data-testid="import-reasons" lang="fr">
                {failure.reasons.map((r, i) => (
                  <li key={i}>{r}</li>
                ))}
              </ul>
            )}
          </>
        ) : null}
        <details className="error-detail">
          <summary>{t('errorDetail.summary')}</summary>
          <span className="error-message" lang="fr">
            {failure.error.message}
          </span>{' '}
          <code className="error-code">{failure.error.code}</code>
        </details>
        <p className="muted">{t('import.failure.nothingKept')}</p>
      </Notice>
      <div className="wizard-actions">
        <Button look="primary" onClick={back} testId="import-back">
          <ArrowLeft aria-hidden="true" size={16} />
          {t(`import.failure.fix.${failure.field ?? 'source'}`)}
        </Button>
      </div>
    </>
  )
}

/** Step 3: what was cloned and checked, with discovery's warnings — or the refusal. */
export function ImportReportStep(): React.JSX.Element {
  const { t } = useTranslation()
  const { result, failure, toReview, actionError } = useImport()

  return (
    <section className="wizard-panel" aria-labelledby="import-report-heading">
      <StepHeading id="import-report-heading" testId="import-step-report">
        {failure ? t('import.report.refusedTitle') : t('import.report.title')}
      </StepHeading>
      {failure ? <Refusal failure={failure} /> : null}
      {result ? (
        <>
          <Notice
            tone="success"
            testId="import-valid"
            title={t('import.report.valid', { base: result.base })}
          >
            <p>{t('import.report.notServed')}</p>
          </Notice>
          <ImportFacts result={result} />
          {result.warnings.length > 0 ? (
            <Notice
              tone="warning"
              testId="import-warnings"
              title={t('import.report.warnings', { count: result.warnings.length })}
            >
              <ul className="problem-list">
                {result.warnings.map((w, i) => (
                  <li key={i}>{w}</li>
                ))}
              </ul>
            </Notice>
          ) : (
            <p className="muted" data-testid="import-no-warning">
              {t('import.report.noWarning')}
            </p>
          )}
          {actionError ? (
            <ErrorNotice error={actionError} context={t('import.review.discard')} compact />
          ) : null}
          <div className="wizard-actions">
            <Button look="primary" onClick={toReview} testId="import-continue">
              {t('import.report.continue')} <ArrowRight aria-hidden="true" size={16} />
            </Button>
            <DiscardImportButton />
          </div>
        </>
      ) : null}
    </section>
  )
}

/** What was cloned: the base, its folder, source, branch, documents and commits. */
function ImportFacts({ result }: { result: ImportResult }): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  return (
    <dl className="facts" data-testid="import-facts">
      <div>
        <dt>{t('import.report.base')}</dt>
        <dd>
          <code>{result.base}</code>
        </dd>
      </div>
      <div>
        <dt>{t('import.report.dirName')}</dt>
        <dd>
          <code>{result.dirName}</code>
        </dd>
      </div>
      <div>
        <dt>{t('import.report.source')}</dt>
        <dd>
          <code className="break-anywhere">{result.source}</code>
        </dd>
      </div>
      <div>
        <dt>{t('import.report.branch')}</dt>
        <dd>{result.branch ? <code>{result.branch}</code> : t('import.report.defaultBranch')}</dd>
      </div>
      <div>
        <dt>{t('import.report.documents')}</dt>
        <dd>{f.number(result.documents)}</dd>
      </div>
      <div>
        <dt>{t('import.report.commits')}</dt>
        <dd>
          {t('import.report.commitsValue', { count: result.commits, n: f.number(result.commits) })}
          {result.head ? (
            <span className="muted">
              {' '}
              · <code>{result.head.slice(0, 10)}</code>
            </span>
          ) : null}
        </dd>
      </div>
    </dl>
  )
}
