import { useEffect, useRef, type ReactNode } from 'react'

/** A step's heading, focused when the step appears (keyboard and screen-reader users land on it). */
export function StepHeading({
  id,
  children,
  testId,
  focus = true
}: {
  id: string
  children: ReactNode
  testId?: string
  focus?: boolean
}): React.JSX.Element {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focus) ref.current?.focus()
  }, [focus])
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="wizard-heading" data-testid={testId}>
      {children}
    </h2>
  )
}
