import { AlertOctagon, AlertTriangle, CheckCircle2, Info, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger' | 'error'
type NoticeRole = 'alert' | 'status' | 'note'

/**
 * What a tone means unless told otherwise: its icon, and how a screen reader meets it — a failure
 * interrupts, a success is spoken when polite, the rest is read in its place.
 */
const TONES: Record<NoticeTone | 'plain', { icon: LucideIcon; role: NoticeRole }> = {
  plain: { icon: Info, role: 'note' },
  info: { icon: Info, role: 'note' },
  success: { icon: CheckCircle2, role: 'status' },
  warning: { icon: AlertTriangle, role: 'note' },
  danger: { icon: AlertOctagon, role: 'note' },
  error: { icon: AlertTriangle, role: 'alert' }
}

export interface NoticeProps {
  /** Without a tone, a plain notice: information that asks nothing. */
  tone?: NoticeTone
  /**
   * Drawn before the body, hidden from screen readers (the title says what the notice is); the
   * tone's own unless given, none when `null`.
   */
  icon?: LucideIcon | null
  iconSize?: number
  /** Tighter, for a notice inside a card or a form. */
  compact?: boolean
  /** A notice that must not be missed (the danger of resolving on a moved base). */
  strong?: boolean
  title: ReactNode
  /**
   * The title as a heading of the page's outline: the notice is then a `<section>` named by it.
   * Without it the title is the notice's first paragraph and the notice a `<div>` with `role`.
   */
  heading?: { level: 'h2' | 'h3'; id: string }
  /** `alert` interrupts, `status` is spoken when polite, `note` is read in its place; the tone's own unless given, none when `null`. */
  role?: NoticeRole | null
  id?: string
  testId?: string
  /** Attributes the tests and the error words key on (`data-error-kind`, `data-kind`). */
  data?: Record<`data-${string}`, string>
  /** What the notice says after its title, inside its body. */
  children?: ReactNode
  /** What stands beside the body (a dismiss button). */
  aside?: ReactNode
}

/**
 * The app's one notice: an icon, a title and what to do, in one of five tones. Every feature's
 * banner, warning and confirmation is drawn by it, so they read and are announced alike.
 */
export function Notice(props: NoticeProps): React.JSX.Element {
  const { tone, iconSize = 18, heading, title } = props
  const byTone = TONES[tone ?? 'plain']
  const Icon = props.icon === undefined ? byTone.icon : props.icon
  const role = props.role === undefined ? byTone.role : (props.role ?? undefined)
  const className = `notice${tone ? ` notice-${tone}` : ''}${props.compact ? ' notice-compact' : ''}${props.strong ? ' notice-strong' : ''}`
  const body = (
    <>
      {Icon ? <Icon aria-hidden="true" size={iconSize} className="notice-icon" /> : null}
      <div className="notice-body">
        {heading ? <Heading {...heading}>{title}</Heading> : <p className="notice-title">{title}</p>}
        {props.children}
      </div>
      {props.aside}
    </>
  )
  const common = { className, id: props.id, 'data-testid': props.testId, ...props.data }
  return heading ? (
    <section {...common} aria-labelledby={heading.id}>
      {body}
    </section>
  ) : (
    <div {...common} role={role}>
      {body}
    </div>
  )
}

function Heading({
  level,
  id,
  children
}: {
  level: 'h2' | 'h3'
  id: string
  children: ReactNode
}): React.JSX.Element {
  const H = level
  return (
    <H id={id} className="notice-title">
      {children}
    </H>
  )
}
