import { Check, Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ResolutionKind } from '../../../../shared/review'

/** In the plan or not (the `x` key does the same on the row under the cursor). */
export function PlanToggle({
  id,
  inPlan,
  onToggle
}: {
  id: string
  inPlan: ResolutionKind | null
  onToggle: () => void
}): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      className={`plan-toggle${inPlan ? ' is-on' : ''}`}
      aria-pressed={inPlan !== null}
      aria-label={inPlan ? t('inventory.inPlanLabel', { id }) : t('inventory.addToPlanLabel', { id })}
      title={inPlan ? t('inventory.inPlan') : t('inventory.addToPlan')}
      onClick={onToggle}
      data-testid={`plan-toggle-${id}`}
    >
      {inPlan ? <Check aria-hidden="true" size={14} /> : <Plus aria-hidden="true" size={14} />}
    </button>
  )
}
