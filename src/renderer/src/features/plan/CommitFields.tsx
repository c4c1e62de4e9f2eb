import { useTranslation } from 'react-i18next'
import { reviewerShown, reviewerValue } from '../../lib/reviewer'
import { Field } from '../../ui/Field'

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
      <Field
        className="field-grow"
        label={t('plan.summary')}
        marker={t('common.required')}
        hint={t('plan.summaryHint')}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            value={summary}
            onChange={(e) => onSummary(e.target.value.replace(/[\r\n]/g, ' '))}
            data-testid="plan-summary"
            maxLength={300}
          />
        )}
      </Field>
      <Field label={t('plan.reviewer')} marker={t('common.required')} hint={t('plan.reviewerHint')}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={reviewerShown(reviewer)}
            placeholder="alice"
            onChange={(e) => onReviewer(reviewerValue(e.target.value))}
            onBlur={onReviewerDone}
            data-testid="plan-reviewer"
          />
        )}
      </Field>
    </div>
  )
}
