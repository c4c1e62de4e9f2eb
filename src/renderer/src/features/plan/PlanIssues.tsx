import { Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PlanIssue } from './plan'

/** Why the plan cannot be previewed yet, one sentence each. */
export function PlanIssues({ issues, id }: { issues: PlanIssue[]; id: string }): React.JSX.Element | null {
  const { t } = useTranslation()
  if (issues.length === 0) return null
  return (
    <div className="notice notice-info notice-compact" id={id} data-testid="plan-issues">
      <Info aria-hidden="true" size={16} className="notice-icon" />
      <div className="notice-body">
        <p className="notice-title">{t('plan.issues.title')}</p>
        <ul className="plain-list">
          {issues.map((i, n) => (
            <li key={n}>{t(`plan.issues.${i.key}`, { id: i.id, n: i.edit })}</li>
          ))}
        </ul>
      </div>
    </div>
  )
}
