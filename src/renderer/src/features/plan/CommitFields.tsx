import { useTranslation } from 'react-i18next'
import { reviewerShown, reviewerValue } from '../../lib/reviewer'

/** The one-line summary of the commit and who reviews (remembered for next time). */
export function CommitFields({
  summary,
  reviewer,
  onSummary,
  onReviewer,
  onReviewerDone
}: {
  summary: string
  reviewer: string
  onSummary(v: string): void
  onReviewer(v: string): void
  onReviewerDone(): void
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div className="commit-fields">
      <div className="field field-grow">
        <label htmlFor="plan-summary">
          {t('plan.summary')} <span className="required">{t('common.required')}</span>
        </label>
        <input
          id="plan-summary"
          className="input"
          value={summary}
          onChange={(e) => onSummary(e.target.value.replace(/[\r\n]/g, ' '))}
          aria-describedby="plan-summary-hint"
          data-testid="plan-summary"
          maxLength={300}
        />
        <p id="plan-summary-hint" className="hint">
          {t('plan.summaryHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor="plan-reviewer">
          {t('plan.reviewer')} <span className="required">{t('common.required')}</span>
        </label>
        <input
          id="plan-reviewer"
          className="input"
          value={reviewerShown(reviewer)}
          placeholder="alice"
          onChange={(e) => onReviewer(reviewerValue(e.target.value))}
          onBlur={onReviewerDone}
          aria-describedby="plan-reviewer-hint"
          data-testid="plan-reviewer"
        />
        <p id="plan-reviewer-hint" className="hint">
          {t('plan.reviewerHint')}
        </p>
      </div>
    </div>
  )
}
