import { Layers } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { InventoryGroup } from '../../../shared/review'

/** A subject and why its proposals were put together. */
export function InventoryGroupHeader({ group }: { group: InventoryGroup }): React.JSX.Element {
  const { t } = useTranslation()
  return (
    <div className="inv-group">
      <h3 className="inv-group-title">
        <Layers aria-hidden="true" size={14} />
        {t('inventory.group', { index: group.index })} — {group.subject}{' '}
        <span className="muted">({t('inventory.groupCount', { count: group.proposals.length })})</span>
      </h3>
      {group.reasons.map((r, i) => (
        <p key={i} className="inv-group-reason">
          {t('inventory.groupedBecause')} <span className="engine-text">{r}</span>
        </p>
      ))}
    </div>
  )
}
