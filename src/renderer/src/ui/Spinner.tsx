import { Loader2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** A small, non-blocking "loading" mark; the label is for screen readers and the tooltip. */
export function Spinner({ label, inline }: { label?: string; inline?: boolean }): React.JSX.Element {
  const { t } = useTranslation()
  const text = label ?? t('common.loading')
  return (
    <span className={inline ? 'spinner spinner-inline' : 'spinner'} role="status" title={text}>
      <Loader2 aria-hidden="true" size={16} className="spin" />
      <span className={inline ? 'visually-hidden' : 'spinner-label'}>{text}</span>
    </span>
  )
}
