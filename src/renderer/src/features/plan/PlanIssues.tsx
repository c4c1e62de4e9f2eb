import { useTranslation } from 'react-i18next'
import type { PlanIssue } from './plan'
import { Notice } from '../../ui/Notice'

/** Why the plan cannot be previewed yet, one sentence each. */
export function PlanIssues({ issues, id }: { issues: PlanIssue[]; id: string }): React.JSX.Element | null {
  const { t } = useTranslation()
  if (issues.length === 0) return null
  return (
    <Notice
      tone="info"
      role={null}
      iconSize={16}
      compact
      id={id}
      testId="plan-issues"
      title={t('plan.issues.title')}
    >
      <ul className="plain-list">
        {issues.map((i, n) => (
          <li key={n}>{t(`plan.issues.${i.key}`, { id: i.id, n: i.edit })}</li>
        ))}
      </ul>
    </Notice>
  )
}
