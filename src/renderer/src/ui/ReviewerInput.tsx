import { reviewerShown, reviewerValue } from '../lib/reviewer'
import type { FieldControlProps } from './Field'

/**
 * Who reviews, typed as a plain name (`alice`) and recorded as `human:alice` (lib/reviewer): the
 * plan's commit fields, the governance editor and the settings all ask it the same way.
 */
export function ReviewerInput(props: {
  control: FieldControlProps
  /** As recorded (`human:alice`), or as typed so far. */
  value: string
  onChange(recorded: string): void
  onBlur?(): void
  testId: string
}): React.JSX.Element {
  return (
    <input
      {...props.control}
      className="input"
      value={reviewerShown(props.value)}
      placeholder="alice"
      onChange={(e) => props.onChange(reviewerValue(e.target.value))}
      onBlur={props.onBlur}
      data-testid={props.testId}
    />
  )
}
