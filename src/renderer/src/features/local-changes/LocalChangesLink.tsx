import { FileDiff } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { HubApiError } from '../../../../shared/hub-api'
import { localChangesPath } from '../../app/routes'

/**
 * Beside a failure of kind `local-changes` (a plan, a governance edit stopped on files changed
 * outside the hub): the way forward in the app, the uncommitted-changes screen, instead of git.
 */
export function LocalChangesLink({
  base,
  error,
  from
}: {
  base: string
  error: HubApiError | null | undefined
  from?: 'plan'
}): React.JSX.Element | null {
  const { t } = useTranslation()
  if (error?.kind !== 'local-changes') return null
  return (
    <p className="nogit-actions" data-testid="local-changes-link">
      <Link className="button button-small button-primary" to={localChangesPath(base, from)}>
        <FileDiff aria-hidden="true" size={14} /> {t('localChanges.openPanel')}
      </Link>
      <span className="hint">{t('localChanges.planBlocked')}</span>
    </p>
  )
}
