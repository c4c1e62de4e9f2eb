import { AlertTriangle, Inbox } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import type { InventoryProposal } from '../../../../shared/review'

const TYPES = ['observation', 'correction', 'addition', 'question'] as const
const CONFIDENCES = ['high', 'medium', 'low'] as const

/** Kind and confidence of a proposal in words, where it came from, and its anomalies. */
export function ProposalBadges({ p }: { p: InventoryProposal }): React.JSX.Element {
  const { t } = useTranslation()
  const f = useFormat()
  const type = TYPES.find((x) => x === p.type)
  const confidence = CONFIDENCES.find((x) => x === p.confidence)
  return (
    <>
      <span className={`badge badge-type badge-type-${type ?? 'unknown'}`}>
        {type ? t(`proposal.types.${type}`) : (p.type ?? t('proposal.typeUnknown'))}
      </span>
      <span className={`badge badge-confidence badge-confidence-${confidence ?? 'unknown'}`}>
        {confidence ? t(`proposal.confidences.${confidence}`) : t('proposal.confidenceUnknown')}
      </span>
      {p.origin ? (
        <span
          className="badge badge-origin"
          data-testid={`origin-${p.id}`}
          title={t(p.origin.renamedFrom ? 'proposal.originRenamedHint' : 'proposal.originHint', {
            inbox: p.origin.inbox,
            from: p.origin.renamedFrom,
            at: f.dateTime(p.origin.collectedAt)
          })}
        >
          <Inbox aria-hidden="true" size={12} /> {t('proposal.origin', { hubId: p.origin.hubId })}
        </span>
      ) : null}
      {!p.tracked ? (
        <span className="badge badge-warning" title={t('proposal.untrackedHint')}>
          <AlertTriangle aria-hidden="true" size={12} /> {t('proposal.untracked')}
        </span>
      ) : null}
      {p.incomplete ? (
        <span className="badge badge-warning" title={t('proposal.incompleteHint')}>
          <AlertTriangle aria-hidden="true" size={12} /> {t('proposal.incomplete')}
        </span>
      ) : null}
    </>
  )
}
