import { GitFork, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSync } from './sync-store'
import { Notice } from '../../ui/Notice'
import { Button } from '../../ui/Button'

/**
 * On the plan screen, right after a diverged sync's resolutions were set aside: where the old
 * work is kept, that the plan now holds it again, and what the engine could not carry over.
 */
export function SetAsideNotice({ base }: { base: string }): React.JSX.Element | null {
  const { t } = useTranslation()
  const aside = useSync((s) => s.aside[base])
  if (!aside) return null
  return (
    <Notice
      tone="warning"
      icon={GitFork}
      role="status"
      testId="plan-set-aside"
      title={t('plan.setAside.title', { count: aside.setAside.length })}
    >
      <p>{t('plan.setAside.body', { branch: aside.keptAt, remote: aside.status.remote ?? 'origin' })}</p>
      {aside.notes.length > 0 ? (
        <>
          <p>{t('plan.setAside.notes')}</p>
          <ul className="sync-paths">
            {aside.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </>
      ) : null}
      <Button look="small ghost" icon={X} iconSize={14} onClick={() => useSync.getState().dismissAside(base)}>
        {t('plan.setAside.dismiss')}
      </Button>
    </Notice>
  )
}
