import { RotateCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { HubApiError } from '../../../shared/hub-api'
import { errorWords } from '../lib/error-words'
import { Notice } from './Notice'
import { Button } from './Button'
import { StaleLockRemedy } from './StaleLockRemedy'

interface Props {
  error: HubApiError
  /** What was being done, in words ("Loading the inventory"). */
  context?: string
  onRetry?: () => void
  compact?: boolean
  /** The ways forward this failure offers besides Retry (buttons). */
  children?: React.ReactNode
}

/** An engine or transport failure in words a manager understands, what to do, then the detail. */
export function ErrorNotice({ error, context, onRetry, compact, children }: Props): React.JSX.Element {
  const { t } = useTranslation()
  const words = errorWords(error, t)
  return (
    <Notice
      tone="error"
      compact={compact}
      data={{ 'data-error-kind': error.kind ?? '' }}
      title={
        <>
          {context ? `${context} — ` : ''}
          {words.title}
        </>
      }
    >
      <p>{words.action}</p>
      {/* The engine's own sentence (French, the MCP contract's) is a technical detail, always
          folded away: what the UI shows open is worded from the kind, or from the code. */}
      <details className="error-detail">
        <summary>{t('errorDetail.summary')}</summary>
        <span className="error-message" lang="fr">
          {error.message}
        </span>{' '}
        <code className="error-code">{error.code}</code>
      </details>
      {error.kind === 'git-lock-stale' ? (
        <StaleLockRemedy file={error.params?.file} since={error.params?.since} onRetry={onRetry} />
      ) : null}
      {onRetry ? (
        <Button look="small" icon={RotateCw} iconSize={14} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
      {children}
    </Notice>
  )
}
