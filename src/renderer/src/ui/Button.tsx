import type { LucideIcon } from 'lucide-react'
import type { ButtonHTMLAttributes } from 'react'

/** The app's button modifiers (styles/components.css), each `button-<look>`. */
export type ButtonLook = 'primary' | 'ghost' | 'danger' | 'success' | 'small' | 'large' | 'icon'

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'type'> {
  /** The modifiers after `button`, in this order: `"primary small"` is `button button-primary button-small`. */
  look?: ButtonLook | `${ButtonLook} ${ButtonLook}`
  /** A button never submits a form unless it says so. */
  type?: 'button' | 'submit'
  /** Drawn before the label, hidden from screen readers (the label or `aria-label` names the button). */
  icon?: LucideIcon
  iconSize?: number
  /** The icon turns while the work it started runs (a rescan, a check). */
  spin?: boolean
  testId?: string
}

/**
 * One button: the `button` class and its modifiers, an optional icon then a space then the label —
 * the markup every feature used to write out by hand.
 */
export function Button({
  look,
  type = 'button',
  icon: Icon,
  iconSize = 16,
  spin,
  testId,
  children,
  ...rest
}: ButtonProps): React.JSX.Element {
  const className = look ? `button ${look.replace(/(\S+)/g, 'button-$1')}` : 'button'
  const labelled = children !== undefined && children !== null
  return (
    <button type={type} className={className} data-testid={testId} {...rest}>
      {Icon ? <Icon aria-hidden="true" size={iconSize} className={spin ? 'spin' : undefined} /> : null}
      {Icon && labelled ? ' ' : null}
      {children}
    </button>
  )
}
