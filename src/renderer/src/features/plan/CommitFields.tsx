import { useTranslation } from 'react-i18next'
import { ReviewerInput } from '../../ui/ReviewerInput'
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
          <ReviewerInput
            control={control}
            value={reviewer}
            onChange={onReviewer}
            onBlur={onReviewerDone}
            testId="plan-reviewer"
          />
        )}
      </Field>
    </div>
  )
}
