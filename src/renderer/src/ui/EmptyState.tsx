import type { ReactNode } from 'react'

/** An empty place that says what it is for and what to do next. */
export function EmptyState({
  icon,
  title,
  children,
  testId
}: {
  icon?: ReactNode
  title: string
  children?: ReactNode
  testId?: string
}): React.JSX.Element {
  return (
    <div className="empty-state" data-testid={testId}>
      {icon ? (
        <div className="empty-icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h2 className="empty-title">{title}</h2>
      {children ? <div className="empty-body">{children}</div> : null}
    </div>
  )
}
