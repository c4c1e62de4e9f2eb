import { AlertTriangle, RotateCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { HubApiError } from '../../../shared/hub-api'

interface Props {
  error: HubApiError
  /** What was being done, in words ("Loading the inventory"). */
  context?: string
  onRetry?: () => void
  compact?: boolean
}

/** An engine or transport failure in words a manager understands, what to do, then the detail. */
export function ErrorNotice({ error, context, onRetry, compact }: Props): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div className={`notice notice-error${compact ? ' notice-compact' : ''}`} role="alert">
      <AlertTriangle aria-hidden="true" className="notice-icon" size={18} />
      <div className="notice-body">
        <p className="notice-title">
          {context ? `${context} — ` : ''}
          {t(`errors.${error.code}.title`)}
        </p>
        <p>{t(`errors.${error.code}.action`)}</p>
        <p className="error-detail">
          <span className="error-message">{error.message}</span>{' '}
          <code className="error-code">{error.code}</code>
        </p>
        {onRetry ? (
          <button type="button" className="button button-small" onClick={onRetry}>
            <RotateCw aria-hidden="true" size={14} /> {t('common.retry')}
          </button>
        ) : null}
      </div>
    </div>
  )
}
