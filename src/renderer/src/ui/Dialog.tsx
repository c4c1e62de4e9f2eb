import { useEffect, useRef, type ReactNode } from 'react'

interface Props {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** The buttons row. */
  actions?: ReactNode
  testId?: string
}

/** A modal on the native <dialog> (focus trap, Escape and the top layer come with it). */
export function Dialog({ open, title, onClose, children, actions, testId }: Props): React.JSX.Element {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) d.showModal()
    if (!open && d.open) d.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={testId ? `${testId}-title` : undefined}
      aria-label={testId ? undefined : title}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      data-testid={testId}
    >
      {open ? (
        <>
          <h2 className="dialog-title" id={testId ? `${testId}-title` : undefined}>
            {title}
          </h2>
          <div className="dialog-body">{children}</div>
          {actions ? <div className="dialog-actions">{actions}</div> : null}
        </>
      ) : null}
    </dialog>
  )
}
