import { useTranslation } from 'react-i18next'
import { useLive } from '../stores/live'

/** Whether the app hears about new proposals by itself (the event stream), in one small dot. */
export function LiveStatus(): React.JSX.Element {
  const { t } = useTranslation()
  const status = useLive((s) => s.status)
  return (
    <span
      className={`live-status live-${status}`}
      data-testid="live-status"
      data-status={status}
      role="status"
      title={t(`live.${status}Hint`)}
    >
      <span className="live-dot" aria-hidden="true" />
      {t(`live.${status}`)}
    </span>
  )
}
