import { LockOpen } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { hub } from '../api/hub'
import { useAction } from '../hooks/useAction'
import { Button } from './Button'
import { RelativeTime } from './RelativeTime'
import { errorWords } from '../lib/error-words'

/**
 * A `git-lock-stale` refusal's way forward: since when the lock is there, and one press to remove
 * it (the manager was told to check first that no git program is working on the base). Then the
 * refused action can be retried; with `onRetry`, it is at once.
 */
export function StaleLockRemedy({
  file,
  since,
  onRetry
}: {
  /** The lock's absolute path, as the refusal (or the sync's problem) named it. */
  file: unknown
  since?: unknown
  onRetry?: () => void
}): React.JSX.Element | null {
  const { t } = useTranslation()
  const [removed, setRemoved] = useState(false)
  const removing = useAction(async () => {
    if (typeof file !== 'string') return
    await hub().removeStaleGitLock(file)
    setRemoved(true)
    onRetry?.()
  })
  if (typeof file !== 'string') return null
  const failure = removing.error ? errorWords(removing.error, t) : null
  if (removed) return <p data-testid="stale-lock-removed">{t('staleLock.removed')}</p>
  return (
    <div className="stale-lock-remedy">
      {typeof since === 'string' ? (
        <p className="muted">
          {t('staleLock.taken')} <RelativeTime iso={since} />.
        </p>
      ) : null}
      <Button
        look="small"
        icon={LockOpen}
        iconSize={14}
        onClick={() => void removing.run()}
        disabled={removing.busy}
        testId="stale-lock-remove"
      >
        {removing.busy ? t('staleLock.removing') : t('staleLock.remove')}
      </Button>
      {/* Said in words here rather than in a notice of its own: this sits inside the refusal's. */}
      {removing.error ? (
        <p role="alert" data-testid="stale-lock-failed" data-error-kind={removing.error.kind ?? ''}>
          {failure?.title} {failure?.action}
        </p>
      ) : null}
    </div>
  )
}
