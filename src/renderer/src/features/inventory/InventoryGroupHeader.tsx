import { Layers } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { InventoryGroup } from '../../../../shared/review'
import { useFormat } from '../../i18n/format'
import { linkText } from './group-links'

/** A subject and why its proposals were put together. */
export function InventoryGroupHeader({ group }: { group: InventoryGroup }): React.JSX.Element {
  const { t } = useTranslation()
  const { number } = useFormat()
  return (
    <div className="inv-group">
      <h3 className="inv-group-title">
        <Layers aria-hidden="true" size={14} />
        {t('inventory.group', { index: group.index })} —{' '}
        {/* The engine's placeholder is the review contract's French: a proposal with no subject is said here. */}
        {group.proposals[0]?.concerns == null ? t('inventory.noSubject') : group.subject}{' '}
        <span className="muted">({t('inventory.groupCount', { count: group.proposals.length })})</span>
      </h3>
      {group.links.map((link, i) => (
        <p key={i} className="inv-group-reason">
          {t('inventory.groupedBecause')} {linkText(t, number, link)}
        </p>
      ))}
    </div>
  )
}
