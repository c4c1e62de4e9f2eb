import { AlertTriangle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { InventoryProposal } from '../../../../shared/review'

const TYPES = ['observation', 'correction', 'addition', 'question'] as const
const CONFIDENCES = ['high', 'medium', 'low'] as const

/** Kind and confidence of a proposal in words, plus its anomalies (untracked, incomplete). */
export function ProposalBadges({ p }: { p: InventoryProposal }): React.JSX.Element {
  const { t } = useTranslation()
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
