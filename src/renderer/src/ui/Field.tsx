import { useId, type ReactNode } from 'react'

/** What a field's control must carry so that its label, hint and error are tied to it. */
export interface FieldControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
}

export interface FieldProps {
  label: ReactNode
  /** The word after the label (« required », « optional »), in the form's muted style. */
  marker?: ReactNode
  /** The control's id when something else names it; otherwise React's useId. */
  id?: string
  hint?: ReactNode
  /** Said in the hint's place, as an error, when set (the form's own check of the value). */
  problem?: ReactNode
  /** A further error line (the engine's refusal…), after the hint unless `errorFirst`. */
  error?: ReactNode
  errorTestId?: string
  /** The error line stays in the page, empty, as a live region that speaks when it fills. */
  errorLive?: boolean
  errorFirst?: boolean
  /** Marks the control invalid; by default, when a problem or an error is shown. */
  invalid?: boolean
  /** Other elements describing the control (a hint shared by several fields). */
  describedBy?: string
  className?: string
  testId?: string
  /** What follows the messages inside the field (a notice about the control). */
  footer?: ReactNode
  /** The control, given the id and ARIA wiring to spread on it. */
  children: (control: FieldControlProps) => ReactNode
}

const present = (n: ReactNode): boolean => n !== undefined && n !== null && n !== false && n !== ''

/**
 * One form field: label, control, hint and error, the control described by the hint and the error
 * (`aria-describedby`) and marked `aria-invalid` while an error shows — written once instead of by
 * hand in every form.
 */
export function Field(props: FieldProps): React.JSX.Element {
  const generated = useId()
  const id = props.id ?? generated
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const hasHint = present(props.hint) || present(props.problem)
  const hasError = present(props.error)
  const describedBy = [
    props.describedBy,
    hasHint ? hintId : null,
    hasError || props.errorLive ? errorId : null
  ]
    .filter(Boolean)
    .join(' ')
  const invalid = props.invalid ?? (present(props.problem) || hasError)

  const hint = hasHint ? (
    <p id={hintId} className={present(props.problem) ? 'hint hint-error' : 'hint'}>
      {present(props.problem) ? props.problem : props.hint}
    </p>
  ) : null
  const error =
    hasError || props.errorLive ? (
      <p
        id={errorId}
        className="hint hint-error"
        aria-live={props.errorLive ? 'polite' : undefined}
        data-testid={props.errorTestId}
      >
        {props.error}
      </p>
    ) : null

  return (
    <div className={props.className ? `field ${props.className}` : 'field'} data-testid={props.testId}>
      <label htmlFor={id}>
        {props.label}
        {present(props.marker) ? (
          <>
            {' '}
            <span className="required">{props.marker}</span>
          </>
        ) : null}
      </label>
      {props.children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': invalid ? true : undefined
      })}
      {props.errorFirst ? error : hint}
      {props.errorFirst ? hint : error}
      {props.footer}
    </div>
  )
}
